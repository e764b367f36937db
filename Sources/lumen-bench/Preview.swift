import Foundation
import LumenEdit

/// The preview of the edit-document issue's full stack (crop, adjustments, look, focus,
/// vignette) re-rendered after one slider change, 25 times (`RUNS` in the environment);
/// `VERBOSE` prints every time.
func benchmarkPreview(photo: String, longSide: Int) throws {
  var document = EditDocument()
  document.crop = CropSettings(x: 0.05, y: 0.05, width: 0.9, height: 0.9)
  document.adjustments.contrast = 0.15
  document.adjustments.saturation = 0.2
  document.adjustments.highlights = -0.3
  document.adjustments.shadows = 0.4
  document.adjustments.temperature = 0.1
  document.look = LookChoice(id: "chrome", intensity: 0.8)
  var focus = FocusSettings(mode: .radial)
  focus.blur = 0.01
  document.focus = focus
  document.vignette = VignetteSettings(intensity: 0.4)

  let session = EditSession(contentsOf: URL(fileURLWithPath: photo), previewLongSide: longSide)
  let start = Date()
  _ = try session.preview(document)
  print(
    String(
      format: "first preview (decode at scale, geometry, look bake): %.1f ms",
      Date().timeIntervalSince(start) * 1000))
  var times: [Double] = []
  for i in 0..<(Int(ProcessInfo.processInfo.environment["RUNS"] ?? "") ?? 25) {
    document.adjustments.contrast = 0.15 + Double(i % 5) * 0.01
    let t0 = Date()
    let bitmap = try session.preview(document)
    times.append(Date().timeIntervalSince(t0) * 1000)
    if ProcessInfo.processInfo.environment["VERBOSE"] != nil {
      print(String(format: "%.1f", times.last!))
    }
    if i == 0 { print("preview size: \(bitmap.width)x\(bitmap.height)") }
  }
  times.sort()
  print(
    String(
      format: "slider change re-render: median %.1f ms (min %.1f, max %.1f, %d runs)",
      times[times.count / 2], times[0], times[times.count - 1], times.count))
}
