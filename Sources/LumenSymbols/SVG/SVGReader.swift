import Foundation
import LumenCore

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// A shape of an SVG file: its paths in the picture's pixels (its transforms, its groups' and
/// the root's `viewBox` applied), how it is painted, and the nearest group that names a master
/// (`Ultralight-S`, `Regular-S`, `Black-S`), when there is one.
public struct SymbolShape: Hashable, Sendable {
  public var contours: [Contour]
  /// nil: `fill="none"`.
  public var fill: FillRule?
  /// nil: not stroked. Its width is in the picture's pixels.
  public var stroke: StrokeStyle?
  /// `data-corner-radius`: the radius at Regular weight a generated master rounds its corners
  /// with; nil: the masters' own.
  public var cornerRadius: Double?
  public var master: String?
  /// The element's own `id`, if any (a template's guides are found by theirs).
  public var id: String?
}

/// An SVG file as the symbols commands see it: its size in pixels and its shapes in order.
public struct SVGDrawing: Sendable {
  public var width: Double
  public var height: Double
  public var shapes: [SymbolShape]
}

extension SVGDrawing {
  /// Reads `url`: a regular file of at most ``SymbolLimits/fileSize`` bytes.
  public init(contentsOf url: URL) throws(SymbolError) {
    self = try SVGReader.drawing(in: url)
  }
}

/// Reads SVG with Foundation's XML parser: shapes, groups, transforms and paint.
struct SVGReader {
  /// Reads `url`: a regular file of at most ``SymbolLimits/fileSize`` bytes.
  static func drawing(in url: URL) throws(SymbolError) -> SVGDrawing {
    let data: Data
    do {
      data = try RegularFile.contents(of: url.path, limit: SymbolLimits.fileSize)
    } catch {
      throw .unreadable("\(url.path): \(error.reason)")
    }
    do {
      return try drawing(in: data)
    } catch {
      throw .malformed("\(url.path): \(error)")
    }
  }

  static func drawing(in data: Data) throws(SymbolError) -> SVGDrawing {
    // Foundation's XML parser traps on some names that are not UTF-8: such files are refused
    // before it sees them (SVG is UTF-8 text).
    guard String(validating: data, as: UTF8.self) != nil else {
      throw .malformed("not UTF-8 text")
    }
    let parser = XMLParser(data: data)
    let delegate = Delegate()
    parser.delegate = delegate
    parser.shouldResolveExternalEntities = false
    let parsed = parser.parse()
    if let failure = delegate.failure { throw failure }
    guard parsed else {
      let line = parser.lineNumber
      throw .malformed("not well-formed XML (line \(line))")
    }
    guard delegate.isBalanced else { throw .malformed("its tags do not pair up") }
    guard let size = delegate.size else { throw .malformed("no <svg> element") }
    let extent = delegate.shapes.flatMap(\.contours).map(\.bounds)
    return SVGDrawing(
      width: size.width ?? max(1, extent.map(\.maxX).max() ?? 0),
      height: size.height ?? max(1, extent.map(\.maxY).max() ?? 0), shapes: delegate.shapes)
  }

  private final class Delegate: NSObject, XMLParserDelegate {
    var shapes: [SymbolShape] = []
    var failure: SymbolError?
    /// The root `<svg>`'s size, once it is read.
    var size: (width: Double?, height: Double?)?
    /// The elements open now, innermost last.
    private var names: [String] = []
    /// Per open element: its transform (concatenated with its parents') and master group.
    private var stack: [(transform: PathTransform, master: String?, paint: Paint)] = [
      (.identity, nil, Paint())
    ]

    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
      qualifiedName: String?, attributes: [String: String]
    ) {
      guard failure == nil else { return }
      names.append(name)
      do {
        try start(name, attributes)
      } catch {
        failure = error
        parser.abortParsing()
      }
    }

    func parser(
      _ parser: XMLParser, didEndElement name: String, namespaceURI: String?,
      qualifiedName: String?
    ) {
      guard failure == nil else { return }
      // A parser that recovers would take </svg> for </g>: tags must pair up here.
      guard names.last == name else {
        failure = .malformed(
          "</\(name.prefix(40))> closes <\(names.last?.prefix(40) ?? "nothing")>")
        return parser.abortParsing()
      }
      names.removeLast()
      if stack.count > 1 { stack.removeLast() }
    }

    var isBalanced: Bool { names.isEmpty }

