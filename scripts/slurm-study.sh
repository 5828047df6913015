#!/usr/bin/env bash
# A `chimera study` on a Slurm cluster: each task of a job array plays one shard, a job that
# depends on the array writes the report.
#
#   jid=$(sbatch --parsable --array=1-8 scripts/slurm-study.sh study.toml)
#   sbatch --dependency=afterok:$jid scripts/slurm-study.sh --report study.toml report/
#
# The array's size is the study's shard count (`chimera study new ... --shards 8`). A task that is
# killed, preempted or requeued loses at most the game it was playing: run again, it skips the
# games already in its results file (`study.shard-I.jsonl` beside the study, on a shared file
# system). CHIMERA names the binary (default: `chimera` on the PATH).
#SBATCH --job-name=chimera-study
#SBATCH --cpus-per-task=1
#SBATCH --requeue
#SBATCH --output=chimera-study-%A_%a.out
set -euo pipefail
chimera=${CHIMERA:-chimera}
if [ "${1:-}" = "--report" ]; then
  if [ $# -ne 3 ]; then
    echo "usage: sbatch --dependency=afterok:JOB $0 --report STUDY.toml OUT_DIR" >&2
    exit 2
  fi
  exec "$chimera" study report "$2" -o "$3"
fi
if [ $# -ne 1 ]; then
  echo "usage: sbatch --array=1-N $0 STUDY.toml   (N: the study's shard count)" >&2
  exit 2
fi
: "${SLURM_ARRAY_TASK_ID:?submit as a job array: sbatch --array=1-N $0 $1}"
exec "$chimera" study run "$1" --shard "$SLURM_ARRAY_TASK_ID" --threads "${SLURM_CPUS_PER_TASK:-1}"
