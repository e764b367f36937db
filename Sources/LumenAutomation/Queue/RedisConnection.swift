import CHiredis
import Foundation

/// One connection to Redis through hiredis: commands as arrays of words, answers as
/// ``RedisReply``. Not shared between threads without a lock; a broken connection is
/// reopened by the next command.
public final class RedisConnection {
  public let url: RedisURL
  /// How long a command may wait for its answer (a blocking read waits at most its own
  /// timeout more).
  public let timeout: Double
  private var context: UnsafeMutablePointer<redisContext>?

  public init(url: RedisURL, timeout: Double = 5) {
    self.url = url
    self.timeout = timeout
  }

  deinit { close() }

  public func close() {
    if let context { redisFree(context) }
    context = nil
  }

  /// Runs one command; a connection error closes the connection (the next command reopens it).
  @discardableResult
  public func run(_ words: [String]) throws(RedisError) -> RedisReply {
    let context = try connected()
    let reply = Self.send(words, on: context)
    guard let reply else {
      let reason = Self.reason(of: context)
      close()
      throw .connection(reason)
    }
    defer { freeReplyObject(reply) }
    let answer = RedisReply(reply.pointee)
    if case .error(let message) = answer { throw .server(message) }
    return answer
  }

  private func connected() throws(RedisError) -> UnsafeMutablePointer<redisContext> {
    if let context { return context }
    let seconds = Int(timeout)
    let interval = timeval(tv_sec: seconds, tv_usec: Int((timeout - Double(seconds)) * 1e6))
    guard let opened = redisConnectWithTimeout(url.host, Int32(url.port), interval) else {
      throw .connection("cannot connect to \(url) (out of memory)")
    }
    guard opened.pointee.err == 0 else {
      let reason = Self.reason(of: opened)
      redisFree(opened)
      throw .connection("cannot connect to \(url): \(reason)")
    }
    redisSetTimeout(opened, interval)
    context = opened
    do {
      if let password = url.password {
        try run(["AUTH"] + (url.user.map { [$0] } ?? []) + [password])
      }
      if url.database != 0 { try run(["SELECT", String(url.database)]) }
    } catch {
      close()
      throw error
    }
    return opened
  }

  /// Lets a blocking command wait `seconds` longer than the usual timeout.
  public func waitLonger(by seconds: Double, _ body: () throws(RedisError) -> RedisReply)
    throws(RedisError) -> RedisReply
  {
    let context = try connected()
    func set(_ total: Double) {
      let whole = Int(total)
      redisSetTimeout(context, timeval(tv_sec: whole, tv_usec: Int((total - Double(whole)) * 1e6)))
    }
    set(timeout + seconds)
    defer { if self.context == context { set(timeout) } }
    return try body()
  }

  /// Sends `words` as one command: their bytes laid end to end in one buffer, each passed
  /// with its length (so a word may hold any byte).
  private static func send(_ words: [String], on context: UnsafeMutablePointer<redisContext>)
    -> UnsafeMutablePointer<redisReply>?
  {
    let bytes = Array(words.joined().utf8) + [0]
    var lengths = words.map { $0.utf8.count }
    return bytes.withUnsafeBufferPointer { buffer -> UnsafeMutablePointer<redisReply>? in
      guard let base = buffer.baseAddress else { return nil }
      var offset = 0
      var pointers: [UnsafePointer<CChar>?] = lengths.map { length in
        defer { offset += length }
        return UnsafeRawPointer(base + offset).assumingMemoryBound(to: CChar.self)
      }
      return redisCommandArgv(context, Int32(words.count), &pointers, &lengths)?
        .assumingMemoryBound(to: redisReply.self)
    }
  }

  private static func reason(of context: UnsafeMutablePointer<redisContext>) -> String {
    withUnsafeBytes(of: context.pointee.errstr) { bytes in
      String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
  }
}

/// An answer from Redis (RESP2).
public indirect enum RedisReply: Hashable, Sendable {
  case string(String)
  case status(String)
  case integer(Int)
  case array([RedisReply])
  case null
  case error(String)

  init(_ reply: redisReply) {
    func text() -> String {
      guard let str = reply.str else { return "" }
      return String(decoding: UnsafeRawBufferPointer(start: str, count: reply.len), as: UTF8.self)
    }
    switch reply.type {
    case REDIS_REPLY_STRING: self = .string(text())
    case REDIS_REPLY_STATUS: self = .status(text())
    case REDIS_REPLY_INTEGER: self = .integer(Int(reply.integer))
    case REDIS_REPLY_ERROR: self = .error(text())
    case REDIS_REPLY_ARRAY:
      var elements: [RedisReply] = []
      for index in 0..<reply.elements {
        elements.append(reply.element[index].map { RedisReply($0.pointee) } ?? .null)
      }
      self = .array(elements)
    default: self = .null
    }
  }

  public var string: String? {
    switch self {
    case .string(let text), .status(let text): text
    default: nil
    }
  }

  public var integer: Int? {
    switch self {
    case .integer(let number): number
    case .string(let text): Int(text)
    default: nil
    }
  }

  public var array: [RedisReply]? {
    if case .array(let elements) = self { return elements }
    return nil
  }

  /// A flat array of alternating names and values as a dictionary of strings.
  public var fields: [String: String] {
    var fields: [String: String] = [:]
    let elements = array ?? []
    for pair in stride(from: 0, to: elements.count - 1, by: 2) {
      if let name = elements[pair].string, let value = elements[pair + 1].string {
        fields[name] = value
      }
    }
    return fields
  }
}
