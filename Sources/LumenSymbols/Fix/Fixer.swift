/// Makes three masters interpolate where it can: paths reordered to match Regular's, reversed
/// where they run the other way, restarted at the node that matches Regular's first, and lines
/// made curves where another master has a curve. Different path counts, node counts or
/// open/closed paths are not guessed at: they are reported and nothing is written.
public struct Fixer: Sendable {
  public let masters: [Master]
  /// What was changed, a line each (`Black path 0: reversed`).
  public let fixes: [String]
  /// What could not be fixed; empty when ``masters`` interpolate.
  public let unfixable: [Compatibility.Problem]

  public init(masters original: [Master]) {
    var masters = original
    var fixes: [String] = []
    guard masters.count == 3 else {
      (self.masters, self.fixes) = (original, [])
      unfixable = Compatibility(masters: original).problems
      return
    }
    let regular = masters[1]
    for m in [0, 2] where masters[m].contours.count == regular.contours.count {
      let name = masters[m].weight.rawValue
      let order = Compatibility.matching(masters[m], regular)
      if order != Array(order.indices) {
        var reordered = masters[m].contours
        for (index, place) in order.enumerated() { reordered[place] = masters[m].contours[index] }
        masters[m].contours = reordered
        fixes.append(
          "\(name): paths reordered as Regular's (\(order.map(String.init).joined(separator: ", ")))"
        )
      }
      for (index, reference) in regular.contours.enumerated() {
        var path = masters[m].contours[index]
        guard path.nodes.count == reference.nodes.count, path.isClosed == reference.isClosed else {
          continue
        }
        if path.isClockwise != reference.isClockwise {
          path = path.reversed()
          fixes.append("\(name) path \(index): reversed")
        }
        if path.isClosed, let start = Compatibility.startIndex(of: path, matching: reference),
          start != 0
        {
          path = path.starting(at: start)
          fixes.append("\(name) path \(index): started at its node \(start)")
        }
        masters[m].contours[index] = path
      }
    }
    // Every master's closing segments written out, then a curve wherever any master has one.
    for m in masters.indices {
      masters[m].contours = masters[m].contours.map(\.explicitlyClosed)
    }
    if masters.allSatisfy({ $0.contours.count == regular.contours.count }) {
      for index in regular.contours.indices {
        let counts = Set(masters.map { $0.contours[index].segments.count })
        guard counts.count == 1, let count = counts.first else { continue }
        for segment in 0..<count {
          let curved = masters.contains {
            if case .curve = $0.contours[index].segments[segment] { return true }
            return false
          }
          guard curved else { continue }
          for m in masters.indices {
            if case .line = masters[m].contours[index].segments[segment] {
              masters[m].contours[index] = masters[m].contours[index].curving(segment: segment)
              fixes.append(
                "\(masters[m].weight.rawValue) path \(index): segment \(segment) made a curve")
            }
          }
        }
      }
    }
    self.masters = masters
    self.fixes = fixes
    unfixable = Compatibility(masters: masters).problems
  }
}
