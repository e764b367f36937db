/// How documents name an asset: `asset:SOURCE/ID` (`asset:lumen.sticker/emoticons/smile`), the
/// source's id up to the first `/`, the asset's id after it.
public struct AssetReference: Hashable, Sendable, CustomStringConvertible {
  public static let prefix = "asset:"
  public var source: String
  public var id: String

  public init(source: String, id: String) {
    self.source = source
    self.id = id
  }

  /// The reference `text` spells, or nil when it names no asset (a file, a family).
  public init?(parsing text: String) {
    guard text.hasPrefix(Self.prefix) else { return nil }
    let rest = text.dropFirst(Self.prefix.count)
    guard let slash = rest.firstIndex(of: "/") else { return nil }
    let source = rest[..<slash]
    let id = rest[rest.index(after: slash)...]
    guard !source.isEmpty, !id.isEmpty else { return nil }
    self.init(source: String(source), id: String(id))
  }

  public var description: String { "\(Self.prefix)\(source)/\(id)" }
}
