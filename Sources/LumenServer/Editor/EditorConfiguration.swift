import LumenCore

/// What the browser editor shows and allows, written the way PhotoEditor SDK's configuration is:
///
/// ```swift
/// let cropper = try EditorConfiguration { editor in
///   editor.singleTool = .transform
///   editor.transform.forcedAspect = "1:1"
///   editor.export.format = "jpeg"
/// }
/// ```
///
/// It travels as JSON (``init(json:)``, ``json()``): `lumen serve --config editor.json` reads
/// it and the editor fetches it from `GET /v1/editor/config`. Every key may be left out and
/// keeps its default (``standard``, the full editor); an unknown key or an invalid value is
/// refused with its JSON path.
public struct EditorConfiguration: Codable, Hashable, Sendable {
  /// A tool with a panel of its own.
  public enum Tool: String, NamedChoice, Sendable {
    case transform, filter, adjust, focus, vignette, overlay, text, textDesign, sticker, brush,
      frame
  }

  /// A menu entry that acts at once.
  public enum Action: String, NamedChoice, Sendable {
    case magic, undo, redo, reset
  }

  /// One entry of the tool bar: in JSON `{"tool": "adjust"}`, `{"action": "undo"}` or
  /// `"separator"`.
  public enum MenuItem: Hashable, Sendable {
    case tool(Tool)
    case action(Action)
    case separator
  }

  /// The tool bar, in order: the editor shows exactly these entries.
  public var menu: [MenuItem]
  /// Opens straight into this tool with no menu (a cropper, a caption tool); nil: the menu.
  public var singleTool: Tool?
  /// Each tool's options.
  public var tools: ToolOptions
  public var theme: Theme
  /// Replacement icons by tool or action name, as `data:image/svg+xml`, `png` or `webp` URIs.
  public var icons: [String: String]
  /// The export dialog's defaults.
  public var export: ExportDefaults
  /// The interface's language; nil: the browser's.
  public var language: Language?

  public enum Language: String, NamedChoice, Sendable {
    case en, de
  }

  /// The full editor: every tool, every slider and look folder, the built-in fonts, stickers
  /// and frames, a light theme, JPEG at quality 90.
  public static var standard: EditorConfiguration {
    EditorConfiguration(
      menu: Tool.allCases.map(MenuItem.tool) + [.separator]
        + Action.allCases.map(MenuItem.action),
      singleTool: nil, tools: ToolOptions(), theme: Theme(), icons: [:],
      export: ExportDefaults(), language: nil)
  }

  /// The ``standard`` configuration changed by `build`, then checked.
  public init(_ build: (inout EditorConfiguration) throws -> Void) throws {
    var configuration = Self.standard
    try build(&configuration)
    try configuration.check()
    self = configuration
  }

  init(
    menu: [MenuItem], singleTool: Tool?, tools: ToolOptions, theme: Theme,
    icons: [String: String], export: ExportDefaults, language: Language?
  ) {
    self.menu = menu
    self.singleTool = singleTool
    self.tools = tools
    self.theme = theme
    self.icons = icons
    self.export = export
    self.language = language
  }
}

extension EditorConfiguration {
  /// Shorthands for the tools' options (`editor.transform.forcedAspect = "1:1"`).
  public var transform: TransformOptions {
    get { tools.transform }
    set { tools.transform = newValue }
  }
  public var filter: FilterOptions {
    get { tools.filter }
    set { tools.filter = newValue }
  }
  public var adjust: AdjustOptions {
    get { tools.adjust }
    set { tools.adjust = newValue }
  }
  public var text: TextOptions {
    get { tools.text }
    set { tools.text = newValue }
  }
  public var brush: BrushOptions {
    get { tools.brush }
    set { tools.brush = newValue }
  }
}

extension EditorConfiguration {
  private enum CodingKeys: String, CodingKey {
    case menu, singleTool, tools, theme, icons, export, language
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(menu, forKey: .menu)
    try c.encode(singleTool, forKey: .singleTool)
    try c.encode(tools, forKey: .tools)
    try c.encode(theme, forKey: .theme)
    try c.encode(icons, forKey: .icons)
    try c.encode(export, forKey: .export)
    try c.encode(language, forKey: .language)
  }
}

/// A name among a fixed few (a tool, a theme): a wrong one is refused with the names allowed.
public protocol NamedChoice: RawRepresentable<String>, CaseIterable, Codable {}

extension NamedChoice {
  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    guard let choice = Self(rawValue: text) else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: decoder.codingPath,
          debugDescription:
            "\(EchoedText.quoted(text)) is not one of \(Self.allCases.map(\.rawValue).joined(separator: ", "))"
        ))
    }
    self = choice
  }
}
