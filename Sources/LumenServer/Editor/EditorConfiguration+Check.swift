import Foundation
import LumenAssets
import LumenCodecs
import LumenCore
import LumenEdit
import LumenFilters
import LumenJobs
import LumenLayers

extension EditorConfiguration {
  /// Refuses what the editor could not show or a document could not hold, naming the first
  /// value wrong by its JSON path (a configuration built in Swift is checked the same way).
  public func check() throws(EditorConfigurationError) {
    try checkMenu()
    try tools.check()
    try theme.check()
    for (name, icon) in icons.sorted(by: { $0.key < $1.key }) {
      let path = "icons.\(name.prefix(64))"
      guard Tool(rawValue: name) != nil || Action(rawValue: name) != nil else {
        throw EditorConfigurationError(path: path, problem: "not a tool or action name")
      }
      try Self.checkIcon(icon, path: path)
    }
    try export.check()
  }

  private func checkMenu() throws(EditorConfigurationError) {
    guard menu.count <= 64 else {
      throw EditorConfigurationError(path: "menu", problem: "at most 64 entries")
    }
    if singleTool == nil, !menu.contains(where: { if case .tool = $0 { true } else { false } }) {
      throw EditorConfigurationError(
        path: "menu", problem: "needs at least one tool (or set singleTool)")
    }
    var seen = Set<MenuItem>()
    for (index, item) in menu.enumerated() where item != .separator {
      guard seen.insert(item).inserted else {
        throw EditorConfigurationError(path: "menu[\(index)]", problem: "listed twice")
      }
    }
  }

  /// The kinds of picture an icon may be, as data URIs of at most 64 KB.
  static let iconTypes = ["data:image/svg+xml", "data:image/png", "data:image/webp"]

  private static func checkIcon(_ icon: String, path: String) throws(EditorConfigurationError) {
    guard iconTypes.contains(where: { icon.hasPrefix($0 + ";") || icon.hasPrefix($0 + ",") })
    else {
      throw EditorConfigurationError(
        path: path, problem: "expected a data URI of \(iconTypes.joined(separator: ", "))")
    }
    guard icon.utf8.count <= 64 << 10 else {
      throw EditorConfigurationError(path: path, problem: "larger than 64 KB")
    }
  }

