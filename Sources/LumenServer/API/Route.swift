/// A method and a path pattern (`/v1/uploads/{id}`), and what answers it. The service's
/// table of routes is what the OpenAPI document is checked against.
struct Route: Sendable {
  let method: String
  let pattern: String
  let handle: @Sendable (Service, Request, [String: String]) throws -> Response

  /// The pattern's parameters bound to `path`'s segments, when the path matches.
  func match(_ path: [Substring]) -> [String: String]? {
    let parts = pattern.split(separator: "/")
    guard parts.count == path.count else { return nil }
    var bound: [String: String] = [:]
    for (part, segment) in zip(parts, path) {
      if part.hasPrefix("{") && part.hasSuffix("}") {
        bound[String(part.dropFirst().dropLast())] = String(segment)
      } else if part != segment {
        return nil
      }
    }
    return bound
  }
}

/// An answer a route gives by throwing (a bad request, a missing id...).
struct RouteError: Error {
  let response: Response

  init(_ status: Int, _ detail: String, pointer: String? = nil) {
    response = .problem(status, detail: detail, pointer: pointer)
  }
}

extension RouteError {
  /// A 422 answer for a body's settings refused while decoding, pointing at the field.
  init(refusing error: any Error) {
    switch error {
    case let error as JobSettingsError:
      self.init(
        422, error.pointer.isEmpty ? error.reason : error.description,
        pointer: error.pointer.isEmpty ? nil : error.pointer)
    case let error as DecodingError:
      let (path, reason) = Self.describe(error)
      let pointer = path.map { $0.intValue.map(String.init) ?? $0.stringValue }
        .joined(separator: ".")
      self.init(
        422, pointer.isEmpty ? reason : "\(pointer): \(reason)",
        pointer: pointer.isEmpty ? nil : pointer)
    default:
      self.init(422, "\(error)")
    }
  }

  private static func describe(_ error: DecodingError) -> (path: [any CodingKey], reason: String) {
    switch error {
    case .keyNotFound(let key, let context): (context.codingPath + [key], "required")
    case .typeMismatch(let type, let context): (context.codingPath, "expected \(type)")
    case .valueNotFound(let type, let context): (context.codingPath, "expected \(type)")
    case .dataCorrupted(let context): (context.codingPath, context.debugDescription)
    @unknown default: ([], "\(error)")
    }
  }
}
