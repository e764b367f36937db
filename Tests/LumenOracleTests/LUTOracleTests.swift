import Foundation
import LumenCodecs
import LumenCore
import LumenFilters
import LumenTestSupport
import Testing

/// `.cube` application against colour-science and OpenColorIO, HaldCLUTs against ImageMagick's
/// `-hald-clut`.
@Suite(.tags(.oracle), .requires(.python))
struct LUTOracleTests {
  /// A smooth non-linear grade (S-curve, split toning, a cross-channel twist), so that the
  /// cells differ and both interpolations have work to do.
  static func grade(_ c: RGBA) -> RGBA {
    func curve(_ x: Float) -> Float { x + 0.15 * (x - 0.5) * (1 - (2 * x - 1) * (2 * x - 1)) }
    let luma = 0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue
    return RGBA(
      red: curve(c.red) + 0.06 * (luma - 0.5) + 0.05 * c.blue * c.green,
      green: curve(c.green) * (0.9 + 0.1 * c.red),
      blue: curve(c.blue) - 0.07 * (luma - 0.5) + 0.04 * sin(6 * c.red))
  }

  /// The grade as a 33^3 cube on 0...1, and as a 17^3 cube on a skewed domain.
  static let cubes: [(String, ColorCube)] = [
    ("grade33", ColorCube(size: 33, sampling: grade)),
    (
      "domain17",
      ColorCube(
        size: 17, values: ColorCube(size: 17, sampling: grade).values,
        domainMin: SIMD3(0.05, -0.1, 0.1), domainMax: SIMD3(0.9, 1.2, 1))!
    ),
  ]

  /// Deterministic colours over (a little past) 0...1, plus the cube corners.
  static let colors: [SIMD3<Float>] = {
    var state: UInt64 = 42
    func next() -> Float {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Float(state >> 40) / Float(1 << 24) * 1.1 - 0.05
    }
    let corners = (0..<8).map { (i: Int) -> SIMD3<Float> in
      SIMD3(Float(i & 1), Float((i >> 1) & 1), Float(i >> 2))
    }
    let random = (0..<20_000).map { _ -> SIMD3<Float> in SIMD3(next(), next(), next()) }
    return corners + random
  }()

  /// Lumen's rendering of `colors` through `cube`, as float sRGB-encoded values.
  func lumen(_ colors: [SIMD3<Float>], _ cube: ColorCube, _ interpolation: CubeInterpolation)
    throws -> [SIMD3<Float>]
  {
    let source = Bitmap(
      width: colors.count, height: 1,
      format: PixelFormat(hasAlpha: false, sample: .float32, transfer: .sRGB)
    ) { bytes in
      let floats = bytes.bindMemory(to: Float.self)
      for (i, c) in colors.enumerated() {
        for k in 0..<3 { floats[3 * i + k] = c[k] }
      }
    }
    let image = Image(bitmap: source).applying(cube, interpolation: interpolation)
    let out = try Renderer().bitmap(
      of: image, format: PixelFormat(hasAlpha: true, sample: .float32, transfer: .sRGB))
    return out.withUnsafeBytes { bytes in
      let floats = bytes.bindMemory(to: Float.self)
      return colors.indices.map { SIMD3(floats[4 * $0], floats[4 * $0 + 1], floats[4 * $0 + 2]) }
    }
  }

  /// The four oracle results (colour-science and OCIO, trilinear and tetrahedral) for `colors`.
  func oracles(_ colors: [SIMD3<Float>], _ cube: ColorCube, in directory: URL) throws
    -> [String: [SIMD3<Float>]]
  {
    let cubeFile = directory.appendingPathComponent("look.cube")
    try CubeFile(lut: .cube(cube)).write(to: cubeFile)
    let input = directory.appendingPathComponent("in.f32")
    try Data(colors.flatMap { [$0.x, $0.y, $0.z] }.withUnsafeBytes { Array($0) }).write(to: input)
    try Oracle.runScript("lut_apply.py", [cubeFile.path, input.path, directory.path])
    var results: [String: [SIMD3<Float>]] = [:]
    for name in ["colour-trilinear", "colour-tetrahedral", "ocio-linear", "ocio-tetrahedral"] {
      let data = try Data(contentsOf: directory.appendingPathComponent("\(name).f32"))
      let floats = data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
      results[name] = stride(from: 0, to: floats.count, by: 3).map {
        SIMD3(floats[$0], floats[$0 + 1], floats[$0 + 2])
      }
    }
    return results
  }

  func maxError(_ a: [SIMD3<Float>], _ b: [SIMD3<Float>]?) -> Float {
    guard let b, a.count == b.count else { return .infinity }
    return zip(a, b).map { (p, q) -> Float in (p - q).replacing(with: q - p, where: q .> p).max() }
      .max() ?? 0
  }

