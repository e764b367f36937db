import Foundation
import LumenCore

/// The service's data in one folder: metadata in SQLite (`lumen.sqlite`: uploads, documents
/// and every revision of them), bytes as content-addressed files (`blobs/ab/abcdef...`, named
/// by their SHA-256). A file is complete before the row naming it commits, and a write is
/// acknowledged only once committed, so a server killed at any moment loses nothing it
/// acknowledged and shows nothing half-written.
public final class Store: Sendable {
  public let folder: URL
  let database: Database
  /// An empty folder: what documents' relative references resolve against (nothing).
  public var emptyFolder: URL { folder.appendingPathComponent("empty") }

  public init(folder: URL) throws(ServerError) {
    self.folder = folder.standardizedFileURL
    do {
      // Scratch files of an earlier run (a preview being encoded when it was killed) go.
      try? FileManager.default.removeItem(at: self.folder.appendingPathComponent("tmp"))
      for sub in ["", "blobs", "empty", "tmp"] {
        try FileManager.default.createDirectory(
          at: self.folder.appendingPathComponent(sub), withIntermediateDirectories: true)
      }
    } catch {
      throw .store("\(folder.path): cannot create the data folder (\(error.localizedDescription))")
    }
    database = try Database(path: self.folder.appendingPathComponent("lumen.sqlite").path)
    try checkLayout()
    try database.execute(
      """
      CREATE TABLE IF NOT EXISTS uploads (id TEXT PRIMARY KEY, blob TEXT NOT NULL,
        kind TEXT NOT NULL, format TEXT NOT NULL, width INTEGER NOT NULL, height INTEGER NOT NULL,
        duration REAL, bytes INTEGER NOT NULL, created TEXT NOT NULL, frame_rate REAL)
      """)
    try database.execute(
      """
      CREATE TABLE IF NOT EXISTS documents (id TEXT PRIMARY KEY, upload TEXT NOT NULL,
        revision INTEGER NOT NULL, created TEXT NOT NULL, updated TEXT NOT NULL)
      """)
    try database.execute(
      """
      CREATE TABLE IF NOT EXISTS revisions (document TEXT NOT NULL REFERENCES documents(id)
        ON DELETE CASCADE, revision INTEGER NOT NULL, blob TEXT NOT NULL, created TEXT NOT NULL,
        PRIMARY KEY (document, revision))
      """)
    try createJobsTable()
  }

  /// The tables' layout, kept in the database (`PRAGMA user_version`): a folder written by a
  /// build with another layout is refused with a message rather than misread, but for the
  /// layouts this build knows how to bring up to date (``migrations``).
  static let layout = 3

  /// What brings a folder of layout N to N + 1, by N: 2 -> 3 adds videos' frame rates.
  static let migrations = [2: "ALTER TABLE uploads ADD COLUMN frame_rate REAL"]

  private func checkLayout() throws(ServerError) {
    let version = try database.execute("PRAGMA user_version").first?[0].int ?? 0
    let tables = try database.execute("SELECT count(*) FROM sqlite_master").first?[0].int ?? 0
    if tables == 0 {
      try database.execute("PRAGMA user_version = \(Self.layout)")
      return
    }
    var reached = version
    while reached < Self.layout, let step = Self.migrations[reached] {
      let next = reached + 1
      try database.transaction { () throws(ServerError) in
        try database.execute(step)
        try database.execute("PRAGMA user_version = \(next)")
      }
      reached = next
    }
    if reached != Self.layout {
      throw .store(
        "\(folder.path) holds data of another Lumen version (layout \(reached); this one"
          + " reads layout \(Self.layout)): use another --data folder")
    }
  }

  // MARK: Identifiers and files

