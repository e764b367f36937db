import Foundation
import LumenCore

/// A worker on a ``JobQueue``: `concurrency` slots, each on a connection of its own, take jobs,
/// run them and acknowledge each only once its output is stored. While a job runs its entry is
/// claimed again every third of the visibility timeout (a heartbeat), so only the jobs of a
/// worker that died go idle and are reclaimed by live workers. A job that fails is tried again
/// (by any worker, once it has been idle for the visibility timeout) until it has been
/// delivered `maxDeliveries` times; then it goes to the dead-letter stream with its error.
/// ``stop()`` lets the jobs in progress finish and takes no more.
public final class QueueWorker: Sendable {
  public struct Settings: Sendable {
    public var url: RedisURL
    public var queue: JobQueue
    /// The consumer's name in the group (default: host and process id).
    public var name: String
    public var concurrency: Int
    /// Seconds a taken job may go without a heartbeat before another worker reclaims it.
    public var visibilityTimeout: Double
    public var maxDeliveries: Int

    public static let visibilityRange = 0.1...86_400.0
    public static let deliveriesRange = 1...1000

    public init(
      url: RedisURL, queue: JobQueue = JobQueue(), name: String? = nil, concurrency: Int = 1,
      visibilityTimeout: Double = 30, maxDeliveries: Int = 3
    ) {
      self.url = url
      self.queue = queue
      self.name = name ?? "\(ProcessInfo.processInfo.hostName)-\(getpid())"
      self.concurrency = concurrency
      self.visibilityTimeout = visibilityTimeout
      self.maxDeliveries = maxDeliveries
    }
  }

  /// What happened to a job, for the worker's log (one JSON line each).
  public struct Event: Sendable {
    public let id: String
    public let status: String
    public let output: String?
    public let seconds: Double
    public let error: String?
  }

  public let settings: Settings
  public let runner: JobRunner
  private let stopping = Locked(false)
  private let templates = TemplateCache()

  public init(settings: Settings, runner: JobRunner) {
    self.settings = settings
    self.runner = runner
  }

  /// Takes no more jobs; those in progress finish.
  public func stop() { stopping.withLock { $0 = true } }

  private var isStopping: Bool { stopping.withLock { $0 } }

  /// Runs the slots until ``stop()``; `log` hears of every job as it ends and of connection
  /// trouble (a line), from any slot's thread.
  public func run(
    events: @escaping @Sendable (Event) -> Void, trouble: @escaping @Sendable (String) -> Void
  ) {
    sideBySide(settings.concurrency) { [self] _ in
      let slot = Slot(worker: self, redis: SharedConnection(RedisConnection(url: settings.url)))
      var lastTrouble = ""
      var prepared = false
      while !isStopping {
        do {
          if !prepared {
            try slot.redis.use { (redis) throws(RedisError) in try settings.queue.prepare(on: redis)
            }
            prepared = true
          }
          try slot.takeAndRun(events: events)
          lastTrouble = ""
        } catch {
          // A server that lost its data (restarted without persistence) lost the group too.
          if case .server(let message)? = error as? RedisError, message.hasPrefix("NOGROUP") {
            prepared = false
          }
          // Said once while it lasts (a restarting server fails every try).
          if "\(error)" != lastTrouble { trouble("\(error)") }
          lastTrouble = "\(error)"
          Thread.sleep(forTimeInterval: 0.25)
        }
      }
    }
  }

  /// One slot: its connection and the job it runs.
  private struct Slot {
    let worker: QueueWorker
    let redis: SharedConnection
    var settings: Settings { worker.settings }
    var queue: JobQueue { settings.queue }

    /// Takes one job (a reclaimed one first) and runs it; returns when none came within a second.
    func takeAndRun(events: @Sendable (Event) -> Void) throws(RedisError) {
      var entry = try reclaimed()
      if entry == nil { entry = try taken() }
      guard let entry else { return }
      let deliveries =
        try redis.use { (redis) throws(RedisError) in
          try redis.run(["XPENDING", queue.stream, queue.group, entry.id, entry.id, "1"])
        }.array?.first?.array.flatMap { $0.count > 3 ? $0[3].integer : nil } ?? 1
      if deliveries > settings.maxDeliveries {
        let last = try redis.use { (redis) throws(RedisError) in
          try redis.run(["HGET", queue.errors, entry.id])
        }.string
        let error = last ?? "its worker stopped before finishing it \(deliveries - 1) times"
        try finish(
          entry, status: "dead", output: nil, seconds: 0, started: Date(), error: error,
          deliveries: deliveries)
        return events(Event(id: entry.id, status: "dead", output: nil, seconds: 0, error: error))
      }
      let started = Date()
      let heartbeat = startHeartbeat(for: entry.id)
      defer { heartbeat.cancel() }
      let line = BatchLine(number: 1, index: 0, text: Data(entry.job.utf8))
      let folder = URL(fileURLWithPath: entry.folder)
      let job: RunnableJob
      do {
        job = try line.job(relativeTo: folder, outputFolder: folder, templates: worker.templates)
      } catch {
        // A job that cannot be read never will be: no second try.
        let problem = "the job cannot be read: \(error.problem)"
        try finish(
          entry, status: "dead", output: nil, seconds: 0, started: started, error: problem,
          deliveries: deliveries)
        return events(Event(id: entry.id, status: "dead", output: nil, seconds: 0, error: problem))
      }
      do {
        try FileManager.default.createDirectory(
          at: URL(fileURLWithPath: job.output).deletingLastPathComponent(),
          withIntermediateDirectories: true)
        try worker.runner.run(job, folder: folder)
      } catch {
        heartbeat.cancel()
        let seconds = Date().timeIntervalSince(started)
        let problem = EchoedText.line("\(error)")
        if deliveries >= settings.maxDeliveries {
          try finish(
            entry, status: "dead", output: job.output, seconds: seconds, started: started,
            error: problem, deliveries: deliveries)
          return events(
            Event(
              id: entry.id, status: "dead", output: job.output, seconds: seconds, error: problem))
        }
        try retrying { (redis) throws(RedisError) in
          try redis.run(["HSET", queue.errors, entry.id, problem])
        }
        return events(
          Event(
            id: entry.id, status: "failed", output: job.output, seconds: seconds, error: problem))
      }
      heartbeat.cancel()
      let seconds = Date().timeIntervalSince(started)
      try finish(
        entry, status: "done", output: job.output, seconds: seconds, started: started, error: nil,
        deliveries: deliveries)
      events(Event(id: entry.id, status: "done", output: job.output, seconds: seconds, error: nil))
    }

