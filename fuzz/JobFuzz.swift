import Foundation

@testable import LumenEdit
@testable import LumenJobs
@testable import LumenVideoJobs

/// libFuzzer entry for job files (what `lumen edit --job` and `lumen video --job` read): any
/// bytes either decode to a render or video job that is written as one line of JSON reading
/// back as the same job, or are refused with an error of one line. The input's length picks
/// the kind of job.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJob(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(bytes: data, count: size)
  if size % 2 == 0 {
    check(RenderJob.self, bytes)
  } else {
    check(VideoJob.self, bytes)
  }
  return 0
}

private func check<Job: Codable & Equatable & PathResolving>(_: Job.Type, _ bytes: Data) {
  let job: Job
  do {
    job = try JSONDecoder().decode(Job.self, from: bytes)
  } catch let error as DecodingError {
    expectReadable(JobFile.describe(error, file: "fuzz.json"))
    return
  } catch {
    fatalError("a job refused with an untyped error: \(error)")
  }
  _ = job.resolvingPaths(against: URL(fileURLWithPath: "/fuzz/jobs"))
  guard let line = try? JobFile.line(job) else { fatalError("a decoded job cannot be written") }
  expect(!line.contains("\n"), "a job written on several lines")
  guard let again = try? JSONDecoder().decode(Job.self, from: Data(line.utf8)) else {
    fatalError("a written job does not read back: \(line.prefix(500))")
  }
  expect(again == job, "a job changed when written and read back: \(line.prefix(500))")
}
