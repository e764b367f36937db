/// A folder of looks, in the order the manifest lists them.
public struct LookFolder: Hashable, Sendable, Identifiable {
  /// The stable identifier (`"bw"`).
  public let id: String
  /// The name shown to users (`"B&W"`).
  public let name: String
  public let looks: [Look]

  public init(id: String, name: String, looks: [Look]) {
    self.id = id
    self.name = name
    self.looks = looks
  }
}
