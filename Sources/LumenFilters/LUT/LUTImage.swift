import LumenCore

/// Cubes read from and written to images (HaldCLUTs and tiled LUT images). The images are
/// ``Bitmap``s of sRGB-encoded samples, so that LumenFilters needs no codec: callers decode
/// and encode the files.
extension ColorCube {
  /// The cube stored in `image` in `layout`: texel values become entries exactly (8-bit
  /// `v / 255`, 16-bit `v / 65535`, each the `Float` nearest the level; float as stored); alpha is ignored.
  public init(image: Bitmap, layout: LUTImageLayout) throws(LUTError) {
    try layout.check(width: image.width, height: image.height)
    guard image.format.transfer == .sRGB else {
      throw LUTError(problem: .unsupported("a LUT image must hold sRGB-encoded samples"))
    }
    let n = layout.cubeSize
    var values = [Float](repeating: 0, count: 3 * n * n * n)
    values.withUnsafeMutableBufferPointer { out in
      image.withUnsafeBytes { bytes in
        let format = image.format
        let stride = format.bytesPerPixel
        // Dividing (not multiplying by a reciprocal) gives the Float nearest each level.
        let maximum: Float =
          switch format.sample {
          case .uint8: 255
          case .uint16: 65535
          case .float32: 1
          }
        for y in 0..<image.height {
          let row = y &* image.bytesPerRow
          for x in 0..<image.width {
            guard let entry = layout.entryIndex(x: x, y: y) else { continue }
            let pixel = row &+ x &* stride
            for c in 0..<3 {
              let v: Float =
                switch format.sample {
                case .uint8: Float(bytes[pixel &+ c])
                case .uint16:
                  Float(bytes.load(fromByteOffset: pixel &+ 2 &* c, as: UInt16.self))
                case .float32: bytes.load(fromByteOffset: pixel &+ 4 &* c, as: Float.self)
                }
              out[3 &* entry &+ c] = v / maximum
            }
          }
        }
      }
    }
    guard let cube = ColorCube(size: n, values: values) else {
      throw LUTError(problem: .notFinite("a sample of the image"))
    }
    self = cube
  }

  /// The cube of a HaldCLUT image, its level read from the size (every Hald level has its own
  /// size, so nothing is guessed).
  public init(haldImage: Bitmap) throws(LUTError) {
    try self.init(
      image: haldImage,
      layout: LUTImageLayout.hald(width: haldImage.width, height: haldImage.height))
  }

  /// The cube as an RGB image in `layout` with `sample`-sized samples, resampled
  /// (`interpolation`) when its size is not the layout's. Values are clamped to 0...1 and
  /// rounded; unused tiles are black.
  public func image(
    layout: LUTImageLayout, sample: SampleType = .uint8,
    interpolation: CubeInterpolation = .tetrahedral
  ) -> Bitmap {
    let cube = ColorLUT.cube(self).cube(size: layout.cubeSize, interpolation: interpolation)
    let format = PixelFormat(hasAlpha: false, sample: sample)
    return cube.values.withUnsafeBufferPointer { values in
      Bitmap(width: layout.width, height: layout.height, format: format) { bytes in
        bytes.initializeMemory(as: UInt8.self, repeating: 0)
        for y in 0..<layout.height {
          let row = y &* layout.width &* 3
          for x in 0..<layout.width {
            guard let entry = layout.entryIndex(x: x, y: y) else { continue }
            for c in 0..<3 {
              let v = min(max(values[3 &* entry &+ c], 0), 1)
              let i = row &+ 3 &* x &+ c
              switch sample {
              case .uint8: bytes[i] = UInt8((v * 255).rounded())
              case .uint16:
                bytes.storeBytes(
                  of: UInt16((v * 65535).rounded()), toByteOffset: 2 &* i, as: UInt16.self)
              case .float32: bytes.storeBytes(of: v, toByteOffset: 4 &* i, as: Float.self)
              }
            }
          }
        }
      }
    }
  }

  /// The cube as a HaldCLUT image of `level` (2...16).
  public func haldImage(level: Int, sample: SampleType = .uint8) -> Bitmap {
    image(layout: .hald(level: min(max(level, 2), 16)), sample: sample)
  }
}
