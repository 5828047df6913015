#!/usr/bin/env bash
# The gain of a tuned evaluation: `chimera tune` fits a definition's evaluation weights to
# self-play results, then `chimera match` plays the tuned evaluation against the derived one
# (`weights=none`) at fixed nodes, paired openings, colours alternating, stopped by an SPRT.
# Fixed nodes make the games the same on any machine, so a debug build gives the same figures
# as a release one, only slower.
#
#   scripts/tune-benchmark.sh [DEFINITION]        (default definitions/xiang-fu.variant)
#
# Sizes (environment): TUNE_GAMES (200), TUNE_NODES (1000), MATCH_GAMES (200, the SPRT may stop
# sooner), MATCH_NODES (2000), THREADS (1), CHIMERA (the binary; default: a release build),
# SPRT (`elo0=0,elo1=50`; empty: no SPRT, every game is played, for a figure of a fixed size),
# SCORE_WEIGHT (0: learn from results alone; 1: from the self-play searches' own scores, the
# recipe that gave the shipped seed weights with TUNE_NODES=10000 MATCH_NODES=10000),
# ROUNDS (1: rounds of self-play and fit, each playing with the weights the one before fitted).
# Everything runs under `nice -n 10`. The weights are written beside a copy of the definition in
# a temporary folder (KEEP=DIR keeps them there instead).
set -euo pipefail
cd "$(dirname "$0")/.."

def=${1:-definitions/xiang-fu.variant}
tune_games=${TUNE_GAMES:-200}
tune_nodes=${TUNE_NODES:-1000}
match_games=${MATCH_GAMES:-200}
match_nodes=${MATCH_NODES:-2000}
threads=${THREADS:-1}
sprt=${SPRT-elo0=0,elo1=50}
score_weight=${SCORE_WEIGHT:-0}
rounds=${ROUNDS:-1}

if [ -z "${CHIMERA:-}" ]; then
    nice -n 10 cargo build --release --quiet
    CHIMERA=target/release/chimera
fi
[ -x "$CHIMERA" ] || { echo "no chimera binary at $CHIMERA" >&2; exit 1; }

if [ -n "${KEEP:-}" ]; then
    work=$KEEP
    mkdir -p "$work"
else
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
fi
name=$(basename "$def" .variant)
# The definition's folder too: a definition may extend others beside it.
cp "$(dirname "$def")"/*.variant "$work/"
copy="$work/$name.variant"
rm -f "$work/$name.weights"

echo "== tune $name: $rounds round(s) of $tune_games self-play games at $tune_nodes nodes, scores weighing $score_weight"
nice -n 10 "$CHIMERA" tune "$copy" --games "$tune_games" --nodes "$tune_nodes" --rounds "$rounds" \
    --score-weight "$score_weight" --threads "$threads" 2> "$work/tune.log"
tail -n 3 "$work/tune.log" >&2

echo "== match $name: tuned vs derived, up to $match_games games at $match_nodes nodes"
nice -n 10 "$CHIMERA" match "$copy" \
    --engine "chimera name=tuned" \
    --engine "chimera name=derived weights=none" \
    --games "$match_games" --nodes "$match_nodes" --random-plies 6 --seed 7 \
    --concurrency "$threads" ${sprt:+--sprt "$sprt"} --quiet \
    --pgn "$work/tune-match.pgn"
