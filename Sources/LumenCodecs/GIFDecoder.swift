import CGIF
import LumenCore

/// Reads GIF animations with giflib, record by record and row by row (never a whole frame of
/// indices at once, so a forged frame size costs nothing), composing each frame onto the
/// canvas the way browsers do: the canvas starts transparent, a frame's transparent index
/// leaves what is below, and its disposal (leave, clear to transparent, restore the previous
/// picture) applies before the next frame is drawn. A delay under 2 hundredths of a second
/// counts as a tenth, as browsers and FFmpeg count it.
enum GIFDecoder {
  static func decode(_ bytes: UnsafeRawBufferPointer, options: DecodeOptions)
    throws(CodecError.Problem) -> AnimatedImage.Decoded
  {
    let source = UnsafeMutablePointer<Source>.allocate(capacity: 1)
    source.initialize(to: Source(bytes: bytes))
    defer { source.deallocate() }
    var error: Int32 = 0
    guard let gif = DGifOpen(source, Source.read, &error) else { throw problem(error) }
    defer { DGifCloseFile(gif, nil) }
    var reader = Reader(gif: gif, options: options)
    try reader.readScreen()
    return try reader.readRecords()
  }

  /// The bytes giflib reads, through ``read``.
  struct Source {
    let bytes: UnsafeRawBufferPointer
    var offset = 0

    static let read: InputFunc = { gif, buffer, count in
      guard let gif, let buffer, count > 0,
        let source = gif.pointee.UserData?.assumingMemoryBound(to: Source.self)
      else { return 0 }
      let available = min(Int(count), source.pointee.bytes.count - source.pointee.offset)
      guard available > 0, let base = source.pointee.bytes.baseAddress else { return 0 }
      UnsafeMutableRawPointer(buffer).copyMemory(
        from: base + source.pointee.offset, byteCount: available)
      source.pointee.offset += available
      return Int32(available)
    }
  }

  /// A giflib error code as a problem.
  static func problem(_ code: Int32) -> CodecError.Problem {
    switch code {
    case D_GIF_ERR_READ_FAILED, D_GIF_ERR_EOF_TOO_SOON: .truncated
    default: .corrupt(GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)")
    }
  }
}

extension GIFDecoder {
  /// The state of one decode: the canvas, the graphics control of the frame to come, and what
  /// the last frame asked to be done before the next.
  struct Reader {
    let gif: UnsafeMutablePointer<GifFileType>
    let options: DecodeOptions
    var width = 0
    var height = 0
    /// RGBA, straight alpha.
    var canvas: [UInt8] = []
    var frames: [AnimatedImage.Frame] = []
    /// Hundredths of a second before the next frame.
    var elapsed = 0
    /// GIFs without a NETSCAPE2.0 block play once.
    var loopCount: Int? = 1
    var control = Control()
    var disposal: Disposal?

    init(gif: UnsafeMutablePointer<GifFileType>, options: DecodeOptions) {
      self.gif = gif
      self.options = options
    }

    /// A graphics control extension's settings.
    struct Control {
      var disposalMode = 0
      var hundredths = 0
      var transparentIndex = -1
    }

    /// What to do to the canvas before the next frame.
    struct Disposal {
      var rect: (x: Range<Int>, y: Range<Int>)
      var mode: Int
      /// The canvas before the frame, for mode 3.
      var previous: [UInt8]?
    }

    mutating func readScreen() throws(CodecError.Problem) {
      width = Int(gif.pointee.SWidth)
      height = Int(gif.pointee.SHeight)
      try options.checkSize(width: width, height: height)
      try AnimatedImage.Decoded.checkRoom(
        forFrame: 0, width: width, height: height, options: options)
      canvas = [UInt8](repeating: 0, count: width * height * 4)
    }

    mutating func readRecords() throws(CodecError.Problem) -> AnimatedImage.Decoded {
      while true {
        var type = UNDEFINED_RECORD_TYPE
        guard DGifGetRecordType(gif, &type) == GIF_OK else {
          // Many GIFs end without their trailer; what came before is whole.
          if !frames.isEmpty, gif.pointee.Error == D_GIF_ERR_READ_FAILED { break }
          throw GIFDecoder.problem(gif.pointee.Error)
        }
        switch type {
        case IMAGE_DESC_RECORD_TYPE: try readFrame()
        case EXTENSION_RECORD_TYPE: try readExtension()
        case TERMINATE_RECORD_TYPE: break
        default: throw .corrupt("an unknown record")
        }
        if type == TERMINATE_RECORD_TYPE { break }
      }
      guard !frames.isEmpty else { throw .corrupt("the GIF has no image") }
      return AnimatedImage.Decoded(
        width: width, height: height, frames: frames, loopCount: loopCount)
    }

