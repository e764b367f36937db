/// Why a render could not start.
public enum RenderError: Error, Equatable, CustomStringConvertible {
  case emptyRegion
  case infiniteRegion
  case tooLarge(width: Int, height: Int, limit: Int)
  /// The intermediates the render must hold at once (the rows of its caches) do not fit in
  /// what its ``RenderContext``'s memory budget has left.
  case overBudget(needed: Int, budget: Int)

  public var description: String {
    switch self {
    case .emptyRegion: "nothing to render: the region is empty"
    case .infiniteRegion: "cannot render an infinite image without a region; crop it first"
    case .tooLarge(let w, let h, let limit):
      "output of \(w)x\(h) pixels exceeds the limit of \(limit) pixels"
    case .overBudget(let needed, let budget):
      "the render needs \(needed >> 20) MB of intermediates at once, more than its context's "
        + "memory budget of \(budget >> 20) MB leaves"
    }
  }
}
