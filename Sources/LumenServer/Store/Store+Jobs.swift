import Foundation

extension Store {
  /// A render of a document's revision into a file: what was asked, where it stands, and the
  /// output's bytes once done.
  public struct Job: Codable, Sendable, Equatable {
    public enum State: String, Codable, Sendable {
      case queued, running, done, failed, cancelled

      public var isFinal: Bool { self == .done || self == .failed || self == .cancelled }
    }

    public let id: String
    public let document: String
    public let revision: Int
    public let format: String
    /// The job's settings as JSON: a photo's encoding and preview size, or a video's
    /// encoding, size, trim and rate (``JobSettings``).
    public let settings: String
    public var state: State
    public var error: String?
    public var output: String?
    public let created: String
    public var started: String?
    public var finished: String?
  }

  func createJobsTable() throws(ServerError) {
    try database.execute(
      """
      CREATE TABLE IF NOT EXISTS jobs (id TEXT PRIMARY KEY, document TEXT NOT NULL,
        revision INTEGER NOT NULL, format TEXT NOT NULL, settings TEXT NOT NULL,
        state TEXT NOT NULL, error TEXT, blob TEXT, created TEXT NOT NULL,
        started TEXT, finished TEXT)
      """)
    // Jobs a stopped server was running or had queued did not finish: they are failed, so
    // that nobody waits for them.
    try database.execute(
      "UPDATE jobs SET state = 'failed', error = 'the server stopped before the job finished', finished = ? WHERE state IN ('queued', 'running')",
      [.text(Self.now())])
  }

  public func addJob(
    document: String, revision: Int, format: String, settings: String
  ) throws(ServerError) -> Job {
    let job = Job(
      id: Self.newID(), document: document, revision: revision, format: format,
      settings: settings, state: .queued, error: nil, output: nil, created: Self.now(),
      started: nil, finished: nil)
    try database.execute(
      "INSERT INTO jobs (id, document, revision, format, settings, state, created) VALUES (?, ?, ?, ?, ?, 'queued', ?)",
      [
        .text(job.id), .text(document), .integer(Int64(revision)), .text(format),
        .text(settings), .text(job.created),
      ])
    return job
  }

  public func job(_ id: String) throws(ServerError) -> Job? {
    guard Self.isID(id),
      let row = try database.execute(
        "SELECT id, document, revision, format, settings, state, error, blob, created, started, finished FROM jobs WHERE id = ?",
        [.text(id)]
      ).first
    else { return nil }
    return Job(
      id: row[0].string ?? "", document: row[1].string ?? "", revision: row[2].int ?? 0,
      format: row[3].string ?? "", settings: row[4].string ?? "{}",
      state: Job.State(rawValue: row[5].string ?? "") ?? .failed, error: row[6].string,
      output: row[7].string, created: row[8].string ?? "", started: row[9].string,
      finished: row[10].string)
  }

  /// Records the job's new state (and its output, moved into the store first, when done).
  func update(_ job: Job, output: URL? = nil) throws(ServerError) -> Job {
    guard let output else {
      try record(job)
      return job
    }
    return try storing(file: output) { (blob) throws(ServerError) -> Job in
      var job = job
      job.output = blob
      try record(job)
      return job
    }
  }

  private func record(_ job: Job) throws(ServerError) {
    try database.execute(
      "UPDATE jobs SET state = ?, error = ?, blob = ?, started = ?, finished = ? WHERE id = ?",
      [
        .text(job.state.rawValue), job.error.map { .text($0) } ?? .null,
        job.output.map { .text($0) } ?? .null, job.started.map { .text($0) } ?? .null,
        job.finished.map { .text($0) } ?? .null, .text(job.id),
      ])
  }
}
