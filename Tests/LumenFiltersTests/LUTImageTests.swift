import LumenCore
import Testing

@testable import LumenFilters

/// HaldCLUT and tiled LUT images: the classic layout byte for byte, exact decoding, and errors
/// for images that do not fit the declared layout.
@Suite struct LUTImageTests {
  /// The classic 512x512 identity, written from its definition: inside a tile x -> red,
  /// y -> green, tile row * 8 + column -> blue, value round(i * 255 / 63).
  static let classicBytes: [UInt8] = {
    var bytes: [UInt8] = []
    for y in 0..<512 {
      for x in 0..<512 {
        for i in [x % 64, y % 64, (y / 64) * 8 + x / 64] {
          bytes.append(UInt8((Double(i * 255) / 63).rounded()))
        }
      }
    }
    return bytes
  }()

  func bytes(of bitmap: Bitmap) -> [UInt8] { bitmap.withUnsafeBytes { Array($0) } }

  func bitmap(_ bytes: [UInt8], width: Int, height: Int) -> Bitmap {
    Bitmap(width: width, height: height, format: .rgb8) { $0.copyBytes(from: bytes) }
  }

  @Test func classicIdentityIsWrittenByteForByte() {
    let image = ColorCube.identity(size: 64).image(layout: .tiled(.classic))
    #expect(image.width == 512 && image.height == 512 && image.format == .rgb8)
    #expect(bytes(of: image) == Self.classicBytes)
  }

  @Test func classicIdentityDecodesToTheExactCube() throws {
    let cube = try ColorCube(
      image: bitmap(Self.classicBytes, width: 512, height: 512), layout: .tiled(.classic))
    #expect(cube.size == 64)
    for b in 0..<64 {
      for g in 0..<64 {
        for r in 0..<64 {
          let levels = (SIMD3<Float>(SIMD3(r, g, b) &* 255) / 63).rounded(.toNearestOrEven)
          if cube.entry(r, g, b) != levels / 255 {
            Issue.record("entry (\(r), \(g), \(b)) is \(cube.entry(r, g, b) * 255) levels")
            return
          }
        }
      }
    }
  }

  @Test(arguments: [
    LUTImageLayout.hald(level: 2), .hald(level: 5),
    .tiled(TiledLayout(tilesPerRow: 5, levels: 25)!),
    .tiled(TiledLayout(tilesPerRow: 4, levels: 9)!),
  ])
  func sixteenBitImagesRoundTrip(layout: LUTImageLayout) throws {
    let n = layout.cubeSize
    let cube = ColorCube(size: n) { c in
      RGBA(red: c.red * c.red, green: 1 - c.green, blue: 0.3 + 0.5 * c.blue * c.red)
    }
    let image = cube.image(layout: layout, sample: .uint16)
    #expect(image.width == layout.width && image.height == layout.height)
    let again = try ColorCube(image: image, layout: layout)
    let error = zip(cube.values, again.values).map { abs($0 - $1) }.max() ?? 0
    #expect(error <= 0.5 / 65535 + 1e-7)
  }

  @Test func haldLevelIsReadFromTheSize() throws {
    let image = ColorCube.identity(size: 16).haldImage(level: 4)
    #expect(image.width == 64 && image.height == 64)
    let cube = try ColorCube(haldImage: image)
    #expect(cube.size == 16 && ColorLUT.cube(cube).isIdentity(tolerance: 0.5 / 255))
    // Hald order: pixel index r + 16 g + 256 b, row-major.
    let index = 2 + 16 * 3 + 256 * 5
    let pixel = image.sample(x: index % 64, y: index / 64)
    #expect(pixel.map { ($0 * 15).rounded() } == [2, 3, 5])
  }

  @Test func haldImagesOfOtherSizesAreRefused() {
    for (w, h) in [(100, 100), (64, 63), (1, 1)] {
      #expect(throws: LUTError.self) {
        try ColorCube(haldImage: bitmap(Array(repeating: 0, count: 3 * w * h), width: w, height: h))
      }
    }
    #expect(throws: LUTError.self) {
      try ColorCube(
        image: bitmap(Array(repeating: 0, count: 3 * 64 * 64), width: 64, height: 64),
        layout: .hald(level: 8))
    }
  }

  @Test func tiledImagesOfTheWrongSizeAreRefused() throws {
    let wrong = bitmap(Array(repeating: 0, count: 3 * 512 * 480), width: 512, height: 480)
    let error = try #require(
      throws: LUTError.self, performing: { try ColorCube(image: wrong, layout: .tiled(.classic)) })
    #expect(error.description.contains("512x512"))
    #expect(error.description.contains("64x60, not square"))
    let small = bitmap(Array(repeating: 0, count: 3 * 125 * 125), width: 125, height: 125)
    #expect(throws: LUTError.self) { try ColorCube(image: small, layout: .tiled(.classic)) }
  }

  @Test(arguments: CubeInterpolation.allCases)
  func oneDimensionalTablesEqualTheirSampledCube(_ interpolation: CubeInterpolation) throws {
    let values: [Float] = (0..<9).flatMap { i -> [Float] in
      let x = Float(i) / 8
      return [x * x, x.squareRoot(), 1 - x]
    }
    let table = try #require(ChannelLUT(size: 9, values: values))
    let cube = ColorLUT.channels(table).cube(size: 9)
    let viaCube = ColorCubeKernel(cube: cube, interpolation: interpolation)
    let direct = ChannelLUTKernel(table: table)
    for v in stride(from: Float(0), through: 1, by: 0.037) {
      let c = RGBA(red: v, green: 1 - v, blue: v * v)
      let a = viaCube.apply(c)
      let b = direct.apply(c)
      #expect(abs(a.red - b.red) < 1e-6 && abs(a.green - b.green) < 1e-6)
      #expect(abs(a.blue - b.blue) < 1e-6)
    }
  }
}
