#!/usr/bin/env bash
# Games of Fairy-Stockfish against itself, for `chimera tune --pgn ... --score-weight W`:
# `chimera match` referees them under a definition's rules and writes every engine move's score
# as a PGN comment, which the tuner blends into the labels. Chunks of CHUNK games, one PGN file
# each (a killed run keeps the finished chunks; run again with another SEED to add more).
#
#   scripts/fsf-tuning-games.sh DEFINITION OUT_DIR
#
# Sizes (environment): CHUNKS (4), CHUNK (500), NODES (8000 a move), SEED (100), CONCURRENCY (2),
# FSF (/usr/games/fairy-stockfish), VARIANT (its UCI_Variant; default: Fairy-Stockfish's name for
# the definition, as `chimera match` chooses it), CHIMERA (the binary; default: a release build).
# Every game has its own opening (`--unpaired`): paired, Fairy-Stockfish at fixed nodes would play
# each pair's two games alike, and half the games would be copies.
# Lopsided games are adjudicated (3 moves at 7 pawns, both agreeing) and level ones drawn (8 moves
# within 0.1 from move 40), which saves time and changes no label much.
set -euo pipefail
cd "$(dirname "$0")/.."

def=${1:?usage: scripts/fsf-tuning-games.sh DEFINITION OUT_DIR}
out=${2:?usage: scripts/fsf-tuning-games.sh DEFINITION OUT_DIR}
fsf=${FSF:-/usr/games/fairy-stockfish}
[ -x "$fsf" ] || { echo "no Fairy-Stockfish at $fsf (apt-get install fairy-stockfish)" >&2; exit 1; }
if [ -z "${CHIMERA:-}" ]; then
    nice -n 10 cargo build --release --quiet
    CHIMERA=target/release/chimera
fi
spec="uci:$fsf"
[ -n "${VARIANT:-}" ] && spec="$spec variant=$VARIANT"
mkdir -p "$out"
for i in $(seq 1 "${CHUNKS:-4}"); do
    seed=$(( ${SEED:-100} + i ))
    nice -n 5 "$CHIMERA" match "$def" --engine "$spec name=a" --engine "$spec name=b" \
        --games "${CHUNK:-500}" --nodes "${NODES:-8000}" --random-plies 8 --seed "$seed" --unpaired \
        --concurrency "${CONCURRENCY:-2}" --pgn "$out/fsf-$seed.pgn" \
        --resign movecount=3,score=700 --draw movenumber=40,movecount=8,score=10 \
        > "$out/fsf-$seed.log" 2>&1
    tail -2 "$out/fsf-$seed.log"
done
