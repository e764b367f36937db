import Foundation
import LumenCore
import LumenTestSupport
import Testing

@testable import LumenCodecs

/// Embedded profiles converted to sRGB on reading, against Pillow's ImageCms and lcms2's
/// `transicc`; and the profiles written on output.
///
/// The wide-gamut profiles are built with lcms2 from their published primaries: Display P3
/// (DCI-P3 primaries, D65, sRGB curve) and Adobe RGB (1998) (D65, gamma 563/256).
struct ColorProfileTests {
  static func displayP3() -> ColorProfile? {
    ColorProfile(
      white: (0.3127, 0.3290), red: (0.680, 0.320), green: (0.265, 0.690), blue: (0.150, 0.060),
      transfer: .sRGB)
  }

  static func adobeRGB() -> ColorProfile? {
    ColorProfile(
      white: (0.3127, 0.3290), red: (0.64, 0.33), green: (0.21, 0.71), blue: (0.15, 0.06),
      transfer: .gamma(563.0 / 256.0))
  }

  @Test(
    .tags(.oracle), .requires(.python), arguments: [("p3", "png"), ("adobe", "png"), ("p3", "jpg")])
  func convertedToSRGBLikePillow(profileName: String, fileExtension: String) throws {
    let profile = try #require(profileName == "p3" ? Self.displayP3() : Self.adobeRGB())
    let directory = try Scratch.directory()
    let iccURL = directory.appendingPathComponent("\(profileName).icc")
    try #require(profile.iccData).write(to: iccURL)
    let raw = directory.appendingPathComponent("pixels.raw")
    let source = Support.testBitmap(width: 40, height: 30)
    try Data(Support.bytes(of: source)).write(to: raw)
    let tagged = directory.appendingPathComponent("tagged.\(fileExtension)")
    try Oracle.runScript("codecs_tag_icc.py", [raw.path, "40", "30", iccURL.path, tagged.path])

    let decoded = try ImageFile.read(tagged)
    #expect(decoded.iccProfile == (try Data(contentsOf: iccURL)))
    let (_, _, pillow) = try Support.pillowDecode(tagged, icc: iccURL)
    let ours = Support.bytes(of: decoded.bitmap)
    #expect(Support.maxDifference(ours, pillow) <= 1)
    // Wide-gamut values really moved (the test would pass trivially otherwise).
    #expect(Support.maxDifference(ours, Support.bytes(of: source)) > 10)

    let unconverted = try ImageFile.read(tagged, options: DecodeOptions(convertToSRGB: false))
    let (_, _, stored) = try Support.pillowDecode(tagged)
    #expect(Support.maxDifference(Support.bytes(of: unconverted.bitmap), stored) <= 1)
  }

  @Test(.tags(.oracle), .requires(.python, .transicc))
  func convertedToSRGBLikeTransicc() throws {
    let profile = try #require(Self.displayP3())
    let directory = try Scratch.directory()
    let iccURL = directory.appendingPathComponent("p3.icc")
    try #require(profile.iccData).write(to: iccURL)
    // A few P3 colours, including saturated ones outside sRGB that must clip.
    let colours: [[UInt8]] = [
      [255, 0, 0], [0, 255, 0], [20, 120, 240], [200, 180, 40], [128, 128, 128],
    ]
    let bitmap = Bitmap(width: colours.count, height: 1, format: .rgb8) { bytes in
      bytes.copyBytes(from: colours.flatMap { $0 })
    }
    let png = directory.appendingPathComponent("p3.png")
    let raw = directory.appendingPathComponent("p3.raw")
    try Data(Support.bytes(of: bitmap)).write(to: raw)
    try Oracle.runScript(
      "codecs_tag_icc.py", [raw.path, "\(colours.count)", "1", iccURL.path, png.path])
    let decoded = Support.bytes(of: try ImageFile.read(png).bitmap)

    let input = colours.map { $0.map(String.init).joined(separator: " ") }.joined(separator: "\n")
    let output = try Program.text(
      of: "sh",
      ["-c", "printf '\(input)\\n' | transicc -t1 -s -n -i '\(iccURL.path)' -o '*sRGB'"])
    let expected = output.split(whereSeparator: { !"0123456789.".contains($0) })
      .compactMap { Double($0) }.map { UInt8(min(max($0.rounded(), 0), 255)) }
    #expect(expected.count == decoded.count)
    #expect(Support.maxDifference(decoded, expected) <= 1)
  }

  @Test func outputEmbedsSRGBByDefaultOrNothing() throws {
    let directory = try Scratch.directory()
    for fileExtension in ["jpg", "png", "webp"] {
      let url = directory.appendingPathComponent("default.\(fileExtension)")
      try ImageFile.write(Support.testBitmap(), to: url)
      #expect(try ImageFile.info(url).profileDescription == "sRGB built-in")
      let bare = directory.appendingPathComponent("bare.\(fileExtension)")
      try ImageFile.write(Support.testBitmap(), to: bare, options: EncodeOptions(profile: .none))
      #expect(try ImageFile.info(bare).profileDescription == nil)
    }
  }

  @Test func keepSourceConvertsAndEmbedsTheProfile() throws {
    let p3 = try #require(Self.displayP3()?.iccData)
    let directory = try Scratch.directory()
    let url = directory.appendingPathComponent("p3.png")
    let source = Support.testBitmap(format: .rgb16)
    try ImageFile.write(source, to: url, options: EncodeOptions(profile: .keepSource(p3)))
    #expect(try ImageFile.info(url).iccProfile == p3)
    // Stored as P3 values; converted back on reading to the sRGB source within 16-bit rounding.
    let stored = try ImageFile.read(url, options: DecodeOptions(convertToSRGB: false))
    #expect(stored.bitmap.sample(x: 60, y: 5) != source.sample(x: 60, y: 5))
    let decoded = try ImageFile.read(url)
    for (x, y) in [(0, 0), (10, 20), (60, 5), (63, 47)] {
      for (a, b) in zip(decoded.bitmap.sample(x: x, y: y), source.sample(x: x, y: y)) {
        #expect(abs(a - b) < 0.002)
      }
    }
  }
}
