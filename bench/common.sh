# Sourced by the benchmark scripts: the repository root, the CPU flags, where media and
# outputs go, and the release build, which stops the run when it fails (a benchmark of a stale
# binary measures the wrong code). The caller sets OUT's default before sourcing.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$PWD
source scripts/swift-flags.sh
SHARED=${SHARED:-$ROOT/../shared/bench}
MEDIA=${MEDIA:-/tmp/bench-media}
OUT=${OUT:-/dev/shm/lumen-bench}
ONLY=${ONLY:-.}
# The colour chain every photo benchmark renders (Core Image-style filters, 1 = unchanged).
CHAIN="--filter 'gammaPower power=1.1111111' --filter 'contrastSlope amount=1.2' --filter 'brightness amount=0.1' --filter 'saturationScale amount=1.3' --filter 'colorMatrix rVector=1.08,0,0,0 bVector=0,0,0.88,0'"
mkdir -p "$OUT"

# Builds the release products named, printing only errors and unreachable-code warnings.
build_release() {
  local product log
  for product in "$@"; do
    log=$(mktemp)
    if ! swift build -c release "${LUMEN_SWIFT_FLAGS[@]}" --product "$product" > "$log" 2>&1; then
      grep -E 'error' "$log" >&2 || cat "$log" >&2
      rm -f "$log"
      echo "bench: building $product failed" >&2
      exit 1
    fi
    grep -E 'warning: unre' "$log" || true
    rm -f "$log"
  done
}
