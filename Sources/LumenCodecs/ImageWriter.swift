import Foundation
import LumenCore

#if canImport(Glibc)
  import Glibc
#endif

/// Writes an image file from rows streamed by a renderer (a ``RowSink``).
///
/// The file appears at `url` only when ``finish()`` succeeds (see ``AtomicOutput``); an
/// error, ``cancel()``, or dropping the writer unfinished leaves nothing behind.
public final class ImageWriter: RowSink {
  public let url: URL
  public let format: ImageFormat
  public let options: EncodeOptions

  private struct Session {
    let file: AtomicOutput
    let encoder: any FormatEncoder
    var converter: RowConverter
    let height: Int
    var rowsWritten = 0
  }
  private var session: Session?

  /// Prepares to write `url` in `format` (by default, the one its extension names).
  ///
  /// - Parameters:
  ///   - source: The file the image was read from. Writing over it is refused unless
  ///     `overwrite` is true, so that a mistyped command cannot destroy an original.
  public init(
    url: URL, format: ImageFormat? = nil, options: EncodeOptions = EncodeOptions(),
    source: URL? = nil, overwrite: Bool = false
  ) throws(CodecError) {
    let file = url.path
    guard let format = format ?? ImageFormat(pathExtension: url.pathExtension) else {
      throw CodecError(
        file: file,
        problem: .unsupported(
          "cannot tell the output format from the extension \"\(url.pathExtension)\""
            + " (use .jpg, .png, .webp or .heic)"))
    }
    if format == .heic && !HEIFEncoder.isAvailable {
      throw CodecError(file: file, problem: .encoderUnavailable(.heic))
    }
    if let source, !overwrite, FileIdentity.same(source.path, url.path) {
      throw CodecError(
        file: file, problem: .io("refusing to overwrite the input file (overwrite was not asked)"))
    }
    self.url = url
    self.format = format
    self.options = options
  }

  /// The pixel layout this writer encodes without converting; rendering in it saves a copy
  /// per row. PNG follows `sourceSample` (a 16-bit source renders to a 16-bit PNG) unless
  /// ``EncodeOptions/bitDepth`` says otherwise.
  public func preferredFormat(hasAlpha: Bool, sourceSample: SampleType = .uint8) -> PixelFormat {
    switch format {
    case .jpeg: .rgb8
    case .png:
      PixelFormat(
        hasAlpha: hasAlpha,
        sample: options.bitDepth.map { $0 == .sixteen } ?? (sourceSample != .uint8)
          ? .uint16 : .uint8)
    case .webp, .heic: hasAlpha ? .rgba8 : .rgb8
    }
  }

  public func begin(width: Int, height: Int, format pixelFormat: PixelFormat) throws(CodecError) {
    try run { () throws(CodecError.Problem) in
      guard session == nil else { throw .io("begin called twice") }
      guard width > 0, height > 0 else { throw .unsupported("an empty \(width)x\(height) image") }
      try options.check(for: format)
      let budget = options.memoryBudget ?? RenderContext.defaultMemoryBudget
      let needed = encodingMemory(
        format, width: width, height: height, hasAlpha: pixelFormat.hasAlpha, options: options)
      guard needed <= budget else {
        throw .encodingOverBudget(format, needed: needed, budget: budget)
      }
      let file = try CodecError.Problem.io { () throws(FileError) in try AtomicOutput(target: url) }
      let destination = try destinationProfile()
      let setup = EncoderSetup(
        file: file, width: width, height: height, hasAlpha: pixelFormat.hasAlpha,
        sample: pixelFormat.sample, options: options, iccProfile: embeddedProfile,
        exif: options.stripMetadata
          ? nil
          : options.exif.flatMap {
            Exif.prepareForOutput($0, width: width, height: height, stripGPS: options.stripGPS)
          })
      let encoder: any FormatEncoder =
        switch format {
        case .jpeg: try JPEGEncoder(setup)
        case .png: try PNGEncoder(setup)
        case .webp: try WebPEncoder(setup)
        case .heic: try HEIFEncoder(setup)
        }
      var transform: ColorTransform?
      if let destination {
        transform = ColorTransform(from: .sRGB(), to: destination, layout: encoder.inputFormat)
        guard transform != nil else { throw .unsupported("cannot convert to the output profile") }
      }
      let converter = RowConverter(
        source: pixelFormat, target: encoder.inputFormat, width: width, transform: transform)
      session = Session(file: file, encoder: encoder, converter: converter, height: height)
    }
  }

  public func write(_ band: RowBand) throws(CodecError) {
    if let converter = session?.converter,
      band.format != converter.source || band.width != converter.width
    {
      try run { () throws(CodecError.Problem) in
        throw .io("a band's layout differs from the one given to begin")
      }
    }
    try writeRows(band.bytes, count: band.rowCount, bytesPerRow: band.bytesPerRow)
  }

  /// Writes `count` rows stored `bytesPerRow` apart, in the format given to ``begin``.
  func writeRows(_ bytes: UnsafeRawBufferPointer, count: Int, bytesPerRow: Int) throws(CodecError) {
    try run { () throws(CodecError.Problem) in
      guard var session, let base = bytes.baseAddress else {
        throw .io("rows written before begin")
      }
      // Taken out while in use so that the converter's row buffer is not copied on write.
      self.session = nil
      defer { self.session = session }
      guard session.rowsWritten + count <= session.height else { throw .io("too many rows") }
      for index in 0..<count {
        try session.converter.convert(base + index * bytesPerRow) {
          (row) throws(CodecError.Problem) in
          try session.encoder.write(row: row)
        }
      }
      session.rowsWritten += count
    }
  }

  public func finish() throws(CodecError) {
    try run { () throws(CodecError.Problem) in
      guard let session, session.rowsWritten == session.height else {
        throw .io("the image ended before all its rows were written")
      }
      try session.encoder.finish()
      try CodecError.Problem.io { () throws(FileError) in try session.file.commit() }
      self.session = nil
    }
  }

  /// Abandons the file being written.
  public func cancel() {
    session?.file.discard()
    session = nil
  }

  /// Runs a step, abandoning the file if it fails.
  private func run(_ step: () throws(CodecError.Problem) -> Void) throws(CodecError) {
    do {
      try step()
    } catch {
      cancel()
      throw CodecError(file: url.path, problem: error)
    }
  }

  /// The ICC profile bytes the file gets.
  private var embeddedProfile: Data? {
    switch options.profile {
    case .none: nil
    case .sRGB: ColorProfile.sRGBData
    case .keepSource(let data): data
    }
  }

  /// The profile to convert the sRGB pixels to, or nil when they stay sRGB.
  private func destinationProfile() throws(CodecError.Problem) -> ColorProfile? {
    guard case .keepSource(let data) = options.profile else { return nil }
    guard let profile = ColorProfile(iccData: data), profile.isRGB else {
      throw .unsupported("the output profile is not a usable RGB ICC profile")
    }
    return profile
  }
}
