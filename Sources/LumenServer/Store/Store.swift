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
    try database.execute(
      """
      CREATE TABLE IF NOT EXISTS uploads (id TEXT PRIMARY KEY, blob TEXT NOT NULL,
        kind TEXT NOT NULL, format TEXT NOT NULL, width INTEGER NOT NULL, height INTEGER NOT NULL,
        duration REAL, bytes INTEGER NOT NULL, created TEXT NOT NULL)
      """)
    try database.execute(
      """
      CREATE TABLE IF NOT EXISTS documents (id TEXT PRIMARY KEY, photo TEXT NOT NULL,
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

  /// The file holding the bytes named `blob`.
  func file(of blob: String) -> URL {
    folder.appendingPathComponent("blobs").appendingPathComponent(String(blob.prefix(2)))
      .appendingPathComponent(blob)
  }

  /// Stores `data` (once: the same bytes share a file) and returns its name.
  func storeBlob(_ data: Data) throws(ServerError) -> String {
    let blob = SHA256.hex(of: data)
    let url = file(of: blob)
    if RegularFile.exists(url.path) { return blob }
    do {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try AtomicOutput.write(data, to: url)
    } catch {
      throw .store("cannot store \(data.count) bytes: \(error)")
    }
    return blob
  }

  /// Removes the file of `blob` unless a row still names it.
  private func collect(_ blob: String) {
    let used =
      (try? database.execute(
        "SELECT 1 FROM uploads WHERE blob = ?1 UNION SELECT 1 FROM revisions WHERE blob = ?1 LIMIT 1",
        [.text(blob)]))
    if used?.isEmpty == true { try? FileManager.default.removeItem(at: file(of: blob)) }
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
  }

  public func addUpload(
    _ data: Data, kind: String, format: String, width: Int, height: Int, duration: Double?
  ) throws(ServerError) -> Upload {
    let blob = try storeBlob(data)
    let upload = Upload(
      id: Self.newID(), kind: kind, format: format, width: width, height: height,
      duration: duration, bytes: data.count, created: Self.now())
    try database.execute(
      "INSERT INTO uploads VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
      [
        .text(upload.id), .text(blob), .text(kind), .text(format), .integer(Int64(width)),
        .integer(Int64(height)), duration.map { .real($0) } ?? .null, .integer(Int64(data.count)),
        .text(upload.created),
      ])
    return upload
  }

  public func upload(_ id: String) throws(ServerError) -> (upload: Upload, file: URL)? {
    guard Self.isID(id),
      let row = try database.execute(
        "SELECT id, kind, format, width, height, duration, bytes, created, blob FROM uploads WHERE id = ?",
        [.text(id)]
      ).first
    else { return nil }
    let upload = Upload(
      id: row[0].string ?? "", kind: row[1].string ?? "", format: row[2].string ?? "",
      width: row[3].int ?? 0, height: row[4].int ?? 0, duration: row[5].double,
      bytes: row[6].int ?? 0, created: row[7].string ?? "")
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
    public let photo: String
    public let revision: Int
    public let json: Data
    public let created: String
    public let updated: String
  }

  public func addDocument(photo: String, json: Data) throws(ServerError) -> Document {
    let blob = try storeBlob(json)
    let (id, now) = (Self.newID(), Self.now())
    try database.transaction { () throws(ServerError) in
      try database.execute(
        "INSERT INTO documents VALUES (?, ?, 1, ?, ?)",
        [.text(id), .text(photo), .text(now), .text(now)])
      try database.execute(
        "INSERT INTO revisions VALUES (?, 1, ?, ?)", [.text(id), .text(blob), .text(now)])
    }
    return Document(id: id, photo: photo, revision: 1, json: json, created: now, updated: now)
  }

  /// The document's latest revision, or revision `revision`.
  public func document(_ id: String, revision: Int? = nil) throws(ServerError) -> Document? {
    guard Self.isID(id),
      let head = try database.execute(
        "SELECT photo, revision, created, updated FROM documents WHERE id = ?", [.text(id)]
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
      id: id, photo: head[0].string ?? "", revision: wanted, json: json,
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
    _ id: String, photo: String, json: Data, expected: Int?
  ) throws(ServerError) -> Result<Document, ReplaceFailure> {
    guard Self.isID(id) else { return .failure(.missing) }
    let blob = try storeBlob(json)
    let now = Self.now()
    return try database.transaction { () throws(ServerError) -> Result<Document, ReplaceFailure> in
      guard
        let current = try database.execute(
          "SELECT revision, created FROM documents WHERE id = ?", [.text(id)]
        ).first, let latest = current[0].int
      else { return .failure(.missing) }
      if let expected, expected != latest { return .failure(.conflict(current: latest)) }
      let next = latest + 1
      try database.execute(
        "UPDATE documents SET revision = ?, photo = ?, updated = ? WHERE id = ?",
        [.integer(Int64(next)), .text(photo), .text(now), .text(id)])
      try database.execute(
        "INSERT INTO revisions VALUES (?, ?, ?, ?)",
        [.text(id), .integer(Int64(next)), .text(blob), .text(now)])
      return .success(
        Document(
          id: id, photo: photo, revision: next, json: json, created: current[1].string ?? "",
          updated: now))
    }
  }
}
