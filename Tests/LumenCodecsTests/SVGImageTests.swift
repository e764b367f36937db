import Foundation
import LumenCore
import LumenTestSupport
import Testing

@testable import LumenCodecs

/// SVG drawings against `rsvg-convert`'s renders of the same documents, and bad documents.
@Suite struct SVGImageTests {
  /// Gradients, strokes, curves and translucency in a 200 x 120 document.
  static let document = """
    <svg xmlns="http://www.w3.org/2000/svg" width="200" height="120" viewBox="0 0 200 120">
      <defs>
        <linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stop-color="#ff5a36"/><stop offset="1" stop-color="#2b6cff"/>
        </linearGradient>
        <radialGradient id="r"><stop offset="0" stop-color="#fff"/>
          <stop offset="1" stop-color="#fc0" stop-opacity="0.2"/></radialGradient>
      </defs>
      <rect x="10" y="10" width="180" height="100" rx="24" fill="url(#g)" stroke="#222"
        stroke-width="6"/>
      <circle cx="150" cy="60" r="34" fill="url(#r)"/>
      <path d="M20 100 C 60 10, 90 130, 130 30" fill="none" stroke="#0a0" stroke-width="9"
        stroke-linecap="round" opacity="0.7"/>
    </svg>
    """

  @Test(.tags(.oracle), .requires(.rsvgConvert), arguments: [(200, 120), (64, 64), (517, 311)])
  func drawsAsRsvgConvert(width: Int, height: Int) throws {
    let directory = try Scratch.directory()
    let source = directory.appendingPathComponent("drawing.svg")
    try Data(Self.document.utf8).write(to: source)
    let reference = directory.appendingPathComponent("reference.png")
    try Program.output(
      of: "rsvg-convert",
      ["-w", "\(width)", "-h", "\(height)", source.path, "-o", reference.path])
    let drawing = try SVGImage(contentsOf: source.path)
    #expect(drawing.width == 200 && drawing.height == 120)
    let ours = try drawing.bitmap(width: width, height: height)
    let theirs = try ImageFile.read(reference).bitmap
    #expect(theirs.width == width && theirs.height == height)
    #expect(psnr(ours, theirs, channels: 4) >= 40)
  }

  @Test func sizeComesFromTheViewBoxWithoutWidthAndHeight() throws {
    let svg =
      #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 30 40"><rect width="30" height="40"/></svg>"#
    let drawing = try SVGImage(data: Data(svg.utf8), name: "box.svg")
    #expect(drawing.width == 30 && drawing.height == 40)
    let bitmap = try drawing.bitmap(width: 3, height: 4)
    #expect(Support.bytes(of: bitmap).allSatisfy { $0 == 0 || $0 == 255 })
  }

  @Test(arguments: [
    ("", "box.svg"), ("<svg", "box.svg"), ("not xml at all", "box.svg"),
    (#"<svg xmlns="http://www.w3.org/2000/svg"/>"#, "box.svg"),
    (#"<svg xmlns="http://www.w3.org/2000/svg" width="0" height="10"/>"#, "box.svg"),
    (#"<svg xmlns="http://www.w3.org/2000/svg" width="-5" height="10"/>"#, "box.svg"),
    (#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 NaN 4"/>"#, "box.svg"),
  ])
  func badDocumentsAreOneLineNamingTheFile(svg: String, name: String) {
    #expect {
      try SVGImage(data: Data(svg.utf8), name: name)
    } throws: { error in
      let text = "\(error)"
      return text.hasPrefix("box.svg: ") && !text.contains("\n")
    }
  }

  /// librsvg runs in helper processes, so drawings from many threads share them: each gets
  /// its own document's pixels, as drawn one at a time, also while helpers that ``prepare``
  /// starts on a thread of its own are still starting.
  @Test func drawingsAtOnceAgreeWithDrawingsInTurn() async throws {
    let sizes = (0..<12).map { (16 + 7 * $0, 9 + 5 * $0) }
    let drawing = try SVGImage(data: Data(Self.document.utf8), name: "d.svg")
    let inTurn = try sizes.map { try Support.bytes(of: drawing.bitmap(width: $0.0, height: $0.1)) }
    SVGImage.prepare(helpers: sizes.count)
    let atOnce = try await withThrowingTaskGroup(of: (Int, [UInt8]).self) { group in
      for (index, size) in sizes.enumerated() {
        group.addTask {
          let own = try SVGImage(data: Data(Self.document.utf8), name: "d\(index).svg")
          return (index, Support.bytes(of: try own.bitmap(width: size.0, height: size.1)))
        }
      }
      var drawn = [[UInt8]](repeating: [], count: sizes.count)
      for try await (index, bytes) in group { drawn[index] = bytes }
      return drawn
    }
    #expect(atOnce == inTurn)
  }

  /// A helper is the first process the system stops when memory runs out, and holds at most
  /// 2 GB: a document that makes librsvg grow fails alone.
  @Test func helpersAreBoundedAndGiveWayFirst() throws {
    _ = try SVGImage(data: Data(Self.document.utf8), name: "d.svg")
    let helpers = Self.helperProcesses()
    #expect(!helpers.isEmpty)
    for pid in helpers {
      let score = try String(contentsOfFile: "/proc/\(pid)/oom_score_adj", encoding: .utf8)
      #expect(score.trimmingCharacters(in: .whitespacesAndNewlines) == "1000")
      let limits = try String(contentsOfFile: "/proc/\(pid)/limits", encoding: .utf8)
      let data = limits.split(separator: "\n").first { $0.hasPrefix("Max data size") }
      #expect(
        data?.split(separator: " ", omittingEmptySubsequences: true).dropFirst(3).first
          == "2147483648", "\(data ?? "")")
    }
  }

  /// The processes this one started as SVG helpers.
  static func helperProcesses() -> [Int32] {
    ChildProcesses.of(getpid(), named: "lumen-svg-helper")
  }

  @Test func drawingSizesStayWithinTheLimits() throws {
    #expect(SVGImage.drawingSize(width: 120.4, height: 80.6) == (120, 80))
    #expect(SVGImage.drawingSize(width: .nan, height: -3) == (1, 1))
    let huge = SVGImage.drawingSize(width: 1e9, height: 5e8)
    #expect(huge.width <= SVGImage.maxSide && huge.width * huge.height <= SVGImage.maxPixelCount)
    #expect(abs(Double(huge.width) / Double(huge.height) - 2) < 0.01)
    let drawing = try SVGImage(data: Data(Self.document.utf8), name: "d.svg")
    #expect(throws: CodecError.self) { try drawing.bitmap(width: 0, height: 10) }
    #expect(throws: CodecError.self) { try drawing.bitmap(width: 40000, height: 10) }
    #expect(throws: CodecError.self) { try drawing.bitmap(width: 8000, height: 8000) }
  }

  @Test func aFolderOrAFIFOIsRefusedBeforeReading() throws {
    let directory = try Scratch.directory()
    let fifo = directory.appendingPathComponent("pipe.svg")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    #expect(throws: CodecError.self) { try SVGImage(contentsOf: fifo.path) }
    #expect(throws: CodecError.self) { try SVGImage(contentsOf: directory.path) }
  }
}
