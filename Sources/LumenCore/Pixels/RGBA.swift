/// One colour with straight (unpremultiplied) alpha, as colour kernels see it.
public struct RGBA: Hashable, Sendable {
  public var red: Float
  public var green: Float
  public var blue: Float
  public var alpha: Float

  @inlinable
  public init(red: Float, green: Float, blue: Float, alpha: Float = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  @inlinable
  public init(gray: Float, alpha: Float = 1) {
    self.init(red: gray, green: gray, blue: gray, alpha: alpha)
  }

  public static let clear = RGBA(red: 0, green: 0, blue: 0, alpha: 0)
  public static let black = RGBA(gray: 0)
  public static let white = RGBA(gray: 1)

  /// Rec. 709 / sRGB luma weights, the grey that saturation and monochrome filters mix towards.
  @inlinable
  public var luma: Float { 0.2126 * red + 0.7152 * green + 0.0722 * blue }
}
