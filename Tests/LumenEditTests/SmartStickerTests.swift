import Foundation
import LumenCore
import LumenEdit
import LumenLayers
import LumenTestSupport
import Testing

/// Smart stickers: the words a moment is written with in a locale and time zone (checked
/// against Babel's own CLDR data), the clock's hands, the render's moment, and bad settings.
@Suite struct SmartStickerTests {
  static let moments = ["2026-12-24T18:30:00+01:00", "2027-03-01T23:05:00Z"]

  @Test(
    .tags(.oracle), .requires(.python),
    arguments: [
      ("en_US", "America/New_York"), ("de_DE", "Europe/Berlin"), ("fr-FR", "Asia/Tokyo"),
      ("ja_JP", "Asia/Tokyo"), ("es_ES", "UTC"),
    ])
  func wordsAreTheLocalesAsCLDRWritesThem(locale: String, timeZone: String) throws {
    for text in Self.moments {
      let babel = try JSONDecoder().decode(
        [String].self,
        from: Data(try Oracle.runScript("dates.py", [text, locale, timeZone]).utf8))
      let written = SmartStickerContent.Face.allCases.compactMap { face in
        let sticker = SmartStickerContent(
          sticker: face, date: text, locale: locale, timeZone: timeZone)
        return sticker.words(at: sticker.moment(now: Date(timeIntervalSince1970: 0)))
      }
      #expect(written == babel, "\(text) \(locale) \(timeZone)")
    }
  }

  /// Without a date of its own, a sticker shows the render's moment.
  @Test func withoutADateTheRendersMomentIsShown() {
    let sticker = SmartStickerContent(sticker: .weekday, timeZone: "UTC")
    let thursday = Date(timeIntervalSince1970: 1_796_299_200)  // 2026-12-03 12:00 UTC
    #expect(sticker.words(at: sticker.moment(now: thursday)) == "Thursday")
    let dated = SmartStickerContent(sticker: .weekday, date: "2026-12-05T12:00:00Z")
    #expect(dated.words(at: dated.moment(now: thursday)) == "Saturday")
  }

  /// 18:00 UTC is 03:00 in Tokyo: the hour hand points right (three o'clock), the minute hand
  /// up; neither points left or down. The face is filled, the canvas outside it untouched.
  @Test func theClocksHandsShowTheTimeInItsZone() throws {
    var d = EditDocument()
    d.layers = [
      Layer(
        id: "clock",
        content: SmartStickerContent(
          sticker: .clock, date: "2026-12-24T18:00:00Z", timeZone: "Asia/Tokyo",
          color: LayerColor(red: 1, green: 0, blue: 0),
          background: LayerColor(red: 0, green: 0, blue: 1)),
        transform: LayerTransform(x: 0.5, y: 0.5, width: 0.8, height: 0.8))
    ]
    let grey = Image(color: RGBA(gray: SRGB.decode(0.2))).cropped(to: Rect(width: 200, height: 200))
    let out = try Renderer().bitmap(of: d.apply(to: grey), format: .rgb8)
    // The box: 160 px around (100, 100); hands from the centre, hour 0.26 of it, minute 0.38.
    func isRed(_ x: Int, _ y: Int) -> Bool {
      let p = out.sample(x: x, y: y)
      return p[0] > 0.9 && p[2] < 0.1
    }
    func isFace(_ x: Int, _ y: Int) -> Bool {
      let p = out.sample(x: x, y: y)
      return p[2] > 0.9 && p[0] < 0.1
    }
    #expect(isRed(100 + 30, 100) && isRed(100, 100 - 50))
    #expect(isFace(100 - 30, 100) && isFace(100, 100 + 30))
    #expect(isRed(100 + 70, 100))  // the three o'clock tick
    #expect(abs(out.sample(x: 5, y: 5)[0] - 0.2) < 0.01)
  }

  @Test(arguments: [
    (#""date": "yesterday""#, "date"), (#""date": "2026-12-24T18:00:00""#, "date"),
    (#""locale": "xx_YY""#, "locale"), (#""timeZone": "Mars/Olympus""#, "timeZone"),
    (#""sticker": "moon""#, "sticker"), (#""size": 2"#, "size"),
  ])
  func badSettingsNameTheirPath(member: String, name: String) {
    let members = name == "sticker" ? member : #""sticker": "date", "# + member
    let json = #"""
      {"formatIdentifier": "org.lumen.edit", "formatVersion": 4, "operations": {},
       "layers": [{"id": "a", "kind": "smartSticker", \#(members)}]}
      """#
    #expect {
      try EditDocument(json: Data(json.utf8))
    } throws: { error in
      let text = "\(error)"
      return text.contains("layers[0]") && text.contains(name)
    }
  }
}
