#!/usr/bin/env bash
# The whole test suite: installs the build dependencies and the independent tools the tests
# compare against (ImageMagick, libvips, lcms2 utilities, Pillow...), then runs `swift test`.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --oracles
export LUMEN_ORACLE_PYTHON="$PWD/.venv-oracle/bin/python"
source scripts/swift-flags.sh
exec swift test "${LUMEN_SWIFT_FLAGS[@]}" "$@"
