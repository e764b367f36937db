import Foundation

/// A video job run by `lumen-video` in a process of its own: FFmpeg never loads into a batch
/// or a worker, and a demuxer failing on a hostile file takes down that process only. The job
/// goes in on the first line of its standard input, which then stays open as a lifeline: when
/// this process ends (killed even), the export stops and leaves no output.
struct VideoProcess {
  let executable: URL

  func run(_ job: Data, folder: URL) throws {
    let process = Process()
    process.executableURL = executable
    process.arguments = ["video", "--job", "-", "--until-stdin-closes"]
    process.currentDirectoryURL = folder
    let (input, errors) = (Pipe(), Pipe())
    process.standardInput = input
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    do {
      try process.run()
    } catch {
      throw JobRunError("cannot run \(executable.path): \(error)")
    }
    input.fileHandleForWriting.write(job + Data("\n".utf8))
    let said = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try? input.fileHandleForWriting.close()
    guard process.terminationStatus == 0, process.terminationReason == .exit else {
      let last = String(decoding: said, as: UTF8.self).split(separator: "\n").last {
        !$0.hasPrefix("\r")
      }
      var line = last.map(String.init) ?? "lumen-video failed (status \(process.terminationStatus))"
      if line.hasPrefix("lumen: error: ") { line.removeFirst("lumen: error: ".count) }
      throw JobRunError(line)
    }
  }
}
