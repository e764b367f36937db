import Foundation

/// How to encode an image file. Settings that a format does not take are refused (see
/// ``EncodeSetting``), not ignored: a user asking for lossless JPEG must learn there is none.
public struct EncodeOptions: Sendable {
  /// The quality used when none is asked for.
  public static let defaultQuality = 90

  /// Lossy quality, 1...100 (JPEG, WebP, HEIC); values outside are clamped. Nil:
  /// ``defaultQuality``; any value is refused for PNG, which has no quality.
  public var quality: Int?
  /// JPEG chroma subsampling.
  public var chroma: ChromaSubsampling
  /// JPEG progressive scans (loads coarse-to-fine on the web; usually a little smaller).
  public var progressive: Bool
  /// Lossless WebP instead of lossy.
  public var lossless: Bool
  /// PNG sample depth; nil follows the rendered pixels (a photo export renders 16-bit sources
  /// in 16 bits, so a 16-bit PNG stays 16-bit). Only PNG holds 16 bits: `.sixteen` is refused
  /// for other formats.
  public var bitDepth: PNGBitDepth?
  /// Which colour profile the file gets (kept even by ``stripMetadata``: it defines colours).
  public var profile: OutputProfile
  /// EXIF to carry over (a TIFF payload, as in ``DecodedImage/exif``), rewritten for the output
  /// (see ``Exif/prepareForOutput(_:width:height:stripGPS:)``): Orientation 1, the output's
  /// size, no thumbnail.
  public var exif: Data?
  /// Remove the GPS block from ``exif`` so that shared photos do not reveal where they were taken.
  public var stripGPS: Bool
  /// Encode fast rather than small, as a preview wants (WebP's fastest method, zlib's fastest
  /// level for PNG; JPEG and HEIC encode as they would anyway).
  public var favorsSpeed = false
  /// Write no EXIF at all (camera, dates, location...); the colour profile stays.
  public var stripMetadata: Bool
  /// Bytes the encoder may hold; encoders that need the whole picture in memory (WebP, HEIC)
  /// refuse images whose estimate exceeds it. Nil: the render context's budget when exporting
  /// a ``Photo``, else `RenderContext.defaultMemoryBudget`.
  public var memoryBudget: Int?

  public init(
    quality: Int? = nil, chroma: ChromaSubsampling = .s420,
    progressive: Bool = false, lossless: Bool = false, bitDepth: PNGBitDepth? = nil,
    profile: OutputProfile = .sRGB, exif: Data? = nil, stripGPS: Bool = false,
    stripMetadata: Bool = false, memoryBudget: Int? = nil
  ) {
    self.quality = quality
    self.chroma = chroma
    self.progressive = progressive
    self.lossless = lossless
    self.bitDepth = bitDepth
    self.profile = profile
    self.exif = exif
    self.stripGPS = stripGPS
    self.stripMetadata = stripMetadata
    self.memoryBudget = memoryBudget
  }

  var clampedQuality: Int { min(max(quality ?? Self.defaultQuality, 1), 100) }

  /// The format-specific settings these options ask for.
  public var requestedSettings: [EncodeSetting] {
    EncodeSetting.allCases.filter { setting in
      switch setting {
      case .quality: quality != nil
      case .progressive: progressive
      case .fullChroma: chroma == .s444
      case .lossless: lossless
      case .sixteenBit: bitDepth == .sixteen
      }
    }
  }

  /// Refuses the first requested setting that `format` does not take.
  func check(for format: ImageFormat) throws(CodecError.Problem) {
    if let setting = requestedSettings.first(where: { !$0.formats.contains(format) }) {
      throw .inapplicable(setting, format)
    }
  }
}

/// The one table of which encoding setting applies to which format: the writer's checks and
/// the command-line help are derived from it.
public enum EncodeSetting: String, Sendable, CaseIterable {
  case quality
  case progressive
  case fullChroma
  case lossless
  case sixteenBit

  /// The formats that take this setting.
  public var formats: [ImageFormat] {
    switch self {
    case .quality: [.jpeg, .webp, .heic]
    case .progressive, .fullChroma: [.jpeg]
    // HEIC's "lossless" would still lose colour in the YCbCr 4:2:0 conversion.
    case .lossless: [.webp]
    case .sixteenBit: [.png]
    }
  }

  /// What the setting does, for messages.
  public var summary: String {
    switch self {
    case .quality: "a lossy quality"
    case .progressive: "progressive scans"
    case .fullChroma: "full-resolution colour (4:4:4)"
    case .lossless: "lossless compression"
    case .sixteenBit: "16 bits per sample"
    }
  }

  /// The formats that take it, for messages: "WebP", "JPEG, WebP and HEIC".
  public var formatNames: String {
    let names = formats.map(\.name)
    guard let last = names.last, names.count > 1 else { return names.first ?? "" }
    return names.dropLast().joined(separator: ", ") + " and " + last
  }

  /// A help line naming the formats, such as "lossless compression (WebP only)".
  public var help: String { "\(summary) (\(formatNames)\(formats.count == 1 ? " only" : ""))" }
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
