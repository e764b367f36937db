extension Image {
  /// The image limited to `rect`; outside it the result is transparent.
  public func cropped(to rect: Rect) -> Image {
    let r = rect.intersection(extent)
    if r == extent { return self }
    return Image(Node(.crop(r), [node], extent: r, isOpaque: isOpaque))
  }

  /// The image with its edge pixels repeated outwards forever (use before blurs and warps that
  /// would otherwise read transparent pixels at the border).
  public func clampedToExtent() -> Image {
    if extent.isInfinite || extent.isEmpty { return self }
    return Image(Node(.clamp, [node], extent: .infinite, isOpaque: isOpaque))
  }

  /// The image mapped by `transform` (output position = transform(input position)).
  public func transformed(by transform: AffineTransform, sampling: Sampling = .bilinear) -> Image {
    if transform.isIdentity { return self }
    let newExtent = transform.apply(to: extent)
    // Only maps that keep pixels on the grid (quarter turns, flips, whole moves) stay opaque;
    // others leave transparent corners or soft edges.
    let onGrid =
      ((transform.b == 0 && transform.c == 0) || (transform.a == 0 && transform.d == 0))
      && newExtent.area == extent.area
    return Image(
      Node(.affine(transform, sampling), [node], extent: newExtent, isOpaque: isOpaque && onGrid))
  }

  /// The image moved by whole pixels.
  public func translatedBy(dx: Int, dy: Int) -> Image {
    transformed(by: AffineTransform(translationX: Double(dx), y: Double(dy)))
  }

  /// The image with its extent's top-left corner moved to (0, 0).
  public func movedToOrigin() -> Image {
    translatedBy(dx: -extent.minX, dy: -extent.minY)
  }

  /// The result of a colour kernel. Pass `preservesOpacity: false` when the kernel can make
  /// opaque pixels translucent.
  public func applying(_ kernel: some ColorKernel, preservesOpacity: Bool = true) -> Image {
    Image(Node(.color(kernel), [node], extent: extent, isOpaque: isOpaque && preservesOpacity))
  }

  /// The result of a warp kernel.
  public func applying(warp kernel: some WarpKernel, sampling: Sampling = .bilinear) -> Image {
    Image(
      Node(
        .warp(kernel, sampling), [node], extent: kernel.extent(forInputExtent: extent),
        isOpaque: false))
  }

  /// The result of a general kernel on this image and any further inputs.
  public func applying(_ kernel: some GeneralKernel, with others: [Image] = []) -> Image {
    let inputs = [self] + others
    return Image(
      Node(
        .general(kernel), inputs.map(\.node),
        extent: kernel.extent(forInputExtents: inputs.map(\.extent)),
        isOpaque: kernel.preservesOpacity && inputs.allSatisfy(\.isOpaque)))
  }

  /// An image that a general kernel computes from nothing but pixel positions (gradients,
  /// masks, patterns); its extent is `kernel.extent(forInputExtents: [])`.
  public init(generator kernel: some GeneralKernel, isOpaque: Bool = false) {
    self.init(
      Node(.general(kernel), [], extent: kernel.extent(forInputExtents: []), isOpaque: isOpaque))
  }

  /// This image composited over `background` with `kernel` (source-over by default).
  public func composited(over background: Image, using kernel: some BlendKernel = SourceOver())
    -> Image
  {
    Image(
      Node(
        .blend(kernel), [node, background.node], extent: extent.union(background.extent),
        isOpaque: background.isOpaque && background.extent.contains(extent)))
  }
}
