import LumenCore

/// Where a layer sits on its canvas: centre as fractions of the canvas's width and height, size as
/// fractions of the canvas's shorter side, rotation in degrees clockwise about the centre; the flips
/// mirror the layer in its own frame (before rotating).
///
/// Sizes relative to the canvas (not pixels) keep a layer in place when the canvas is rendered at
/// another resolution, such as a preview.
public struct LayerTransform: Hashable, Sendable {
  public var x = 0.5, y = 0.5, width = 0.5, height = 0.5, rotation = 0.0
  public var flipsHorizontally = false, flipsVertically = false

  public init(
    x: Double = 0.5, y: Double = 0.5, width: Double = 0.5, height: Double = 0.5,
    rotation: Double = 0, flipsHorizontally: Bool = false, flipsVertically: Bool = false
  ) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
    self.rotation = rotation
    self.flipsHorizontally = flipsHorizontally
    self.flipsVertically = flipsVertically
  }

  /// The box's size in whole pixels on a canvas whose shorter side is `shorter` pixels: at
  /// least 1, at most `limit` a side (sizes that are not finite count as 1).
  public func pixelSize(shorterSide shorter: Double, limit: Int = 16384) -> (
    width: Int, height: Int
  ) {
    func pixels(_ side: Double) -> Int {
      let size = (side * shorter).rounded()
      return size.isFinite ? Int(min(max(size, 1), Double(limit))) : 1
    }
    return (pixels(width), pixels(height))
  }

  /// The affine map from the layer's unit square (0...1 x 0...1, y down) to canvas pixels.
  public func placement(on canvas: Rect) -> AffineTransform {
    let frame = Frame(self, on: canvas)
    let sx = flipsHorizontally ? -frame.width : frame.width
    let sy = flipsVertically ? -frame.height : frame.height
    // Unit square centred on 0, scaled (and mirrored), rotated, moved to the centre.
    let a = frame.cosine * sx
    let b = frame.sine * sx
    let c = -frame.sine * sy
    let d = frame.cosine * sy
    return AffineTransform(
      a: a, b: b, c: c, d: d, tx: frame.centreX - 0.5 * (a + c), ty: frame.centreY - 0.5 * (b + d))
  }

  /// True when every number is finite and the box has a positive size: something to draw.
  public var isDrawable: Bool {
    x.isFinite && y.isFinite && width.isFinite && height.isFinite && rotation.isFinite
      && width > 0 && height > 0
  }
}
