/// A weight between the masters, as the symbols app draws it: from Ultralight (0) through
/// Regular (0.5) to Black (1), each point moving in a straight line between the two masters
/// on either side of the weight.
public enum Interpolation {
  public static let weights = 0.0...1.0

  /// The drawing at `weight`; the masters must interpolate (``Compatibility``), and their
  /// closing segments are written out first so that every point has its partner.
  public static func master(at weight: Double, of masters: [Master]) throws(SymbolError) -> Master {
    guard weights.contains(weight) else {
      throw .masters("a weight lies in 0...1 (0 Ultralight, 0.5 Regular, 1 Black), not \(weight)")
    }
    let problems = Compatibility(masters: masters).problems
    if let problem = problems.first {
      throw .masters(
        "the masters do not interpolate (\(problem.message)): check or fix them first")
    }
    return mixed(at: weight, of: masters)
  }

  /// The drawing at `weight` of three masters known to interpolate.
  static func mixed(at weight: Double, of masters: [Master]) -> Master {
    let (from, to, t) =
      weight <= 0.5
      ? (masters[0], masters[1], weight * 2) : (masters[1], masters[2], weight * 2 - 1)
    let contours = zip(from.contours, to.contours).map { a, b in
      mix(a.explicitlyClosed, b.explicitlyClosed, t)
    }
    return Master(
      weight: .regular, file: "weight \(weight)", contours: contours,
      width: from.width + (to.width - from.width) * t)
  }

  static func mix(_ a: Contour, _ b: Contour, _ t: Double) -> Contour {
    Contour(
      start: a.start.mix(b.start, t),
      segments: zip(a.segments, b.segments).map { s, u in
        switch (s, u) {
        case (.line(let p), .line(let q)): .line(to: p.mix(q, t))
        case (.curve(let p1, let p2, let p), .curve(let q1, let q2, let q)):
          .curve(p1.mix(q1, t), p2.mix(q2, t), to: p.mix(q, t))
        // Compatible masters have the same segment types; a mixed pair draws the curve.
        case (.line(let p), .curve(let q1, let q2, let q)):
          .curve(q1, q2, to: p.mix(q, t))
        case (.curve(let p1, let p2, let p), .line(let q)):
          .curve(p1, p2, to: p.mix(q, t))
        }
      }, isClosed: a.isClosed)
  }
}
