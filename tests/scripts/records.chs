# Game records: what `history` prints plays back, and edits are steps that `undo` walks over.
load chess

# The Ruy Lopez, written as `history` prints it (SAN with move numbers): `play` reads it back.
play 1. e4 e5 2. Nf3 Nc6 3. Bb5
expect piece b5 B
expect turn black
# Coordinates, glued numbers and results are read too.
play 3... a7a6 4.Bxc6 dxc6 *
expect piece c6 p
expect empty b5

# `put` is a step: the moves before it stay, and `undo` takes it back.
put N e4
expect piece e4 N
undo
expect piece e4 P
expect piece c6 p
undo 2
expect piece b5 B
redo 2
expect empty b5

# `clear` then `undo` gives the whole position back, hands and side to move included.
clear
expect moves 0
expect empty e1
undo
expect piece e1 K
expect fen r1bqkbnr/1pp2ppp/p1p5/4p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 5

# `fen` is a step too: undo goes back to the game before it.
fen 8/4P2k/8/8/8/8/8/4K3 w - - 0 1
expect moves e7 4
undo
expect piece c6 p

# A promotion with one possible result needs no suffix: the plain move text is that promotion.
load shoxiang108-shogi
fen 4k4/P8/9/9/9/9/9/9/9/9/9/4K4 w - - 0 1
play a11a12
expect piece a12 PromotedPoint
