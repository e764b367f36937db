/// Why a render could not start.
public enum RenderError: Error, Equatable, CustomStringConvertible {
  case emptyRegion
  case infiniteRegion
  case tooLarge(width: Int, height: Int, limit: Int)

  public var description: String {
    switch self {
    case .emptyRegion: "nothing to render: the region is empty"
    case .infiniteRegion: "cannot render an infinite image without a region; crop it first"
    case .tooLarge(let w, let h, let limit):
      "output of \(w)x\(h) pixels exceeds the limit of \(limit) pixels"
    }
  }
}
