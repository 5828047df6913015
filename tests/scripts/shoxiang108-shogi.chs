# Shoxiang 108, Shogi-heavy army (RULES.md part 1): 9x12, river between ranks 6 and 7, Shogi
# promotion in the four deepest ranks (optional, forced where the piece could not move again),
# drops of captured Shogi pieces in unpromoted form only where they can move, a piece dropped
# beyond the river promotes at the end of its next move; XQ pieces never promote and the
# Elephant never crosses the river.
load shoxiang108-shogi

# --- The start position (a reconstruction, RULES.md 1.0.2) -----------------------------------
expect piece e1 King
expect piece e2 Bishop
expect piece b2 Rook
expect piece c3 Cannon
expect hand white Point 0
# The Point on e3 is blocked by the one on e4.
expect moves e3 0

# --- Promotion: optional in ranks 9-12 ---------------------------------------------------------
fen 4k4/9/9/9/4P4/9/9/9/9/9/9/4K4 w - - 0 1
expect moves e8 2
expect legal e8e9 e8e9+
play e8e9+
expect piece e9 PromotedPoint
# Declined, then promoted later by a move inside the zone.
undo
play e8e9 e12d12 e9e10+
expect piece e10 PromotedPoint
# Forced where the unpromoted piece would have no move: a Point on the last rank ...
fen 4k4/P8/9/9/9/9/9/9/9/9/9/4K4 w - - 0 1
expect moves a11 1
expect legal a11a12+
# With one move from a11 to a12, the plain text a11a12 reads as that promotion.
play a11a12
expect piece a12 PromotedPoint
# ... and a (leaping) Helm on the last two ranks.
fen 4k4/9/9/4H4/9/9/9/9/9/9/9/4K4 w - - 0 1
expect legal e9d11+ e9f11+
expect moves e9 2
# XQ pieces never promote: the Rook enters the zone as a Rook.
fen 4k4/9/9/9/9/R8/9/9/9/9/9/4K4 w - - 0 1
expect moves a7 19
play a7a10
expect piece a10 Rook
# The Bishop promotes to the Primate (Bishop + Wazir step).
fen 4k4/9/9/9/9/9/9/9/9/9/9/B3K4 w - - 0 1
play a1h8 e12f12 h8g9+
expect piece g9 Primate
turn white
expect legal g9g10 g9f9

# --- Captured pieces go to hand unpromoted ----------------------------------------------------
# Black's Gold takes the promoted Point on e9; Black gets a Point.
fen 4k4/9/4g4/4+P4/9/9/9/9/9/9/9/4K4 b - - 0 1
play e10e9
expect hand black Point 1
expect hand black PromotedPoint 0
# XQ pieces (here a Rook) are not reintroduced: the capture leaves the game.
fen 4k4/9/4g4/4R4/9/9/9/9/9/9/9/4K4 b - - 0 1
play e10e9
expect hand black Rook 0

# --- Drops: only where the unpromoted piece has a move --------------------------------------
fen 4k4/9/9/9/9/9/9/9/9/9/9/4K4[PHLS] w - - 0 1
expect legal P@e11 L@e11 H@e10 S@a12
expect illegal P@e12 L@e12 H@e11 H@e12
# Only the Shogi pieces and the Bishop come back; never onto an occupied square.
expect error hand white +Rook
expect illegal P@e1

# --- A piece dropped beyond the river promotes at the end of its next move ------------------
fen 4k4/9/9/9/9/9/9/9/9/9/9/4K4[S] w - - 0 1
play S@e7 e12d12 e7e8+
expect piece e8 PromotedSilver
# Dropped in its own half, it stays a Silver.
fen 4k4/9/9/9/9/9/9/9/9/9/9/4K4[S] w - - 0 1
play S@e5 e12d12 e5e6
expect piece e6 Silver

# --- The Elephant never crosses the river ------------------------------------------------------
fen 4k4/9/9/9/9/9/9/2E6/9/9/9/4K4 w - - 0 1
expect moves c5 2
expect legal c5a3 c5e3
expect illegal c5a7 c5e7

# --- Check and mate are FIDE's; stalemate is a draw ---------------------------------------------
# The Gold on e11, guarded by the Point on e10, covers every square around the King.
fen 4k4/4G4/4P4/9/9/9/9/9/9/9/9/4K4 b - - 0 1
expect status checkmate
expect result white
# a11 and b11 are covered by the Gold, b12 by the Point; a12 itself is not attacked.
fen k8/1P7/1G7/9/9/9/9/9/9/9/9/4K4 b - - 0 1
expect status stalemate
expect result draw
