# Chess: the orthodox rules the seed variants build on, as a worked example of a scenario.
load chess

# The start position.
expect moves 20
expect moves Knight 4
expect moves g1 2
expect perft 2 400
expect turn white

# Fool's mate: checkmate ends the game, the mated side loses.
play f2f3 e7e5 g2g4 d8h4
expect status checkmate
expect result black
expect moves 0
expect error play e2e4
history

# Undo and redo walk the history.
undo 2
expect turn white
expect empty h4
redo 2
expect piece h4 q
expect status checkmate

# En passant: only right after the double step.
fen 4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1
play e2e4
expect legal d4e3
play e8d8 e1d1
expect illegal d4e3

# Promotion: a pawn on the last rank must promote, to a choice of pieces.
fen 8/4P2k/8/8/8/8/8/4K3 w - - 0 1
expect legal e7e8q e7e8n
expect illegal e7e8 e7e8k
play e7e8n
expect piece e8 Knight

# Castling: not through an attacked square.
fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1
expect legal e1g1 e1c1
put r f8
remove h8
expect illegal e1g1
expect legal e1c1

# Stalemate is a draw.
fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1
expect status stalemate
expect result draw

# Setting up a position by hand.
clear
turn white
put K e1
put k e8
put Black Rook e5
expect status check
expect moves 4
turn black
expect status ongoing
expect fen 4k3/8/8/4r3/8/8/8/4K3 b

# The third occurrence of a position ends the game in a draw (`repetition 3 draw`).
reset
play g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1
expect status ongoing
play f6g8
expect status repetition
expect result draw
expect error play e2e4

# Fifty moves each without a capture or a Pawn move: a draw (`move-limit 50 draw resets Pawn`).
fen 4k3/8/8/8/8/8/8/R3K3 w - - 99 80
play a1a2
expect status move-limit
expect result draw
