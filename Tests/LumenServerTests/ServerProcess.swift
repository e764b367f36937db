import Foundation
import Glibc
import LumenTestSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A real `lumen serve` started by a test on a free loopback port, stopped afterwards.
final class ServerProcess: @unchecked Sendable {
  let process = Process()
  let data: URL
  private(set) var port = 0
  private let output = Pipe()
  private let errorsFile: URL

  /// `lumen serve --listen 127.0.0.1:0 --data DATA` with `arguments` added; waits for its
  /// "listening" line.
  init(data: URL, _ arguments: [String] = []) throws {
    self.data = data
    errorsFile = data.deletingLastPathComponent().appendingPathComponent(
      "server-\(UUID().uuidString).log")
    guard FileManager.default.createFile(atPath: errorsFile.path, contents: nil) else {
      throw ToolFailure("cannot create \(errorsFile.path)")
    }
    process.executableURL = Self.executable
    process.arguments = ["serve", "--listen", "127.0.0.1:0", "--data", data.path] + arguments
    process.standardOutput = output
    process.standardError = try FileHandle(forWritingTo: errorsFile)
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // "lumen serve: listening on http://127.0.0.1:PORT (data ...)"
    var line = Data()
    let reader = output.fileHandleForReading
    while !line.contains(UInt8(ascii: "\n")) {
      let piece = reader.availableData
      if piece.isEmpty { throw ToolFailure("lumen serve ended before listening: \(errors)") }
      line += piece
    }
    let text = String(decoding: line, as: UTF8.self)
    guard let range = text.range(of: #"127\.0\.0\.1:(\d+)"#, options: .regularExpression),
      let port = Int(text[range].split(separator: ":")[1])
    else { throw ToolFailure("no port in \(text)") }
    self.port = port
  }

  var errors: String { (try? String(contentsOf: errorsFile, encoding: .utf8)) ?? "" }

  /// Sends `signal` and waits for the process to end; returns its status.
  @discardableResult
  func stop(_ signal: Int32 = SIGTERM) -> Int32 {
    if process.isRunning { kill(process.processIdentifier, signal) }
    process.waitUntilExit()
    return process.terminationStatus
  }

  deinit {
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
  }

  /// The `lumen` executable beside the test bundle.
  static var executable: URL { PackagePaths.builtProduct("lumen") }

  /// Sends `text` as it is over a new connection and returns what comes back (up to 64 KB, or
  /// nothing when not waiting for the answer: the client leaves at once).
  func raw(_ text: String, waitsForAnswer: Bool = true) throws -> String {
    let socket = try connection()
    defer { close(socket) }
    send(text, on: socket)
    guard waitsForAnswer else { return "" }
    return receive(on: socket)
  }

  /// A new connection to the server, its reads timing out after `seconds`.
  func connection(timeout seconds: Int = 10) throws -> Int32 {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw ToolFailure("no socket") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      close(socket)
      throw ToolFailure("cannot connect to port \(port)")
    }
    var timeout = timeval(tv_sec: seconds, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    return socket
  }

  /// Sends `text`; false when the server has closed the connection.
  @discardableResult
  func send(_ text: String, on socket: Int32) -> Bool {
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBytes {
      Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
    } == bytes.count
  }

  /// What arrives next (up to 64 KB): "" when the server closed the connection or the read
  /// timed out.
  func receive(on socket: Int32) -> String {
    var answer = [UInt8](repeating: 0, count: 65536)
    let count = answer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
    return String(decoding: answer.prefix(max(0, count)), as: UTF8.self)
  }

  /// Uploads the sample photo `sample`; its id.
  func upload(_ sample: String = "coffee") throws -> String {
    let reply = try request(
      "POST", "/v1/uploads", body: Data(contentsOf: PackagePaths.sample(sample)))
    guard reply.status == 201, let id = reply.json["id"] as? String else {
      throw ToolFailure("upload: \(reply.status) \(String(decoding: reply.body, as: UTF8.self))")
    }
    return id
  }

  /// Saves `document` on the upload `photo`; the document's id.
  func createDocument(_ photo: String, _ document: [String: Any]) throws -> String {
    let reply = try json("POST", "/v1/documents", ["upload": photo, "document": document])
    guard reply.status == 201, let id = reply.json["id"] as? String else {
      throw ToolFailure("document: \(reply.status) \(String(decoding: reply.body, as: UTF8.self))")
    }
    return id
  }

  // MARK: Requests

  struct Reply {
    let status: Int
    let headers: [String: String]
    let body: Data

    var json: [String: Any] {
      (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
    }
    func header(_ name: String) -> String? {
      headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }
  }

  /// One request through URLSession (libcurl underneath), waited for.
  func request(
    _ method: String, _ path: String, body: Data? = nil, headers: [String: String] = [:]
  ) throws -> Reply {
    guard let url = URL(string: "http://127.0.0.1:\(port)\(path)") else {
      throw ToolFailure("bad path \(path)")
    }
    var request = URLRequest(url: url, timeoutInterval: 60)
    request.httpMethod = method
    request.httpBody = body
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let done = DispatchSemaphore(value: 0)
    let result = LockedBox<Result<Reply, any Error>>()
    URLSession.shared.dataTask(with: request) { data, response, error in
      if let error {
        result.value = .failure(error)
      } else if let response = response as? HTTPURLResponse {
        let headers = response.allHeaderFields.reduce(into: [String: String]()) {
          $0["\($1.key)"] = "\($1.value)"
        }
        result.value = .success(
          Reply(status: response.statusCode, headers: headers, body: data ?? Data()))
      } else {
        result.value = .failure(ToolFailure("no answer"))
      }
      done.signal()
    }.resume()
    done.wait()
    guard let value = result.value else { throw ToolFailure("no answer") }
    return try value.get()
  }

  func json(_ method: String, _ path: String, _ object: Any, headers: [String: String] = [:])
    throws -> Reply
  {
    try request(
      method, path, body: try JSONSerialization.data(withJSONObject: object),
      headers: headers.merging(["Content-Type": "application/json"]) { a, _ in a })
  }
}

/// A value set by one thread and read by another after a semaphore.
final class LockedBox<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value?
  var value: Value? {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
  /// Changes the value under the lock (a read and a write apart could lose an update).
  func update(_ body: (inout Value?) -> Void) { lock.withLock { body(&stored) } }
}
