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

  /// The placements on a `width` x `height` picture with bands `thickness` pixels thick,
  /// band by band (top, bottom, left, right); `aspect` is a piece's length along its band over
  /// its thickness (width over height for the top and bottom, height over width for the sides).
  public static func placements<Piece>(
    top: Group<Piece>, left: Group<Piece>, right: Group<Piece>, bottom: Group<Piece>,
    arrangement: Arrangement, width: Int, height: Int, thickness: Int,
    aspect: (Piece) -> Double
  ) -> [(band: Band, pieces: [Placement<Piece>])] {
    let bands = bands(arrangement: arrangement, width: width, height: height, thickness: thickness)
    let t = bands[0].height
    return zip([top, bottom, left, right], bands).enumerated().map { index, side in
      let (group, band) = side
      let isHorizontal = index < 2
      let (from, to, across) =
        isHorizontal
        ? (band.x, band.x + band.width, band.y) : (band.y, band.y + band.height, band.x)
      let pieces = run(group, from: from, to: to, thickness: t, aspect: aspect).map {
        piece, start, length in
        isHorizontal
          ? Placement(piece: piece, x: start, y: across, width: length, height: t)
          : Placement(piece: piece, x: across, y: start, width: t, height: length)
      }
      return (band, pieces)
    }
  }

  /// One band's pieces along [from, to): the start and end at their proportional lengths
  /// (shrunk to share the band if it is short), the middle filling what is between.
  static func run<Piece>(
    _ group: Group<Piece>, from: Int, to: Int, thickness: Int, aspect: (Piece) -> Double
  ) -> [(Piece, Int, Int)] {
    let span = to - from
    guard span > 0 else { return [] }
    /// A piece's length in pixels, at most the band's (a forged drawing may be 1e30 wide).
    func length(_ piece: Piece?) -> Int {
      guard let piece else { return 0 }
      let length = (aspect(piece) * Double(thickness)).rounded()
      return length.isFinite && length > 0 ? Int(min(max(length, 1), Double(span))) : 0
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

extension FrameLayout.Placement: Sendable where Piece: Sendable {}
