import Foundation
import LumenAutomation
import LumenCommandLine
import LumenCore

/// `lumen enqueue`, `lumen worker`, `lumen queue status`: jobs on Redis Streams, run by any
/// number of workers on any number of machines sharing the files the jobs name.
enum QueueCommands {
  static let redis = Option.value(
    "redis", "URL", .text, required: true,
    help: "the server: redis://[[USER]:PASSWORD@]HOST[:PORT][/DB]")
  static let stream = Option.value(
    "stream", "NAME", .text, help: "the jobs' stream (default \(JobQueue.defaultStream))")
  static let group = Option.value(
    "group", "NAME", .text, help: "the workers' consumer group (default \(JobQueue.defaultGroup))")

  static let enqueue = Command(
    name: "enqueue", summary: "Adds a file of jobs (JSON Lines) to a Redis stream for workers.",
    positionals: .one("JOBS.jsonl", help: "one job a line, as `lumen batch` reads them"),
    options: [
      redis, stream, group,
      .value(
        "out", "DIR", .path,
        help: "the folder relative and unnamed outputs go to (default: the file's folder)"),
    ],
    notes: """
      Each line becomes an entry (the job, its output made absolute, and the folder its \
      relative paths start from); workers on any machine that sees the same files run them. \
      Lines are checked to be JSON objects here and read whole by the worker: a line it \
      cannot read goes to the dead-letter stream.
      """,
    run: runEnqueue)

  static let worker = Command(
    name: "worker", summary: "Runs jobs from a Redis stream until SIGTERM, as one of many.",
    options: [
      redis, stream, group,
      .value("name", "W", .text, help: "this worker's name in the group (default: host-pid)"),
      .value(
        "visibility-timeout", "SECONDS", .number(QueueWorker.Settings.visibilityRange),
        help: "how long a taken job may go without its worker's heartbeat before live workers "
          + "reclaim it (default 30)"),
      .value(
        "max-deliveries", "N", .integer(QueueWorker.Settings.deliveriesRange),
        help: "deliveries of a failing job before it goes to the dead-letter stream (default 3)"),
    ] + AutomationOptions.options,
    notes: """
      Takes jobs with XREADGROUP and acknowledges each (XACK, with its result added to \
      STREAM:results) only after its output is stored; a worker killed mid-job loses nothing: \
      its job is reclaimed (XAUTOCLAIM) by a live worker once idle for the visibility timeout. \
      A failing job is tried again until delivered N times, then moved to STREAM:dead with its \
      error. SIGTERM, SIGINT or SIGHUP: the jobs in progress finish, no more are taken. Prints \
      one JSON line per job; says on standard error when the server is away and keeps trying.
      """,
    run: runWorker)

  static let queue = Command(
    name: "queue", summary: "Redis queues of jobs: what is waiting, running, done, dead.",
    subcommands: [
      Command(
        name: "status", summary: "Jobs waiting, in flight per worker, done and dead letters.",
        options: [redis, stream, group, .flag("json", help: "prints JSON")], run: runStatus)
    ])

  private static func connection(_ args: ParsedArguments) throws -> (RedisConnection, JobQueue) {
    let url: RedisURL
    do {
      url = try RedisURL(parsing: try args.required("redis"))
    } catch {
      throw UsageError("\(error)")
    }
    let queue = JobQueue(
      stream: args.string("stream") ?? JobQueue.defaultStream,
      group: args.string("group") ?? JobQueue.defaultGroup)
    return (RedisConnection(url: url), queue)
  }

  static func runEnqueue(_ args: ParsedArguments) throws {
    let (redis, queue) = try connection(args)
    let file: BatchFile
    do {
      file = try BatchFile(contentsOf: URL(fileURLWithPath: args.firstPositional()))
    } catch let error as BatchError {
      throw CommandFailure(error.problem)
    }
    let outputs =
      args.string("out").map { URL(fileURLWithPath: JobOptions.absolute($0)) } ?? file.folder
    // Every line is checked before any is added: a batch goes in whole or not at all.
    let entries = try file.lines.map { line in
      do {
        return try line.withOutput(in: outputs).line
      } catch {
        throw CommandFailure("\(file.url.path): \(error)")
      }
    }
    do {
      try queue.prepare(on: redis)
      for entry in entries { try queue.enqueue(entry, folder: file.folder.path, on: redis) }
    } catch {
      throw CommandFailure("\(error)")
    }
    print("enqueued \(entries.count) jobs on \(queue.stream) at \(redis.url)")
  }

  static func runWorker(_ args: ParsedArguments) throws {
    let (redis, queue) = try connection(args)
    let settings = QueueWorker.Settings(
      url: redis.url, queue: queue, name: args.string("name"),
      concurrency: AutomationOptions.concurrency(args),
      visibilityTimeout: args.number("visibility-timeout") ?? 30,
      maxDeliveries: args.integer("max-deliveries") ?? 3)
    let worker = QueueWorker(settings: settings, runner: AutomationOptions.runner(args))
    let finished = DispatchSemaphore(value: 0)
    let output = NSLock()
    Thread.detachNewThread {
      worker.run(
        events: { event in
          var line: [String: Any] = [
            "id": event.id, "status": event.status,
            "seconds": (event.seconds * 1000).rounded() / 1000,
          ]
          line["output"] = event.output
          line["error"] = event.error
          let data =
            (try? JSONSerialization.data(
              withJSONObject: line, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
          output.withLock { FileHandle.standardOutput.write(data + Data("\n".utf8)) }
        },
        trouble: { problem in
          output.withLock {
            FileHandle.standardError.write(
              Data("lumen: worker \(settings.name): \(problem); trying again\n".utf8))
          }
        })
      finished.signal()
    }
    // A stop lets the jobs in progress finish, however long they take.
    Interruption.wait(
      for: finished, grace: 1e9,
      outcome: "the jobs in progress finished, no more were taken"
    ) { worker.stop() }
  }

  static func runStatus(_ args: ParsedArguments) throws {
    let (redis, queue) = try connection(args)
    let status: JobQueue.Status
    do {
      status = try queue.status(on: redis)
    } catch {
      throw CommandFailure("\(error)")
    }
    if args.has("json") {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      return print(String(decoding: try encoder.encode(status), as: UTF8.self))
    }
    print("\(queue.stream) at \(redis.url)")
    print("  waiting   \(status.waiting)")
    print("  in flight \(status.inFlight.values.reduce(0, +))")
    for (worker, count) in status.inFlight.sorted(by: { $0.key < $1.key }) {
      print("    \(worker): \(count)")
    }
    print("  retrying  \(status.retrying)")
    print("  done      \(status.done)")
    print("  dead      \(status.dead) (\(queue.deadLetters))")
  }
}
