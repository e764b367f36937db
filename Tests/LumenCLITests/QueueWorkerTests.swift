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
    let report = try OracleReport(
      running: "queue_workers.py",
      [CLI.executable.path, PackagePaths.samples.path, Scratch.directory().path])
    #expect(report.failures.isEmpty, "\(report.failures)")
    #expect(report.checks.count >= 21)
    print("queue workers:", report.numbers)
  }
}