    private mutating func readExtension() throws(CodecError.Problem) {
      var code: Int32 = 0
      var block: UnsafeMutablePointer<GifByteType>?
      guard DGifGetExtension(gif, &code, &block) == GIF_OK else {
        throw GIFDecoder.problem(gif.pointee.Error)
      }
      var first = true
      var isLoopBlock = false
      while let data = block {
        // A sub-block: its length, then its bytes.
        let bytes = UnsafeBufferPointer(start: data + 1, count: Int(data[0]))
        if first, code == GRAPHICS_EXT_FUNC_CODE, bytes.count >= 4 {
          control.disposalMode = Int(bytes[0] >> 2) & 7
          control.hundredths = Int(bytes[1]) | Int(bytes[2]) << 8
          control.transparentIndex = bytes[0] & 1 != 0 ? Int(bytes[3]) : -1
        } else if first, code == APPLICATION_EXT_FUNC_CODE {
          isLoopBlock = Array(bytes) == Array("NETSCAPE2.0".utf8)
        } else if isLoopBlock, bytes.count >= 3, bytes[0] == 1 {
          // The times it plays again after the first (ImageMagick, browsers, gif2webp).
          let repeats = Int(bytes[1]) | Int(bytes[2]) << 8
          loopCount = repeats == 0 ? nil : repeats + 1
        }
        first = false
        guard DGifGetExtensionNext(gif, &block) == GIF_OK else {
          throw GIFDecoder.problem(gif.pointee.Error)
        }
      }
    }

    private mutating func readFrame() throws(CodecError.Problem) {
      guard DGifGetImageDesc(gif) == GIF_OK else { throw GIFDecoder.problem(gif.pointee.Error) }
      let description = gif.pointee.Image
      let (left, top) = (Int(description.Left), Int(description.Top))
      let (frameWidth, frameHeight) = (Int(description.Width), Int(description.Height))
      guard frameWidth > 0, frameHeight > 0 else { throw .corrupt("an empty frame") }
      guard let map = description.ColorMap ?? gif.pointee.SColorMap,
        let colors = map.pointee.Colors
      else { throw .corrupt("a frame without a colour table") }
      let palette = UnsafeBufferPointer(start: colors, count: Int(max(0, map.pointee.ColorCount)))
      try AnimatedImage.Decoded.checkRoom(
        forFrame: frames.count, width: width, height: height, options: options)
      dispose()
      let x = min(left, width)..<min(left + frameWidth, width)
      let y = min(top, height)..<min(top + frameHeight, height)
      disposal = Disposal(
        rect: (x, y), mode: control.disposalMode,
        previous: control.disposalMode == 3 ? canvas : nil)

      var line = [GifPixelType](repeating: 0, count: frameWidth)
      for row in Self.rowOrder(height: frameHeight, interlaced: description.Interlace) {
        let status = line.withUnsafeMutableBufferPointer {
          DGifGetLine(gif, $0.baseAddress, Int32(frameWidth))
        }
        guard status == GIF_OK else { throw GIFDecoder.problem(gif.pointee.Error) }
        guard y.contains(top + row) else { continue }
        draw(line, row: top + row, columns: x, left: left, palette: palette)
      }

      let hundredths = control.hundredths < 2 ? 10 : control.hundredths
      let bitmap = canvas.withUnsafeBytes { pixels in
        Bitmap(width: width, height: height, format: .rgba8) {
          $0.copyMemory(from: pixels)
        }
      }
      frames.append(
        AnimatedImage.Frame(
          start: Double(elapsed) / 100, duration: Double(hundredths) / 100, bitmap: bitmap))
      elapsed += hundredths
      control = Control()
    }

    /// One row of a frame's indices onto the canvas: opaque palette colours, the transparent
    /// index (and an index the palette lacks) leaving the canvas as it was.
    private mutating func draw(
      _ line: [GifPixelType], row: Int, columns: Range<Int>, left: Int,
      palette: UnsafeBufferPointer<GifColorType>
    ) {
      let transparent = control.transparentIndex
      canvas.withUnsafeMutableBufferPointer { canvas in
        var offset = (row * width + columns.lowerBound) * 4
        for column in columns {
          let index = Int(line[column - left])
          if index != transparent, index < palette.count {
            let color = palette[index]
            canvas[offset] = color.Red
            canvas[offset + 1] = color.Green
            canvas[offset + 2] = color.Blue
            canvas[offset + 3] = 255
          }
          offset += 4
        }
      }
    }

    /// What the last frame asked for, done before the next is drawn.
    private mutating func dispose() {
      guard let disposal else { return }
      switch disposal.mode {
      case 2:
        for row in disposal.rect.y {
          let start = (row * width + disposal.rect.x.lowerBound) * 4
          canvas.replaceSubrange(
            start..<(start + disposal.rect.x.count * 4),
            with: repeatElement(0, count: disposal.rect.x.count * 4))
        }
      case 3:
        if let previous = disposal.previous { canvas = previous }
      default: break
      }
      self.disposal = nil
    }

    /// The frame rows in the order the file stores them: interlaced frames in four passes
    /// (every 8th row from 0, every 8th from 4, every 4th from 2, every 2nd from 1).
    static func rowOrder(height: Int, interlaced: Bool) -> [Int] {
      guard interlaced else { return Array(0..<height) }
      return [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in
        Array(stride(from: start, to: height, by: step))
      }
    }
  }
}
