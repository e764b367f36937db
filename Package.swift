// swift-tools-version:6.0
import PackageDescription

/// Hot pixel loops are vectorised by LLVM; AVX2 (Haswell and newer) doubles their throughput
/// on x86-64 (see bench/NOTES.md). Other architectures use the toolchain's default.
let vectorised: [SwiftSetting] = [
  .unsafeFlags(["-target-cpu", "haswell"], .when(platforms: [.linux]))
]

let package = Package(
  name: "Lumen",
  products: [
    .library(name: "LumenCore", targets: ["LumenCore"]),
    .library(name: "LumenCodecs", targets: ["LumenCodecs"]),
    .library(name: "LumenFilters", targets: ["LumenFilters"]),
    .library(name: "LumenAssets", targets: ["LumenAssets"]),
    .library(name: "LumenEdit", targets: ["LumenEdit"]),
    .library(name: "LumenVideo", targets: ["LumenVideo"]),
    .library(name: "LumenJobs", targets: ["LumenJobs"]),
    .library(name: "LumenLayers", targets: ["LumenLayers"]),
    .executable(name: "lumen", targets: ["lumen"]),
  ],
  targets: [
    // C libraries from Debian's -dev packages, one systemLibrary target each.
    .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
    .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
    .systemLibrary(name: "CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
    .systemLibrary(name: "CHeif", pkgConfig: "libheif", providers: [.apt(["libheif-dev"])]),
    .systemLibrary(name: "CLCMS2", pkgConfig: "lcms2", providers: [.apt(["liblcms2-dev"])]),
    .systemLibrary(
      name: "CFFmpeg", pkgConfig: "libavformat",
      providers: [
        .apt([
          "libavformat-dev", "libavcodec-dev", "libavutil-dev", "libswscale-dev",
          "libswresample-dev",
        ])
      ]),
    // setjmp-based error recovery for libjpeg and libpng, which Swift cannot express.
    .target(name: "CLumenShims", dependencies: ["CJPEG", "CPNG"]),

    .target(name: "LumenCore", swiftSettings: vectorised),
    .target(
      name: "LumenCodecs",
      dependencies: ["LumenCore", "CJPEG", "CPNG", "CWebP", "CHeif", "CLCMS2", "CLumenShims"],
      swiftSettings: vectorised),
    .target(name: "LumenFilters", dependencies: ["LumenCore"], swiftSettings: vectorised),
    .target(name: "LumenLayers", dependencies: ["LumenCore"], swiftSettings: vectorised),
    .target(
      name: "LumenAssets", dependencies: ["LumenCore", "LumenCodecs", "LumenFilters"],
      swiftSettings: vectorised),
    .target(
      name: "LumenEdit",
      dependencies: ["LumenCore", "LumenCodecs", "LumenFilters", "LumenAssets", "LumenLayers"],
      swiftSettings: vectorised),
    .target(
      name: "LumenVideo",
      dependencies: ["LumenCore", "LumenCodecs", "LumenFilters", "LumenEdit", "CFFmpeg"],
      swiftSettings: vectorised),
    .target(
      name: "LumenJobs",
      dependencies: ["LumenAssets", "LumenCodecs", "LumenCore", "LumenEdit", "LumenVideo"]),
    .executableTarget(
      name: "lumen",
      dependencies: [
        "LumenCore", "LumenCodecs", "LumenFilters", "LumenEdit", "LumenVideo", "LumenAssets",
        "LumenJobs",
      ]),

    // In-process benchmarks (bench/run.sh), not part of the product.
    .executableTarget(name: "lumen-bench", dependencies: ["LumenEdit", "LumenVideo"]),

    .testTarget(name: "LumenCoreTests", dependencies: ["LumenCore"]),
    .testTarget(name: "LumenCodecsTests", dependencies: ["LumenCodecs"]),
    .testTarget(name: "LumenFiltersTests", dependencies: ["LumenFilters", "LumenCodecs"]),
    .testTarget(name: "LumenLayersTests", dependencies: ["LumenLayers"]),
    .testTarget(
      name: "LumenAssetsTests", dependencies: ["LumenAssets", "LumenCodecs", "LumenFilters"]),
    .testTarget(
      name: "LumenEditTests", dependencies: ["LumenEdit", "LumenCodecs", "LumenLayers"],
      exclude: ["Fixtures"]),
    .testTarget(name: "LumenVideoTests", dependencies: ["LumenVideo", "LumenEdit", "LumenCodecs"]),
    .testTarget(
      name: "LumenJobsTests", dependencies: ["LumenJobs", "LumenEdit", "LumenVideo", "LumenCodecs"]),
    .testTarget(name: "LumenCLITests", dependencies: ["LumenCodecs", "LumenFilters"]),
    // Comparisons with independent implementations (libvips, Pillow) through scripts/oracles.
    .testTarget(name: "LumenOracleTests", dependencies: ["LumenCodecs", "LumenFilters"]),
  ]
)
