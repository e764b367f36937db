#!/usr/bin/env bash
# The main job on bundled sample media: installs what is missing, builds the `lumen` CLI (and
# its video, SVG and server companions) in release mode and renders samples/*.jpg through several
# edits into ./out/, then says how to open the browser editor on the same samples.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
source scripts/swift-flags.sh
for product in lumen lumen-video lumen-svg-helper lumen-server; do
  swift build -c release "${LUMEN_SWIFT_FLAGS[@]}" --product $product 2>&1 | grep -vE '^\[[0-9]+/[0-9]+\]' || true
done
.build/release/lumen demo --samples samples --out out "$@"
echo "The browser editor: .build/release/lumen serve, then open http://127.0.0.1:8080/ and drop a photo or video from samples/"
