#!/usr/bin/env bash
# Proves that Lumen works as a versioned dependency: a temporary bare clone of the current
# commit, tagged 1.0.0 there (the project's own tags are never touched), and a small consumer
# package that depends on it with `.package(url: "file://...", from: "1.0.0")`, builds (debug)
# and renders a picture through LumenCore and LumenFilters with a built-in look, which must come
# from LumenFilters' resource bundle, run from another working directory. Offline.
#
#   scripts/check-consumer.sh           # checks HEAD (uncommitted changes are not included)
#   KEEP=1 scripts/check-consumer.sh    # keeps the temporary folder for a look
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$(mktemp -d "${TMPDIR:-/tmp}/lumen-consumer.XXXXXX")
if [ -z "${KEEP:-}" ]; then trap 'rm -rf "$work"' EXIT; else echo "check-consumer: keeping $work"; fi

commit=$(git rev-parse HEAD)
git diff --quiet HEAD -- Package.swift Sources ||
  echo "check-consumer: note: uncommitted changes under Sources/ or Package.swift are not checked" >&2

# The dependency: a bare repository holding only this commit, as a branch and a version tag.
git init --quiet --bare "$work/Lumen.git"
git push --quiet "$work/Lumen.git" "$commit:refs/heads/main" "$commit:refs/tags/1.0.0"
git -C "$work/Lumen.git" symbolic-ref HEAD refs/heads/main

mkdir -p "$work/consumer/Sources/consumer"
cat > "$work/consumer/Package.swift" <<EOF
// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "LumenConsumer",
  dependencies: [.package(url: "file://$work/Lumen.git", from: "1.0.0")],
  targets: [
    .executableTarget(
      name: "consumer",
      dependencies: [
        .product(name: "LumenCore", package: "Lumen"),
        .product(name: "LumenFilters", package: "Lumen"),
      ])
  ]
)
EOF
cat > "$work/consumer/Sources/consumer/main.swift" <<'EOF'
import Foundation
import LumenCore
import LumenFilters

// A colourful 48x32 picture through the built-in "noir" look (black and white): the output
// must be grey where the input was not, and the library must have come from the bundle.
struct Failure: Error, CustomStringConvertible { let description: String }

let width = 48
let height = 32
let input = Bitmap(width: width, height: height, format: .rgb8) { bytes in
  for y in 0..<height {
    for x in 0..<width {
      let i = 3 * (y * width + x)
      bytes[i] = UInt8(40 + 200 * x / (width - 1))
      bytes[i + 1] = UInt8(220 - 180 * y / (height - 1))
      bytes[i + 2] = UInt8(60 + (x * 7 + y * 3) % 120)
    }
  }
}
let library = try LookLibrary.builtIn
let noir = try library.look("noir")
let output = try Renderer().bitmap(
  of: Image(bitmap: input).applying(try noir.cube()), format: .rgb8)

var inputSpread: Float = 0
var outputSpread: Float = 0
var changed = 0
for y in 0..<height {
  for x in 0..<width {
    let p = input.sample(x: x, y: y)
    let q = output.sample(x: x, y: y)
    inputSpread = max(inputSpread, (p.max() ?? 0) - (p.min() ?? 0))
    outputSpread = max(outputSpread, (q.max() ?? 0) - (q.min() ?? 0))
    if zip(p, q).contains(where: { abs($0 - $1) > 2 / 255 }) { changed += 1 }
  }
}
guard output.width == width, output.height == height else {
  throw Failure(description: "output is \(output.width)x\(output.height)")
}
guard inputSpread > 0.3, outputSpread <= 2 / 255, changed > width * height / 2 else {
  throw Failure(
    description: "noir did not turn the picture grey: input spread \(inputSpread), output "
      + "spread \(outputSpread), \(changed) pixels changed")
}
print(
  "consumer: \(library.looks.count) looks from \(LookLibrary.builtInCandidates[0].path); "
    + "noir rendered \(width)x\(height), largest channel spread \(outputSpread * 255) levels")
EOF

start=$(date +%s)
(cd "$work/consumer" && swift build --disable-dependency-cache --product consumer 2>&1) |
  grep -vE '^\[[0-9]+/[0-9]+\]|^(Fetching|Fetched|Cloning|Cloned|Computing|Computed|Creating|Working copy)' || true
[ -x "$work/consumer/.build/debug/consumer" ] || { echo "check-consumer: the consumer did not build" >&2; exit 1; }
seconds=$(($(date +%s) - start))
# From another directory, without LUMEN_LOOKS: the looks must come from the resource bundle.
(cd / && env -u LUMEN_LOOKS "$work/consumer/.build/debug/consumer")
echo "check-consumer: a package depending on Lumen 1.0.0 ($commit) built in ${seconds}s and ran"
