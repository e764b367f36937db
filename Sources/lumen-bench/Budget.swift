import Foundation
import LumenCodecs
import LumenCore
import LumenEdit

#if canImport(Glibc)
  import Glibc
#endif

/// Peak memory of a colour chain over a photo (the adjustments and the look of `cube`: a
/// remembered chain) exported to JPEG three times in one context of `megabytes` MB (0: the
/// default budget), as a batch would. Each budget runs in a process of its own, since peak
/// RSS is the process's.
func benchmarkBudget(photo: String, cube: String, megabytes: Int) throws {
  guard (0...(1 << 20)).contains(megabytes) else {
    throw CocoaError(.formatting, userInfo: [NSDebugDescriptionErrorKey: "budget 0...1048576 MB"])
  }
  let context =
    megabytes > 0 ? RenderContext(memoryBudget: megabytes << 20) : RenderContext()
  let (document, resources) = try gradeEdit(cube: cube)
  let output = FileManager.default.temporaryDirectory.appendingPathComponent(
    "lumen-bench-budget-\(ProcessInfo.processInfo.processIdentifier).jpg")
  defer { try? FileManager.default.removeItem(at: output) }
  var times: [Double] = []
  for _ in 0..<3 {
    let start = Date()
    let source = try Photo(contentsOf: URL(fileURLWithPath: photo))
    let edited = try document.apply(to: source.image, resources: resources, context: context)
    try source.export(edited, to: output, overwrite: true, context: context)
    times.append(Date().timeIntervalSince(start))
  }
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  let budget = megabytes > 0 ? "\(megabytes) MB" : "default (\(context.memoryBudget >> 20) MB)"
  print(
    String(
      format: "budget %@: colour chain + look, 3 exports %.2f %.2f %.2f s, peak RSS %ld MB",
      budget, times[0], times[1], times[2], usage.ru_maxrss / 1024))
}
