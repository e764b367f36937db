/// The custom-symbol template the symbols app imports, for masters of any width: `Notes`
/// (what the file is, each column's name), `Guides` (the small scale's baseline and capline
/// across the sheet, each master's left and right margins) and `Symbols` (the `Ultralight-S`,
/// `Regular-S` and `Black-S` groups, each moved into its column so that its artboard's
/// baseline lies on the guide). ``Master/read(_:)`` reads it back onto the artboards.
public enum TemplateExport {
  /// Units around the sheet and between columns; the notes' band above the symbols.
  static let gutter = 40.0
  static let notesHeight = 80.0

  public static func svg(_ masters: [Master]) -> String {
    let width = masters.map(\.width).max() ?? Artboard.height
    let column = width + gutter
    let baseline = notesHeight + gutter + Artboard.baseline
    let capline = baseline - (Artboard.baseline - Artboard.capline)
    let sheetWidth = gutter + Double(masters.count) * column
    let sheetHeight = notesHeight + 2 * gutter + Artboard.height
    func left(_ index: Int) -> Double { gutter + Double(index) * column }
    func line(_ id: String, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> String {
      "    <line id=\"\(id)\" x1=\"\(x1.svgText)\" y1=\"\(y1.svgText)\" x2=\"\(x2.svgText)\" "
        + "y2=\"\(y2.svgText)\" stroke=\"#27aae1\" stroke-width=\"0.5\"/>\n"
    }
    var notes = [
      "    <text x=\"\(gutter.svgText)\" y=\"24\" font-size=\"13\">Variable symbol: three masters "
        + "on a \(width.svgText) x \(Artboard.height.svgText) artboard (lumen symbols export)</text>\n",
      "    <text x=\"\(gutter.svgText)\" y=\"44\" font-size=\"10\">Symbols/Ultralight-S, Regular-S "
        + "and Black-S; the app interpolates the weights between them.</text>\n",
    ]
    var guides = [
      line("Baseline-S", gutter / 2, baseline, sheetWidth - gutter / 2, baseline),
      line("Capline-S", gutter / 2, capline, sheetWidth - gutter / 2, capline),
    ]
    var symbols: [String] = []
    for (index, master) in masters.enumerated() {
      let x = left(index)
      let (leftID, rightID) = master.weight.marginIDs
      notes.append(
        "    <text x=\"\(x.svgText)\" y=\"\((notesHeight - 8).svgText)\" font-size=\"10\">"
          + "\(master.weight.rawValue)</text>\n")
      guides.append(line(leftID, x, capline - 16, x, baseline + 12))
      guides.append(line(rightID, x + master.width, capline - 16, x + master.width, baseline + 12))
      symbols.append(
        "    <g id=\"\(master.weight.groupID)\" transform=\"translate(\(x.svgText) "
          + "\((baseline - Artboard.baseline).svgText))\">\n"
          + SymbolTemplate.paths(of: master, indent: "      ") + "    </g>\n")
    }
    return """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(sheetWidth.svgText)" height="\(sheetHeight.svgText)">
        <g id="Notes" font-family="sans-serif" fill="#555">
      \(notes.joined())  </g>
        <g id="Guides" fill="none">
      \(guides.joined())  </g>
        <g id="Symbols">
      \(symbols.joined())  </g>
      </svg>

      """
  }
}
