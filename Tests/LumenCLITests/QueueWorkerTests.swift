import Foundation
import LumenTestSupport
import Testing

/// `lumen enqueue` and `lumen worker` against a real Redis (Debian's redis-server on a free
/// port, append-only file on), watched through redis-py: 200 jobs and a poison one, three
/// workers; one SIGKILLed mid-job, one SIGTERMed, the server SIGKILLed and restarted mid-run
/// (see scripts/oracles/queue_workers.py for each check).
@Suite(.tags(.oracle)) struct QueueWorkerTests {
  @Test(.requires(.python, .redisServer))
  func workersLoseNothingWhenKilledStoppedOrCutOffFromRedis() throws {
    let work = try Scratch.directory()
    let output = try Oracle.runScript(
      "queue_workers.py", [CLI.executable.path, PackagePaths.samples.path, work.path])
    let result = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
    let failures = result?["failures"] as? [String] ?? ["no result: \(output.suffix(2000))"]
    #expect(failures.isEmpty, "\(failures)")
    #expect((result?["checks"] as? [String])?.count ?? 0 >= 21)
    print("queue workers:", result?["numbers"] ?? "")
  }
}
