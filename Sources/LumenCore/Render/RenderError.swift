/// Why a render could not start.
public enum RenderError: Error, Equatable, CustomStringConvertible {
  case emptyRegion
  case infiniteRegion
  case tooLarge(width: Int, height: Int, limit: Int)
  /// The intermediates the render must hold at once (the rows of its caches) do not fit in
  /// what its ``RenderContext``'s memory budget has left.
  case overBudget(needed: Int, budget: Int)
  /// The render does not read its streamed source top to bottom (a quarter turn, say), so the
  /// source must be decoded whole, and the whole picture does not fit in what the context's
  /// budget has left.
  case sourceOverBudget(width: Int, height: Int, needed: Int, budget: Int)

  public var description: String {
    switch self {
    case .emptyRegion: "nothing to render: the region is empty"
    case .infiniteRegion: "cannot render an infinite image without a region; crop it first"
    case .tooLarge(let w, let h, let limit):
      "output of \(w)x\(h) pixels exceeds the limit of \(limit) pixels"
    case .overBudget(let needed, let budget):
      "the render needs \(needed >> 20) MB of intermediates at once, more than its context's "
        + "memory budget of \(budget >> 20) MB leaves"
    case .sourceOverBudget(let width, let height, let needed, let budget):
      "the \(width)x\(height) source must be decoded whole for this render (it is not read top "
        + "to bottom) and needs \(needed >> 20) MB, more than its context's memory budget of "
        + "\(budget >> 20) MB leaves"
    }
  }
}
