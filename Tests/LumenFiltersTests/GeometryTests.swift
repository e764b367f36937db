import Foundation
import LumenCore
import Testing

@testable import LumenFilters

struct GeometryTests {
  /// A W x H image whose pixels all differ: (x, y) -> (x / W, y / H, (x + y) mod 7 / 7, 1).
  static func numbered(_ w: Int, _ h: Int) -> Image {
    Pixels.image(width: w, height: h) { x, y in
      [Float(x) / Float(w), Float(y) / Float(h), Float((x + y) % 7) / 7, 1]
    }
  }

  static func pixel(_ w: Int, _ h: Int, _ x: Int, _ y: Int) -> [Float] {
    [Float(x) / Float(w), Float(y) / Float(h), Float((x + y) % 7) / 7, 1]
  }

  @Test func cropKeepsTheRectangleAtTheOrigin() throws {
    let out = try Crop(x: 3, y: 2, width: 4, height: 5).apply(to: Self.numbered(10, 8))
    #expect(out.extent == Rect(width: 4, height: 5))
    let pixels = try Pixels.render(out)
    for y in 0..<5 {
      for x in 0..<4 { #expect(pixels[y * 4 + x] == Self.pixel(10, 8, x + 3, y + 2)) }
    }
    #expect(
      try Crop(x: 3, y: 2).apply(to: Self.numbered(10, 8)).extent == Rect(width: 7, height: 6))
  }

