import LumenCore

/// Converts rendered rows to the layout an encoder takes (adding or dropping alpha, changing
/// sample depth, encoding linear float to sRGB) and then, for ``OutputProfile/keepSource(_:)``,
/// from sRGB to the output profile. Rows already in the encoder's layout pass through uncopied.
///
/// Dropping alpha discards it without compositing: callers that want a background flatten the
/// image before rendering.
struct RowConverter {
  let source: PixelFormat
  let target: PixelFormat
  let width: Int
  let transform: ColorTransform?
  private var buffer: [UInt8]

  init(source: PixelFormat, target: PixelFormat, width: Int, transform: ColorTransform?) {
    self.source = source
    self.target = target
    self.width = width
    self.transform = transform
    let passesThrough = source == target && transform == nil
    buffer = passesThrough ? [] : [UInt8](repeating: 0, count: width * target.bytesPerPixel)
  }

  /// Calls `body` with `row` in the target layout (valid only during the call).
  mutating func convert<R>(
    _ row: UnsafeRawPointer, _ body: (UnsafeRawPointer) throws(CodecError.Problem) -> R
  ) throws(CodecError.Problem) -> R {
    if buffer.isEmpty { return try body(row) }
    let (source, target, width, transform) = (self.source, self.target, self.width, self.transform)
    let converted = buffer.withUnsafeMutableBytes { output in
      if source == target {
        output.copyMemory(from: UnsafeRawBufferPointer(start: row, count: output.count))
      } else {
        Self.repack(row, from: source, into: output, as: target, width: width)
      }
      transform?.apply(output)
      return Result { () throws(CodecError.Problem) in
        guard let converted = output.baseAddress else { throw .io("empty row buffer") }
        return try body(UnsafeRawPointer(converted))
      }
    }
    return try converted.get()
  }

  /// Sample-by-sample conversion through 0...1 values: exact between 8 and 16 bits (x257), and
  /// rounds float renders to the nearest level after sRGB encoding.
  private static func repack(
    _ row: UnsafeRawPointer, from source: PixelFormat, into output: UnsafeMutableRawBufferPointer,
    as target: PixelFormat, width: Int
  ) {
    for x in 0..<width {
      for channel in 0..<target.channels {
        let isAlpha = channel == 3
        let value: Float =
          isAlpha && !source.hasAlpha
          ? 1 : read(row, x * source.channels + channel, source, isAlpha)
        write(value, to: output, at: x * target.channels + channel, target)
      }
    }
  }

  private static func read(
    _ row: UnsafeRawPointer, _ index: Int, _ format: PixelFormat, _ isAlpha: Bool
  )
    -> Float
  {
    switch format.sample {
    case .uint8: return Float(row.load(fromByteOffset: index, as: UInt8.self)) / 255
    case .uint16:
      return Float(row.loadUnaligned(fromByteOffset: 2 * index, as: UInt16.self)) / 65535
    case .float32:
      let stored = row.loadUnaligned(fromByteOffset: 4 * index, as: Float.self)
      let value = stored.isNaN ? 0 : min(max(stored, 0), 1)
      return isAlpha || format.transfer == .sRGB ? value : SRGB.encode(value)
    }
  }

  private static func write(
    _ value: Float, to output: UnsafeMutableRawBufferPointer, at index: Int, _ format: PixelFormat
  ) {
    let value = value.isNaN ? 0 : min(max(value, 0), 1)
    switch format.sample {
    case .uint8:
      output.storeBytes(of: UInt8((value * 255).rounded()), toByteOffset: index, as: UInt8.self)
    case .uint16:
      output.storeBytes(
        of: UInt16((value * 65535).rounded()), toByteOffset: 2 * index, as: UInt16.self)
    case .float32: output.storeBytes(of: value, toByteOffset: 4 * index, as: Float.self)
    }
  }
}
