import Foundation

/// How to encode an image file. Each format uses the settings that apply to it.
public struct EncodeOptions: Sendable {
  /// Lossy quality, 1...100 (JPEG, lossy WebP, HEIC); values outside are clamped.
  public var quality: Int
  /// JPEG chroma subsampling.
  public var chroma: ChromaSubsampling
  /// JPEG progressive scans (loads coarse-to-fine on the web; usually a little smaller).
  public var progressive: Bool
  /// Lossless WebP or HEIC instead of lossy.
  public var lossless: Bool
  /// PNG sample depth; nil follows the rendered pixels (16 for 16-bit or float renders).
  public var bitDepth: PNGBitDepth?
  /// Which colour profile the file gets.
  public var profile: OutputProfile
  /// EXIF to carry over (a TIFF payload, as in ``DecodedImage/exif``). Its Orientation is
  /// rewritten to 1 because the pixels are written upright.
  public var exif: Data?
  /// Remove the GPS block from ``exif`` so that shared photos do not reveal where they were taken.
  public var stripGPS: Bool

  public init(
    quality: Int = 90, chroma: ChromaSubsampling = .s420, progressive: Bool = false,
    lossless: Bool = false, bitDepth: PNGBitDepth? = nil, profile: OutputProfile = .sRGB,
    exif: Data? = nil, stripGPS: Bool = false
  ) {
    self.quality = quality
    self.chroma = chroma
    self.progressive = progressive
    self.lossless = lossless
    self.bitDepth = bitDepth
    self.profile = profile
    self.exif = exif
    self.stripGPS = stripGPS
  }

  var clampedQuality: Int { min(max(quality, 1), 100) }
}

/// How JPEG stores colour detail relative to brightness.
public enum ChromaSubsampling: Sendable {
  /// Colour at half resolution both ways: smaller files, the usual choice for photos.
  case s420
  /// Colour at full resolution: for graphics and text with sharp coloured edges.
  case s444
}

public enum PNGBitDepth: Int, Sendable {
  case eight = 8
  case sixteen = 16
}

/// The colour profile an encoder embeds. Rendered pixels are always sRGB.
public enum OutputProfile: Sendable {
  /// Embed a compact sRGB profile so that colour-managed viewers need not guess.
  case sRGB
  /// Convert the pixels to this RGB ICC profile and embed it: typically the source file's
  /// (such as Display P3 or Adobe RGB), so the output is tagged like its original.
  case keepSource(Data)
  /// Embed nothing; viewers assume sRGB.
  case none
}
