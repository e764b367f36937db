import Foundation

/// Checks on an output path made before any decoding, so that a mistyped directory fails at
/// once instead of after the work.
enum VideoOutput {
  /// Throws unless the directory that will hold `path` exists and can be written.
  static func checkWritable(_ path: String) throws {
    let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      throw OutputError(path: path, reason: "the directory \(directory) does not exist")
    }
    guard FileManager.default.isWritableFile(atPath: directory) else {
      throw OutputError(path: path, reason: "the directory \(directory) is not writable")
    }
  }

  struct OutputError: Error, CustomStringConvertible {
    let path: String
    let reason: String
    var description: String { "\(path): cannot write the output: \(reason)" }
  }
}
