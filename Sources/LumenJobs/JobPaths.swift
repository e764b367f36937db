import Foundation

/// Makes a job's relative paths absolute against the folder of the file the job came from.
package struct JobPaths {
  package let folder: URL

  package init(folder: URL) { self.folder = folder }

  package func callAsFunction(_ path: String) -> String {
    path.hasPrefix("/") ? path : folder.appendingPathComponent(path).standardizedFileURL.path
  }
}
