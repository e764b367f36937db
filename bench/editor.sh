#!/usr/bin/env bash
# The browser editor in Debian's headless Chromium against a release `lumen serve`: the time
# from choosing a 24 MP photo to its first canvas (upload, document, first preview shown), the
# latency of a slider change (from the slider's input event to the preview's load event, in
# the page's own clock, median of RUNS), and the size of the editor's JavaScript and CSS.
# Not part of the tests.
#
#   bench/editor.sh            OPENS=5 photos opened, RUNS=50 slider changes
source "$(dirname "$0")/common.sh"

scripts/setup.sh --oracles
[ -s "$MEDIA/photo24.jpg" ] || VIDEOS=none MEDIA=$MEDIA "$SHARED/make-media.sh" >/dev/null
build_release lumen lumen-server
"$ROOT/.venv-oracle/bin/python" "$ROOT/bench/editor_speed.py" "$ROOT/.build/release/lumen" \
  "$MEDIA/photo24.jpg" "$OUT/editor" "${OPENS:-5}" "${RUNS:-50}" \
  "$ROOT/Sources/LumenServer/Resources/editor"
