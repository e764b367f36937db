/// One step of the recipe behind an ``Image``: an operation on input nodes, evaluated only when
/// rendered. Nodes are immutable and shared between images.
final class Node: Sendable {
  enum Operation: Sendable {
    case bitmap(Bitmap)
    case constant(RGBA)
    case color(any ColorKernel)
    case affine(AffineTransform, Sampling)
    case warp(any WarpKernel, Sampling)
    /// inputs: foreground, background
    case blend(any BlendKernel)
    case general(any GeneralKernel)
    case crop(Rect)
    case clamp
  }

  let operation: Operation
  let inputs: [Node]
  let extent: Rect
  let isOpaque: Bool

  init(_ operation: Operation, _ inputs: [Node] = [], extent: Rect, isOpaque: Bool) {
    self.operation = operation
    self.inputs = inputs
    self.extent = extent
    self.isOpaque = isOpaque
  }
}

/// How warps and transforms read between pixel centres.
public enum Sampling: Sendable, Hashable {
  case nearest
  case bilinear
}
