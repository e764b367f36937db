import Foundation
import LumenCore
import LumenTestSupport
import Testing

@testable import LumenCodecs

/// Format detection by content and by output extension, and header-only info.
struct FormatTests {
  @Test func detectsByContentNotName() throws {
    let directory = try Scratch.directory()
    for (fileExtension, format) in [("jpg", ImageFormat.jpeg), ("png", .png), ("webp", .webp)] {
      let url = directory.appendingPathComponent("image.\(fileExtension)")
      try ImageFile.write(Support.testBitmap(), to: url)
      let misnamed = directory.appendingPathComponent("misnamed.\(fileExtension).gif")
      try FileManager.default.moveItem(at: url, to: misnamed)
      #expect(try ImageFile.read(misnamed).format == format)
    }
  }

  @Test func extensions() {
    #expect(ImageFormat(pathExtension: "JPG") == .jpeg)
    #expect(ImageFormat(pathExtension: "jpeg") == .jpeg)
    #expect(ImageFormat(pathExtension: "heif") == .heic)
    #expect(ImageFormat(pathExtension: "tiff") == nil)
  }

  /// A HEIC made by `heif-enc` (independent of Lumen's encoder) decodes and reports its header.
  @Test(.tags(.oracle), .requires(.heifEnc)) func readsHeicFromHeifEnc() throws {
    let directory = try Scratch.directory()
    let png = directory.appendingPathComponent("source.png")
    try ImageFile.write(Support.testBitmap(width: 80, height: 60, format: .rgba8), to: png)
    let heic = directory.appendingPathComponent("made.heic")
    try Program.text(of: "heif-enc", ["-q", "90", "-o", heic.path, png.path])
    let info = try ImageFile.info(heic)
    #expect(info.format == .heic && info.width == 80 && info.height == 60 && info.hasAlpha)
    let decoded = try ImageFile.read(heic)
    #expect(decoded.bitmap.format == .rgba8 && decoded.orientation == .up)
  }

  /// A 10-bit HEIC (from a 16-bit PNG by `heif-enc -b 10`) decodes to 16-bit samples.
  @Test(.tags(.oracle), .requires(.heifEnc)) func readsTenBitHeic() throws {
    let directory = try Scratch.directory()
    let png = directory.appendingPathComponent("deep.png")
    let source = Support.testBitmap(width: 64, height: 48, format: .rgb16)
    try ImageFile.write(source, to: png)
    let heic = directory.appendingPathComponent("deep.heic")
    try Program.text(of: "heif-enc", ["-b", "10", "-q", "95", "-o", heic.path, png.path])
    #expect(try ImageFile.info(heic).bitDepth == 10)
    let decoded = try ImageFile.read(heic)
    #expect(decoded.bitmap.format == .rgb16)
    let error = (0..<48).flatMap { y in
      (0..<64).flatMap { x in
        zip(decoded.bitmap.sample(x: x, y: y), source.sample(x: x, y: y)).map { abs($0 - $1) }
      }
    }
    #expect(error.reduce(0, +) / Float(error.count) < 0.01)
    // 10-bit samples are stretched to the 16-bit range, not left at 0...1023.
    #expect(decoded.bitmap.sample(x: 63, y: 0)[0] > 0.95)
  }

  @Test func infoReadsHeaders() throws {
    let directory = try Scratch.directory()
    let url = directory.appendingPathComponent("alpha.webp")
    try ImageFile.write(Support.testBitmap(width: 30, height: 20, format: .rgba8), to: url)
    let info = try ImageFile.info(url)
    #expect(info.format == .webp && info.width == 30 && info.height == 20)
    #expect(info.hasAlpha && info.bitDepth == 8 && info.orientation == .up)
    #expect(info.profileDescription == "sRGB built-in")
  }

  /// Options asking for exactly one setting.
  static func options(asking setting: EncodeSetting) -> EncodeOptions {
    var options = EncodeOptions()
    switch setting {
    case .quality: options.quality = 50
    case .progressive: options.progressive = true
    case .fullChroma: options.chroma = .s444
    case .lossless: options.lossless = true
    case .sixteenBit: options.bitDepth = .sixteen
    }
    return options
  }

  /// Each setting is taken by the formats the table lists and refused, with nothing written,
  /// by the others (`--lossless` on a JPEG used to be ignored).
  @Test(arguments: EncodeSetting.allCases)
  func settingsApplyWhereTheTableSays(setting: EncodeSetting) throws {
    let directory = try Scratch.directory()
    let options = Self.options(asking: setting)
    #expect(options.requestedSettings == [setting])
    let formats = ImageFormat.allCases.filter { $0 != .heic || HEIFEncoder.isAvailable }
    for format in formats {
      let url = directory.appendingPathComponent("out-\(format)")
      let error = Support.codecError {
        try ImageFile.write(Support.testBitmap(), to: url, format: format, options: options)
      }
      if setting.formats.contains(format) {
        #expect(error == nil, "\(setting) on \(format): \(String(describing: error))")
        try FileManager.default.removeItem(at: url)
      } else {
        #expect(error?.problem == .inapplicable(setting, format), "\(setting) on \(format)")
        #expect(!FileManager.default.fileExists(atPath: url.path))
      }
    }
    #expect(EncodeOptions().requestedSettings.isEmpty)
  }

  @Test func refusalsAreOneReadableLine() {
    let error = CodecError(file: "out.jpg", problem: .inapplicable(.lossless, .jpeg))
    #expect(
      error.description
        == "out.jpg: lossless compression does not apply to JPEG files, only to WebP")
    #expect(EncodeSetting.quality.help == "a lossy quality (JPEG, WebP and HEIC)")
    #expect(EncodeSetting.lossless.help == "lossless compression (WebP only)")
  }

  /// A 16-bit PNG exported to PNG stays 16-bit (ImageMagick reads the depth back) with its
  /// samples, unless 8 bits are asked for.
  @Test(.tags(.oracle), .requires(.imageMagick))
  func sixteenBitPNGStaysSixteenBit() throws {
    let directory = try Scratch.directory()
    let source = directory.appendingPathComponent("deep.png")
    let original = Support.testBitmap(width: 64, height: 48, format: .rgb16)
    try ImageFile.write(original, to: source)
    let photo = try Photo(contentsOf: source)
    let deep = directory.appendingPathComponent("kept.png")
    try photo.export(photo.image, to: deep)
    let shallow = directory.appendingPathComponent("eight.png")
    try photo.export(photo.image, to: shallow, options: EncodeOptions(bitDepth: .eight))
    for (url, depth) in [(deep, "16"), (shallow, "8")] {
      let identified = try Program.text(of: "convert", [url.path, "-format", "%z", "info:"])
      #expect(identified == depth, "\(url.lastPathComponent)")
    }
    let decoded = try ImageFile.read(deep).bitmap
    #expect(decoded.format == .rgb16)
    #expect(
      Support.bytes(of: decoded) == Support.bytes(of: original), "16-bit samples changed")
  }
}
