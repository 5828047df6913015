# Octal XiangQi (RULES.md part 2): xiangqi on 8x8. The river lies between ranks 4 and 5; the
# General and the Advisors never cross it, the Generals may not face each other on an open file
# (the General captures the enemy General a Rook move away), Soldiers gain a sideways step beyond
# the river and never promote, the Minister may cross and then also steps sideways; stalemate loses.
load octal-xiangqi

# --- The start position (Black rotated: its General on d8, e8 empty) -------------------------
expect piece e1 General
expect piece d8 k
expect empty d1
expect empty e8
# A Soldier before the river steps forward only.
expect moves a3 1
# The Mao (nN) on b1: b2 is empty but a3 and c3 hold Red Soldiers; g1 has g1h3 only.
expect moves b1 0
expect moves g1 1
expect legal g1h3
# Minister (nA): c1-e3 is blocked by the Advisor on d2, c1-a3 lands on a Soldier; f1 has f1h3.
expect moves c1 0
expect legal f1h3
# The General steps to d1 only.
expect moves e1 1

# --- Soldiers ---------------------------------------------------------------------------------
# Beyond the river a Soldier also steps sideways: d5 -> d6, c5, e5.
fen 3k4/8/8/3P4/8/8/8/4K3 w - - 0 1
expect moves d5 3
expect legal d5c5 d5e5 d5d6
expect illegal d5d4
# It never promotes, even on the last rank, where it still steps sideways.
fen 3k4/P7/8/8/8/8/8/4K3 w - - 0 1
play a7a8
expect piece a8 Soldier
turn red
expect moves a8 1

# --- The General ------------------------------------------------------------------------------
# It never crosses the river: from e4 it has d4, f4 and e3, not e5.
fen k7/8/8/8/4K3/8/8/8 w - - 0 1
expect moves e4 3
expect illegal e4e5
# It may not face the enemy General on an open file ...
fen 4k3/8/8/8/8/8/8/3K4 w - - 0 1
expect illegal d1e1
expect legal d1d2 d1c1
# ... so a piece between them is pinned to the file.
fen 4k3/8/8/8/4R3/8/8/4K3 w - - 0 1
expect illegal e4a4 e4h4
expect legal e4e6 e4e2

# --- The Advisor: moves one step diagonally, captures only as a Wide Knight -----------------
fen 3k4/8/8/8/8/1p6/3A4/4K3 w - - 0 1
expect moves d2 4
expect legal d2c1 d2c3 d2e3 d2b3
expect illegal d2b1 d2f3
# Neither kind of move crosses the river: from d4 only c3 and e3 remain, b5 cannot be taken.
fen 3k4/8/8/1p6/3A4/8/8/4K3 w - - 0 1
expect moves d4 2
expect illegal d4c5 d4e5 d4b5

# --- The Minister: may cross the river, then also steps sideways ----------------------------
fen 3k4/8/8/8/2E5/8/8/4K3 w - - 0 1
expect moves c4 4
expect legal c4e6 c4a6
fen 3k4/8/4E3/8/8/8/8/4K3 w - - 0 1
expect moves e6 6
expect legal e6d6 e6f6 e6g8
# A piece on the midpoint blocks the diagonal step.
put P d5
expect moves e6 5
expect illegal e6c4

# --- The end of the game ---------------------------------------------------------------------
# Stalemate loses for the stalemated side.
fen k7/7R/8/8/8/8/8/1R2K3 b - - 0 1
expect status stalemate
expect result red
# Checkmate: d8 is attacked by the Rook on d1, c8 by b8, rank 7 by a7, and e8 faces the Red General.
fen 1R1k4/R7/8/8/8/8/8/3RK3 b - - 0 1
expect status checkmate
expect result red
expect illegal d8e8
