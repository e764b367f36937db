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
  try timeRerenders(
    of: session, document, first: "decode at scale, geometry, look bake",
    change: "slider change"
  ) { run in
    var changed = document
    changed.adjustments.contrast = 0.15 + Double(run % 5) * 0.01
    return changed
  }
}
