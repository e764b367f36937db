/// Writes masters as SVG: a symbol template (the three masters as `Ultralight-S`, `Regular-S`
/// and `Black-S` groups under `Symbols`, which ``Master/read(_:)`` reads back) or one master
/// on its artboard.
public enum SymbolTemplate {
  public static func svg(_ masters: [Master]) -> String {
    let width = masters.map(\.width).max() ?? Artboard.height
    let groups = masters.map { master in
      "    <g id=\"\(master.weight.groupID)\">\n\(paths(of: master, indent: "      "))    </g>\n"
    }
    return """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(width.svgText)" height="\(Artboard.height.svgText)">
        <g id="Symbols">
      \(groups.joined())  </g>
      </svg>

      """
  }

  public static func svg(_ master: Master) -> String {
    """
    <svg xmlns="http://www.w3.org/2000/svg" width="\(master.width.svgText)" height="\(Artboard.height.svgText)">
    \(paths(of: master, indent: "  "))</svg>

    """
  }

  /// The master's paths as one `<path>`, so that the paths running the other way make holes
  /// (SVG fills each element by itself; a symbol's glyph is filled as one).
  static func paths(of master: Master, indent: String) -> String {
    guard !master.contours.isEmpty else { return "" }
    return "\(indent)<path d=\"\(master.contours.map(\.pathData).joined(separator: " "))\"/>\n"
  }
}
