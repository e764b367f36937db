/// A run of pixels stored planar, one contiguous `Float` array per channel.
///
/// Kernels receive spans of up to a few thousand pixels at a time; plain loops over the four
/// arrays vectorise well, which per-pixel `SIMD4` code does not (see bench/NOTES.md).
public struct PixelSpan {
  public let red: UnsafeMutablePointer<Float>
  public let green: UnsafeMutablePointer<Float>
  public let blue: UnsafeMutablePointer<Float>
  public let alpha: UnsafeMutablePointer<Float>
  public let count: Int

  @inlinable
  public init(
    red: UnsafeMutablePointer<Float>, green: UnsafeMutablePointer<Float>,
    blue: UnsafeMutablePointer<Float>, alpha: UnsafeMutablePointer<Float>, count: Int
  ) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
    self.count = count
  }

  @inlinable
  public subscript(index: Int) -> RGBA {
    get { RGBA(red: red[index], green: green[index], blue: blue[index], alpha: alpha[index]) }
    nonmutating set {
      red[index] = newValue.red
      green[index] = newValue.green
      blue[index] = newValue.blue
      alpha[index] = newValue.alpha
    }
  }

  /// Plane `index` (0 red, 1 green, 2 blue, 3 alpha), for code that treats the channels alike
  /// without building an array per row.
  @inlinable
  public func plane(_ index: Int) -> UnsafeMutablePointer<Float> {
    switch index {
    case 0: red
    case 1: green
    case 2: blue
    default: alpha
    }
  }

  /// Lays the premultiplied pixel (`r`, `g`, `b`, `a`) over pixel `i` as a normal blend at
  /// full opacity does (source-over): where `a` is above 0, `pixel + self[i] * (1 - a)`;
  /// elsewhere pixel `i` keeps its value. The choice is made on the operands (a pixel that is
  /// not laid adds 0 to itself times 1), so that loops store unconditionally and vectorise.
  @inlinable @inline(__always)
  public func lay(_ r: Float, _ g: Float, _ b: Float, _ a: Float, over i: Int) {
    let laid = a > 0
    let keep: Float = laid ? 1 - a : 1
    red[i] = (laid ? r : 0) + red[i] * keep
    green[i] = (laid ? g : 0) + green[i] * keep
    blue[i] = (laid ? b : 0) + blue[i] * keep
    alpha[i] = (laid ? a : 0) + alpha[i] * keep
  }

  /// The planes as an array, for code that treats the channels alike.
  @inlinable
  public var planes: [UnsafeMutablePointer<Float>] { [red, green, blue, alpha] }
}
