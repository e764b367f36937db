import LumenCore

/// A blank picture to draw a document on instead of a photo: a template's story or
/// certificate, sized and coloured by the job.
///
///     {"width": 1080, "height": 1920, "color": [1, 1, 1, 1]}
public struct Canvas: Codable, Hashable, Sendable {
  public var width: Int
  public var height: Int
  /// sRGB components 0...1 with straight alpha, as the document's layer colours.
  public var color: [Double]

  /// Each side's pixels: as large as the encoders take.
  public static let sideRange = 1...16_384

  public init(width: Int, height: Int, color: [Double] = [1, 1, 1, 1]) {
    self.width = width
    self.height = height
    self.color = color
  }

  private enum CodingKeys: String, CodingKey, CaseIterable { case width, height, color }

  public init(from decoder: any Decoder) throws {
    try decoder.refuseUnknownKeys(besides: CodingKeys.self)
    let c = try decoder.container(keyedBy: CodingKeys.self)
    width = try c.decodeWholeNumber(forKey: .width, in: Self.sideRange) ?? 0
    height = try c.decodeWholeNumber(forKey: .height, in: Self.sideRange) ?? 0
    guard width > 0, height > 0 else {
      throw DecodingError.dataCorruptedError(
        forKey: width > 0 ? .height : .width, in: c, debugDescription: "missing")
    }
    color = try c.decodeIfPresent([Double].self, forKey: .color) ?? [1, 1, 1, 1]
    guard [3, 4].contains(color.count), color.allSatisfy({ (0...1).contains($0) }) else {
      throw DecodingError.dataCorruptedError(
        forKey: .color, in: c,
        debugDescription: "expected 3 or 4 components in 0...1 (sRGB, straight alpha)")
    }
  }

  /// The canvas as an image: its colour (premultiplied linear light, as the engine's pixels
  /// are) over its rectangle.
  public var image: Image {
    let alpha = Float(color.count > 3 ? color[3] : 1)
    let linear = color.prefix(3).map { SRGB.decode(Float($0)) * alpha }
    let rgba = RGBA(red: linear[0], green: linear[1], blue: linear[2], alpha: alpha)
    return Image(color: rgba).cropped(to: Rect(x: 0, y: 0, width: width, height: height))
  }
}
