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
# LumenCore as a library (not instrumented), then the decoder's sources with the fuzz entry.
swiftc -O "${LUMEN_SWIFTC_FLAGS[@]}" -parse-as-library -module-name LumenCore -emit-module \
  -emit-module-path "$work/core/LumenCore.swiftmodule" -emit-library -static \
  -o "$work/core/libLumenCore.a" $(find Sources/LumenCore -name '*.swift')
swiftc -O "${LUMEN_SWIFTC_FLAGS[@]}" -parse-as-library -sanitize=fuzzer,address -I "$work/core" -L "$work/core" -lLumenCore \
  Sources/LumenEdit/EditDocument.swift Sources/LumenEdit/EditDocumentError.swift \
  Sources/LumenEdit/JSONValue.swift Sources/LumenEdit/EditDocument+JSON.swift \
  Sources/LumenEdit/Migration.swift Sources/LumenEdit/JSONWriter.swift Sources/LumenEdit/Time/*.swift \
  fuzz/EditDocumentFuzz.swift \
  -o "$work/fuzz-edit-document"
cp fuzz/corpus/edit-document/* "$work/corpus/"
SWIFT_BACKTRACE=enable=no "$work/fuzz-edit-document" "$work/corpus" \
  -max_total_time="$seconds" -max_len=4096 -timeout=5 -artifact_prefix=fuzz/crashes/ \
  -print_final_stats=1 2>&1 | tail -n 25
