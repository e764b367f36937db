#!/usr/bin/env bash
# Templates, batches and Redis workers, release build (not part of the tests):
#   - 200 renders of samples/templates/story.json (1080x1920: photo slot with a look, two
#     auto-fit texts, a sticker) through `lumen batch`, against the same 200 renders as plain
#     photo jobs (their printed RenderJobs); the batch's own work (its wall time over the sum of
#     its jobs' renders) and the template's (filling and auto-fit against the render, timed in
#     one process by `lumen-bench templates`, free of the noise of whole runs);
#   - throughput of 1 and 2 workers (--threads 1 each) on a local redis-server, and the ratio;
#   - from enqueue to a job's start with idle workers (the entry id's time to the worker's).
#
#   bench/automation.sh            JOBS=200
source "$(dirname "$0")/common.sh"

scripts/setup.sh --oracles
build_release lumen lumen-bench
"$ROOT/.venv-oracle/bin/python" "$ROOT/bench/automation_speed.py" "$ROOT/.build/release/lumen" \
  "$ROOT" "$OUT/automation" "${JOBS:-200}"
