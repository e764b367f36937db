import Foundation
import LumenCore
import LumenTestSupport
import Testing

@testable import LumenCodecs

/// Encoders that hold the whole picture (WebP, HEIC) refuse images their memory estimate puts
/// over the budget, before any work, with one line suggesting the streamed formats; JPEG and
/// PNG stream and are never refused for memory.
struct EncoderBudgetTests {
  static let budget = 4 << 20

  /// 1024 x 1024: about 7 MB for lossy WebP, 36 MB lossless, 21 MB HEIC; over a 4 MB budget.
  static let cases: [(String, EncodeOptions)] =
    [
      ("webp", EncodeOptions(memoryBudget: budget)),
      ("webp", EncodeOptions(lossless: true, memoryBudget: budget)),
    ]
    + (HEIFEncoder.isAvailable ? [("heic", EncodeOptions(memoryBudget: budget))] : [])

  @Test(arguments: cases)
  func wholePictureEncodersRefuseOverBudget(fileExtension: String, options: EncodeOptions) throws {
    let directory = try Scratch.directory()
    let url = directory.appendingPathComponent("big.\(fileExtension)")
    let bitmap = Support.testBitmap(width: 1024, height: 1024)
    let error = try #require(
      Support.codecError { try ImageFile.write(bitmap, to: url, options: options) })
    guard case .encodingOverBudget(_, let needed, let budget) = error.problem else {
      Issue.record("unexpected \(error)")
      return
    }
    #expect(needed > budget && budget == Self.budget)
    #expect(error.description.contains("more than the memory budget of 4 MB; write JPEG or PNG"))
    #expect(!error.description.contains("\n") && error.description.hasPrefix(url.path))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [])
    // The same image fits once the budget allows it.
    var roomy = options
    roomy.memoryBudget = 64 << 20
    try ImageFile.write(Support.testBitmap(width: 1024, height: 1024), to: url, options: roomy)
  }

  @Test(arguments: ["jpg", "png"])
  func streamedEncodersNeedNoBudget(fileExtension: String) throws {
    let url = try Scratch.directory().appendingPathComponent("big.\(fileExtension)")
    try ImageFile.write(
      Support.testBitmap(width: 1024, height: 1024), to: url,
      options: EncodeOptions(memoryBudget: 1 << 20))
    #expect(try ImageFile.info(url).width == 1024)
  }

  /// A photo export counts against its render context's budget.
  @Test func exportUsesTheContextsBudget() throws {
    let source = try Scratch.directory().appendingPathComponent("source.png")
    try ImageFile.write(Support.testBitmap(width: 1024, height: 1024), to: source)
    let photo = try Photo(contentsOf: source)
    let output = source.deletingLastPathComponent().appendingPathComponent("out.webp")
    let error = Support.codecError {
      try photo.export(
        photo.image, to: output, context: RenderContext(memoryBudget: Self.budget))
    }
    #expect(error.map { "\($0)" }?.contains("memory budget of 4 MB") == true)
    try photo.export(photo.image, to: output)
    #expect(FileManager.default.fileExists(atPath: output.path))
  }
}
