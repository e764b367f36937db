import Foundation
import LumenCore

/// Allocates a bitmap, lets `decode` write the file's pixels into it, and converts them from the
/// embedded ICC profile to sRGB in place (no second copy of a large image).
///
/// The profile is opened before decoding so that an unusable one fails fast. Profiles
/// equivalent to sRGB are not applied (see ``ColorProfile/isEquivalentToSRGB``), nor are grey
/// ones: a grey image's profile is kept in ``DecodedImage/iccProfile`` but its samples, expanded
/// to RGB, are taken as sRGB grey.
func decodeBitmap(
  width: Int, height: Int, format: PixelFormat, iccProfile: Data?, options: DecodeOptions,
  decode: (UnsafeMutableRawBufferPointer) throws(CodecError.Problem) -> Void
) throws(CodecError.Problem) -> Bitmap {
  let transform =
    try options.convertToSRGB
    ? ColorProfile.transformToSRGB(embedded: iccProfile, layout: format) : nil
  var failure: CodecError.Problem?
  let bitmap = Bitmap(width: width, height: height, format: format) { pixels in
    do throws(CodecError.Problem) {
      try decode(pixels)
      transform?.apply(pixels)
    } catch {
      failure = error
    }
  }
  if let failure { throw failure }
  return bitmap
}

/// A file's rows decoded for a streamed bitmap (see ``RowProducer``); its errors name the file.
protocol FileRows: RowProducer {
  var name: String { get }
  /// Decodes every row into `rows`, as ``RowProducer/produce(into:)``.
  func decode(into rows: RowBuffer) throws(CodecError.Problem)
}

extension FileRows {
  func produce(into rows: RowBuffer) throws {
    do {
      try decode(into: rows)
    } catch {
      throw CodecError(file: name, problem: error)
    }
  }
}

/// The description of an embedded profile, for ``ImageInfo``.
func profileDescription(_ iccProfile: Data?) -> String? {
  iccProfile.flatMap { ColorProfile(iccData: $0)?.description }
}

extension Data {
  /// `withUnsafeBytes` keeping the typed error of `body` (Foundation's version rethrows untyped).
  func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws(CodecError.Problem) -> R)
    throws(CodecError.Problem) -> R
  {
    try withUnsafeBytes { bytes in
      Result { () throws(CodecError.Problem) in try body(bytes) }
    }.get()
  }

  /// Copies `count` bytes from a C pointer, or nil when there are none.
  init?(cBytes: UnsafePointer<UInt8>?, count: Int) {
    guard let cBytes, count > 0 else { return nil }
    self.init(bytes: cBytes, count: count)
  }
}
