# The one definition of the CPU flags the project's own builds use (sourced by scripts/*.sh
# and bench/*.sh). Hot pixel loops are vectorised by LLVM; AVX2 (Haswell and newer) doubles
# their throughput on x86-64 (bench/NOTES.md). The flags live here, not in Package.swift,
# because SwiftPM refuses unsafe flags in a package used as a versioned dependency; other
# architectures (arm64) keep the toolchain's default. On every architecture the C library's
# math functions are compiled as if they never set errno (-fno-math-errno, through the
# compiler's C importer, which builds the standard library's math shims): otherwise
# `squareRoot()` becomes a `sqrtf` call that LLVM cannot vectorise (bench/NOTES.md).
#
#   source scripts/swift-flags.sh
#   swift build -c release "${LUMEN_SWIFT_FLAGS[@]}"     # swift build / test / run
#   swiftc -O "${LUMEN_SWIFTC_FLAGS[@]}" ...              # swiftc directly
LUMEN_SWIFTC_FLAGS=(-Xcc -fno-math-errno)
case "$(uname -m)" in
  x86_64 | amd64) LUMEN_SWIFTC_FLAGS+=(-target-cpu haswell) ;;
esac
LUMEN_SWIFT_FLAGS=()
for flag in "${LUMEN_SWIFTC_FLAGS[@]}"; do LUMEN_SWIFT_FLAGS+=(-Xswiftc "$flag"); done
unset flag
