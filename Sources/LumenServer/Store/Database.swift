import CSQLite
import Foundation

/// One SQLite database, used from any thread one statement at a time (a lock serialises
/// them), in WAL mode with full syncs: a transaction that returned is on disk, whatever
/// happens to the process next.
final class Database: @unchecked Sendable {
  private var handle: OpaquePointer?
  private let lock = NSRecursiveLock()

  init(path: String) throws(ServerError) {
    var opened: OpaquePointer?
    let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOFOLLOW
    guard sqlite3_open_v2(path, &opened, flags, nil) == SQLITE_OK, let opened else {
      let reason = opened.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      sqlite3_close(opened)
      throw .store("\(path): cannot open the database (\(reason))")
    }
    handle = opened
    sqlite3_busy_timeout(opened, 5000)
    try execute("PRAGMA journal_mode=WAL")
    try execute("PRAGMA synchronous=FULL")
    try execute("PRAGMA foreign_keys=ON")
  }

  deinit { sqlite3_close(handle) }

  /// A value bound to a statement's `?` or read from a row.
  enum Value: Sendable, Equatable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case null
  }

  /// Runs `sql` with `values` bound in order; returns the rows, each its columns' values.
  @discardableResult
  func execute(_ sql: String, _ values: [Value] = []) throws(ServerError) -> [[Value]] {
    lock.lock()
    defer { lock.unlock() }
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else {
      throw .store("database: \(message)")
    }
    defer { sqlite3_finalize(statement) }
    for (index, value) in values.enumerated() {
      let position = Int32(index + 1)
      switch value {
      case .integer(let n): sqlite3_bind_int64(statement, position, n)
      case .real(let x): sqlite3_bind_double(statement, position, x)
      case .text(let s): sqlite3_bind_text(statement, position, s, -1, lumen_sqlite_transient())
      case .null: sqlite3_bind_null(statement, position)
      }
    }
    var rows: [[Value]] = []
    while true {
      let step = sqlite3_step(statement)
      if step == SQLITE_DONE { break }
      guard step == SQLITE_ROW else { throw .store("database: \(message)") }
      rows.append(
        (0..<sqlite3_column_count(statement)).map { column in
          switch sqlite3_column_type(statement, column) {
          case SQLITE_INTEGER: .integer(sqlite3_column_int64(statement, column))
          case SQLITE_FLOAT: .real(sqlite3_column_double(statement, column))
          case SQLITE_NULL: .null
          default: .text(String(cString: sqlite3_column_text(statement, column)))
          }
        })
    }
    return rows
  }

  /// Runs `body` in one transaction: all of its writes land, or none.
  func transaction<T>(_ body: () throws(ServerError) -> T) throws(ServerError) -> T {
    lock.lock()
    defer { lock.unlock() }
    try execute("BEGIN IMMEDIATE")
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      _ = try? execute("ROLLBACK")
      throw error
    }
  }

  private var message: String { String(cString: sqlite3_errmsg(handle)) }
}

extension Database.Value {
  var int: Int? { if case .integer(let n) = self { Int(n) } else { nil } }
  var double: Double? {
    switch self {
    case .real(let x): x
    case .integer(let n): Double(n)
    default: nil
    }
  }
  var string: String? { if case .text(let s) = self { s } else { nil } }
}
