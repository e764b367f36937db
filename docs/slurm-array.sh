#!/usr/bin/env bash
# A batch split over a Slurm job array: task I of N renders every N-th job of the same file
# from the I-th, so the tasks share no queue and each job is rendered exactly once. A task
# that is requeued skips the outputs that already exist and renders only what is missing.
#
#   sbatch docs/slurm-array.sh /shared/jobs.jsonl /shared/out
#
#SBATCH --job-name=lumen-batch
#SBATCH --array=0-7
#SBATCH --cpus-per-task=2
#SBATCH --mem=4G
#SBATCH --time=02:00:00
#SBATCH --output=lumen-batch-%A_%a.log
set -euo pipefail
jobs=${1:?the jobs file (JSON Lines)}
out=${2:?the output folder}
# Slurm sets both in every task of an array; the count is the array's size.
exec lumen batch "$jobs" --out "$out" \
  --shard "${SLURM_ARRAY_TASK_ID}/${SLURM_ARRAY_TASK_COUNT}" --threads "${SLURM_CPUS_PER_TASK:-2}"
