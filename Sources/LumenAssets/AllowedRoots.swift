import Foundation
import LumenCore

#if canImport(Glibc)
  import Glibc
#endif

/// The folders a resolver may read from, compared after every symbolic link is followed, so
/// neither `../` nor a link planted inside a root leads out of it.
struct AllowedRoots: Sendable {
  /// Canonical paths (no links, no `..`), each without a trailing slash except `/`.
  let paths: [String]

  init(_ roots: [URL]) {
    paths = roots.map { FileIdentity.canonical($0.path) ?? $0.standardizedFileURL.path }
  }

  /// Whether the canonical `path` lies in (or is) one of the roots.
  func contain(_ path: String) -> Bool {
    paths.contains { root in
      root == "/" || path == root || path.hasPrefix(root + "/")
    }
  }
}
