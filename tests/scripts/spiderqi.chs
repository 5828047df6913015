# SpiderQi (RULES.md 2.5): Octal XiangQi plus a Spider, a non-royal King step that also rides
# along the square ring it stands on, both ways, around the corners, until blocked.
load spiderqi

# --- The start position: the Spiders on d1 and e8 (the squares left empty in Octal XiangQi) -
expect piece d1 Spider
expect piece e8 s
expect moves Spider 0
# 4 Soldier steps, Mao g1h3, Minister f1h3, Advisors d2e3 e2d3, Rooks a1a2 and h1 to h2-h6,
# Cannons a2 b2 c6 and g2 h2 f6 (capturing over the Soldiers): 20. The Spider and General are boxed in.
expect perft 1 20

# --- Riding a ring ----------------------------------------------------------------------------
# On b2 it steps to its 8 neighbours and rides the whole ring b2-g2-g7-b7 (19 squares);
# b3 and c2 are both: 8 + 19 - 2 = 25 moves.
fen 3k4/8/8/8/8/8/1S6/4K3 w - - 0 1
expect moves b2 25
# Around the corner: b2 to g7, the opposite corner, through g2 or b7.
expect legal b2g7 b2g5 b2e7
# It does not leave its ring by riding: c4 is neither a neighbour nor on ring 2.
expect illegal b2c4 b2b1a
# Pieces block the ride: own Rooks on e2 and b7 leave c2 d2 b3 b4 b5 b6 of the ring.
put R e2
put R b7
expect moves b2 12
expect illegal b2f2 b2g7 b2c7
# An enemy piece on the ring is captured by the ride and stops it.
remove e2
put h e2
expect legal b2e2
expect illegal b2f2
remove b7
expect legal b2f2 b2g2

# --- The outer ring, from a corner --------------------------------------------------------------
# On a1 (ring 1): 3 neighbours plus ring 1 in both directions; the General on e1 stops the ride
# along rank 1 and the Black General on d8 is captured at the end of the other way round.
fen 3k4/8/8/8/8/8/8/S3K3 w - - 0 1
expect legal a1d1 a1a8 a1c8
expect illegal a1f1 a1e8
