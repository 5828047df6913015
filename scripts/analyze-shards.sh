#!/usr/bin/env bash
# A study spread over N jobs, merged into one table and report: the shape of a Slurm array or a
# GNU parallel run, here as N background jobs on one machine.
#
#   scripts/analyze-shards.sh N OUT_DIR chimera-analyze-arguments...
#   scripts/analyze-shards.sh 3 out definitions/shoxiang108-xq-*.variant --games 40
#
# Each job plays its share (`--shard I/N`) of the same seeded games and writes its JSON; the merge
# gives exactly the figures of the unsharded run. On a cluster, run the `--shard $I/$N` line as
# the array's task (I = the task index + 1) and the `--merge` line once they are done.
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: $0 N OUT_DIR FILE... [chimera analyze options]" >&2
  exit 2
fi
n=$1; out=$2; shift 2
chimera=${CHIMERA:-chimera}
mkdir -p "$out"
pids=()
for i in $(seq 1 "$n"); do
  "$chimera" analyze "$@" --shard "$i/$n" --threads 1 --json > "$out/shard-$i.json" &
  pids+=($!)
done
for p in "${pids[@]}"; do wait "$p"; done
"$chimera" analyze --merge "$out"/shard-*.json --report "$out"
