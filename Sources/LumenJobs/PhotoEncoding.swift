import LumenCodecs

/// How a photo job encodes its output: the choices `lumen edit` offers, as plain data.
/// The format comes from the output's extension.
public struct PhotoEncoding: Codable, Hashable, Sendable {
  /// JPEG, WebP and HEIC quality.
  public var quality = 90
  public var progressive = false
  /// Full-resolution chroma in JPEG (4:4:4) rather than 4:2:0.
  public var fullChroma = false
  /// Lossless WebP.
  public var lossless = false
  /// Leave the GPS position of the original out of the output's EXIF.
  public var stripsGPS = false

  public static let qualityRange = 1...100

  public init(
    quality: Int = 90, progressive: Bool = false, fullChroma: Bool = false, lossless: Bool = false,
    stripsGPS: Bool = false
  ) {
    self.quality = quality
    self.progressive = progressive
    self.fullChroma = fullChroma
    self.lossless = lossless
    self.stripsGPS = stripsGPS
  }

  private enum CodingKeys: String, CodingKey, CaseIterable {
    case quality, progressive, fullChroma, lossless, stripsGPS
  }

  /// Every key may be left out and takes its default; an out-of-range quality is refused.
  public init(from decoder: any Decoder) throws {
    try decoder.refuseUnknownKeys(besides: CodingKeys.self)
    let c = try decoder.container(keyedBy: CodingKeys.self)
    let defaults = PhotoEncoding()
    quality =
      try c.decodeWholeNumber(forKey: .quality, in: Self.qualityRange) ?? defaults.quality
    progressive = try c.decodeIfPresent(Bool.self, forKey: .progressive) ?? false
    fullChroma = try c.decodeIfPresent(Bool.self, forKey: .fullChroma) ?? false
    lossless = try c.decodeIfPresent(Bool.self, forKey: .lossless) ?? false
    stripsGPS = try c.decodeIfPresent(Bool.self, forKey: .stripsGPS) ?? false
  }

  /// The codec options (outputs are sRGB).
  public var options: EncodeOptions {
    EncodeOptions(
      quality: quality, chroma: fullChroma ? .s444 : .s420, progressive: progressive,
      lossless: lossless, stripGPS: stripsGPS)
  }
}
