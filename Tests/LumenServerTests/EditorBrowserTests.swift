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
    let report = try OracleReport(
      running: "editor_browser.py",
      [ServerProcess.executable.path, PackagePaths.samples.path, Scratch.directory().path])
    #expect(report.failures.isEmpty, "\(report.failures)")
    #expect(report.checks.count >= 40)
    print("editor in Chromium and Firefox:", report.numbers)
  }
}
