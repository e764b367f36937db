import Foundation
import LumenCore
import LumenTestSupport
import Testing

@testable import LumenCodecs

/// Broken, hostile and unsupported inputs give a ``CodecError`` naming the file; failed writes
/// leave nothing behind.
struct BadInputTests {
  /// A valid file of each format, encoded by Lumen.
  static func sample(_ fileExtension: String) throws -> Data {
    let url = try Scratch.directory().appendingPathComponent("sample.\(fileExtension)")
    try ImageFile.write(Support.testBitmap(width: 64, height: 64), to: url)
    return try Data(contentsOf: url)
  }

  static func extensions() -> [String] {
    ["jpg", "png", "webp"] + (HEIFEncoder.isAvailable ? ["heic"] : [])
  }

  @Test(arguments: extensions())
  func truncated(fileExtension: String) throws {
    let data = try Self.sample(fileExtension)
    for length in [data.count * 2 / 3, data.count / 3] {
      let error = Support.codecError {
        _ = try ImageFile.read(data: data.prefix(length), name: "cut.\(fileExtension)")
      }
      #expect(
        error?.problem == .truncated,
        "\(length) of \(data.count) bytes: \(String(describing: error))")
      #expect(error?.description.hasPrefix("cut.\(fileExtension): ") == true)
    }
  }

  @Test(arguments: extensions())
  func corrupt(fileExtension: String) throws {
    var data = try Self.sample(fileExtension)
    // Garbage over the middle of the file, past the signature.
    let start = min(40, data.count / 4)
    data.replaceSubrange(
      start..<(data.count / 2), with: repeatElement(0x5A, count: data.count / 2 - start))
    let error = Support.codecError {
      _ = try ImageFile.read(data: data, name: "bad.\(fileExtension)")
    }
    let problem = try #require(error?.problem)
    switch problem {
    case .corrupt, .truncated, .unsupported, .invalidProfile: break
    default: Issue.record("unexpected problem \(problem)")
    }
    #expect(error?.file == "bad.\(fileExtension)")
  }

  @Test func unknownAndEmptyData() {
    let unknown = Support.codecError {
      _ = try ImageFile.read(data: Data("GIF89a....".utf8), name: "x.gif")
    }
    #expect(unknown?.problem == .unsupported("not a JPEG, PNG, WebP or HEIC file"))
    let empty = Support.codecError { _ = try ImageFile.read(data: Data(), name: "empty.jpg") }
    #expect(empty?.problem == .truncated)
    let missing = Support.codecError {
      _ = try ImageFile.read(URL(fileURLWithPath: "/nonexistent/a.jpg"))
    }
    #expect(
      missing?.description == "/nonexistent/a.jpg: cannot open the file: No such file or directory")
  }

  /// A PNG header claiming 100000 x 100000 pixels (40 GB of RGBA) is refused from the header;
  /// allocating first would fail or crash. `info` still reports it.
  @Test func hugePNGHeaderIsRefused() throws {
    var ihdr = Data("IHDR".utf8)
    for value in [100_000, 100_000] {
      ihdr += withUnsafeBytes(of: UInt32(value).bigEndian) { Data($0) }
    }
    ihdr += Data([8, 6, 0, 0, 0])
    var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]) + ihdr
    png += withUnsafeBytes(of: Self.crc32(ihdr).bigEndian) { Data($0) }
    // An empty image data chunk: libpng reads the header up to it.
    png += Data([0, 0, 0, 0]) + Data("IDAT".utf8)
    png += withUnsafeBytes(of: Self.crc32(Data("IDAT".utf8)).bigEndian) { Data($0) }
    let error = Support.codecError { _ = try ImageFile.read(data: png, name: "huge.png") }
    #expect(error?.problem == .tooLarge(width: 100_000, height: 100_000, limit: 268_435_456))
    #expect(try ImageFile.info(data: png, name: "huge.png").width == 100_000)
  }

  /// A JPEG whose frame header is patched to 65000 x 65000.
  @Test func hugeJPEGHeaderIsRefused() throws {
    var data = try Self.sample("jpg")
    let sof = try #require(data.indices.first { data[$0] == 0xFF && data[$0 + 1] == 0xC0 })
    data.replaceSubrange((sof + 5)..<(sof + 9), with: [0xFD, 0xE8, 0xFD, 0xE8])
    let error = Support.codecError { _ = try ImageFile.read(data: data, name: "huge.jpg") }
    #expect(error?.problem == .tooLarge(width: 65000, height: 65000, limit: 268_435_456))
  }

  @Test(arguments: extensions())
  func limitIsConfigurable(fileExtension: String) throws {
    let data = try Self.sample(fileExtension)
    let error = Support.codecError {
      _ = try ImageFile.read(data: data, name: "a", options: DecodeOptions(maxPixelCount: 4000))
    }
    #expect(error?.problem == .tooLarge(width: 64, height: 64, limit: 4000))
  }

  @Test func failedWriteLeavesNothing() throws {
    let directory = try Scratch.directory()
    // WebP cannot hold 20000 pixels across: the encoder fails after the temporary file exists.
    let wide = Bitmap(width: 20000, height: 1, format: .rgb8) { _ in }
    let error = Support.codecError {
      try ImageFile.write(wide, to: directory.appendingPathComponent("wide.webp"))
    }
    #expect(error?.file == directory.appendingPathComponent("wide.webp").path)
    // A render that stops early, and one abandoned without finishing.
    let writer = try ImageWriter(url: directory.appendingPathComponent("short.jpg"))
    try writer.begin(width: 10, height: 10, format: .rgb8)
    #expect(throws: CodecError.self) { try writer.finish() }
    var abandoned: ImageWriter? = try ImageWriter(url: directory.appendingPathComponent("gone.png"))
    try abandoned?.begin(width: 10, height: 10, format: .rgb8)
    abandoned = nil
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [])
  }

  @Test func inputIsNotOverwrittenUnlessAsked() throws {
    let directory = try Scratch.directory()
    let url = directory.appendingPathComponent("photo.png")
    try ImageFile.write(Support.testBitmap(), to: url)
    let original = try Data(contentsOf: url)
    let error = Support.codecError {
      try ImageFile.write(Support.testBitmap(width: 8, height: 8), to: url, source: url)
    }
    #expect(error != nil)
    #expect(try Data(contentsOf: url) == original)
    try ImageFile.write(
      Support.testBitmap(width: 8, height: 8), to: url, source: url, overwrite: true)
    #expect(try ImageFile.info(url).width == 8)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["photo.png"])
  }

  @Test func unknownOutputExtension() throws {
    let error = Support.codecError {
      try ImageFile.write(Support.testBitmap(), to: URL(fileURLWithPath: "/tmp/out.bmp"))
    }
    #expect(error?.file == "/tmp/out.bmp")
  }

  static func crc32(_ data: Data) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in data {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }
}

/// Randomly damaged files (bytes overwritten, cut short) must only ever produce a result or a
/// ``CodecError``: a crash here would take the whole test run down.
struct DamagedFileTests {
  @Test(arguments: BadInputTests.extensions())
  func neverCrashes(fileExtension: String) throws {
    let original = try BadInputTests.sample(fileExtension)
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    func random(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(seed >> 33) % bound
    }
    for _ in 0..<150 {
      var data = original
      for _ in 0..<(1 + random(8)) {
        data[random(data.count)] = UInt8(random(256))
      }
      if random(4) == 0 { data = data.prefix(random(data.count)) }
      _ = try? ImageFile.read(data: data, name: "damaged.\(fileExtension)")
      _ = try? ImageFile.info(data: data, name: "damaged.\(fileExtension)")
    }
  }
}
