# Shoxiang 108, XQ-heavy army (RULES.md part 1): 9x12, river between ranks 6 and 7, Fortress d1-f4
# (d9-f12 for Black). The General and Ferzes never leave the Fortress and the Generals may not face
# each other; forward-only pieces promote on crossing the river (Wing -> Rook, Helm -> Knight,
# Tusk -> Elephant, Cannonball -> Cannon, Bishop -> Primate); Points and Crosses step sideways
# beyond the river and promote in the enemy Fortress to a Wazir / Ferz confined there.
load shoxiang108-xq

# --- The start position (a reconstruction, RULES.md 1.0.1) -----------------------------------
expect piece e2 General
expect piece e1 Point
expect piece e3 Bishop
expect piece b3 Cannonball
# The General is boxed in (Ferzes d2 f2, Point e1, Bishop e3); the Bishop has d4 and f4.
expect moves e2 0
expect moves e3 2
expect legal e3d4 e3f4

# In the positions below a Black Point on e8 stands between the Generals (e2, e11).

# --- Forward-only pieces promote on crossing the river (forced) ------------------------------
fen 9/4k4/9/9/4p4/9/9/L8/9/9/4K4/9 w - - 0 1
expect moves a5 7
expect legal a5a6 a5a7+ a5a12+
# (seven moves: a5a6 and six promotions, so no unpromoted a5a7)
play a5a8+
expect piece a8 PromotedWing
# The promoted Wing moves as a Rook, backwards too.
turn white
expect legal a8a1 a8d8

# The Tusk (two steps along a forward diagonal) becomes an Elephant that never recrosses.
fen 9/4k4/9/9/4p4/9/9/2T6/9/9/4K4/9 w - - 0 1
expect legal c5a7+ c5e7+
expect illegal c5a3
expect moves c5 2
play c5a7+
expect piece a7 PromotedTusk
turn white
expect legal a7c9
expect illegal a7c5

# The Cannonball moves forward only, captures forward by hopping, and becomes a Cannon.
fen 9/4k4/9/4p4/9/9/9/9/1U2P4/9/4K4/9 w - - 0 1
expect legal b4b5 b4b6
expect illegal b4b3 b4a4
expect moves b4 8

# --- Points and Crosses ----------------------------------------------------------------------
# A Point beyond the river also steps sideways; entering the enemy Fortress it becomes a Wazir.
fen 9/4k4/9/9/3Pp4/9/9/9/9/9/4K4/9 w - - 0 1
# d8 -> c8, e8 (taking the Point there) or d9, which must promote.
expect moves d8 3
expect legal d8c8 d8e8 d8d9+
# (three moves, so d8d9 exists only promoted)
play d8d9+
expect piece d9 PromotedPoint
turn white
# The Wazir never leaves the enemy Fortress (d9-f12).
expect legal d9d10 d9e9
expect illegal d9c9 d9d8
# A Cross steps diagonally forward (and sideways beyond the river); in the enemy Fortress a Ferz.
fen 9/4k4/9/9/4p4/9/9/9/4X4/9/4K4/9 w - - 0 1
expect moves e4 2
expect legal e4d5 e4f5
# From c8: b9 is outside the Fortress, d9 inside it (promotion forced); b8 and d8 sideways.
fen 9/4k4/9/9/2X1p4/9/9/9/9/9/4K4/9 w - - 0 1
expect moves c8 4
expect legal c8b9 c8d9+ c8b8 c8d8
# (four moves, so c8d9 exists only promoted)
play c8d9+
expect piece d9 PromotedCross
turn white
expect legal d9e10
expect illegal d9c10

# --- The General and the Fortress ----------------------------------------------------------------
# The General never leaves the Fortress: from e4, e5 is outside.
fen 9/4k4/9/9/4p4/9/9/9/4K4/9/9/9 w - - 0 1
expect moves e4 3
expect illegal e4e5
# Flying general: the Generals may not face each other on an open file.
fen 9/4k4/9/9/9/9/9/4R4/9/9/4K4/9 w - - 0 1
expect illegal e5a5 e5i5
expect legal e5e6 e5e10
fen 9/3k5/9/9/9/9/9/9/9/9/4K4/9 w - - 0 1
expect illegal e2d2
expect legal e2e3 e2f2
# The Elephant stays in its own half.
fen 9/4k4/9/9/4p4/9/9/9/9/2E6/4K4/9 w - - 0 1
expect legal c3a5 c3e5
fen 9/4k4/9/9/4p4/9/9/2E6/9/9/4K4/9 w - - 0 1
expect illegal c5a7 c5e7

# --- Captures go to hand in unpromoted form; drops only where the piece has a move -------------
# Black's Rook takes the promoted Wing on d9: Black gets a Wing.
fen 3r5/4k4/9/3+L5/4p4/9/9/9/9/9/4K4/9 b - - 0 1
play d12d9 e2f2
expect hand black Wing 1
expect hand black PromotedWing 0
# Black drops the Wing back unpromoted, never on its last rank (rank 1), where it could not move.
expect legal L@a5 L@a2
expect illegal L@a1
# Knights, Rooks and Cannons never come back: capturing one puts nothing in hand.
fen 9/4k4/4r4/4N4/4p4/9/9/9/9/9/4K4/9 b - - 0 1
play e10e9
expect hand black Knight 0
