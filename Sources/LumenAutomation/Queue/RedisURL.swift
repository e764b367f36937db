/// Where a Redis server listens: `redis://[[USER]:PASSWORD@]HOST[:PORT][/DB]`.
public struct RedisURL: Hashable, Sendable, CustomStringConvertible {
  public var host: String
  public var port: Int
  public var user: String?
  public var password: String?
  public var database: Int

  public static let databaseRange = 0...1_000_000

  /// The URL `text` says, or nil with the reason in `problem`.
  public init(parsing text: String) throws(RedisError) {
    guard text.hasPrefix("redis://") else {
      throw .url("expected redis://HOST[:PORT][/DB], not \(text.prefix(80))")
    }
    var rest = Substring(text.dropFirst("redis://".count))
    if let at = rest.lastIndex(of: "@") {
      let credentials = rest[..<at]
      rest = rest[rest.index(after: at)...]
      if let colon = credentials.firstIndex(of: ":") {
        let user = credentials[..<colon]
        self.user = user.isEmpty ? nil : String(user)
        password = String(credentials[credentials.index(after: colon)...])
      } else {
        password = String(credentials)
      }
    }
    database = 0
    if let slash = rest.firstIndex(of: "/") {
      let number = rest[rest.index(after: slash)...]
      guard number.isEmpty || Int(number).map(Self.databaseRange.contains) == true else {
        throw .url("the database after / must be a number in 0...\(Self.databaseRange.upperBound)")
      }
      database = Int(number) ?? 0
      rest = rest[..<slash]
    }
    port = 6379
    if let colon = rest.lastIndex(of: ":"), !rest.hasSuffix("]") {
      guard let number = Int(rest[rest.index(after: colon)...]), (1...65_535).contains(number)
      else {
        throw .url("the port must be a number in 1...65535")
      }
      port = number
      rest = rest[..<colon]
    }
    if rest.hasPrefix("["), rest.hasSuffix("]") { rest = rest.dropFirst().dropLast() }
    guard !rest.isEmpty, rest.utf8.count <= 253,
      rest.allSatisfy({ $0.isLetter || $0.isNumber || ".-_:".contains($0) })
    else { throw .url("expected a host name or address after redis://") }
    host = String(rest)
  }

  /// The URL without its password.
  public var description: String {
    "redis://\(host.contains(":") ? "[\(host)]" : host):\(port)/\(database)"
  }
}
