/// Which of a source movie's tags an export carries into its output: by default when it was
/// shot and where (what a phone records and a gallery sorts and maps by), on request only
/// when, or nothing. Other tags (encoder names, handler names, brands) describe the old file,
/// not the new one, and are never copied.
public enum MovieMetadata {
  public enum Policy: String, Sendable, Hashable, CaseIterable, Codable {
    /// The creation time and the location.
    case keep
    /// The creation time only (`--strip-gps`).
    case stripLocation
    /// Nothing (`--strip-metadata`).
    case stripAll
  }

  /// When it was shot: QuickTime's and MP4's creation time, Apple's creation date.
  static let timeKeys = ["creation_time", "com.apple.quicktime.creationdate"]
  /// Where: the `©xyz` user data (FFmpeg's `location`, with its language variant) and
  /// Apple's ISO 6709 metadata key.
  static let locationKeys = ["location", "location-eng", "com.apple.quicktime.location.ISO6709"]

  /// The tags of `source` that `policy` keeps.
  public static func kept(from source: [String: String], policy: Policy) -> [String: String] {
    let keys: [String] =
      switch policy {
      case .keep: timeKeys + locationKeys
      case .stripLocation: timeKeys
      case .stripAll: []
      }
    return source.filter { keys.contains($0.key) }
  }
}
