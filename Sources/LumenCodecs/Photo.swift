import Foundation
import LumenCore

/// A photo opened for editing: its upright ``Image`` and what the file said about itself.
///
/// This is the usual way in and out of Lumen: open, build an image from filters, export.
/// Opening for a preview (`fitting:`) decodes at a reduced size when the codec can (JPEG DCT
/// scaling), so a 24 MP photo previews without a full decode.
public struct Photo: Sendable {
  public let url: URL
  /// The decoded pixels and metadata, before orientation is applied.
  public let decoded: DecodedImage
  /// The pixels turned upright by the file's EXIF orientation, at the origin.
  public var image: Image { Image(bitmap: decoded.bitmap).oriented(decoded.orientation) }

  /// Opens `url`, by default streaming (``DecodeOptions/streaming``): JPEG rows are decoded
  /// when a render needs them, on a thread of their own, into a window of rows when the
  /// render reads the photo top to bottom, and a decoding error surfaces from that render.
  /// With `longSide`, decodes at the smallest reduction whose long side is still at least
  /// `longSide` pixels (the caller resamples the rest of the way).
  public init(
    contentsOf url: URL, fitting longSide: Int? = nil,
    options: DecodeOptions = DecodeOptions(streaming: true)
  )
    throws(CodecError)
  {
    var options = options
    // Read once: the header decides the scale, the same bytes are decoded.
    let data = try ImageFile.contents(of: url)
    if let longSide, longSide > 0 {
      let info = try ImageFile.info(data: data, name: url.path)
      let full = max(info.width, info.height)
      options.scale =
        DecodeScale.allCases.filter { (full + $0.denominator - 1) / $0.denominator >= longSide }
        .max { $0.denominator < $1.denominator } ?? .full
    }
    self.url = url
    self.decoded = try ImageFile.read(data: data, name: url.path, options: options)
  }

  /// Renders `image` into a file at `destination` (format from its extension), streaming rows
  /// into the encoder. EXIF from this photo is carried over (rewritten for the output:
  /// orientation 1, its size, no thumbnail; see ``EncodeOptions``) unless `options.exif` is
  /// already set. A 16-bit photo written as PNG stays 16-bit unless `options.bitDepth` says
  /// otherwise. The encoder's memory counts against `context`'s budget unless
  /// `options.memoryBudget` is set. The file appears atomically; the original is never
  /// overwritten unless `overwrite` is true. Renders in `context`.
  public func export(
    _ image: Image, to destination: URL, options: EncodeOptions = EncodeOptions(),
    overwrite: Bool = false, context: RenderContext = RenderContext(),
    progress: (any RowSink)? = nil
  ) throws {
    var options = options
    if options.exif == nil { options.exif = decoded.exif }
    if options.memoryBudget == nil { options.memoryBudget = context.memoryBudget }
    try ImageWriter(url: destination, options: options, source: url, overwrite: overwrite)
      .render(
        image, sourceSample: decoded.bitmap.format.sample, context: context, progress: progress)
  }
}

extension ImageWriter {
  /// Renders `image` in `context` into this writer (and `progress`, if any), in the layout it
  /// encodes without converting (``preferredFormat(hasAlpha:sourceSample:)``); a failed render
  /// leaves no file.
  public func render(
    _ image: Image, sourceSample: SampleType = .uint8, context: RenderContext,
    progress: (any RowSink)? = nil
  ) throws {
    let format = preferredFormat(hasAlpha: !image.isOpaque, sourceSample: sourceSample)
    let sink: any RowSink = progress.map { RowTee(self, $0) } ?? self
    do {
      try context.render(image, format: format, to: sink)
    } catch {
      cancel()
      throw error
    }
  }
}

/// Passes every band to two sinks (an encoder and a progress display).
private final class RowTee: RowSink {
  let first: any RowSink
  let second: any RowSink
  init(_ first: any RowSink, _ second: any RowSink) {
    self.first = first
    self.second = second
  }
  func begin(width: Int, height: Int, format: PixelFormat) throws {
    try first.begin(width: width, height: height, format: format)
    try second.begin(width: width, height: height, format: format)
  }
  func write(_ band: RowBand) throws {
    try first.write(band)
    try second.write(band)
  }
  func finish() throws {
    try first.finish()
    try second.finish()
  }
}
