import Foundation

/// Makes a job's relative paths absolute against the folder of the file the job came from.
struct JobPaths {
  let folder: URL

  func callAsFunction(_ path: String) -> String {
    path.hasPrefix("/") ? path : folder.appendingPathComponent(path).standardizedFileURL.path
  }
}
