#!/usr/bin/env bash
# Fuzzes Lumen's parsers with libFuzzer (swiftc -sanitize=fuzzer,address).
#
#   scripts/fuzz.sh                  # every target, 10 minutes each
#   scripts/fuzz.sh 60               # every target, 60 seconds each (CI runs short slices)
#   scripts/fuzz.sh 300 cube image   # the named targets only
#   scripts/fuzz.sh --list           # the targets
#
# The library modules are compiled once per run (instrumented, with -enable-testing so that
# targets reach internal parsers such as Exif), into $FUZZ_WORK/lib, and reused by the next run
# while no source changed. Each target is fuzz/<Name>Fuzz.swift; its seeds are kept in the repo
# in fuzz/corpus/<target>/ (fuzz/make-seeds.sh remakes them), the inputs that once crashed it in
# fuzz/regressions/<target>/ (run before fuzzing starts), and its dictionary in
# fuzz/<target>.dict; fuzz/Support holds the checks every target shares. New inputs go to a
# scratch copy so the repo is not changed. A crash leaves its input in fuzz/crashes/<target>/ and the
# script fails once every target has run. Extra libFuzzer flags: LUMEN_FUZZ_FLAGS.
set -euo pipefail
cd "$(dirname "$0")/.."

# target  source  max input length  (what each parses: see the doc comment of its source)
targets=(
  "cube         CubeFuzz.swift          16384"
  "lut-image    LUTImageFuzz.swift      65536"
  "exif         ExifFuzz.swift          8192"
  "icc          ICCFuzz.swift           16384"
  "image        ImageFuzz.swift         65536"
  "edit-document EditDocumentFuzz.swift 8192"
  "job          JobFuzz.swift           8192"
  "video        VideoFuzz.swift         131072"
  "text         TextFuzz.swift          4096"
  "svg          SVGFuzz.swift           65536"
  "animation    AnimationFuzz.swift     65536"
  "server       ServerFuzz.swift        8192"
  "editor-config EditorConfigFuzz.swift 16384"
  "automation   AutomationFuzz.swift    16384"
  "symbols      SymbolsFuzz.swift       65536"
)
if [ "${1:-}" = --list ]; then
  for target in "${targets[@]}"; do echo "${target%% *}"; done
  exit 0
fi
seconds=${1:-600}
shift || true
wanted=("$@")
work=${FUZZ_WORK:-/tmp/lumen-fuzz}
source scripts/swift-flags.sh
instrumented=(-O "${LUMEN_SWIFTC_FLAGS[@]}" -package-name Lumen -parse-as-library
  -sanitize=fuzzer,address -enable-testing)
system_modules=()
for module in CJPEG CPNG CWebP CGIF CLCMS2 CFreeType CFFmpeg CSQLite CMicroHTTPD CHiredis; do system_modules+=(-I "Sources/$module"); done
# FreeType's headers sit in a folder of their own, which pkg-config names (as SwiftPM asks it).
for flag in $(pkg-config --cflags-only-I freetype2); do system_modules+=(-Xcc "$flag"); done
system_libraries=(-ljpeg -lpng16 -lwebp -lwebpdemux -lwebpmux -lgif -llcms2 -lfreetype
  -lavformat -lavcodec -lswscale -lswresample -lavutil -lsqlite3 -lmicrohttpd -lhiredis)
# Dependency order: each module only imports the ones before it.
modules=(LumenCore LumenSymbols LumenLayers LumenFilters LumenCodecs LumenText LumenAssets LumenEdit LumenVideo LumenJobs
  LumenAutomation LumenVideoJobs LumenServer)

