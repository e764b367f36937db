import Testing

@testable import LumenLayers

/// Frame pieces tile the band around the picture exactly: every band pixel covered once, the
/// inside untouched, corners where the arrangement puts them, whole copies of the middle.
struct FrameLayoutTests {
  /// Pieces are named by what they are; their aspect (length along the band over thickness).
  struct Piece: Equatable {
    let name: String
    let aspect: Double
  }

  static func group(_ side: String, mode: FrameLayout.MiddleMode, corners: Bool)
    -> FrameLayout.Group<Piece>
  {
    FrameLayout.Group(
      start: corners ? Piece(name: "\(side)-start", aspect: 1) : nil,
      middle: Piece(name: "\(side)-middle", aspect: 1.7),
      end: corners ? Piece(name: "\(side)-end", aspect: 1) : nil, mode: mode)
  }

  @Test(arguments: [
    (FrameLayout.Arrangement.horizontalInside, FrameLayout.MiddleMode.repeat, 640, 448, 31),
    (.horizontalInside, .stretch, 101, 77, 9), (.verticalInside, .repeat, 300, 500, 40),
    (.verticalInside, .stretch, 17, 16, 3), (.horizontalInside, .repeat, 20, 20, 50),
  ])
  func piecesCoverTheBandOnce(
    arrangement: FrameLayout.Arrangement, mode: FrameLayout.MiddleMode, width: Int, height: Int,
    thickness: Int
  ) {
    let horizontal = arrangement == .horizontalInside
    let placed = FrameLayout.placements(
      top: Self.group("top", mode: mode, corners: horizontal),
      left: Self.group("left", mode: mode, corners: !horizontal),
      right: Self.group("right", mode: mode, corners: !horizontal),
      bottom: Self.group("bottom", mode: mode, corners: horizontal),
      arrangement: arrangement, width: width, height: height, thickness: thickness,
      aspect: \.aspect
    ).flatMap(\.pieces)
    let t = min(thickness, min(width, height) / 2)
    var covered = [Int](repeating: 0, count: width * height)
    for p in placed {
      #expect(p.x >= 0 && p.y >= 0 && p.x + p.width <= width && p.y + p.height <= height)
      for y in p.y..<(p.y + p.height) {
        for x in p.x..<(p.x + p.width) { covered[y * width + x] += 1 }
      }
    }
    for y in 0..<height {
      for x in 0..<width {
        let inBand = x < t || y < t || x >= width - t || y >= height - t
        #expect(covered[y * width + x] == (inBand ? 1 : 0), "(\(x), \(y))")
      }
    }
    // The corners belong to the bands that run the full length.
    let corner = placed.first { $0.x == 0 && $0.y == 0 }
    #expect(corner?.piece.name == (horizontal ? "top-start" : "left-start"))
    // Repeated middles are whole copies of nearly one length; a stretched one is single.
    let middles = placed.filter { $0.piece.name == "top-middle" }
    if mode == .stretch {
      #expect(middles.count <= 1)
    } else if let lengths = Optional(middles.map(\.width)), let low = lengths.min(),
      let high = lengths.max()
    {
      #expect(high - low <= 1)
    }
  }

  /// A piece drawn 1e30 times as long as it is thick (a forged SVG size), or not a number,
  /// still fits its band.
  @Test func absurdPieceShapesStayInTheirBand() {
    for aspect in [1e30, .infinity, .nan, 0, -3] {
      let group = FrameLayout.Group(
        start: Piece(name: "s", aspect: aspect), middle: Piece(name: "m", aspect: aspect),
        end: Piece(name: "e", aspect: aspect), mode: .repeat)
      let bands = FrameLayout.placements(
        top: group, left: group, right: group, bottom: group, arrangement: .horizontalInside,
        width: 120, height: 80, thickness: 10, aspect: \.aspect)
      for (band, pieces) in bands {
        for p in pieces {
          #expect(p.x >= band.x && p.x + p.width <= band.x + band.width, "\(aspect)")
          #expect(p.y >= band.y && p.y + p.height <= band.y + band.height, "\(aspect)")
        }
      }
    }
  }
}
