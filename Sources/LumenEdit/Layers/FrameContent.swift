import LumenCodecs
import LumenCore
import LumenFilters
import LumenLayers

/// A frame layer: pieces drawn around the picture (or the layer's box) in PE.SDK's layout, from
/// a frame asset (`asset:lumen.frame/classic-wood`), its bands a fraction of the shorter side
/// thick, optionally tinted.
public struct FrameContent: LayerContent {
  /// An asset reference to a frame (`lumen assets list --source lumen.frame`).
  public var frame: String
  /// The bands' thickness, a fraction of the shorter side; 0: the frame's own.
  public var size: Double
  public var tint: TintMode
  /// A frame's pieces are SVG drawings.
  public var mayDrawSVG: Bool { true }
  public var tintColor: LayerColor

  public init(
    frame: String, size: Double = 0, tint: TintMode = .none,
    tintColor: LayerColor = LayerColor(red: 1, green: 1, blue: 1)
  ) {
    self.frame = frame
    self.size = size
    self.tint = tint
    self.tintColor = tintColor
  }

  public static let kind = "frame"
  public static let displayName = "Frame"
  public static let doc = "Pieces drawn around the picture: corners, repeated or stretched sides."
  public static let blank = FrameContent(frame: "")
  public static let fields: [DocumentField<FrameContent>] = [
    .text(
      "frame", "Frame", doc: "A frame asset: asset:lumen.frame/classic-wood.", \.frame),
    .number(
      .scalar(
        "size", "Size", range: 0...0.5, default: 0,
        doc: "The bands' thickness, fraction of the shorter side; 0: the frame's own."), \.size),
    .choice(
      "tint", default: TintMode.none, doc: "Solid: the colour in the frame's shape.", \.tint),
    .color(
      .color("tintColor", "Tint Colour", default: [1, 1, 1, 1], doc: "sRGB, straight alpha."),
      { $0.tintColor.components }, { $0.tintColor = LayerColor(components: $1 ?? [1, 1, 1, 1]) }),
  ]

  public func image(on canvas: Rect, transform: LayerTransform?, resources: EditResources) throws
    -> Image
  {
    let design = try resources.frame(frame)
    let shorter = Double(max(1, min(canvas.width, canvas.height)))
    let box = transform ?? .stretched(over: canvas)
    let (width, height) = box.pixelSize(shorterSide: shorter)
    // Both fractions are checked (0...0.5), so the thickness is a finite number of pixels.
    let thickness = (size > 0 ? size : design.thickness) * Double(min(width, height))
    let bands = FrameLayout.placements(
      top: design.top, left: design.left, right: design.right, bottom: design.bottom,
      arrangement: design.arrangement, width: width, height: height,
      thickness: Int(thickness.rounded()),
      aspect: { $0.width / $0.height })
    // Pieces only touch, so laying each over the others in the layers' encoding (sRGB)
    // changes no pixel and converts none; a render blends a piece only where it meets a tile,
    // and a tile away from a band passes the band's pieces by (the picture inside the frame
    // is not part of it). Repeated copies of a piece at one size are drawn once, and the
    // pieces side by side, each waiting on a librsvg helper of its own.
    func key(_ placed: FrameLayout.Placement<SVGImage>) -> PieceSize {
      PieceSize(piece: ObjectIdentifier(placed.piece), width: placed.width, height: placed.height)
    }
    var index: [PieceSize: Int] = [:]
    var distinct: [FrameLayout.Placement<SVGImage>] = []
    for placed in bands.flatMap(\.pieces) where index[key(placed)] == nil {
      index[key(placed)] = distinct.count
      distinct.append(placed)
    }
    let drawn = distinct.concurrentMap(waiting: Array(repeating: true, count: distinct.count)) {
      placed in
      Result { try Image(bitmap: placed.piece.bitmap(width: placed.width, height: placed.height)) }
    }
    func image(of placed: FrameLayout.Placement<SVGImage>) throws -> Image {
      try drawn[index[key(placed), default: 0]].get().translatedBy(dx: placed.x, dy: placed.y)
    }
    func laidOver(_ images: [Image]) -> Image? {
      images.dropFirst().reduce(images.first) { below, image in
        below.map { image.composited(over: $0, using: BlendModeKernel(mode: .normal)) }
      }
    }
    let drawing = laidOver(try bands.compactMap { try laidOver($0.pieces.map(image(of:))) })
    guard var drawing else { return Image(color: .clear).cropped(to: .empty) }
    if tint != .none { drawing = drawing.tinted(tint, color: tintColor) }
    guard transform != nil else { return drawing.translatedBy(dx: canvas.minX, dy: canvas.minY) }
    return drawing.placed(by: box, on: canvas)
  }
}

/// A frame piece drawn at a size, for drawing each once.
private struct PieceSize: Hashable {
  let piece: ObjectIdentifier
  let width, height: Int
}