# The libraries, rebuilt only when a source, the flags or the compiler changed.
build_libraries() {
  local lib="$work/lib" stamp
  stamp=$( (swiftc --version 2>&1; echo "$PWD ${instrumented[*]}"; find Sources scripts/fuzz.sh -type f | sort | xargs cat) |
    sha256sum | cut -d' ' -f1)
  if [ -f "$lib/stamp" ] && [ "$(cat "$lib/stamp")" = "$stamp" ]; then return; fi
  rm -rf "$lib" && mkdir -p "$lib"
  echo "fuzz: compiling the libraries (instrumented)"
  # SwiftPM generates the C shims' module map and LumenFilters' `Bundle.module`; here, by hand.
  printf 'module CLumenShims {\n  umbrella "%s"\n  export *\n}\nmodule CLumenHTTP {\n  umbrella "%s"\n  export *\n}\n' \
    "$PWD/Sources/CLumenShims/include" "$PWD/Sources/CLumenHTTP/include" > "$lib/module.modulemap"
  printf 'import Foundation\nextension Foundation.Bundle { static var module: Bundle { .main } }\n' \
    > "$lib/BundleModule.swift"
  for source in Sources/CLumenShims/*.c; do
    clang -O1 -g -fsanitize=fuzzer-no-link,address -I Sources/CLumenShims/include \
      -c "$source" -o "$lib/$(basename "$source" .c).o"
  done
  ar rcs "$lib/libCLumenShims.a" "$lib"/*.o
  clang -O1 -g -fsanitize=fuzzer-no-link,address -I Sources/CLumenHTTP/include \
    -c Sources/CLumenHTTP/lumen_http.c -o "$lib/lumen_http.o.http"
  ar rcs "$lib/libCLumenHTTP.a" "$lib/lumen_http.o.http"
  for module in "${modules[@]}"; do
    local extra=()
    # Modules with resources reach them through `Bundle.module`, which SwiftPM generates.
    case $module in LumenFilters | LumenAssets | LumenServer) extra=("$lib/BundleModule.swift") ;; esac
    # One module at a time (each imports the previous), its code generated on every core.
    swiftc "${instrumented[@]}" -num-threads "$(nproc)" -module-name "$module" -I "$lib" \
      "${system_modules[@]}" -emit-module -emit-module-path "$lib/$module.swiftmodule" -emit-library -static \
      -o "$lib/lib$module.a" $(find "Sources/$module" -name '*.swift') "${extra[@]}"
  done
  echo "$stamp" > "$lib/stamp"
}

# Links fuzz/$2 against every library into $work/bin/$1.
build_target() {
  local libraries=()
  for ((i = ${#modules[@]} - 1; i >= 0; i--)); do libraries+=(-l"${modules[i]}"); done
  mkdir -p "$work/bin"
  rm -f "$work/bin/$1"
  if ! swiftc "${instrumented[@]}" -module-name Fuzz -I "$work/lib" "${system_modules[@]}" \
    -L "$work/lib" "${libraries[@]}" -lCLumenShims -lCLumenHTTP "${system_libraries[@]}" \
    "fuzz/$2" fuzz/Support/*.swift -o "$work/bin/$1" 2>&1 |
    { grep -v "warning: Cannot export local symbol '__asan" || true; }; then
    echo "fuzz: the $1 target does not build" >&2
    exit 1
  fi
}

build_libraries
# `Bundle.module` is the executable's folder here: the resources are linked in beside it.
mkdir -p "$work/bin"
for resource in Sources/LumenFilters/Resources/* Sources/LumenAssets/Resources/* Sources/LumenServer/Resources/*; do
  ln -sfn "$PWD/$resource" "$work/bin/$(basename "$resource")"
done
failed=()
for entry in "${targets[@]}"; do
  read -r name source max_len <<< "$entry"
  if [ ${#wanted[@]} -gt 0 ] && [[ ! " ${wanted[*]} " == *" $name "* ]]; then continue; fi
  echo "fuzz: $name ($seconds s)"
  build_target "$name" "$source"
  corpus="$work/corpus/$name"
  mkdir -p "$corpus" "fuzz/crashes/$name"
  cp fuzz/corpus/"$name"/* "$corpus/"
  dictionary=()
  [ -f "fuzz/$name.dict" ] && dictionary=(-dict="fuzz/$name.dict")
  # The inputs earlier runs crashed on are run first, with the seeds: a bug that comes back fails.
  regressions=()
  [ -d "fuzz/regressions/$name" ] && regressions=("fuzz/regressions/$name")
  # shellcheck disable=SC2086 # LUMEN_FUZZ_FLAGS is a list of flags
  if ! SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 "$work/bin/$name" "$corpus" "${regressions[@]}" \
    "${dictionary[@]}" -max_total_time="$seconds" -max_len="$max_len" -timeout=10 \
    -rss_limit_mb=2048 -malloc_limit_mb=1024 -artifact_prefix="fuzz/crashes/$name/" \
    -print_final_stats=1 ${LUMEN_FUZZ_FLAGS:-} > "$work/$name.log" 2>&1; then
    failed+=("$name")
  fi
  tail -n 25 "$work/$name.log"
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: crashes in ${failed[*]} (inputs in fuzz/crashes/, logs in $work)" >&2
  exit 1
fi
