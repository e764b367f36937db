/// Where the service listens: `HOST:PORT`, `[IPv6]:PORT` or `localhost:PORT` (port 0: any free
/// one), and whether it is a loopback address (the only kind that may go without a token).
public struct ListenAddress: Sendable, Equatable, CustomStringConvertible {
  public let host: String
  public let port: Int

  public init(parsing text: String) throws(ServerError) {
    guard let colon = text.lastIndex(of: ":"),
      let port = Int(text[text.index(after: colon)...]), (0...65_535).contains(port)
    else {
      throw .cannotListen("--listen \(text): expected HOST:PORT with a port from 0 to 65535")
    }
    var host = String(text[..<colon])
    if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    if host == "localhost" { host = "127.0.0.1" }
    guard !host.isEmpty else { throw .cannotListen("--listen \(text): the address is missing") }
    self.host = host
    self.port = port
  }

  public init(host: String, port: Int) {
    self.host = host
    self.port = port
  }

  /// 127.0.0.0/8 or ::1.
  public var isLoopback: Bool {
    host == "::1"
      || host.split(separator: ".").first == "127" && host.split(separator: ".").count == 4
  }

  public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
