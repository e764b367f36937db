import Foundation

/// A queue of jobs on Redis Streams: the jobs' stream, one consumer group of workers, and
/// beside them a stream of results, a dead-letter stream and a hash of counts.
///
/// A job is an entry `job` (a batch line with its output made absolute) and `folder` (where its
/// relative paths start). Workers take entries with `XREADGROUP`, acknowledge one only after its
/// output is stored (and then delete it, so the stream holds exactly the jobs not yet done),
/// and reclaim entries idle longer than the visibility timeout with `XAUTOCLAIM`.
public struct JobQueue: Sendable {
  public let stream: String
  public let group: String

  public static let defaultStream = "lumen:jobs"
  public static let defaultGroup = "lumen"

  public init(stream: String = defaultStream, group: String = defaultGroup) {
    self.stream = stream
    self.group = group
  }

  public var results: String { "\(stream):results" }
  public var deadLetters: String { "\(stream):dead" }
  /// The last error of each job that failed and waits to be tried again.
  public var errors: String { "\(stream):errors" }
  /// Counts of jobs done and dead.
  public var counts: String { "\(stream):counts" }

  /// Makes the group (from the stream's start, so jobs enqueued before any worker ran are
  /// taken) unless it exists.
  public func prepare(on redis: RedisConnection) throws(RedisError) {
    do {
      try redis.run(["XGROUP", "CREATE", stream, group, "0", "MKSTREAM"])
    } catch .server(let message) where message.hasPrefix("BUSYGROUP") {
      return
    }
  }

  /// Adds `job` (a line of JSON) whose relative paths start at `folder`; the entry's id.
  @discardableResult
  public func enqueue(_ job: String, folder: String, on redis: RedisConnection)
    throws(RedisError) -> String
  {
    guard let id = try redis.run(["XADD", stream, "*", "job", job, "folder", folder]).string else {
      throw .unexpected("XADD gave no id")
    }
    return id
  }

  /// What the queue holds now.
  public struct Status: Sendable, Encodable {
    /// Jobs no worker has taken yet.
    public var waiting: Int
    /// Jobs taken and not yet done, per worker.
    public var inFlight: [String: Int]
    public var done: Int
    public var dead: Int
    /// Jobs that failed and wait to be tried again.
    public var retrying: Int
  }

  public func status(on redis: RedisConnection) throws(RedisError) -> Status {
    let length = try redis.run(["XLEN", stream]).integer ?? 0
    var inFlight: [String: Int] = [:]
    var pending = 0
    do {
      let summary = try redis.run(["XPENDING", stream, group]).array ?? []
      pending = summary.first?.integer ?? 0
      for consumer in summary.count > 3 ? summary[3].array ?? [] : [] {
        if let pair = consumer.array, pair.count == 2, let name = pair[0].string {
          inFlight[name] = pair[1].integer ?? 0
        }
      }
    } catch .server(let message) where message.hasPrefix("NOGROUP") {
      pending = 0
    }
    let counts = try redis.run(["HGETALL", self.counts]).fields
    return Status(
      waiting: max(0, length - pending), inFlight: inFlight, done: Int(counts["done"] ?? "") ?? 0,
      dead: Int(counts["dead"] ?? "") ?? 0,
      retrying: try redis.run(["HLEN", errors]).integer ?? 0)
  }

  /// Acknowledges entry `id` and records how it ended, atomically: the entry leaves the stream
  /// and the pending list, the result is added, the count raised. Nothing happens when another
  /// worker acknowledged it first (it was reclaimed and done twice); false then.
  @discardableResult
  func finish(
    _ id: String, status: String, result: [String: String], deadLetter: [String: String]? = nil,
    on redis: RedisConnection
  ) throws(RedisError) -> Bool {
    let fields = (["id": id, "status": status].merging(result) { a, _ in a }).sorted {
      $0.key < $1.key
    }
    let dead = (deadLetter ?? [:]).sorted { $0.key < $1.key }
    let answer = try redis.run(
      [
        "EVAL", Self.finishScript, "5", stream, results, errors, counts, deadLetters, group, id,
        status,
        String(fields.count * 2),
      ]
        + fields.flatMap { [$0.key, $0.value] } + dead.flatMap { [$0.key, $0.value] })
    return answer.integer == 1
  }

  /// KEYS: stream, results, errors, counts, dead letters. ARGV: group, id, status, the number
  /// of result words, the result's names and values, then the dead letter's (if any).
  static let finishScript = """
    if redis.call('XACK', KEYS[1], ARGV[1], ARGV[2]) == 0 then return 0 end
    redis.call('XDEL', KEYS[1], ARGV[2])
    redis.call('HDEL', KEYS[3], ARGV[2])
    redis.call('HINCRBY', KEYS[4], ARGV[3], 1)
    local n = tonumber(ARGV[4])
    redis.call('XADD', KEYS[2], 'MAXLEN', '~', '1000000', '*', unpack(ARGV, 5, 4 + n))
    if #ARGV > 4 + n then
      redis.call('XADD', KEYS[5], '*', unpack(ARGV, 5 + n))
    end
    return 1
    """
}
