#!/usr/bin/env bash
# Strength benchmark (not a test, and not run by .ci/run: it takes hours at full size).
#
# Plays `chimera match` at 10 s per game plus 0.1 s per move, one game at a time, colours
# alternating on paired random openings (4 plies), and prints each match's score with Elo, its 95%
# interval and LOS (also kept in $OUT/summary.txt, with every game in $OUT/LABEL.pgn):
#   - Chimera against Fairy-Stockfish (one thread, its classical evaluation: no NNUE file) on
#     chess, xiangqi, shogi and Xiang Fu (through tests/fsf/ini/xiangfu.ini, which needs a
#     Fairy-Stockfish newer than Debian's 11.1: give it as FSF_NEW=/path);
#   - a ladder of Fairy-Stockfish's `Skill Level` on chess and xiangqi;
#   - Chimera against Fairy-Max (chess) and MaxQi (xiangqi), the engines it was first measured on.
#
#   scripts/match-benchmark.sh                  # 20 games per match
#   GAMES=100 scripts/match-benchmark.sh        # the README's target size
#   ONLY="chess-fsf xiangqi-fsf" scripts/match-benchmark.sh   # some matches only
#   LEVELS="-20 -10 0" LADDER_GAMES=10 scripts/match-benchmark.sh
#   CHIMERA=/path/to/chimera FSF=/path/to/fairy-stockfish scripts/match-benchmark.sh
#
# Needs: scripts/setup/50-match.sh (fairy-stockfish, fairymax).
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=${GAMES:-20}
LADDER_GAMES=${LADDER_GAMES:-$GAMES}
LEVELS=${LEVELS:--20 -15 -10 -5 0 5 10}
TC=${TC:-10+0.1}
SEED=${SEED:-1}
FSF=${FSF:-/usr/games/fairy-stockfish}
FSF_NEW=${FSF_NEW:-}
OUT=${OUT:-target/match-benchmark}
ONLY=${ONLY:-}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
# CHIMERA=path plays that binary instead of building this checkout.
if [ -z "${CHIMERA:-}" ]; then
  cargo build --release --quiet
  CHIMERA="$PWD/target/release/chimera"
fi
for p in "$FSF" /usr/games/fairymax /usr/games/maxqi; do
  [ -x "$p" ] || { echo "missing $p: run scripts/setup/50-match.sh" >&2; exit 1; }
done

# run LABEL DEFINITION OPPONENT-SPEC [GAMES]: one match, its summary appended to summary.txt.
run() {
  local label=$1 definition=$2 opponent=$3 games=${4:-$GAMES}
  if [ -n "$ONLY" ] && [[ " $ONLY " != *" $label "* ]]; then return 0; fi
  echo "== $label: $games games, $TC" | tee -a "$OUT/summary.txt"
  "$CHIMERA" match "$definition" --engine "chimera name=Chimera hash=64" --engine "$opponent" \
    --games "$games" --tc "$TC" --concurrency 1 --random-plies 4 --seed "$SEED" \
    --pgn "$OUT/$label.pgn" 2>"$OUT/$label.log" | tee -a "$OUT/summary.txt"
}

echo "Chimera $("$CHIMERA" --version | cut -d' ' -f2), $(date -u +%F)" | tee -a "$OUT/summary.txt"
run chess-fsf definitions/chess.variant "uci:$FSF"
run xiangqi-fsf definitions/xiangqi.variant "uci:$FSF"
run shogi-fsf definitions/shogi.variant "uci:$FSF"
if [ -n "$FSF_NEW" ]; then
  run xiangfu-fsf definitions/xiang-fu.variant \
    "uci:$FSF_NEW variant=xiangfu ini=$PWD/tests/fsf/ini/xiangfu.ini option.Use NNUE=false"
fi
for level in $LEVELS; do
  run "chess-fsf-skill$level" definitions/chess.variant "uci:$FSF option.Skill Level=$level" "$LADDER_GAMES"
  run "xiangqi-fsf-skill$level" definitions/xiangqi.variant "uci:$FSF option.Skill Level=$level" "$LADDER_GAMES"
done
run chess-fairymax definitions/chess.variant "cecp:/usr/games/fairymax"
run xiangqi-maxqi definitions/xiangqi.variant "cecp:/usr/games/maxqi"
