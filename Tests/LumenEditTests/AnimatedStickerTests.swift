import Foundation
import LumenCodecs
import LumenCore
import LumenEdit
import LumenLayers
import LumenTestSupport
import Testing

/// An animated sticker shows its first frame in stills and, in a video, the frame of the time
/// since its layer appeared; a sticker that does not move is drawn once for a whole video.
@Suite struct AnimatedStickerTests {
  /// Red for 0.2 s, green for 0.3 s, blue for 0.5 s, forever.
  let animation: AnimatedImage
  let canvas = Image(color: RGBA(gray: SRGB.decode(0.5))).cropped(to: Rect(width: 100, height: 80))
  let colors: [[Float]] = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]

  init() throws {
    animation = try AnimatedImage(
      data: GIFFile.solidFrames(
        width: 8, height: 8, frames: [(255, 0, 0, 20), (0, 255, 0, 30), (0, 0, 255, 50)]),
      name: "spin.gif")
  }

  var resources: EditResources {
    EditResources(animation: { [animation] in $0 == "spin.gif" ? animation : nil })
  }

  func document(span: TimeSpan? = nil) -> EditDocument {
    var d = EditDocument()
    d.layers = [
      Layer(
        id: "spin", content: ImageContent(source: "spin.gif"),
        transform: LayerTransform(x: 0.5, y: 0.5, width: 0.5, height: 0.5), timeSpan: span)
    ]
    return d
  }

  /// The colour in the middle of `document` rendered (its sticker's).
  func middle(_ document: EditDocument, resources: EditResources? = nil) throws -> [Float] {
    let bitmap = try Renderer().bitmap(
      of: document.apply(to: canvas, resources: resources ?? self.resources), format: .rgb8)
    return bitmap.sample(x: 50, y: 40)
  }

  @Test func aStillShowsTheFirstFrame() throws {
    #expect(try middle(document()) == colors[0])
  }

  @Test(arguments: [
    (0.0, 0), (0.19, 0), (0.2, 1), (0.45, 1), (0.5, 2), (0.99, 2), (1.05, 0), (1.3, 1),
  ])
  func aVideoFrameShowsTheFrameOfItsMoment(seconds: Double, frame: Int) throws {
    let still = document().resolved(at: .seconds(seconds), clipDuration: 10)
    #expect(try middle(still) == colors[frame])
  }

  /// The animation starts when its layer appears, in either time base.
  @Test func aTimeSpanStartsTheAnimation() throws {
    for span in [
      TimeSpan(base: .seconds, start: 2, duration: 3), TimeSpan(base: .normalized, start: 0.2),
    ] {
      let at = { (seconds: Double) in
        try self.middle(self.document(span: span).resolved(at: .seconds(seconds), clipDuration: 10))
      }
      #expect(try at(2.1) == colors[0] && at(2.25) == colors[1] && at(2.6) == colors[2])
    }
  }

  /// One set of resources renders ten moments of a video: the still sticker is drawn once,
  /// the animated one once a frame of its own (three), not once a moment.
  @Test func drawingsAreKeptPerFrameShown() throws {
    let pictures = Locked(0)
    let frames = Locked(Set<Double>())
    let sticker = Image(color: RGBA(red: 0, green: 0, blue: 1, alpha: 1))
      .cropped(to: Rect(width: 4, height: 4))
    let resources = EditResources(
      image: { _ in
        pictures.withLock { $0 += 1 }
        return sticker
      },
      animation: { [animation] in $0 == "spin.gif" ? animation : nil })
    var d = document()
    d.layers.append(
      Layer(
        id: "still", content: ImageContent(source: "still.png"),
        transform: LayerTransform(x: 0.2, y: 0.2, width: 0.2, height: 0.2)))
    for tenth in 0..<10 {
      let still = d.resolved(at: .seconds(Double(tenth) / 10), clipDuration: 10)
      _ = try middle(still, resources: resources)
      let identity = try still.layers[0].content.drawingIdentity(resources: resources)
      frames.withLock { _ = $0.insert((identity.base as? ImageContent)?.playhead ?? -1) }
    }
    #expect(pictures.withLock { $0 } == 1)
    #expect(frames.withLock { $0 } == [0, 0.2, 0.5])
  }

  @Test func aPictureThatDoesNotMoveIgnoresThePlayhead() throws {
    let content = ImageContent(source: "still.png").playing(at: 3.7)
    #expect(content.playhead == 3.7)
    #expect(
      try content.drawingIdentity(resources: resources)
        == AnyHashable(ImageContent(source: "still.png")))
  }

  /// A playhead set in the document picks the frame stills show and where a video starts the
  /// animation; it is written to JSON only when set, and reads back.
  @Test func aDocumentsPlayheadStartsTheAnimation() throws {
    var d = document()
    var content = ImageContent(source: "spin.gif")
    content.playhead = 0.3
    d.layers[0].content = content
    #expect(try middle(d) == colors[1])
    #expect(try middle(d.resolved(at: .seconds(0.25), clipDuration: 10)) == colors[2])
    let json = String(decoding: d.jsonData(), as: UTF8.self)
    #expect(json.contains("\"playhead\""))
    #expect(try EditDocument(json: d.jsonData()) == d)
    #expect(!String(decoding: document().jsonData(), as: UTF8.self).contains("playhead"))
    #expect(throws: EditDocumentError.self) {
      try EditDocument(json: Data(json.replacingOccurrences(of: "0.3", with: "-1").utf8))
    }
  }
}
