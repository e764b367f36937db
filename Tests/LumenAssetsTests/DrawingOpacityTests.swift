import Foundation
import Testing

@testable import LumenAssets

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The built-in drawings fade a shape that paints only its fill or only its stroke with
/// `fill-opacity` or `stroke-opacity`, not `opacity`: librsvg draws an element with `opacity`
/// on a scratch surface the size of the whole drawing and blends that back, where the paint's
/// own opacity draws the same pixels directly (the layers benchmark's helpers spent ~10% of
/// their time on such surfaces, mostly for the wood frame's grain).
struct DrawingOpacityTests {
  @Test func shapesWithOnePaintAreFadedByThatPaint() throws {
    let library = try AssetLibrary.builtIn
    var drawings = 0
    for id in ["lumen.sticker", "lumen.frame", "lumen.overlay"] {
      let folder = try library.source(id).folder
      let files = try #require(
        FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
      for case let file as URL in files where file.pathExtension == "svg" {
        let finder = GroupOpacityFinder()
        let parser = try #require(XMLParser(contentsOf: file))
        parser.delegate = finder
        #expect(parser.parse(), "\(file.lastPathComponent)")
        #expect(finder.faded.isEmpty, "\(file.path): \(finder.faded)")
        drawings += 1
      }
    }
    #expect(drawings >= 40)
  }

  /// A document with such a shape is found (the check above can fail).
  @Test func aShapeFadedAsAGroupIsFound() {
    let document = """
      <svg xmlns="http://www.w3.org/2000/svg"><g stroke="#000">
        <circle r="4" fill="none" opacity="0.5"/><circle r="4" opacity="0.5"/></g>
        <path d="M0 0 L1 1" fill="none" stroke="#000" opacity="0.5"/></svg>
      """
    let finder = GroupOpacityFinder()
    let parser = XMLParser(data: Data(document.utf8))
    parser.delegate = finder
    #expect(parser.parse())
    // The first circle strokes only (its group's stroke), the second fills and strokes, and
    // the path strokes only.
    #expect(finder.faded == ["circle", "path"])
  }
}

/// Finds the shapes with `opacity` that paint only a fill or only a stroke (with what they
/// inherit from their groups), outside filtered groups (whose blur rounds either way).
private final class GroupOpacityFinder: NSObject, XMLParserDelegate {
  private static let shapes: Set = [
    "circle", "ellipse", "rect", "path", "polygon", "polyline", "line",
  ]
  /// Whether each open element paints a fill and a stroke, and whether it is filtered.
  private var stack: [(fill: Bool, stroke: Bool, filtered: Bool)] = [(true, false, false)]
  private(set) var faded: [String] = []

  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    let outer = stack[stack.count - 1]
    let fill = attributes["fill"].map { $0 != "none" } ?? outer.fill
    let stroke = attributes["stroke"].map { $0 != "none" } ?? outer.stroke
    let filtered = outer.filtered || attributes["filter"] != nil
    stack.append((fill, stroke, filtered))
    guard Self.shapes.contains(name), attributes["opacity"] != nil, !filtered else { return }
    let fills = fill && name != "line"
    if fills != stroke { faded.append(name) }
  }

  func parser(
    _ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?
  ) {
    stack.removeLast()
  }
}
