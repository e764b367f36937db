import Foundation
import LumenTestSupport
import Testing

/// The browser editor in Debian's headless Chromium (selenium) and Firefox ESR (Marionette)
/// against a real `lumen serve`: upload, slider, look, a text layer dragged, undo and redo,
/// export (the download equals the server's export), the canvas against the server's preview
/// (PSNR), a video's timeline and export, each example configuration's menu, the forced crop,
/// 360 px wide, console errors and axe-core's accessible-name rules.
@Suite(.tags(.oracle)) struct EditorBrowserTests {
  @Test(.requires(.python, .chromium, .chromedriver, .firefox))
  func theEditorWorksInARealBrowser() throws {
    let work = try Scratch.directory()
    let output = try Oracle.runScript(
      "editor_browser.py", [ServerProcess.executable.path, PackagePaths.samples.path, work.path])
    let result = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
    let failures = result?["failures"] as? [String] ?? ["no result: \(output.suffix(2000))"]
    #expect(failures.isEmpty, "\(failures)")
    #expect((result?["checks"] as? [String])?.count ?? 0 >= 40)
    print("editor in Chromium and Firefox:", result?["numbers"] ?? "")
  }
}
