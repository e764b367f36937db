import Foundation
import LumenAutomation

/// Every template line of a batch file filled into its job and rendered, in this process, one
/// after the other: the time of the filling (values checked, the document filled, texts
/// auto-fitted) against the render's, summed over the lines; what a batch of templates spends
/// beyond the renders themselves, without the noise of whole runs. Outputs go to `folder`.
func benchmarkTemplates(lines path: String, folder: String) throws {
  let file = try BatchFile(contentsOf: URL(fileURLWithPath: path))
  let output = URL(fileURLWithPath: folder)
  try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
  let templates = TemplateCache()
  let runner = JobRunner(threads: 2, videoExecutable: nil)
  var filling: [Double] = []
  var rendering: [Double] = []
  for line in file.lines {
    let start = Date()
    let job = try line.job(relativeTo: file.folder, outputFolder: output, templates: templates)
    let filled = Date()
    try runner.run(job, folder: file.folder)
    filling.append(filled.timeIntervalSince(start) * 1000)
    rendering.append(Date().timeIntervalSince(filled) * 1000)
  }
  // The first line reads the template and warms the fonts: reported apart.
  let (fill, render) = (filling.dropFirst(), rendering.dropFirst())
  func median(_ values: ArraySlice<Double>) -> Double { values.sorted()[values.count / 2] }
  print(
    String(
      format: "%d template jobs: filling median %.2f ms, render median %.2f ms; "
        + "filling / render summed %.1f%% (first job: filling %.1f ms, render %.1f ms)",
      filling.count, median(fill), median(render),
      100 * fill.reduce(0, +) / render.reduce(0, +), filling[0], rendering[0]))
}