    func parserDidEndDocument(_ parser: XMLParser) {
      if failure == nil, let open = names.last {
        failure = .malformed("<\(open.prefix(40))> is never closed")
      }
    }

    private func start(_ name: String, _ attributes: [String: String]) throws(SymbolError) {
      guard stack.count <= SymbolLimits.depth else {
        throw .malformed("elements nested more than \(SymbolLimits.depth) deep")
      }
      let parent = stack[stack.count - 1]
      var transform = parent.transform
      if let text = attributes["transform"] {
        transform = transform.concatenating(try PathTransform(svg: text))
      }
      var master = parent.master
      if name == "g", let id = attributes["id"],
        Master.Weight.allCases.contains(where: { $0.groupID == id })
      {
        master = id
      }
      if name == "svg", size == nil {
        let viewport = try Viewport(attributes)
        size = (viewport.width, viewport.height)
        transform = viewport.transform.concatenating(transform)
      }
      let paint = try parent.paint.applying(attributes)
      stack.append((transform, master, paint))
      guard let contours = try contours(of: name, attributes) else { return }
      guard shapes.count < SymbolLimits.shapes else {
        throw .malformed("more than \(SymbolLimits.shapes) shapes")
      }
      let placed = contours.map { $0.applying(transform) }
      // Transforms multiply: nested scales can carry sane numbers anywhere.
      guard
        placed.allSatisfy({
          $0.points.allSatisfy { $0.isFinite && max(abs($0.x), abs($0.y)) <= SymbolLimits.placed }
        })
      else {
        throw .malformed(
          "<\(name)> lies beyond \(Int(SymbolLimits.placed)) units once its transforms apply")
      }
      shapes.append(
        SymbolShape(
          contours: placed, fill: paint.fill, stroke: paint.stroke(under: transform),
          cornerRadius: paint.cornerRadius, master: master, id: attributes["id"]))
    }

    private func number(_ text: String?, _ attribute: String, default fallback: Double? = nil)
      throws(SymbolError) -> Double
    {
      guard let text else {
        guard let fallback else { throw .malformed("<\(attribute)> missing") }
        return fallback
      }
      var scanner = Scanner(Array(text.replacingOccurrences(of: "px", with: "").utf8))
      do {
        return try scanner.number()
      } catch {
        throw .malformed("\(attribute)=\"\(text.prefix(40))\": expected a number")
      }
    }

    private func contours(of name: String, _ a: [String: String]) throws(SymbolError) -> [Contour]?
    {
      switch name {
      case "path":
        return try PathData.contours(a["d"] ?? "")
      case "rect":
        let rx = try a["rx"].map { text throws(SymbolError) in try number(text, "rx") }
        let ry = try a["ry"].map { text throws(SymbolError) in try number(text, "ry") }
        return Shapes.rectangle(
          x: try number(a["x"], "x", default: 0), y: try number(a["y"], "y", default: 0),
          width: try number(a["width"], "width", default: 0),
          height: try number(a["height"], "height", default: 0), rx: rx, ry: ry
        ).map { [$0] } ?? []
      case "circle":
        let r = try number(a["r"], "r", default: 0)
        return Shapes.ellipse(
          cx: try number(a["cx"], "cx", default: 0), cy: try number(a["cy"], "cy", default: 0),
          rx: r, ry: r
        ).map { [$0] } ?? []
      case "ellipse":
        return Shapes.ellipse(
          cx: try number(a["cx"], "cx", default: 0), cy: try number(a["cy"], "cy", default: 0),
          rx: try number(a["rx"], "rx", default: 0), ry: try number(a["ry"], "ry", default: 0)
        ).map { [$0] } ?? []
      case "line":
        let from = PathPoint(
          try number(a["x1"], "x1", default: 0), try number(a["y1"], "y1", default: 0))
        let to = PathPoint(
          try number(a["x2"], "x2", default: 0), try number(a["y2"], "y2", default: 0))
        return Shapes.polyline([from, to], closed: false).map { [$0] } ?? []
      case "polyline", "polygon":
        var scanner = Scanner(Array((a["points"] ?? "").utf8))
        var points: [PathPoint] = []
        while true {
          scanner.skipSeparators()
          guard scanner.peek() != nil else { break }
          guard points.count < PathData.maxNodes else {
            throw .malformed("points: more than \(PathData.maxNodes)")
          }
          points.append(try scanner.point())
        }
        return Shapes.polyline(points, closed: name == "polygon").map { [$0] } ?? []
      default:
        return nil
      }
    }
  }
}
