import LumenCore
import Testing

/// Several crops of one colour-filtered image in one render (split screen, before/after,
/// collage): each crop is pushed below the colour kernel on its own.
@Suite struct OptimizerCropSharingTests {
  struct Warm: ColorKernel {
    func apply(_ c: RGBA) -> RGBA {
      RGBA(red: c.red * 1.2, green: c.green, blue: c.blue * 0.7, alpha: c.alpha)
    }
  }

  /// The largest difference, in 8-bit levels, between two bitmaps of one size and format.
  static func maxLevelDifference(_ a: Bitmap, _ b: Bitmap) -> Int {
    zip(bytes(a), bytes(b)).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
  }

  @Test(arguments: [1, 2])
  func twoCropsOfOneFilteredImageSideBySide(threads: Int) throws {
    let filtered = Image(bitmap: testBitmap(width: 64, height: 40)).applying(Warm())
    let left = filtered.cropped(to: Rect(x: 0, y: 0, width: 32, height: 40))
    let right = filtered.cropped(to: Rect(x: 32, y: 0, width: 32, height: 40))
    let collage = right.composited(over: left)
    let optimised = try Renderer(threadCount: threads).bitmap(of: collage)
    let reference = try Renderer(threadCount: threads, optimizes: false).bitmap(of: collage)
    #expect(Self.maxLevelDifference(optimised, reference) <= 1)
  }

  @Test func manyCropsOfOneFilteredImage() throws {
    let filtered = Image(bitmap: testBitmap(width: 48, height: 48)).applying(Warm())
    var collage = Image(color: .clear).cropped(to: Rect(x: 0, y: 0, width: 48, height: 48))
    for i in 0..<6 {
      let strip = filtered.cropped(to: Rect(x: i * 8, y: i * 3, width: 8, height: 48 - i * 6))
      collage = strip.composited(over: collage)
    }
    let optimised = try Renderer(threadCount: 1).bitmap(of: collage)
    let reference = try Renderer(threadCount: 1, optimizes: false).bitmap(of: collage)
    #expect(Self.maxLevelDifference(optimised, reference) <= 1)
  }
}
