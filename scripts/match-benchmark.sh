#!/usr/bin/env bash
# Strength benchmark (not a test, and not run by .ci/run: it takes about half an hour).
#
# Plays matches through real XBoard, headless under xvfb-run, at 10 s per game plus 0.1 s per
# move for each side: Chimera against Fairy-Max in chess, and Chimera against MaxQi in xiangqi. Colours
# alternate. Prints each match's score for Chimera with its 95% margin (from the spread of the
# game scores) and the Elo difference it implies.
#
#   scripts/match-benchmark.sh            # 20 games per match
#   GAMES=6 scripts/match-benchmark.sh    # fewer games, a rougher figure
#   CHIMERA=/path/to/chimera scripts/match-benchmark.sh
#
# Needs: apt-get install -y xboard xvfb fairymax (Fairy-Max and MaxQi come in one package).
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=${GAMES:-20}
OUT=${OUT:-target/match-benchmark}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
# CHIMERA=path plays that binary instead of building this checkout.
if [ -z "${CHIMERA:-}" ]; then
  cargo build --release --quiet
  CHIMERA="$PWD/target/release/chimera"
fi
export PATH="$PATH:/usr/games"
for p in xboard xvfb-run fairymax maxqi python3; do
  command -v "$p" >/dev/null || { echo "missing $p: apt-get install -y xboard xvfb fairymax" >&2; exit 1; }
done

# match LABEL VARIANT OPPONENT: plays the match, leaves LABEL.pgn and LABEL.debug in $OUT.
match() {
  local label=$1 variant=$2 opponent=$3
  rm -f "$OUT/$label.pgn" "$OUT/$label.debug"
  xvfb-run -a xboard -ini "$OUT/xboard.ini" -saveSettingsOnExit false \
    -fcp "$CHIMERA xboard $PWD/definitions/$variant.variant" -fd "$OUT" \
    -scp "$opponent" -sd "$OUT" -variant "$(if [ "$variant" = chess ]; then echo normal; else echo "$variant"; fi)" \
    -mm -mg "$GAMES" -tc 0:10 -inc 0.1 -autoflag -xponder \
    -sgf "$OUT/$label.pgn" -debug -nameOfDebugFile "$OUT/$label.debug" -xexit \
    >/dev/null 2>&1 || true
}

# report LABEL: Chimera's score from the PGN.
report() {
  python3 - "$OUT/$1.pgn" "$1" <<'PY'
import math, re, sys
text = open(sys.argv[1]).read()
games = re.findall(r'\[White "([^"]*)"\]\s*\[Black "([^"]*)"\]\s*\[Result "([^"]*)"\]', text)
if not games:
    games = []
    for block in text.split('[Event ')[1:]:
        w = re.search(r'\[White "([^"]*)"\]', block); b = re.search(r'\[Black "([^"]*)"\]', block)
        r = re.search(r'\[Result "([^"]*)"\]', block)
        if w and b and r:
            games.append((w.group(1), b.group(1), r.group(1)))
scores = []
for white, black, result in games:
    points = {'1-0': 1.0, '0-1': 0.0, '1/2-1/2': 0.5}.get(result)
    if points is None:
        continue
    scores.append(points if white.startswith('Chimera') else 1.0 - points)
n = len(scores)
if n == 0:
    print(f"{sys.argv[2]}: no finished games"); sys.exit(0)
m = sum(scores) / n
sd = math.sqrt(sum((s - m) ** 2 for s in scores) / n)
margin = 1.96 * sd / math.sqrt(n)
w = scores.count(1.0); d = scores.count(0.5); l = scores.count(0.0)
def elo(p):
    p = min(max(p, 0.001), 0.999)
    return -400 * math.log10(1 / p - 1)
print(f"{sys.argv[2]}: {n} games, +{w} ={d} -{l}: score {100*m:.1f}% ± {100*margin:.1f}% "
      f"(Elo {elo(m):+.0f}, 95% range {elo(m - margin):+.0f} to {elo(m + margin):+.0f})")
PY
}

match chess-fairymax chess fairymax
match xiangqi-maxqi xiangqi maxqi
echo "Chimera $("$CHIMERA" --version | cut -d' ' -f2), $GAMES games per match, 10 s a game + 0.1 s a move"
report chess-fairymax
report xiangqi-maxqi
