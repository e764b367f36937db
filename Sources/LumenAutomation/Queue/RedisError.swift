import LumenCore

/// Why talking to Redis failed, as one line.
public enum RedisError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The URL is malformed.
  case url(String)
  /// No connection, or it broke (the server restarted, the network went): worth retrying.
  case connection(String)
  /// The server answered with an error (a wrong type, an unknown command).
  case server(String)
  /// The server answered with something this client did not expect.
  case unexpected(String)

  public var description: String {
    switch self {
    case .url(let problem): "--redis: \(EchoedText.line(problem))"
    case .connection(let problem): "redis: \(EchoedText.line(problem))"
    case .server(let problem): "redis: \(EchoedText.line(problem))"
    case .unexpected(let problem): "redis: unexpected answer (\(EchoedText.line(problem)))"
    }
  }

  /// Whether trying again later may succeed.
  public var isTransient: Bool {
    switch self {
    case .connection: true
    case .server(let problem): problem.hasPrefix("LOADING") || problem.hasPrefix("BUSY")
    default: false
    }
  }
}
