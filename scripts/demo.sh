#!/usr/bin/env bash
# The main job on bundled sample media: installs what is missing, builds the `lumen` CLI (and
# its video and SVG helpers) in release mode and renders samples/*.jpg through several edits
# into ./out/.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
source scripts/swift-flags.sh
for product in lumen lumen-video lumen-svg-helper; do
  swift build -c release "${LUMEN_SWIFT_FLAGS[@]}" --product $product 2>&1 | grep -vE '^\[[0-9]+/[0-9]+\]' || true
done
exec .build/release/lumen demo --samples samples --out out "$@"
