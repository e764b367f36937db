import Foundation
import LumenTestSupport
import Testing

/// The service checked by tools we did not write: schemathesis generates over a thousand
/// requests from `/openapi.json` (no 5xx, every answer as documented), and Python `requests`
/// walks the README's flow, its preview compared with `lumen edit --preview`'s pixels.
@Suite(.tags(.oracle)) struct ServerOracleTests {
  @Test func schemathesisAndRequestsFindNothingWrong() throws {
    let work = try Scratch.directory()
    let output = try Oracle.runScript(
      "server_e2e.py", [ServerProcess.executable.path, PackagePaths.samples.path, work.path])
    let result = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
    #expect((result?["failures"] as? [String])?.isEmpty == true)
    let schemathesis = result?["schemathesis"] as? [String: Any]
    #expect((schemathesis?["generated"] as? Int ?? 0) >= 1000)
    print("schemathesis:", schemathesis?["summary"] ?? "")
  }
}
