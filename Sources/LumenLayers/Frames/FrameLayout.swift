/// Where the pieces of a frame go around a picture, in PE.SDK's layout: four groups (top, left,
/// right, bottom) of a start, a middle and an end piece, the middle repeated (whole copies,
/// squeezed or stretched to fit) or stretched. With ``Arrangement/horizontalInside`` the top
/// and bottom bands run the full width (their start and end pieces are the corners) and the
/// sides fit between them; with ``Arrangement/verticalInside`` the other way round.
///
/// Every piece is scaled so that its side across the band equals the band's thickness, its
/// other side in proportion; positions are whole pixels, so neighbouring pieces meet without a
/// seam.
public enum FrameLayout {
  public enum Arrangement: String, CaseIterable, Sendable {
    case horizontalInside, verticalInside
  }

  public enum MiddleMode: String, CaseIterable, Sendable {
    case `repeat`, stretch
  }

  /// One side's pieces; `Piece` is whatever draws them (an SVG drawing).
  public struct Group<Piece> {
    public var start: Piece?
    public var middle: Piece?
    public var end: Piece?
    public var mode: MiddleMode

    public init(start: Piece? = nil, middle: Piece? = nil, end: Piece? = nil, mode: MiddleMode) {
      self.start = start
      self.middle = middle
      self.end = end
      self.mode = mode
    }
  }

  /// A piece in its place, in pixels.
  public struct Placement<Piece> {
    public let piece: Piece
    public let x, y, width, height: Int
  }

  /// A side's band, in pixels: its pieces lie inside it.
  public struct Band: Equatable, Sendable {
    public let x, y, width, height: Int

    func contains<Piece>(_ p: Placement<Piece>) -> Bool {
      p.x >= x && p.y >= y && p.x + p.width <= x + width && p.y + p.height <= y + height
    }
  }

  /// The top, bottom, left and right bands of a `width` x `height` picture.
  public static func bands(
    arrangement: Arrangement, width: Int, height: Int, thickness: Int
  ) -> [Band] {
    let t = min(max(thickness, 1), max(1, min(width, height) / 2))
    return arrangement == .horizontalInside
      ? [
        Band(x: 0, y: 0, width: width, height: t),
        Band(x: 0, y: height - t, width: width, height: t),
        Band(x: 0, y: t, width: t, height: height - 2 * t),
        Band(x: width - t, y: t, width: t, height: height - 2 * t),
      ]
      : [
        Band(x: t, y: 0, width: width - 2 * t, height: t),
        Band(x: t, y: height - t, width: width - 2 * t, height: t),
        Band(x: 0, y: 0, width: t, height: height),
        Band(x: width - t, y: 0, width: t, height: height),
      ]
  }

  /// `placements` grouped by the band (of `bands`) each lies in.
  public static func grouped<Piece>(_ placements: [Placement<Piece>], into bands: [Band])
    -> [(Band, [Placement<Piece>])]
  {
    bands.map { band in (band, placements.filter { band.contains($0) }) }
  }

  /// The placements on a `width` x `height` picture with bands `thickness` pixels thick;
  /// `aspect` is a piece's length along its band over its thickness (width over height for
  /// the top and bottom, height over width for the sides).
  public static func placements<Piece>(
    top: Group<Piece>, left: Group<Piece>, right: Group<Piece>, bottom: Group<Piece>,
    arrangement: Arrangement, width: Int, height: Int, thickness: Int,
    aspect: (Piece) -> Double
  ) -> [Placement<Piece>] {
    let bands = bands(arrangement: arrangement, width: width, height: height, thickness: thickness)
    let t = bands[0].height
    var placed: [Placement<Piece>] = []
    for (group, band, isHorizontal) in [
      (top, bands[0], true), (bottom, bands[1], true), (left, bands[2], false),
      (right, bands[3], false),
    ] {
      let (from, to, across) =
        isHorizontal
        ? (band.x, band.x + band.width, band.y) : (band.y, band.y + band.height, band.x)
      for (piece, start, length) in run(group, from: from, to: to, thickness: t, aspect: aspect) {
        placed.append(
          isHorizontal
            ? Placement(piece: piece, x: start, y: across, width: length, height: t)
            : Placement(piece: piece, x: across, y: start, width: t, height: length))
      }
    }
    return placed
  }

  /// One band's pieces along [from, to): the start and end at their proportional lengths
  /// (shrunk to share the band if it is short), the middle filling what is between.
  static func run<Piece>(
    _ group: Group<Piece>, from: Int, to: Int, thickness: Int, aspect: (Piece) -> Double
  ) -> [(Piece, Int, Int)] {
    let span = to - from
    guard span > 0 else { return [] }
    func length(_ piece: Piece?) -> Int {
      guard let piece else { return 0 }
      let ratio = aspect(piece)
      return ratio.isFinite && ratio > 0 ? max(1, Int((ratio * Double(thickness)).rounded())) : 0
    }
    var (head, tail) = (length(group.start), length(group.end))
    if head + tail > span {
      head = span * head / max(1, head + tail)
      tail = span - head
    }
    var pieces: [(Piece, Int, Int)] = []
    if let start = group.start, head > 0 { pieces.append((start, from, head)) }
    if let end = group.end, tail > 0 { pieces.append((end, to - tail, tail)) }
    let (middleFrom, middleTo) = (from + head, to - tail)
    guard let middle = group.middle, middleTo > middleFrom else { return pieces }
    let room = middleTo - middleFrom
    let copies =
      group.mode == .stretch
      ? 1 : max(1, Int((Double(room) / Double(max(1, length(middle)))).rounded()))
    for index in 0..<copies {
      let a = middleFrom + room * index / copies
      let b = middleFrom + room * (index + 1) / copies
      if b > a { pieces.append((middle, a, b - a)) }
    }
    return pieces
  }
}

extension FrameLayout.Group: Sendable where Piece: Sendable {}