  @Test func cropOutsideTheImageFails() throws {
    let image = Self.numbered(10, 8)
    #expect {
      try Crop(x: 8, y: 0, width: 4, height: 2).apply(to: image)
    } throws: { error in
      (error as? FilterError)?.description
        == "pixelCrop: the rectangle x=8 y=0 width=4 height=2 does not fit inside the 10x8 image"
    }
    #expect(throws: FilterError.self) { try Crop(x: 10).apply(to: image) }
    #expect(throws: FilterError.self) { try Crop(x: -1).apply(to: image) }
  }

  @Test func quarterTurnsArePermutations() throws {
    let (w, h) = (5, 3)
    let image = Self.numbered(w, h)
    for angle in [90.0, -270] {
      let out = try Rotate(angle: angle).apply(to: image)
      #expect(out.extent == Rect(width: h, height: w))
      let pixels = try Pixels.render(out)
      // Clockwise: output (X, Y) shows input (Y, h - 1 - X).
      for y in 0..<w {
        for x in 0..<h { #expect(pixels[y * h + x] == Self.pixel(w, h, y, h - 1 - x), "\(angle)") }
      }
    }
    let half = try Pixels.render(try Rotate(angle: 180).apply(to: image))
    for y in 0..<h {
      for x in 0..<w { #expect(half[y * w + x] == Self.pixel(w, h, w - 1 - x, h - 1 - y)) }
    }
    let ccw = try Rotate(angle: -90).apply(to: image)
    let ccwPixels = try Pixels.render(ccw)
    for y in 0..<w {
      for x in 0..<h { #expect(ccwPixels[y * h + x] == Self.pixel(w, h, w - 1 - y, x)) }
    }
  }

  @Test func anyAngleGivesTheBoundingBox() throws {
    let out = try Rotate(angle: 30).apply(to: Self.numbered(40, 20))
    let (c, s) = (cos(Double.pi / 6), sin(Double.pi / 6))
    #expect(out.extent.minX == 0 && out.extent.minY == 0)
    #expect(out.extent.width == Int((40 * c + 20 * s).rounded(.up)))
    #expect(out.extent.height == Int((40 * s + 20 * c).rounded(.up)))
    let pixels = try Pixels.render(out)
    #expect(pixels[0][3] == 0)  // a corner outside the rotated image is transparent
    #expect(throws: FilterError.self) { try Rotate(angle: .nan).apply(to: Self.numbered(4, 4)) }
  }

  @Test func flips() throws {
    let (w, h) = (4, 3)
    let horizontal = try Pixels.render(try Flip(axis: .horizontal).apply(to: Self.numbered(w, h)))
    let vertical = try Pixels.render(try Flip(axis: .vertical).apply(to: Self.numbered(w, h)))
    for y in 0..<h {
      for x in 0..<w {
        #expect(horizontal[y * w + x] == Self.pixel(w, h, w - 1 - x, y))
        #expect(vertical[y * w + x] == Self.pixel(w, h, x, h - 1 - y))
      }
    }
  }

  @Test(arguments: [0.5, 3, -7.5, 20, 45, -45])
  func straightenLeavesNoTransparentCorner(_ angle: Double) throws {
    let (w, h) = (120, 80)
    let out = try Straighten(angle: angle).apply(to: Self.numbered(w, h))
    let e = out.extent
    #expect(e.minX == 0 && e.minY == 0 && e.width < w && e.height < h)
    #expect(abs(Double(e.width) / Double(e.height) - 1.5) < 0.05)
    let pixels = try Pixels.render(out)
    #expect(pixels.allSatisfy { $0[3] > 0.99999 }, "angle \(angle)")
    // Nearly as large as allowed: one pixel more each way would not fit.
    let theta = angle * .pi / 180
    let s = min(
      120 / (120 * abs(cos(theta)) + 80 * abs(sin(theta))),
      80 / (120 * abs(sin(theta)) + 80 * abs(cos(theta))))
    #expect(e.width >= Int(s * 120) - 3)
  }

  @Test func straightenZeroIsTheIdentity() throws {
    let image = Self.numbered(12, 9)
    #expect(try Pixels.render(Straighten(angle: 0).apply(to: image)) == Pixels.render(image))
  }

  @Test func resizeSizes() throws {
    let image = Self.numbered(40, 30)
    #expect(try Resize(width: 20).apply(to: image).extent == Rect(width: 20, height: 15))
    #expect(try Resize(height: 10).apply(to: image).extent == Rect(width: 13, height: 10))
    #expect(
      try Resize(width: 7, height: 50, filter: .bilinear).apply(to: image).extent
        == Rect(width: 7, height: 50))
    #expect(try Resize().apply(to: image).extent == image.extent)
    let pixels = try Pixels.render(try Resize(width: 25, filter: .bilinear).apply(to: image))
    #expect(pixels.count == 25 * 19)
  }

  @Test func pixellateFillsBlocksWithTheirMean() throws {
    let (w, h, s) = (21, 13, 8)
    let pixels = try Pixels.render(try Pixellate(scale: s).apply(to: Self.numbered(w, h)))
    for by in stride(from: 0, to: h, by: s) {
      for bx in stride(from: 0, to: w, by: s) {
        let xs = bx..<min(bx + s, w)
        let ys = by..<min(by + s, h)
        var mean: [Float] = [0, 0, 0, 0]
        for y in ys { for x in xs { for c in 0..<4 { mean[c] += Self.pixel(w, h, x, y)[c] } } }
        mean = mean.map { $0 / Float(xs.count * ys.count) }
        for y in ys {
          for x in xs { #expect(Pixels.maxDifference([pixels[y * w + x]], [mean]) < 1e-5) }
        }
      }
    }
  }

  @Test func vignetteDarkensTowardsTheCorners() throws {
    let grey = Pixels.image(width: 41, height: 31, format: Pixels.linear) { _, _ in
      [0.5, 0.5, 0.5, 1]
    }
    let dark = try Pixels.render(
      try Vignette(intensity: 0.8, radius: 0.3, falloff: 0.7).apply(to: grey), format: Pixels.linear
    )
    let centre = dark[15 * 41 + 20]
    let corner = dark[0]
    #expect(abs(centre[0] - 0.5) < 1e-6)
    // The corner pixel centre is at distance d from the centre (in half-diagonals).
    let d = (pow(20.0, 2) + pow(15.0, 2)).squareRoot() / (pow(20.5, 2) + pow(15.5, 2)).squareRoot()
    let t = min(max((d - 0.3) / 0.7, 0), 1)
    let m = t * t * (3 - 2 * t)
    #expect(abs(Double(corner[0]) - 0.5 * (1 - 0.8 * m)) < 1e-5)
    #expect(corner[3] == 1)
    let light = try Pixels.render(
      try Vignette(intensity: -1, radius: 0, falloff: 1).apply(to: grey), format: Pixels.linear)
    #expect(light[0][0] > 0.9 && abs(light[15 * 41 + 20][0] - 0.5) < 1e-3)
  }

  /// Opaque images are darkened on encoded values; the result must be the linear-light
  /// formula's, including pixels pushed from the curve's power segment onto its linear one.
  @Test func vignetteOnEncodedValuesMatchesLinearLight() throws {
    // Wider than a tile and taller than a band, so rows cross the untouched disc's edges at
    // tile boundaries.
    let (w, h) = (300, 70)
    // Opaque 8-bit values, many of them dark.
    func level(_ x: Int, _ y: Int, _ c: Int) -> UInt8 { UInt8((x * 5 + y * 3 + c * 40) % 256) }
    let ramp = Image(
      bitmap: Bitmap(width: w, height: h, format: .rgb8) { bytes in
        for y in 0..<h {
          for x in 0..<w { for c in 0..<3 { bytes[(y * w + x) * 3 + c] = level(x, y, c) } }
        }
      })
    let vignette = Vignette(intensity: 0.97, radius: 0.1, falloff: 0.6)
    let out = try Pixels.render(try vignette.apply(to: ramp), format: Pixels.encoded)
    let scale = 1 / (pow(Double(w) / 2, 2) + pow(Double(h) / 2, 2)).squareRoot()
    var worst: Float = 0
    for y in 0..<h {
      for x in 0..<w {
        let d =
          (pow(Double(x) + 0.5 - Double(w) / 2, 2) + pow(Double(y) + 0.5 - Double(h) / 2, 2))
          .squareRoot() * scale
        let t = min(max((d - 0.1) / 0.6, 0), 1)
        let keep = Float(1 - 0.97 * t * t * (3 - 2 * t))
        for c in 0..<3 {
          let expected = SRGB.encode(SRGB.decode(Float(level(x, y, c)) / 255) * keep)
          worst = max(worst, abs(out[y * w + x][c] - expected))
        }
      }
    }
    #expect(worst < 2e-5)
  }
}
