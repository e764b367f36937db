import LumenCore

// TEMPORARY stand-in for the `layers` branch's LumenLayers (same API, crude rendering: no
// rotation, flips or tints, shapes as filled rectangles), so that LumenEdit builds before that
// branch lands. Deleted when `layers` is merged.

public struct LayerTransform: Hashable, Sendable {
  public var x: Double
  public var y: Double
  public var width: Double
  public var height: Double
  public var rotation: Double
  public var flipsHorizontally: Bool
  public var flipsVertically: Bool

  public init(
    x: Double = 0.5, y: Double = 0.5, width: Double = 1, height: Double = 1, rotation: Double = 0,
    flipsHorizontally: Bool = false, flipsVertically: Bool = false
  ) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
    self.rotation = rotation
    self.flipsHorizontally = flipsHorizontally
    self.flipsVertically = flipsVertically
  }
}

public struct LayerColor: Hashable, Sendable {
  public var red: Double
  public var green: Double
  public var blue: Double
  public var alpha: Double

  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }
}

public enum TintMode: String, Hashable, Sendable, CaseIterable { case none, solid, colorized }
public enum ShapeKind: String, Hashable, Sendable, CaseIterable {
  case rectangle, roundedRectangle, ellipse
}

public struct ShapeStyle: Hashable, Sendable {
  public var kind: ShapeKind
  public var cornerRadius: Double
  public var fill: LayerColor?
  public var stroke: LayerColor?
  public var strokeWidth: Double

  public init(
    kind: ShapeKind, cornerRadius: Double = 0, fill: LayerColor? = nil, stroke: LayerColor? = nil,
    strokeWidth: Double = 0
  ) {
    self.kind = kind
    self.cornerRadius = cornerRadius
    self.fill = fill
    self.stroke = stroke
    self.strokeWidth = strokeWidth
  }
}

extension LayerTransform {
  fileprivate func rect(on canvas: Rect) -> Rect {
    let short = Double(min(canvas.width, canvas.height))
    let w = width * short
    let h = height * short
    let cx = Double(canvas.minX) + x * Double(canvas.width)
    let cy = Double(canvas.minY) + y * Double(canvas.height)
    return Rect(
      x: Int((cx - w / 2).rounded()), y: Int((cy - h / 2).rounded()), width: Int(w.rounded()),
      height: Int(h.rounded()))
  }
}

extension Image {
  public func placed(by transform: LayerTransform, on canvas: Rect) -> Image {
    let r = transform.rect(on: canvas)
    guard !r.isEmpty else { return Image(color: RGBA(red: 0, green: 0, blue: 0, alpha: 0)) }
    return movedToOrigin().resized(width: r.width, height: r.height).translatedBy(dx: r.x, dy: r.y)
  }

  public func tinted(_ mode: TintMode, color: LayerColor) -> Image { self }

  public static func shape(_ style: ShapeStyle, transform: LayerTransform, on canvas: Rect)
    -> Image
  {
    let c = style.fill ?? style.stroke ?? LayerColor(red: 0, green: 0, blue: 0, alpha: 0)
    return Image(
      color: RGBA(
        red: Float(c.red), green: Float(c.green), blue: Float(c.blue), alpha: Float(c.alpha))
    ).cropped(to: transform.rect(on: canvas))
  }
}
