#!/usr/bin/env bash
# Fuzzes the edit-document decoder with libFuzzer (swiftc -sanitize=fuzzer,address).
#
#   scripts/fuzz.sh            # 10 minutes
#   scripts/fuzz.sh 60         # 60 seconds (CI runs a short session)
#
# The seed corpus is fuzz/corpus/edit-document (kept in the repo); new inputs go to a scratch
# copy so the repo is not changed. A crash leaves its input in fuzz/crashes/ and fails.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
work=${FUZZ_WORK:-/tmp/lumen-fuzz}
source scripts/swift-flags.sh
mkdir -p "$work/core" "$work/corpus" fuzz/crashes
# LumenCore, LumenFilters and LumenLayers as libraries (not instrumented), then the document's
# sources (LumenEdit without the session and the resolver, which need the codecs) with the fuzz
# entry. SwiftPM generates `Bundle.module` for LumenFilters' looks; outside it, a stand-in.
printf 'import Foundation\nextension Foundation.Bundle { static var module: Bundle { .main } }\n' \
  > "$work/core/BundleModule.swift"
for module in LumenCore LumenFilters LumenLayers; do
  deps=()
  extra=()
  [ "$module" != LumenCore ] && deps=(-I "$work/core" -L "$work/core" -lLumenCore)
  [ "$module" = LumenFilters ] && extra=("$work/core/BundleModule.swift")
  swiftc -O "${LUMEN_SWIFTC_FLAGS[@]}" -package-name Lumen -parse-as-library -module-name "$module" -emit-module \
    "${deps[@]}" -emit-module-path "$work/core/$module.swiftmodule" -emit-library -static \
    -o "$work/core/lib$module.a" $(find "Sources/$module" -name '*.swift') "${extra[@]}"
done
swiftc -O "${LUMEN_SWIFTC_FLAGS[@]}" -package-name Lumen -parse-as-library -sanitize=fuzzer,address \
  -module-name LumenEditFuzz -I "$work/core" -L "$work/core" \
  -lLumenLayers -lLumenFilters -lLumenCore \
  $(find Sources/LumenEdit -name '*.swift' ! -name EditSession.swift \
    ! -name 'EditResources+*.swift') \
  fuzz/EditDocumentFuzz.swift \
  -o "$work/fuzz-edit-document"
cp fuzz/corpus/edit-document/* "$work/corpus/"
SWIFT_BACKTRACE=enable=no "$work/fuzz-edit-document" "$work/corpus" \
  -max_total_time="$seconds" -max_len=4096 -timeout=5 -artifact_prefix=fuzz/crashes/ \
  -print_final_stats=1 2>&1 | tail -n 25
