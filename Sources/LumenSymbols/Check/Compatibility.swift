/// Whether three masters interpolate, as the symbols app requires: the same paths in the same
/// order, each with the same nodes and segment types, the same first node and direction as
/// Regular's. Every difference is a ``Problem`` naming the master, path, node and place, and
/// what to do about it.
public struct Compatibility: Sendable {
  public struct Problem: Hashable, Sendable, Encodable {
    public enum Kind: String, Hashable, Sendable, Encodable {
      case masterCount, pathCount, pathOrder, nodeCount, openPath, segmentType, direction
      case startPoint
    }
    public let kind: Kind
    public let master: String
    /// The path's index (from 0) in the master, and the node's in the path.
    public let path: Int?
    public let node: Int?
    public let point: [Double]?
    public let message: String
    public let advice: String
  }

  public let masters: [Master]
  public let problems: [Problem]

  public var isInterpolatable: Bool { problems.isEmpty }

  public init(masters: [Master]) {
    self.masters = masters
    guard masters.count == 3 else {
      problems = [
        Problem(
          kind: .masterCount, master: "", path: nil, node: nil, point: nil,
          message: "\(masters.count) masters: interpolating needs three",
          advice: "give the Ultralight, Regular and Black masters")
      ]
      return
    }
    let regular = masters[1]
    problems = [masters[0], masters[2]].flatMap { Self.problems(of: $0, against: regular) }
  }

  static func problems(of master: Master, against regular: Master) -> [Problem] {
    let name = master.weight.rawValue
    func problem(
      _ kind: Problem.Kind, _ path: Int?, _ node: Int?, _ point: PathPoint?, _ message: String,
      _ advice: String
    ) -> Problem {
      Problem(
        kind: kind, master: name, path: path, node: node, point: point.map { [$0.x, $0.y] },
        message: message, advice: advice)
    }
    guard master.contours.count == regular.contours.count else {
      return [
        problem(
          .pathCount, nil, nil, nil,
          "\(name) has \(master.contours.count) paths, Regular \(regular.contours.count)",
          "draw the same shapes in every master (an outlined stroke or a flattened boolean "
            + "often splits or merges paths)")
      ]
    }
    var found: [Problem] = []
    let order = matching(master, regular)
    for (index, match) in order.enumerated() where match != index {
      found.append(
        problem(
          .pathOrder, index, nil, master.contours[index].centroid,
          "path \(index) of \(name) matches Regular's path \(match)",
          "reorder the paths (fix does) so that each master lists them alike"))
    }
    for (index, (path, reference)) in zip(master.contours, regular.contours).enumerated() {
      let nodes = path.nodes
      let references = reference.nodes
      guard nodes.count == references.count else {
        found.append(
          problem(
            .nodeCount, index, nil, path.start,
            "path \(index): \(name) has \(nodes.count) nodes, Regular \(references.count)",
            "give both the same nodes (corner radii and outlined strokes add nodes)"))
        continue
      }
      if path.isClosed != reference.isClosed {
        found.append(
          problem(
            .openPath, index, nil, path.start,
            "path \(index) is \(path.isClosed ? "closed" : "open") in \(name), "
              + "\(reference.isClosed ? "closed" : "open") in Regular", "close both or neither"))
      }
      if path.isClockwise != reference.isClockwise {
        found.append(
          problem(
            .direction, index, nil, path.start,
            "path \(index) runs \(path.isClockwise ? "clockwise" : "counter-clockwise") in \(name), "
              + "\(reference.isClockwise ? "clockwise" : "counter-clockwise") in Regular",
            "reverse it (fix does)"))
      } else if let start = startIndex(of: path, matching: reference), start != 0 {
        found.append(
          problem(
            .startPoint, index, 0, path.start,
            "path \(index) of \(name) starts at \(path.start); Regular's first node is at its "
              + "node \(start) \(nodes[start])", "start it at that node (fix does)"))
      }
      let letters = Array(path.structure)
      let referenceLetters = Array(reference.structure)
      let common = min(letters.count, referenceLetters.count)
      if let mismatch = (0..<common).first(where: { letters[$0] != referenceLetters[$0] })
        ?? (letters.count != referenceLetters.count ? common : nil)
      {
        func kind(_ letters: [Character]) -> String {
          guard mismatch < letters.count else { return "the closing line (Z)" }
          return letters[mismatch] == "L" ? "a line" : "a curve"
        }
        let node = (mismatch + 1) % max(nodes.count, 1)
        found.append(
          problem(
            .segmentType, index, node, nodes[node],
            "path \(index), segment \(mismatch) (to node \(node)): \(name) has \(kind(letters)) "
              + "where Regular has \(kind(referenceLetters))",
            "make both curves: a line is a curve with its handles on it (fix does)"))
      }
    }
    return found
  }

