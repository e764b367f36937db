import CLumenHTTP
import Foundation
import LumenCore

/// An HTTP/1.1 server (libmicrohttpd, through CLumenHTTP): a pool of threads polling
/// connections with epoll; each request, its body gathered, goes to `handler`, which answers
/// through its ``Reply`` at once or later from any thread. A request waiting for its answer
/// (a render on Lumen's own threads) holds no thread of the pool.
public final class HTTPServer: @unchecked Sendable {
  public struct Settings: Sendable {
    public var address: String
    /// 0: any free port (``port`` tells which).
    public var port: Int
    public var threads: Int
    public var maxBodyBytes: Int
    /// A connection silent this long is closed.
    public var idleSeconds: Int
    /// A request whose body takes longer than this to arrive is dropped (a client sending a
    /// byte now and then keeps its connection alive but cannot hold it forever).
    public var requestSeconds: Int
    public var maxConnections: Int

    public init(
      address: String = "127.0.0.1", port: Int = 8080, threads: Int = 4,
      maxBodyBytes: Int = 256 << 20, idleSeconds: Int = 30, requestSeconds: Int = 300,
      maxConnections: Int = 512
    ) {
      self.requestSeconds = requestSeconds
      self.address = address
      self.port = port
      self.threads = threads
      self.maxBodyBytes = maxBodyBytes
      self.idleSeconds = idleSeconds
      self.maxConnections = maxConnections
    }
  }

  public typealias Handler = @Sendable (Request, Reply) -> Void

  private let handler: Handler
  private var server: OpaquePointer?

  /// Starts listening; throws ``ServerError/cannotListen(_:)`` when it cannot.
  public init(_ settings: Settings, handler: @escaping Handler) throws(ServerError) {
    self.handler = handler
    var error = [CChar](repeating: 0, count: 256)
    let started = settings.address.withCString { address in
      var c = lumen_http_settings(
        address: address, port: UInt16(clamping: settings.port),
        threads: UInt32(clamping: settings.threads), max_body: settings.maxBodyBytes,
        idle_seconds: UInt32(clamping: settings.idleSeconds),
        request_seconds: UInt32(clamping: settings.requestSeconds),
        max_connections: UInt32(clamping: settings.maxConnections))
      return lumen_http_start(
        &c,
        { context, exchange in
          guard let context, let exchange else { return }
          let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
          server.handler(HTTPServer.request(of: exchange), Reply(exchange))
        }, Unmanaged.passUnretained(self).toOpaque(), &error, error.count)
    }
    guard let started else {
      throw .cannotListen(
        String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
    server = started
  }

  /// The port the server listens on.
  public var port: Int { server.map { Int(lumen_http_port($0)) } ?? 0 }

  /// Stops taking connections, lets the requests in progress be answered for up to
  /// `graceSeconds`, then closes every connection.
  public func stop(graceSeconds: Int = 30) {
    guard let server else { return }
    self.server = nil
    lumen_http_stop(server, UInt32(clamping: graceSeconds))
  }

  deinit { stop(graceSeconds: 0) }

  private static func request(of exchange: OpaquePointer) -> Request {
    func string(_ pointer: UnsafePointer<CChar>?) -> String? { pointer.map { String(cString: $0) } }
    var headers: [String: String] = [:]
    for name in Request.readHeaders {
      if let value = string(lumen_http_header(exchange, name)) { headers[name] = value }
    }
    var needed = lumen_http_query_keys(exchange, nil, 0)
    var keys = [CChar](repeating: 0, count: needed)
    needed = keys.withUnsafeMutableBufferPointer {
      lumen_http_query_keys(exchange, $0.baseAddress, $0.count)
    }
    let names = keys.prefix(needed).split(separator: 0, omittingEmptySubsequences: false)
      .dropLast().map { String(decoding: $0.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
    let query = names.map { ($0, string(lumen_http_query(exchange, $0)) ?? "") }
    var size = 0
    let body = lumen_http_body(exchange, &size).map { Data(bytes: $0, count: size) } ?? Data()
    return Request(
      method: string(lumen_http_method(exchange)) ?? "",
      path: string(lumen_http_path(exchange)) ?? "/",
      headers: headers, query: query, body: body,
      bodyTooLarge: lumen_http_body_too_large(exchange) != 0)
  }
}

/// How a request is answered: exactly once, from any thread.
public struct Reply: @unchecked Sendable {
  private let exchange: OpaquePointer

  init(_ exchange: OpaquePointer) { self.exchange = exchange }

  public func send(_ response: Response) {
    let headers = response.headers.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
    switch response.body {
    case .bytes(let body):
      body.withUnsafeBytes { bytes in
        lumen_http_respond(
          exchange, UInt32(response.status), headers, bytes.baseAddress, bytes.count)
      }
    case .stream(let source):
      let stream = Unmanaged.passRetained(Stream(source)).toOpaque()
      lumen_http_respond_stream(
        exchange, UInt32(response.status), headers,
        { context, handle, buffer, size in
          guard let context, let handle, let buffer else { return -1 }
          let stream = Unmanaged<Stream>.fromOpaque(context).takeUnretainedValue()
          return stream.write(into: buffer, size, handle: handle)
        },
        { context in
          guard let context else { return }
          Unmanaged<Stream>.fromOpaque(context).takeRetainedValue().close()
        }, stream)
    }
  }

  /// A streamed body: pieces from its source, written as the connection takes them; the
  /// connection sleeps while the source has nothing and is woken when it may have.
  private final class Stream: @unchecked Sendable {
    let source: any ResponseStream
    /// Touched only by the connection's thread, one call at a time.
    var pending = Data()
    var ended = false
    /// The C stream while it lives, to wake (nil once released).
    let handle = Locked<OpaquePointer?>(nil)

    init(_ source: any ResponseStream) { self.source = source }

    func write(into buffer: UnsafeMutablePointer<CChar>, _ size: Int, handle: OpaquePointer)
      -> Int
    {
      let first = self.handle.withLock { known in
        defer { known = handle }
        return known == nil
      }
      if first {
        source.whenReady { [weak self] in
          self?.handle.withLock { if let handle = $0 { lumen_http_wake(handle) } }
        }
      }
      if pending.isEmpty && !ended {
        if let piece = source.next() { pending = piece } else { ended = true }
      }
      if pending.isEmpty { return ended ? -1 : 0 }
      let count = min(size, pending.count)
      pending.withUnsafeBytes { bytes in
        guard let base = bytes.baseAddress else { return }
        UnsafeMutableRawPointer(buffer).copyMemory(from: base, byteCount: count)
      }
      pending.removeFirst(count)
      return count
    }

    func close() {
      handle.withLock { $0 = nil }
      source.close()
    }
  }
}

/// Why the service cannot start or go on.
public enum ServerError: Error, Equatable, CustomStringConvertible {
  case cannotListen(String)
  case unsafeListener(String)
  case store(String)

  public var description: String {
    switch self {
    case .cannotListen(let reason): reason
    case .unsafeListener(let address):
      "refusing to listen on \(address) without --token: only loopback addresses may go without one"
    case .store(let reason): reason
    }
  }
}