    /// A job idle for longer than the visibility timeout (its worker died), claimed for this one.
    private func reclaimed() throws(RedisError) -> Entry? {
      let idle = String(Int(settings.visibilityTimeout * 1000))
      let answer = try redis.use { (redis) throws(RedisError) in
        try redis.run([
          "XAUTOCLAIM", queue.stream, queue.group, settings.name, idle, "0-0", "COUNT", "1",
        ])
      }
      return (answer.array?.count ?? 0) > 1 ? Entry.first(in: answer.array?[1]) : nil
    }

    /// A new job, waiting for one at most a second.
    private func taken() throws(RedisError) -> Entry? {
      let answer = try redis.use { (redis) throws(RedisError) in
        try redis.waitLonger(by: 1) { () throws(RedisError) in
          try redis.run([
            "XREADGROUP", "GROUP", queue.group, settings.name, "COUNT", "1", "BLOCK", "1000",
            "STREAMS", queue.stream, ">",
          ])
        }
      }
      guard let streams = answer.array, let first = streams.first?.array, first.count == 2 else {
        return nil
      }
      return Entry.first(in: first[1])
    }

    /// Acknowledges the job with its result, trying again while the server is away (it may be
    /// restarting): the output exists, so the job must not be lost or left to be redone.
    private func finish(
      _ entry: Entry, status: String, output: String?, seconds: Double, started: Date,
      error: String?, deliveries: Int
    ) throws(RedisError) {
      var result = [
        "worker": settings.name, "seconds": String(format: "%.3f", seconds),
        "started": String(Int((started.timeIntervalSince1970 * 1000).rounded())),
        "deliveries": String(deliveries),
      ]
      result["output"] = output
      result["error"] = error
      let dead =
        status == "dead"
        ? [
          "id": entry.id, "job": entry.job, "folder": entry.folder, "error": error ?? "",
          "deliveries": String(deliveries),
        ] : nil
      try retrying { (redis) throws(RedisError) in
        try queue.finish(entry.id, status: status, result: result, deadLetter: dead, on: redis)
      }
    }

    /// Runs `body` until it succeeds or fails for good, for at most ten minutes of a server away.
    private func retrying(_ body: (RedisConnection) throws(RedisError) -> Void) throws(RedisError) {
      let deadline = Date().addingTimeInterval(600)
      while true {
        do {
          return try redis.use(body)
        } catch  where error.isTransient && Date() < deadline {
          Thread.sleep(forTimeInterval: 0.2)
        }
      }
    }

    /// Claims the entry again every third of the visibility timeout while the job runs, so that
    /// it never looks idle; a failed heartbeat is tried again at the next.
    private func startHeartbeat(for id: String) -> any DispatchSourceTimer {
      let timer = DispatchSource.makeTimerSource(queue: .global())
      let interval = settings.visibilityTimeout / 3
      timer.schedule(deadline: .now() + interval, repeating: interval)
      let (redis, queue, name) = (self.redis, self.queue, settings.name)
      timer.setEventHandler {
        _ = try? redis.use { (redis) throws(RedisError) in
          try redis.run(["XCLAIM", queue.stream, queue.group, name, "0", id, "JUSTID"])
        }
      }
      timer.resume()
      return timer
    }
  }

  /// A job's entry: its id and fields.
  struct Entry {
    let id: String
    let job: String
    let folder: String

    /// The first entry of an array of `[id, [name, value, ...]]` (deleted ones skipped).
    static func first(in reply: RedisReply?) -> Entry? {
      for element in reply?.array ?? [] {
        guard let pair = element.array, pair.count == 2, let id = pair[0].string else { continue }
        let fields = pair[1].fields
        guard let job = fields["job"] else { continue }
        return Entry(id: id, job: job, folder: fields["folder"] ?? "/")
      }
      return nil
    }
  }
}

/// A connection two threads share (a slot and its heartbeat), one command at a time.
final class SharedConnection: @unchecked Sendable {
  private let connection: RedisConnection
  private let lock = NSLock()

  init(_ connection: RedisConnection) { self.connection = connection }

  func use<R>(_ body: (RedisConnection) throws(RedisError) -> R) throws(RedisError) -> R {
    lock.lock()
    defer { lock.unlock() }
    return try body(connection)
  }
}