  /// For each path of `master`, the index of the path of `regular` it matches: the assignment
  /// of least total difference in centroid, size (the square root of the area) and bounds,
  /// each in its master's own bounds. Paths keep their places unless another order is clearly
  /// better (half the difference or less): weights change sizes, so likeness alone misleads.
  static func matching(_ master: Master, _ regular: Master) -> [Int] {
    func features(_ m: Master) -> [[Double]] {
      let b = m.bounds
      let scale = max(b.maxX - b.minX, b.maxY - b.minY, 1e-9)
      return m.contours.map { path in
        let pb = path.bounds
        return [
          (path.centroid.x - b.minX) / scale, (path.centroid.y - b.minY) / scale,
          abs(path.signedArea).squareRoot() / scale / 2, (pb.maxX - pb.minX) / scale / 2,
          (pb.maxY - pb.minY) / scale / 2,
        ]
      }
    }
    let ours = features(master)
    let theirs = features(regular)
    let identity = Array(ours.indices)
    let costs = ours.map { a in theirs.map { b in zip(a, b).reduce(0) { $0 + abs($1.0 - $1.1) } } }
    func cost(_ order: [Int]) -> Double { order.enumerated().reduce(0) { $0 + costs[$1.0][$1.1] } }
    var best = identity
    if ours.count <= maxPermutedPaths {
      var order = identity
      permutations(of: &order, count: order.count) { if cost($0) < cost(best) { best = $0 } }
    }
    return cost(best) < cost(identity) * 0.5 - 1e-9 ? best : identity
  }

  /// Paths are matched over every order up to this many (8! orders); more keep their order.
  static let maxPermutedPaths = 8

  /// Calls `body` with every order of `items[0..<count]` (Heap's algorithm).
  private static func permutations(of items: inout [Int], count: Int, _ body: ([Int]) -> Void) {
    guard count > 1 else { return body(items) }
    for index in 0..<count {
      permutations(of: &items, count: count - 1, body)
      items.swapAt(count.isMultiple(of: 2) ? index : 0, count - 1)
    }
  }

  /// The node of `path` that corresponds to `reference`'s first node, when it is clearly
  /// another than the first: the closed paths' nodes, each about its centroid and scaled to
  /// unit spread, are laid over each other at every rotation, and one rotation must fit at
  /// least twice as well as none. Whole paths are compared, not single nodes: weights move
  /// nodes (an outlined stroke's corners most) but not their order.
  static func startIndex(of path: Contour, matching reference: Contour) -> Int? {
    func normalized(_ c: Contour) -> [PathPoint] {
      let nodes = c.nodes
      let centre = c.centroid
      let spread =
        (nodes.reduce(0) { $0 + ($1 - centre).dot($1 - centre) } / Double(max(nodes.count, 1)))
        .squareRoot()
      return nodes.map { ($0 - centre) * (1 / max(spread, 1e-9)) }
    }
    let ours = normalized(path)
    let theirs = normalized(reference)
    guard path.isClosed, ours.count == theirs.count, ours.count > 1 else { return nil }
    func misfit(_ rotation: Int) -> Double {
      theirs.indices.reduce(0) { sum, index in
        let d = ours[(index + rotation) % ours.count] - theirs[index]
        return sum + d.dot(d)
      }
    }
    let fits = ours.indices.map(misfit)
    let best = fits.indices.min { fits[$0] < fits[$1] } ?? 0
    return fits[best] < fits[0] * 0.5 - 1e-9 ? best : 0
  }
}
