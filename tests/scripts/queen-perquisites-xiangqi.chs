# Queen Perquisites XiangQi (RULES.md 2.6): Octal XiangQi plus a Querquisite, which moves according
# to the file it stands on: a/h Rook, b/g Knight, c/f Bishop, the owner's queen file Queen (Red d,
# Black e) and its king file a King step (Red e, Black d).
load queen-perquisites-xiangqi

# --- The start position: Red's Querquisite on d1, Black's on e8, both boxed in -------------
expect piece d1 Querquisite
expect piece e8 u
expect moves d1 0

# --- One piece, five ways of moving --------------------------------------------------------------
# On d4 Red's Querquisite is a Queen: 13 diagonal + 14 orthogonal squares.
fen 5k2/8/8/8/3U4/8/8/7K w - - 0 1
expect moves d4 27
expect legal d4h8 d4a1 d4d8 d4a4
# On e4 a King step.
fen 5k2/8/8/8/4U3/8/8/7K w - - 0 1
expect moves e4 8
expect illegal e4e6 e4g6
# On a4 a Rook.
fen 5k2/8/8/8/U7/8/8/7K w - - 0 1
expect moves a4 14
# On b4 a (leaping) Knight.
fen 5k2/8/8/8/1U6/8/8/7K w - - 0 1
expect moves b4 6
expect legal b4a2 b4c2 b4d3 b4d5 b4a6 b4c6
# On c4 a Bishop.
fen 5k2/8/8/8/2U5/8/8/7K w - - 0 1
expect moves c4 11
# The file at the start of the move decides: the Knight leap b4-d5 lands on the Queen file.
fen 5k2/8/8/8/1U6/8/8/7K w - - 0 1
play b4d5
turn red
# From d5 a Queen again: 14 orthogonal + 12 diagonal (its own General on h1 ends a diagonal).
expect moves d5 26

# --- For Black the Queen and King files swap ----------------------------------------------------
fen 5k2/8/8/4u3/8/8/8/7K b - - 0 1
expect moves e5 27
fen 5k2/8/8/3u4/8/8/8/7K b - - 0 1
expect moves d5 8
# The Querquisite ignores the river (none is stated): it crosses it freely.
expect legal d5d4
