import LumenCodecs

/// How a photo job encodes its output: the choices `lumen edit` offers, as plain data.
/// The format comes from the output's extension; a choice it does not take is refused when
/// the job runs (``EncodeSetting``).
public struct PhotoEncoding: Codable, Hashable, Sendable {
  /// JPEG, WebP and HEIC quality; nil: ``EncodeOptions/defaultQuality`` (PNG takes none).
  public var quality: Int?
  /// Progressive JPEG.
  public var progressive = false
  /// Full-resolution chroma in JPEG (4:4:4) rather than 4:2:0.
  public var fullChroma = false
  /// Lossless WebP.
  public var lossless = false
  /// PNG bits per sample, 8 or 16; nil keeps the input's depth (a 16-bit PNG stays 16-bit).
  public var bitDepth: Int?
  /// Leave the GPS position of the original out of the output's EXIF.
  public var stripsGPS = false
  /// Leave out all the original's EXIF (the colour profile is kept: it defines the colours).
  public var stripsMetadata = false

  public static let qualityRange = 1...100
  public static let bitDepths = [8, 16]

  public init(
    quality: Int? = nil, progressive: Bool = false,
    fullChroma: Bool = false, lossless: Bool = false, bitDepth: Int? = nil,
    stripsGPS: Bool = false, stripsMetadata: Bool = false
  ) {
    self.quality = quality
    self.progressive = progressive
    self.fullChroma = fullChroma
    self.lossless = lossless
    self.bitDepth = bitDepth
    self.stripsGPS = stripsGPS
    self.stripsMetadata = stripsMetadata
  }

  private enum CodingKeys: String, CodingKey, CaseIterable {
    case quality, progressive, fullChroma, lossless, bitDepth, stripsGPS, stripsMetadata
  }

  /// Every key may be left out and takes its default; an out-of-range quality or a depth
  /// other than 8 or 16 is refused.
  public init(from decoder: any Decoder) throws {
    try decoder.refuseUnknownKeys(besides: CodingKeys.self)
    let c = try decoder.container(keyedBy: CodingKeys.self)
    quality = try c.decodeWholeNumber(forKey: .quality, in: Self.qualityRange)
    progressive = try c.decodeIfPresent(Bool.self, forKey: .progressive) ?? false
    fullChroma = try c.decodeIfPresent(Bool.self, forKey: .fullChroma) ?? false
    lossless = try c.decodeIfPresent(Bool.self, forKey: .lossless) ?? false
    bitDepth = try c.decodeWholeNumber(forKey: .bitDepth, in: 8...16)
    if let bitDepth, !Self.bitDepths.contains(bitDepth) {
      throw DecodingError.dataCorruptedError(
        forKey: .bitDepth, in: c, debugDescription: "bitDepth must be 8 or 16, not \(bitDepth)")
    }
    stripsGPS = try c.decodeIfPresent(Bool.self, forKey: .stripsGPS) ?? false
    stripsMetadata = try c.decodeIfPresent(Bool.self, forKey: .stripsMetadata) ?? false
  }

  /// The codec options (outputs are sRGB).
  public var options: EncodeOptions {
    EncodeOptions(
      quality: quality, chroma: fullChroma ? .s444 : .s420, progressive: progressive,
      lossless: lossless, bitDepth: bitDepth.flatMap(PNGBitDepth.init(rawValue:)),
      stripGPS: stripsGPS, stripMetadata: stripsMetadata)
  }
}
