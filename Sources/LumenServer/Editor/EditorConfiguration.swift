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
@dynamicMemberLookup
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
  @Nullable public var singleTool: Tool?
  /// Each tool's options.
  public var tools: ToolOptions
  public var theme: Theme
  /// Replacement icons by tool or action name, as `data:image/svg+xml`, `png` or `webp` URIs.
  public var icons: [String: String]
  /// The export dialog's defaults.
  public var export: ExportDefaults
  /// The interface's language; nil: the browser's.
  @Nullable public var language: Language?

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
  /// Each tool's options by the tool's name (`editor.transform.forcedAspect = "1:1"`).
  public subscript<Options>(dynamicMember tool: WritableKeyPath<ToolOptions, Options>) -> Options {
    get { tools[keyPath: tool] }
    set { tools[keyPath: tool] = newValue }
  }
}

extension EditorConfiguration {
  /// An optional setting written as `null` when unset rather than left out, so that the JSON
  /// of the standard configuration names every key there is (``init(json:)`` reads by it).
  @propertyWrapper
  public struct Nullable<Value: Codable & Hashable & Sendable>: Codable, Hashable, Sendable {
    public var wrappedValue: Value?

    public init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }

    public init(from decoder: any Decoder) throws {
      let c = try decoder.singleValueContainer()
      wrappedValue = c.decodeNil() ? nil : try c.decode(Value.self)
    }

    public func encode(to encoder: any Encoder) throws {
      var c = encoder.singleValueContainer()
      if let wrappedValue { try c.encode(wrappedValue) } else { try c.encodeNil() }
    }
  }
}

extension KeyedDecodingContainer {
  /// A missing key is an unset ``EditorConfiguration/Nullable`` setting, as a null one is.
  func decode<Value>(_: EditorConfiguration.Nullable<Value>.Type, forKey key: Key) throws
    -> EditorConfiguration.Nullable<Value>
  {
    try decodeIfPresent(EditorConfiguration.Nullable<Value>.self, forKey: key)
      ?? EditorConfiguration.Nullable(wrappedValue: nil)
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
