// swift-tools-version:6.0
import PackageDescription

// No unsafe flags here: a package that uses them cannot be a versioned dependency. The
// project's own scripts add the CPU flags for x86-64 (scripts/swift-flags.sh, see
// bench/NOTES.md); consumers get the toolchain's default.
//
// Each target's dependencies are exactly the modules its sources import
// (scripts/check-dependencies.py checks this).
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
    .library(name: "LumenVideoJobs", targets: ["LumenVideoJobs"]),
    .library(name: "LumenLayers", targets: ["LumenLayers"]),
    .library(name: "LumenText", targets: ["LumenText"]),
    .library(name: "LumenAutomation", targets: ["LumenAutomation"]),
    .library(name: "LumenSymbols", targets: ["LumenSymbols"]),
    .executable(name: "lumen", targets: ["lumen"]),
    .executable(name: "lumen-video", targets: ["lumen-video"]),
    .executable(name: "lumen-svg-helper", targets: ["lumen-svg-helper"]),
    .executable(name: "lumen-server", targets: ["lumen-server"]),
    .library(name: "LumenServer", targets: ["LumenServer"]),
  ],
  targets: [
    // C libraries from Debian's -dev packages, one systemLibrary target each.
    .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
    .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
    .systemLibrary(name: "CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
    .systemLibrary(name: "CGIF", pkgConfig: "libgif", providers: [.apt(["libgif-dev"])]),
    .systemLibrary(
      name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
    .systemLibrary(name: "CLCMS2", pkgConfig: "lcms2", providers: [.apt(["liblcms2-dev"])]),
    .systemLibrary(
      name: "CFFmpeg", pkgConfig: "libavformat",
      providers: [
        .apt([
          "libavformat-dev", "libavcodec-dev", "libavutil-dev", "libswscale-dev",
          "libswresample-dev",
        ])
      ]),
    .systemLibrary(
      name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
    .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
    // No pkg-config: its -D_FILE_OFFSET_BITS flag is one SwiftPM refuses; the header is in
    // /usr/include/hiredis and the module map links the library.
    .systemLibrary(name: "CHiredis", providers: [.apt(["libhiredis-dev"])]),
    // libmicrohttpd's variadic set-up and raw callbacks, behind a small C interface.
    .target(name: "CLumenHTTP", dependencies: ["CMicroHTTPD"]),
    // setjmp-based error recovery for libjpeg and libpng, which Swift cannot express, and
    // libheif, HarfBuzz and FriBidi opened on first use (their headers from Debian's -dev
    // packages; see setup.sh).
    .target(name: "CLumenShims", dependencies: ["CJPEG", "CPNG"]),

    .target(name: "LumenCore"),
    .target(
      name: "LumenCodecs",
      dependencies: ["LumenCore", "CJPEG", "CWebP", "CGIF", "CLCMS2", "CLumenShims"]),
    // The built-in look library (manifest and thumbnails) ships as a resource bundle.
    .target(
      name: "LumenFilters", dependencies: ["LumenCore"], resources: [.copy("Resources/looks")]),
    .target(name: "LumenLayers", dependencies: ["LumenCore"]),
    // Text: bidirectional runs (FriBidi), script runs and shaping (HarfBuzz) of font files,
    // glyphs drawn by FreeType.
    .target(name: "LumenText", dependencies: ["LumenCore", "CLumenShims", "CFreeType"]),
    // Asset sources; the built-in stickers and the font list ship as resources.
    .target(
      name: "LumenAssets", dependencies: ["LumenCore", "LumenCodecs", "LumenFilters"],
      resources: [
        .copy("Resources/stickers"), .copy("Resources/frames"), .copy("Resources/overlays"),
        .copy("Resources/fonts"),
      ]),
    .target(
      name: "LumenEdit",
      dependencies: [
        "LumenCore", "LumenCodecs", "LumenFilters", "LumenAssets", "LumenLayers", "LumenText",
      ]),
    .target(name: "LumenVideo", dependencies: ["LumenCore", "LumenEdit", "CFFmpeg"]),
    .target(
      name: "LumenJobs", dependencies: ["LumenAssets", "LumenCodecs", "LumenCore", "LumenEdit"]),
    .target(
      name: "LumenVideoJobs",
      dependencies: [
        "LumenAssets", "LumenCodecs", "LumenCore", "LumenEdit", "LumenJobs", "LumenVideo",
      ]),
    // Templates, batches and Redis Streams workers; video jobs run in `lumen-video`.
    .target(
      name: "LumenAutomation",
      dependencies: [
        "CHiredis", "LumenAssets", "LumenCore", "LumenEdit", "LumenJobs", "LumenLayers",
        "LumenText",
      ]),
    // Variable symbols: SVG paths read, checked, fixed, generated and interpolated (vector
    // only; LumenCore for reading files).
    .target(name: "LumenSymbols", dependencies: ["LumenCore"]),

    // The command line: option tables, help, errors and signals, shared by both executables.
    .target(
      name: "LumenCommandLine",
      dependencies: ["LumenCodecs", "LumenCore", "LumenEdit", "LumenJobs"]),
    // The photo commands. They never load FFmpeg: `lumen video` runs `lumen-video` instead.
    .executableTarget(
      name: "lumen",
      dependencies: [
        "LumenCore", "LumenCodecs", "LumenFilters", "LumenEdit", "LumenAssets", "LumenJobs",
        "LumenCommandLine", "LumenText", "LumenAutomation", "LumenSymbols",
      ]),
    .executableTarget(
      name: "lumen-video",
      dependencies: [
        "LumenCore", "LumenCodecs", "LumenEdit", "LumenAssets", "LumenJobs", "LumenVideo",
        "LumenVideoJobs", "LumenCommandLine",
      ]),
    // Draws SVG documents for the others, out of their process (CLumenShims/lumen_svg.h).
    .executableTarget(name: "lumen-svg-helper", dependencies: ["CLumenShims"]),

    // The HTTP service: JSON API, store (SQLite + content-addressed files), photo and video
    // jobs (videos through lumen-video, so that FFmpeg never loads into the server).
    .target(
      name: "LumenServer",
      dependencies: [
        "CLumenHTTP", "CSQLite", "LumenAssets", "LumenCodecs", "LumenCore", "LumenEdit",
        "LumenFilters", "LumenJobs", "LumenLayers", "LumenText",
      ],
      resources: [.copy("Resources/openapi.json"), .copy("Resources/editor")]),
    // `lumen serve`: libmicrohttpd and SQLite load only when the service runs.
    .executableTarget(
      name: "lumen-server",
      dependencies: ["LumenCommandLine", "LumenCore", "LumenServer"]),

    // In-process benchmarks (bench/run.sh), not part of the product.
    .executableTarget(
      name: "lumen-bench",
      dependencies: [
        "LumenAutomation", "LumenCore", "LumenCodecs", "LumenFilters", "LumenEdit", "LumenLayers",
        "LumenVideo",
      ]),

    // Helpers shared by the test targets: running tools, oracle lookup, PSNR, scratch folders.
    // (LumenCoreTests needs none of them: it runs no tools and writes no files.)
    .target(name: "LumenTestSupport", dependencies: ["LumenCore"], path: "Tests/LumenTestSupport"),

    .testTarget(name: "LumenCoreTests", dependencies: ["LumenCore"]),
    .testTarget(
      name: "LumenCodecsTests", dependencies: ["LumenCore", "LumenCodecs", "LumenTestSupport"]),
    .testTarget(
      name: "LumenFiltersTests",
      dependencies: ["LumenCore", "LumenCodecs", "LumenFilters", "LumenTestSupport"]),
    .testTarget(
      name: "LumenTextTests", dependencies: ["LumenCore", "LumenText", "LumenTestSupport"]),
    .testTarget(
      name: "LumenLayersTests", dependencies: ["LumenCore", "LumenLayers", "LumenTestSupport"]),
    .testTarget(
      name: "LumenAssetsTests",
      dependencies: ["LumenAssets", "LumenCodecs", "LumenCore", "LumenFilters", "LumenTestSupport"]),
    .testTarget(
      name: "LumenEditTests",
      dependencies: [
        "LumenCore", "LumenCodecs", "LumenFilters", "LumenEdit", "LumenLayers", "LumenTestSupport",
      ],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "LumenVideoTests",
      dependencies: [
        "CFFmpeg", "LumenAssets", "LumenCore", "LumenCodecs", "LumenEdit", "LumenVideo",
        "LumenTestSupport",
      ]),
    .testTarget(
      name: "LumenJobsTests",
      dependencies: [
        "LumenAssets", "LumenCore", "LumenCodecs", "LumenEdit", "LumenFilters", "LumenJobs",
        "LumenVideo", "LumenVideoJobs", "LumenTestSupport",
      ]),
    .testTarget(
      name: "LumenAutomationTests",
      dependencies: [
        "LumenAutomation", "LumenCodecs", "LumenCore", "LumenEdit", "LumenJobs", "LumenLayers",
        "LumenTestSupport",
      ]),
    .testTarget(
      name: "LumenSymbolsTests", dependencies: ["LumenSymbols", "LumenTestSupport"],
      exclude: ["corpus", "designs"]),
    .testTarget(
      name: "LumenCLITests",
      dependencies: ["LumenCore", "LumenCodecs", "LumenFilters", "LumenTestSupport"]),
    .testTarget(
      name: "LumenServerTests",
      dependencies: ["LumenCodecs", "LumenCore", "LumenEdit", "LumenServer", "LumenTestSupport"]),
    // Comparisons with independent implementations (libvips, Pillow) through scripts/oracles.
    .testTarget(
      name: "LumenOracleTests",
      dependencies: ["LumenCore", "LumenCodecs", "LumenFilters", "LumenTestSupport"]),
  ]
)
