import Foundation
import LumenAutomation
import LumenTestSupport
import Testing

/// The small parsers of automation: Redis URLs, shards, and the content hash naming outputs.
@Suite struct QueuePartsTests {
  @Test(arguments: [
    ("redis://localhost", "localhost", 6379, 0, nil as String?),
    ("redis://127.0.0.1:6390/2", "127.0.0.1", 6390, 2, nil),
    ("redis://:secret@cache.internal:7000", "cache.internal", 7000, 0, "secret"),
    ("redis://user:p@ss@h:1/15", "h", 1, 15, "p@ss"),
    ("redis://[::1]:6380", "::1", 6380, 0, nil),
  ])
  func redisURLsAreRead(text: String, host: String, port: Int, database: Int, password: String?)
    throws
  {
    let url = try RedisURL(parsing: text)
    #expect(url.host == host && url.port == port && url.database == database)
    #expect(url.password == password)
    #expect(!url.description.contains("secret"))
  }

  @Test(arguments: [
    "localhost:6379", "redis://", "redis://host:0", "redis://host:65536", "redis://host:port",
    "redis://host/x", "redis://host/-1", "redis://ho st", "redis://host:99999999999999999999",
    "http://host",
  ])
  func badRedisURLsAreRefused(text: String) {
    #expect(throws: RedisError.self) { try RedisURL(parsing: text) }
  }

  @Test func shardsAreReadAndSplitEveryJobOnce() throws {
    #expect(Shard(parsing: "0/1") == .whole)
    #expect(Shard(parsing: "3/4") == Shard(index: 3, count: 4))
    for bad in ["4/4", "-1/2", "1/0", "a/b", "1", "1/2/3", "0/1000001", "/2", "1/", " 1/2"] {
      #expect(Shard(parsing: bad) == nil, "\(bad)")
    }
    let lines = (0..<23).map { BatchLine(number: $0 + 1, index: $0, text: Data()) }
    let shards = (0..<4).map { Shard(index: $0, count: 4) }
    let taken = shards.flatMap { shard in lines.filter(shard.contains).map(\.index) }
    #expect(taken.sorted() == Array(0..<23))
  }

  /// An unnamed output is named by the first 16 hex digits of the SHA-256 of its line, as
  /// coreutils' sha256sum computes it.
  @Test func unnamedOutputsAreNamedByTheLinesSHA256() throws {
    let text =
      #"{"input": "a.jpg", "document": {"formatIdentifier": "org.lumen.edit", "formatVersion": 4}}"#
    let folder = try Scratch.directory()
    let file = folder.appendingPathComponent("line.txt")
    try Data(text.utf8).write(to: file)
    let digest = String(decoding: try Program.output(of: "sha256sum", [file.path]), as: UTF8.self)
    let line = BatchLine(number: 1, index: 0, text: Data(text.utf8))
    #expect(line.contentHash == String(digest.prefix(16)))
    let named = try line.withOutput(in: folder)
    #expect(named.output == folder.appendingPathComponent("\(digest.prefix(16)).jpg").path)
  }
}
