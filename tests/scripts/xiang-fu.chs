# Xiang Fu (RULES.md part 3): two royal Champions confined to the Ring (c3-g7) with duple check,
# a captured Champion returns as a Pupil, drops on one's own first two ranks, Mahout and Crossbow.
load xiang-fu

# --- The start position -------------------------------------------------------------------
# The Champion on e3 steps anywhere inside the Ring: d3 f3 d4 e4 f4 (d2 is outside it).
expect moves e3 5
# The one on g3 has only f3 f4 g4: the h-file is outside the Ring.
expect moves g3 3
expect illegal g3h3 g3h4
# Mahout (nAnD): e1-c1 passes the empty d1, e1-c3 the empty d2; f1 (Bishop) blocks g1, f2 blocks g3.
expect moves e1 2
expect legal e1c1 e1c3
expect illegal e1g1 e1g3
# The Bishop is blocked by its own pieces, the Crossbow has nothing to move to or capture.
expect moves f1 0
expect moves f2 0

# --- Duple check ----------------------------------------------------------------------------
# Both Red Champions attacked (Chariots a3 and i3): that is check.
fen 9/9/2+g3+g2/9/9/9/r1+G3+G1r/9/9 w - - 0 1
expect status check
# A move is legal when at least one Champion is safe afterwards: c3c4, c3d4, g3g4, g3f4.
# c3d3 stays in a3's line and leaves g3 attacked too, so it is illegal.
expect moves 4
expect legal c3c4 g3f4
expect illegal c3d3 g3f3

# One Champion attacked is not check, and it may be left en prise.
fen 9/9/2+g3+g2/9/9/9/r1+G3+G2/9/9 w - - 0 1
expect status ongoing
expect legal g3g4
play g3g4
# Black takes the Champion; it goes to Black's hand as a Pupil.
play a3c3
expect piece c3 r
expect hand black Pupil 1
expect hand black Champion 0
# With one Champion left, Red has an ordinary royal: it may not step into the Chariot's line.
expect illegal g4g3
expect legal g4g5

# --- Drops ------------------------------------------------------------------------------------
play g4g5
# Black drops only on its own first two ranks (8 and 9).
expect legal G@e8 G@a9
expect illegal G@e7 G@e5
play G@e8
expect piece e8 Black Pupil
expect hand black Pupil 0
# The Pupil is a non-royal King step, not confined to the Ring.
turn black
expect moves e8 8

# --- The Crossbow (mBcpB) ---------------------------------------------------------------------
# It moves like a Bishop and captures only by hopping one screen: a1 over c3 takes the Horse on e5.
fen 9/9/4+g4/9/4n4/9/2N3+G2/9/W8 w - - 0 1
expect moves a1 2
expect legal a1b2 a1e5
expect illegal a1d4 a1c3
play a1e5
expect piece e5 Crossbow
expect hand red Horse 1