  @Test(arguments: cubes.map(\.0))
  func floatApplicationMatchesColourScienceAndOpenColorIO(cubeName: String) throws {
    let cube = try #require(Self.cubes.first { $0.0 == cubeName }?.1)
    let directory = try Scratch.directory()
    let reference = try oracles(Self.colors, cube, in: directory)
    for (interpolation, names) in [
      (CubeInterpolation.trilinear, ["colour-trilinear", "ocio-linear"]),
      (.tetrahedral, ["colour-tetrahedral", "ocio-tetrahedral"]),
    ] {
      let ours = try lumen(Self.colors, cube, interpolation)
      for name in names {
        let error = maxError(ours, reference[name])
        print("LUT oracle \(cubeName) \(interpolation) vs \(name): max abs error \(error)")
        #expect(error <= 1e-5, "\(cubeName) \(interpolation) vs \(name): \(error)")
      }
    }
  }

  @Test(arguments: ["coffee", "chelsea"])
  func eightBitOutputIsWithinOneLevel(photo: String) throws {
    let directory = try Scratch.directory()
    let source = try ImageFile.read(References.samplePNG(photo, in: directory)).bitmap
    let colors = (0..<source.height).flatMap { y in
      (0..<source.width).map { x in
        let s = source.sample(x: x, y: y)
        return SIMD3(s[0], s[1], s[2])
      }
    }
    let (_, cube) = Self.cubes[0]
    let reference = try oracles(colors, cube, in: directory)
    for (interpolation, names) in [
      (CubeInterpolation.trilinear, ["colour-trilinear", "ocio-linear"]),
      (.tetrahedral, ["colour-tetrahedral", "ocio-tetrahedral"]),
    ] {
      let ours = try Renderer().bitmap(
        of: Image(bitmap: source).applying(cube, interpolation: interpolation), format: .rgb8)
      for name in names {
        let want = try #require(reference[name])
        var worst = 0
        ours.withUnsafeBytes { bytes in
          for (i, c) in want.enumerated() {
            for k in 0..<3 {
              let level = Int((min(max(c[k], 0), 1) * 255).rounded())
              worst = max(worst, abs(Int(bytes[3 * i + k]) - level))
            }
          }
        }
        print("LUT oracle \(photo) 8-bit \(interpolation) vs \(name): max \(worst) level(s)")
        #expect(worst <= 1, "\(photo) \(interpolation) vs \(name): \(worst) levels")
      }
    }
  }

  /// ImageMagick reads the Hald image with its own interpolation (bilinear in the image along
  /// red, then linear in green and blue: trilinear) in Q16. Compared as 16-bit output against
  /// Lumen's float output, in 8-bit levels.
  @Test(.requires(.imageMagick), arguments: ["coffee", "chelsea"])
  func haldApplicationMatchesImageMagick(photo: String) throws {
    let directory = try Scratch.directory()
    let png = try References.samplePNG(photo, in: directory)
    let hald = directory.appendingPathComponent("hald.png")
    let (_, cube) = Self.cubes[0]
    try ImageFile.write(cube.haldImage(level: 8, sample: .uint16), to: hald)
    let magick = directory.appendingPathComponent("magick.png")
    try Program.output(
      of: "convert",
      [png.path, hald.path, "-hald-clut", "-alpha", "off", "-depth", "16", magick.path])

    let loaded = try ColorCube(haldImage: ImageFile.read(hald).bitmap)
    let source = try ImageFile.read(png).bitmap
    let ours = try Renderer().bitmap(
      of: Image(bitmap: source).applying(loaded, interpolation: .trilinear),
      format: PixelFormat(hasAlpha: false, sample: .float32, transfer: .sRGB))
    let theirs = try ImageFile.read(magick).bitmap
    #expect(theirs.width == ours.width && theirs.format == .rgb16)
    var worst: Float = 0
    var total: Float = 0
    ours.withUnsafeBytes { a in
      theirs.withUnsafeBytes { b in
        let a = a.bindMemory(to: Float.self)
        let b = b.bindMemory(to: UInt16.self)
        for i in 0..<min(a.count, b.count) {
          let d = (a[i] - Float(b[i]) / 65535) * 255
          worst = max(worst, abs(d))
          total += d
        }
      }
    }
    let bias = total / Float(ours.width * ours.height * 3)
    print("LUT oracle \(photo) Hald vs ImageMagick: max \(worst) level(s), mean signed \(bias)")
    #expect(worst <= 0.01, "\(photo): max \(worst) levels")
  }
}
