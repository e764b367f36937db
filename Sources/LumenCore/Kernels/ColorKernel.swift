/// A kernel that computes each output pixel from the input pixel at the same place, like a
/// Core Image colour kernel. Chains of colour kernels are fused into one pass over each tile.
///
/// Kernels see straight (unpremultiplied) colour in the encoding they declare: the renderer
/// converts to and from the working space around them and cancels conversions that meet.
///
/// Implement ``apply(_:)`` for a quick kernel; also implement ``apply(to:)`` with planar loops when
/// the kernel is on a hot path.
public protocol ColorKernel: Sendable {
  /// The encoding the kernel's arithmetic is defined on; `.linear` unless stated.
  var transfer: Transfer { get }

  /// The colour for one pixel.
  func apply(_ color: RGBA) -> RGBA

  /// Transforms a span of pixels in place; by default calls ``apply(_:)`` for each pixel.
  func apply(to span: PixelSpan)

  /// True when a pixel costs a few arithmetic operations that vectorise (a colour matrix):
  /// computing such a chain for every pixel is faster than remembering its result for each
  /// colour, which the renderer does for other chains over 8-bit sources. False unless stated.
  var isCheap: Bool { get }
}

extension ColorKernel {
  @inlinable
  public var transfer: Transfer { .linear }

  @inlinable
  public var isCheap: Bool { false }

  @inlinable
  public func apply(to span: PixelSpan) {
    for i in 0..<span.count {
      span[i] = apply(span[i])
    }
  }
}