  /// `#rrggbb` or, where `alpha`, also `#rrggbbaa`.
  static func checkColor(_ text: String, path: String, alpha: Bool = true)
    throws(EditorConfigurationError)
  {
    let digits = text.dropFirst()
    guard text.hasPrefix("#"), digits.count == 6 || (alpha && digits.count == 8),
      digits.allSatisfy(\.isHexDigit)
    else {
      throw EditorConfigurationError(
        path: path, problem: "expected a colour as \(alpha ? "#rrggbb or #rrggbbaa" : "#rrggbb")")
    }
  }

  /// Each of `values` one of `allowed`, no value twice, at least one.
  static func checkChoices(_ values: [String], among allowed: [String], path: String)
    throws(EditorConfigurationError)
  {
    guard !values.isEmpty else { throw EditorConfigurationError(path: path, problem: "empty") }
    var seen = Set<String>()
    for (index, value) in values.enumerated() {
      guard allowed.contains(value) else {
        throw EditorConfigurationError(
          path: "\(path)[\(index)]",
          problem: "\(EchoedText.quoted(value)) is not one of \(allowed.joined(separator: ", "))")
      }
      guard seen.insert(value).inserted else {
        throw EditorConfigurationError(path: "\(path)[\(index)]", problem: "listed twice")
      }
    }
  }
}

extension EditorConfiguration.ToolOptions {
  func check() throws(EditorConfigurationError) {
    typealias Configuration = EditorConfiguration
    try transform.check()
    if let folders = filter.folders {
      let known = (try? LookLibrary.builtIn)?.manifest.folders.map(\.id) ?? []
      try Configuration.checkChoices(folders, among: known, path: "tools.filter.folders")
    }
    try adjust.check()
    try Configuration.checkChoices(
      focus.modes, among: FocusSettings.Mode.allCases.map(\.rawValue), path: "tools.focus.modes")
    try Configuration.checkChoices(
      overlay.blendModes, among: BlendMode.allCases.map(\.rawValue),
      path: "tools.overlay.blendModes")
    try Configuration.checkChoices(
      text.fonts, among: Configuration.builtInFontFamilies, path: "tools.text.fonts")
    for (index, color) in text.colors.enumerated() {
      try Configuration.checkColor(color, path: "tools.text.colors[\(index)]")
    }
    try Configuration.checkChoices(
      textDesign.recipes, among: TextDesignRecipe.allCases.map(\.rawValue),
      path: "tools.textDesign.recipes")
    let sources = (try? AssetLibrary.builtIn)?.sources.map(\.id) ?? []
    try Configuration.checkChoices(sticker.sources, among: sources, path: "tools.sticker.sources")
    try Configuration.checkChoices(overlay.sources, among: sources, path: "tools.overlay.sources")
    try Configuration.checkChoices(frame.sources, among: sources, path: "tools.frame.sources")
    try brush.check()
  }
}

extension EditorConfiguration.TransformOptions {
  func check() throws(EditorConfigurationError) {
    if let forcedAspect {
      guard let ratio = AspectRatio(text: forcedAspect), ratio != .free else {
        throw EditorConfigurationError(
          path: "tools.transform.forcedAspect",
          problem: "expected \"W:H\" with numbers in 0.0001...10000")
      }
    } else if cropPresets.isEmpty {
      throw EditorConfigurationError(
        path: "tools.transform.cropPresets", problem: "empty (and no forcedAspect)")
    }
    guard cropPresets.count <= 32 else {
      throw EditorConfigurationError(path: "tools.transform.cropPresets", problem: "at most 32")
    }
    for (index, preset) in cropPresets.enumerated() {
      let path = "tools.transform.cropPresets[\(index)]"
      guard (1...64).contains(preset.label.count) else {
        throw EditorConfigurationError(path: path + ".label", problem: "1 to 64 characters")
      }
      guard AspectRatio(text: preset.aspect) != nil else {
        throw EditorConfigurationError(
          path: path + ".aspect",
          problem: "expected \"free\" or \"W:H\" with numbers in 0.0001...10000")
      }
    }
  }
}

extension EditorConfiguration.AdjustOptions {
  func check() throws(EditorConfigurationError) {
    var seen = Set<String>()
    for (index, slider) in sliders.enumerated() {
      let path = "tools.adjust.sliders[\(index)]"
      guard let range = EditorConfiguration.Slider.documentRange(of: slider.name) else {
        throw EditorConfigurationError(
          path: path + ".name",
          problem:
            "\(EchoedText.quoted(slider.name)) is not one of \(Adjustments.fields.map(\.name).joined(separator: ", "))"
        )
      }
      guard seen.insert(slider.name).inserted else {
        throw EditorConfigurationError(path: path, problem: "listed twice")
      }
      for (key, value) in [("minimum", slider.minimum), ("maximum", slider.maximum)] {
        guard value.isFinite, range.contains(value) else {
          throw EditorConfigurationError(
            path: "\(path).\(key)", problem: "must lie in \(range) (the document's range)")
        }
      }
      guard slider.minimum < slider.maximum else {
        throw EditorConfigurationError(
          path: path + ".maximum", problem: "must be greater than minimum")
      }
    }
  }
}

extension EditorConfiguration.BrushOptions {
  /// A stroke's size range, as the document describes it.
  static var sizeRange: ClosedRange<Double> {
    guard let field = BrushStroke.fields.first(where: { $0.name == "size" }),
      case .scalar(let low, let high, _, _) = field.descriptor.kind
    else { return 0...1 }
    return low...high
  }

  func check() throws(EditorConfigurationError) {
    guard (1...16).contains(sizes.count) else {
      throw EditorConfigurationError(path: "tools.brush.sizes", problem: "1 to 16 sizes")
    }
    for (index, size) in sizes.enumerated() where !(size.isFinite && Self.sizeRange.contains(size))
    {
      throw EditorConfigurationError(
        path: "tools.brush.sizes[\(index)]", problem: "must lie in \(Self.sizeRange)")
    }
    for (index, color) in colors.enumerated() {
      try EditorConfiguration.checkColor(color, path: "tools.brush.colors[\(index)]")
    }
    guard hardness.isFinite, (0...1).contains(hardness) else {
      throw EditorConfigurationError(path: "tools.brush.hardness", problem: "must lie in 0...1")
    }
  }
}

extension EditorConfiguration.Theme {
  func check() throws(EditorConfigurationError) {
    for (name, color) in colors.sorted(by: { $0.key < $1.key }) {
      let path = "theme.colors.\(name.prefix(64))"
      guard Self.colorNames.contains(name) else {
        throw EditorConfigurationError(
          path: path, problem: "not one of \(Self.colorNames.joined(separator: ", "))")
      }
      try EditorConfiguration.checkColor(color, path: path, alpha: false)
    }
  }
}

extension EditorConfiguration.ExportDefaults {
  func check() throws(EditorConfigurationError) {
    guard ImageFormat(rawValue: format) != nil else {
      throw EditorConfigurationError(
        path: "export.format",
        problem: "not one of \(ImageFormat.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    guard PhotoEncoding.qualityRange.contains(quality) else {
      throw EditorConfigurationError(
        path: "export.quality", problem: "must lie in \(PhotoEncoding.qualityRange)")
    }
    if let maxSize, !RenderJob.previewRange.contains(maxSize) {
      throw EditorConfigurationError(
        path: "export.maxSize", problem: "must lie in \(RenderJob.previewRange)")
    }
  }
}
