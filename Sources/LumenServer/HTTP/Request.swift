import Foundation

/// One HTTP request as the service sees it: gathered whole before a route runs.
public struct Request: Sendable {
  public let method: String
  /// The path without its query.
  public let path: String
  /// The headers routes read, by lower-case name.
  public let headers: [String: String]
  /// The query's arguments, decoded, in order.
  public let query: [(key: String, value: String)]
  public let body: Data
  /// The body grew past the server's limit (and was not kept).
  public let bodyTooLarge: Bool

  public init(
    method: String, path: String, headers: [String: String] = [:],
    query: [(key: String, value: String)] = [], body: Data = Data(), bodyTooLarge: Bool = false
  ) {
    self.method = method
    self.path = path
    self.headers = headers
    self.query = query
    self.body = body
    self.bodyTooLarge = bodyTooLarge
  }

  /// The headers a route may read (the server collects these only).
  static let readHeaders = [
    "authorization", "content-type", "if-match", "if-none-match", "origin",
  ]

  public func header(_ name: String) -> String? { headers[name.lowercased()] }

  /// The last value of query argument `key`.
  public func argument(_ key: String) -> String? { query.last { $0.key == key }?.value }

  /// The path's segments, without empty ones: `/v1/uploads/abc` is `["v1", "uploads", "abc"]`.
  public var segments: [Substring] { path.split(separator: "/") }
}
