import Foundation
import LumenCore

/// What an image file's headers say, read without decoding pixels (for `lumen info`).
public struct ImageInfo: Sendable {
  public var format: ImageFormat
  /// The stored size; ``orientation`` says whether it is shown turned.
  public var width: Int
  public var height: Int
  public var orientation: Orientation
  /// Bits per sample as stored (8 for JPEG; 1 to 16 for PNG; 8 to 12 for HEIC).
  public var bitDepth: Int
  public var hasAlpha: Bool
  /// The embedded ICC profile's description (such as "Display P3"), or nil without one.
  public var profileDescription: String?
  public var iccProfile: Data?
  public var exif: Data?
}
