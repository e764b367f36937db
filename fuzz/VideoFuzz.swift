import Foundation
import LumenCore
import LumenVideo

/// libFuzzer entry for the video probe (what `lumen video info` and every video command do
/// first): the bytes are written to a temporary file, opened as a movie and its first frame
/// decoded. Either that works, giving a picture of the size the headers promised, or the file
/// is refused with one line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVideo(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let url = FileManager.default.temporaryDirectory
    .appendingPathComponent("lumen-fuzz-video-\(ProcessInfo.processInfo.processIdentifier)")
  expect(
    FileManager.default.createFile(atPath: url.path, contents: Data(bytes: data, count: size)),
    "cannot write \(url.path)")
  defer { try? FileManager.default.removeItem(at: url) }
  do {
    let movie = try VideoAsset(contentsOf: url)
    let video = movie.info.video
    expect(
      video.width > 0 && video.height > 0 && movie.info.duration.seconds.isFinite,
      "a movie of \(video.width)x\(video.height) lasting \(movie.info.duration.seconds) s")
    let frame = try movie.makeReader(decoderThreads: 1).frame(at: 0)
    expect(
      frame.image.extent == Rect(width: video.displayWidth, height: video.displayHeight),
      "a \(video.displayWidth)x\(video.displayHeight) movie gave a frame of \(frame.image.extent)")
  } catch {
    expectReadable(error)
  }
  return 0
}
