#!/usr/bin/env bash
# Games per minute of the study runner against plain `analyze` on one machine: the same games
# (same definitions, seed and node limit), played once by `chimera analyze` and once by
# `chimera study new` + `study run` (one process, every core) + `study report`. The runner's extra
# work is a JSON line per game, flushed, and the merge.
#
#   scripts/study-benchmark.sh [GAMES] [NODES] [FILE...]
#   CHIMERA=target/release/chimera scripts/study-benchmark.sh 20 1000 definitions/shoxiang108-xq-*.variant
set -euo pipefail
chimera=${CHIMERA:-chimera}
games=${1:-20}
nodes=${2:-1000}
shift 2 || true
files=("$@")
if [ ${#files[@]} -eq 0 ]; then files=(definitions/shoxiang108-xq-*.variant); fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
total=$((games * ${#files[@]}))
now() { date +%s.%N; }
t0=$(now)
"$chimera" analyze "${files[@]}" --games "$games" --nodes "$nodes" --report "$out/analyze" > "$out/analyze.txt" 2>/dev/null
t1=$(now)
"$chimera" study new "${files[@]}" --games "$games" --nodes "$nodes" --shards 1 -o "$out/study.toml" 2>/dev/null
"$chimera" study run "$out/study.toml" 2>/dev/null
"$chimera" study report "$out/study.toml" -o "$out/study" > "$out/study.txt" 2>/dev/null
t2=$(now)
same=no
if diff -r -q "$out/analyze" "$out/study" > /dev/null && cmp -s "$out/analyze.txt" "$out/study.txt"; then same=yes; fi
awk -v a="$t0" -v b="$t1" -v c="$t2" -v n="$total" -v same="$same" 'BEGIN {
  ta = b - a; ts = c - b;
  printf "%d games, %s\n", n, "'"$nodes"' nodes a move";
  printf "analyze:   %6.1f s  %6.1f games/min\n", ta, n * 60 / ta;
  printf "study run: %6.1f s  %6.1f games/min  (%+.1f%% time)\n", ts, n * 60 / ts, (ts - ta) * 100 / ta;
  printf "same report: %s\n", same;
}'