  /// A new identifier: 128 random bits in hex.
  static func newID() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<2).map { _ in String(generator.next() as UInt64, radix: 16) }
      .map { String(repeating: "0", count: 16 - $0.count) + $0 }.joined()
  }

  /// Whether `text` can be an identifier: only these ever reach a query, never a path.
  public static func isID(_ text: some StringProtocol) -> Bool {
    text.utf8.count == 32
      && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
  }

  /// `message` without the data folder's path, which clients have no business knowing.
  public func redacting(_ message: String) -> String {
    message.replacingOccurrences(of: folder.path + "/", with: "")
      .replacingOccurrences(of: folder.path, with: "the data folder")
  }

  /// A new name in the scratch folder (emptied at every start) for a file made on the way.
  func scratchFile(extension name: String) -> URL {
    folder.appendingPathComponent("tmp").appendingPathComponent(".scratch-\(Self.newID()).\(name)")
  }

  /// The file holding the bytes named `blob`.
  func file(of blob: String) -> URL {
    folder.appendingPathComponent("blobs").appendingPathComponent(String(blob.prefix(2)))
      .appendingPathComponent(blob)
  }

  /// Stores `data` (once: the same bytes share a file), then runs `record` (the row that
  /// names it) in a transaction that first makes sure the file is still there: a deletion
  /// collecting the same bytes meanwhile (``collect(_:)`` runs in a transaction too) is
  /// undone by writing them again, so no row ever names a missing file.
  func storing<T>(_ data: Data, _ record: (String) throws(ServerError) -> T) throws(ServerError)
    -> T
  {
    let blob = SHA256.hex(of: data)
    try write(data, as: blob)
    return try database.transaction { () throws(ServerError) -> T in
      try write(data, as: blob)
      return try record(blob)
    }
  }

  /// Moves the finished file at `url` into the store as a blob (hashed as it is read, never
  /// loaded whole: a movie may be gigabytes), then runs `record` as ``storing(_:_:)`` does.
  func storing<T>(file url: URL, _ record: (String) throws(ServerError) -> T) throws(ServerError)
    -> T
  {
    let blob: String
    do {
      let handle = try FileHandle(forReadingFrom: url)
      defer { try? handle.close() }
      var hash = SHA256()
      while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty { hash.update(chunk) }
      blob = hash.finish().map { String(format: "%02x", $0) }.joined()
      try handle.synchronize()
    } catch {
      throw .store("cannot read \(url.lastPathComponent) (\(error.localizedDescription))")
    }
    return try database.transaction { () throws(ServerError) -> T in
      let target = file(of: blob)
      if !RegularFile.exists(target.path) {
        do {
          try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
          throw .store("cannot store \(url.lastPathComponent): \(error.localizedDescription)")
        }
        guard rename(url.path, target.path) == 0 else {
          throw .store("cannot store \(url.lastPathComponent): \(String(cString: strerror(errno)))")
        }
        Self.syncFolder(of: target)
      }
      return try record(blob)
    }
  }

  /// Writes the file of `blob` unless it is there.
  private func write(_ data: Data, as blob: String) throws(ServerError) {
    let url = file(of: blob)
    if RegularFile.exists(url.path) { return }
    do {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try AtomicOutput.write(data, to: url)
    } catch {
      throw .store("cannot store \(data.count) bytes: \(error)")
    }
  }

  /// Makes a rename into the folder of `url` durable.
  private static func syncFolder(of url: URL) {
    let folder = open(url.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard folder >= 0 else { return }
    fsync(folder)
    close(folder)
  }

  /// Removes the file of `blob` unless a row still names it.
  func collect(_ blob: String) {
    try? database.transaction { () throws(ServerError) in
      let used = try database.execute(
        "SELECT 1 FROM uploads WHERE blob = ?1 UNION SELECT 1 FROM revisions WHERE blob = ?1 UNION SELECT 1 FROM jobs WHERE blob = ?1 LIMIT 1",
        [.text(blob)])
      if used.isEmpty { try? FileManager.default.removeItem(at: file(of: blob)) }
    }
  }

  static func now() -> String {
    ISO8601DateFormatter().string(from: Date())
  }

  // MARK: Uploads

  /// A photo or video as uploaded: what it is, and where its bytes are.
  public struct Upload: Codable, Sendable, Equatable {
    public let id: String
    public let kind: String
    public let format: String
    public let width: Int
    public let height: Int
    public let duration: Double?
    public let bytes: Int
    public let created: String
    /// A video's average frames per second (what a timeline steps by).
    public var frameRate: Double?
  }

  public func addUpload(
    _ data: Data, kind: String, format: String, width: Int, height: Int, duration: Double?,
    frameRate: Double? = nil
  ) throws(ServerError) -> Upload {
    let upload = Upload(
      id: Self.newID(), kind: kind, format: format, width: width, height: height,
      duration: duration, bytes: data.count, created: Self.now(), frameRate: frameRate)
    try storing(data) { (blob) throws(ServerError) -> Void in
      try database.execute(
        "INSERT INTO uploads VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
          .text(upload.id), .text(blob), .text(kind), .text(format), .integer(Int64(width)),
          .integer(Int64(height)), duration.map { .real($0) } ?? .null,
          .integer(Int64(data.count)), .text(upload.created), frameRate.map { .real($0) } ?? .null,
        ])
    }
    return upload
  }

  public func upload(_ id: String) throws(ServerError) -> (upload: Upload, file: URL)? {
    guard Self.isID(id),
      let row = try database.execute(
        "SELECT id, kind, format, width, height, duration, bytes, created, blob, frame_rate FROM uploads WHERE id = ?",
        [.text(id)]
      ).first
    else { return nil }
    let upload = Upload(
      id: row[0].string ?? "", kind: row[1].string ?? "", format: row[2].string ?? "",
      width: row[3].int ?? 0, height: row[4].int ?? 0, duration: row[5].double,
      bytes: row[6].int ?? 0, created: row[7].string ?? "", frameRate: row[9].double)
    return (upload, file(of: row[8].string ?? ""))
  }

  /// Deletes the upload; false when there was none. Documents on it keep their rows but no
  /// longer render.
  public func deleteUpload(_ id: String) throws(ServerError) -> Bool {
    guard Self.isID(id),
      let blob = try database.execute("SELECT blob FROM uploads WHERE id = ?", [.text(id)]).first?[
        0
      ]
      .string
    else { return false }
    try database.execute("DELETE FROM uploads WHERE id = ?", [.text(id)])
    collect(blob)
    return true
  }

  // MARK: Documents

  /// One revision of an edit document, on the upload it edits.
  public struct Document: Sendable {
    public let id: String
    public let upload: String
    public let revision: Int
    public let json: Data
    public let created: String
    public let updated: String
  }

  public func addDocument(upload: String, json: Data) throws(ServerError) -> Document {
    let (id, now) = (Self.newID(), Self.now())
    try storing(json) { (blob) throws(ServerError) -> Void in
      try database.execute(
        "INSERT INTO documents VALUES (?, ?, 1, ?, ?)",
        [.text(id), .text(upload), .text(now), .text(now)])
      try database.execute(
        "INSERT INTO revisions VALUES (?, 1, ?, ?)", [.text(id), .text(blob), .text(now)])
    }
    return Document(id: id, upload: upload, revision: 1, json: json, created: now, updated: now)
  }

  /// The document's latest revision, or revision `revision`.
  public func document(_ id: String, revision: Int? = nil) throws(ServerError) -> Document? {
    guard Self.isID(id),
      let head = try database.execute(
        "SELECT upload, revision, created, updated FROM documents WHERE id = ?", [.text(id)]
      ).first, let latest = head[1].int
    else { return nil }
    let wanted = revision ?? latest
    guard
      let row = try database.execute(
        "SELECT blob, created FROM revisions WHERE document = ? AND revision = ?",
        [.text(id), .integer(Int64(wanted))]
      ).first, let blob = row[0].string
    else { return nil }
    let json: Data
    do {
      json = try RegularFile.contents(of: file(of: blob).path)
    } catch {
      throw .store("document \(id) revision \(wanted): \(error)")
    }
    return Document(
      id: id, upload: head[0].string ?? "", revision: wanted, json: json,
      created: head[2].string ?? "",
      updated: revision == nil ? head[3].string ?? "" : row[1].string ?? "")
  }

  /// Why a document could not be replaced.
  public enum ReplaceFailure: Error, Sendable {
    case missing
    /// Someone saved revision `current` since the revision the writer expected.
    case conflict(current: Int)
  }

  /// Saves `json` as the document's next revision, when its latest is `expected` (nil: any).
  public func replaceDocument(
    _ id: String, upload: String, json: Data, expected: Int?
  ) throws(ServerError) -> Result<Document, ReplaceFailure> {
    guard Self.isID(id) else { return .failure(.missing) }
    let now = Self.now()
    return try storing(json) { (blob) throws(ServerError) -> Result<Document, ReplaceFailure> in
      guard
        let current = try database.execute(
          "SELECT revision, created FROM documents WHERE id = ?", [.text(id)]
        ).first, let latest = current[0].int
      else { return .failure(.missing) }
      if let expected, expected != latest { return .failure(.conflict(current: latest)) }
      let next = latest + 1
      try database.execute(
        "UPDATE documents SET revision = ?, upload = ?, updated = ? WHERE id = ?",
        [.integer(Int64(next)), .text(upload), .text(now), .text(id)])
      try database.execute(
        "INSERT INTO revisions VALUES (?, ?, ?, ?)",
        [.text(id), .integer(Int64(next)), .text(blob), .text(now)])
      return .success(
        Document(
          id: id, upload: upload, revision: next, json: json, created: current[1].string ?? "",
          updated: now))
    }
  }
}
