import Foundation
import LumenTestSupport
import Testing

/// The browser editor in Debian's headless Chromium, driven by selenium against a real
/// `lumen serve`: upload, slider, look, a text layer dragged, undo and redo, export (the
/// download equals the server's export), the canvas against the server's preview (PSNR), each
/// example configuration's menu, the forced crop, 360 px wide, console errors and axe-core's
/// accessible-name rules.
@Suite(.tags(.oracle)) struct EditorBrowserTests {
  @Test(.requires(.python, .chromium, .chromedriver))
  func theEditorWorksInARealBrowser() throws {
    let work = try Scratch.directory()
    let output = try Oracle.runScript(
      "editor_browser.py", [ServerProcess.executable.path, PackagePaths.samples.path, work.path])
    let result = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
    let failures = result?["failures"] as? [String] ?? ["no result: \(output.suffix(2000))"]
    #expect(failures.isEmpty, "\(failures)")
    #expect((result?["checks"] as? [String])?.count ?? 0 >= 20)
    print("editor in Chromium:", result?["numbers"] ?? "")
  }
}
