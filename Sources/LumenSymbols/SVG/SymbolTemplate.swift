/// Writes masters as SVG: a symbol template (the three masters as `Ultralight-S`, `Regular-S`
/// and `Black-S` groups under `Symbols`, which ``Master/read(_:)`` reads back) or one master.
public enum SymbolTemplate {
  public static func svg(_ masters: [Master]) -> String {
    let width = masters.map { $0.bounds.maxX }.max() ?? 0
    let groups = masters.map { master in
      "    <g id=\"\(master.weight.groupID)\">\n\(paths(of: master, indent: "      "))    </g>\n"
    }
    return """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width.rounded(.up)))" height="32">
        <g id="Symbols">
      \(groups.joined())  </g>
      </svg>

      """
  }

  public static func svg(_ master: Master) -> String {
    let b = master.bounds
    return """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(b.maxX.rounded(.up)))" height="\(Int(b.maxY.rounded(.up)))">
      \(paths(of: master, indent: "  "))</svg>

      """
  }

  private static func paths(of master: Master, indent: String) -> String {
    master.contours.map { "\(indent)<path d=\"\($0.pathData)\"/>\n" }.joined()
  }
}
