import Foundation

/// What a route answers: a status, headers and a body, whole, or streamed (server-sent events).
public struct Response: Sendable {
  public var status: Int
  public var headers: [(name: String, value: String)]
  public var body: Body

  public enum Body: Sendable {
    case bytes(Data)
    /// Written as it comes (server-sent events).
    case stream(any ResponseStream)
  }

  public init(status: Int, headers: [(name: String, value: String)] = [], body: Data = Data()) {
    self.status = status
    self.headers = headers
    self.body = .bytes(body)
  }

  public init(
    status: Int, headers: [(name: String, value: String)], stream: any ResponseStream
  ) {
    self.status = status
    self.headers = headers
    self.body = .stream(stream)
  }

  /// `value` as JSON (keys sorted, so the same value gives the same bytes).
  public static func json(_ value: some Encodable, status: Int = 200) -> Response {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    do {
      return Response(
        status: status, headers: [("Content-Type", "application/json")],
        body: try encoder.encode(value))
    } catch {
      return .problem(500, detail: "the answer could not be written as JSON: \(error)")
    }
  }

  /// Bytes of JSON already written.
  public static func json(data: Data, status: Int = 200) -> Response {
    Response(status: status, headers: [("Content-Type", "application/json")], body: data)
  }

  /// An RFC 9457 problem: `detail` says what went wrong; `pointer` is the JSON path of the
  /// request's field at fault, when one is.
  public static func problem(_ status: Int, detail: String, pointer: String? = nil) -> Response {
    var problem = Problem(
      type: "about:blank", title: Self.reason(status), status: status, detail: detail)
    problem.pointer = pointer
    var response = Response.json(problem, status: status)
    response.headers = [("Content-Type", "application/problem+json")]
    return response
  }

  public func adding(_ name: String, _ value: String) -> Response {
    var copy = self
    copy.headers.append((name, value))
    return copy
  }

  /// The standard reason phrases of the statuses the service answers with.
  static func reason(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 201: "Created"
    case 202: "Accepted"
    case 204: "No Content"
    case 304: "Not Modified"
    case 400: "Bad Request"
    case 401: "Unauthorized"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 409: "Conflict"
    case 412: "Precondition Failed"
    case 413: "Content Too Large"
    case 415: "Unsupported Media Type"
    case 422: "Unprocessable Content"
    case 428: "Precondition Required"
    case 429: "Too Many Requests"
    case 503: "Service Unavailable"
    default: status >= 500 ? "Internal Server Error" : "Error"
    }
  }
}

/// The body of an error answer (RFC 9457, `application/problem+json`).
struct Problem: Codable, Sendable {
  var type: String
  var title: String
  var status: Int
  var detail: String
  /// The JSON path of the request's field at fault (`document.operations.adjustments.contrast`).
  var pointer: String?
}

/// A body written as it comes: the connection sleeps, holding no thread, while there is
/// nothing to send.
public protocol ResponseStream: AnyObject, Sendable {
  /// The next piece: empty when nothing is ready yet, nil at the end. Never waits.
  func next() -> Data?
  /// Has `wake` called whenever ``next()`` may have something new, until ``close()``.
  func whenReady(_ wake: @escaping @Sendable () -> Void)
  /// The client is gone or the server stops: no more wakes.
  func close()
}
