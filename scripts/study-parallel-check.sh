#!/usr/bin/env bash
# The acceptance run of distributed studies: the four Shoxiang 108 XQ-heavy sub-variants as 8
# shards through GNU parallel, one shard killed with SIGKILL mid-run and resumed, merged, and
# compared byte for byte with the same study played by `chimera analyze` in one process.
#
#   scripts/study-parallel-check.sh [GAMES] [NODES] [OUT_DIR]
#   CHIMERA=target/release/chimera scripts/study-parallel-check.sh 24 500 out
set -euo pipefail
export CHIMERA=${CHIMERA:-chimera}
games=${1:-24}
nodes=${2:-500}
out=${3:-$(mktemp -d)}
mkdir -p "$out"
files=(definitions/shoxiang108-xq-*.variant)
jobs=${JOBS:-$(nproc)}
"$CHIMERA" study new "${files[@]}" --games "$games" --nodes "$nodes" --shards 8 -o "$out/study.toml"
# Shard 3 is killed (SIGKILL) as soon as it has written two games.
kill_three='if [ {} = 3 ]; then
  "$CHIMERA" study run '"$out"'/study.toml --shard 3 --threads 1 & p=$!
  until [ "$({ wc -l < '"$out"'/study.shard-3.jsonl; } 2>/dev/null || echo 0)" -ge 2 ]; do sleep 0.05; done
  kill -9 $p; wait $p
else "$CHIMERA" study run '"$out"'/study.toml --shard {} --threads 1; fi'
start=$(date +%s)
parallel --will-cite -j "$jobs" --joblog "$out/jobs.log" "$kill_three" ::: $(seq 8) || echo "first pass: $? job(s) failed"
echo "after the kill:"
"$CHIMERA" study status "$out/study.toml" 2>/dev/null | grep -E "shard +3|total"
parallel --will-cite -j "$jobs" --joblog "$out/jobs.log" --resume-failed \
  '"$CHIMERA" study run '"$out"'/study.toml --shard {} --threads 1' ::: $(seq 8)
"$CHIMERA" study report "$out/study.toml" -o "$out/report" > "$out/report.txt"
sharded=$(( $(date +%s) - start ))
start=$(date +%s)
"$CHIMERA" analyze "${files[@]}" --games "$games" --nodes "$nodes" --report "$out/one-process" > "$out/one-process.txt" 2>/dev/null
single=$(( $(date +%s) - start ))
cat "$out/report.txt"
echo "8 shards through GNU parallel (-j $jobs), one killed and resumed: ${sharded} s; one process: ${single} s"
lines=$(cat "$out"/study.shard-*.jsonl | wc -l)
unique=$(cat "$out"/study.shard-*.jsonl | sed 's/,"ms":[0-9]*}$//' | sort -u | wc -l)
echo "result lines: $lines, distinct games: $unique, study games: $((games * ${#files[@]}))"
if diff -r "$out/report" "$out/one-process" && cmp "$out/report.txt" "$out/one-process.txt"; then
  echo "IDENTICAL: the merged report equals the one-process report byte for byte ($out)"
else
  echo "DIFFERENT ($out)"; exit 1
fi
