import Foundation
import LumenCore

/// A decoded image file: its pixels and what the file says about them.
public struct DecodedImage: Sendable {
  /// RGB or RGBA (straight alpha), 8-bit, or 16-bit for 16-bit PNGs and high-bit-depth HEICs.
  /// Samples are sRGB-encoded unless ``DecodeOptions/convertToSRGB`` was false. The pixels are
  /// as stored: ``orientation`` says how to turn them upright.
  public var bitmap: Bitmap
  public var format: ImageFormat
  /// How the stored pixels must be turned to stand upright (from EXIF). Always `.up` for
  /// HEIC, whose decoder already applies the file's rotation and mirroring.
  public var orientation: Orientation
  /// The embedded ICC profile as found in the file (before any conversion), if any.
  public var iccProfile: Data?
  /// The EXIF payload (a TIFF structure, without the `Exif\0\0` prefix), if any.
  public var exif: Data?
  /// The stored size before any decode scaling.
  public var originalWidth: Int
  public var originalHeight: Int
  /// The reduction actually applied while decoding (`.full` unless the format can scale).
  public var appliedScale: DecodeScale
}
