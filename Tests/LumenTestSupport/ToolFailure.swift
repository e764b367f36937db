/// A program the tests run was missing or failed; the description quotes its error output.
public struct ToolFailure: Error, CustomStringConvertible {
  public let description: String

  public init(_ description: String) {
    self.description = description
  }
}
