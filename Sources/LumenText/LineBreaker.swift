import CLumenShims

/// Where a paragraph may or must be broken into lines, by the Unicode line breaking algorithm
/// (UAX #14, libunibreak): spaces, hyphens, between CJK ideographs, never inside a word.
enum LineBreaker {
  enum Opportunity: Equatable {
    /// A line may end after this character.
    case allowed
    /// A line must end after this character (a line feed, the paragraph's end).
    case mandatory
    case none
  }

  /// The opportunity after each scalar of `scalars`.
  static func opportunities(
    _ scalars: [UInt32], language: String?, unibreak: lumen_unibreak_functions
  ) -> [Opportunity] {
    var breaks = [CChar](repeating: 0, count: scalars.count)
    scalars.map(safe).withUnsafeBufferPointer { text in
      breaks.withUnsafeMutableBufferPointer { out in
        if let language {
          unibreak.set_linebreaks_utf32(text.baseAddress, text.count, language, out.baseAddress)
        } else {
          unibreak.set_linebreaks_utf32(text.baseAddress, text.count, nil, out.baseAddress)
        }
      }
    }
    return breaks.map {
      switch Int32($0) {
      case LINEBREAK_MUSTBREAK: .mandatory
      case LINEBREAK_ALLOWBREAK: .allowed
      default: .none
      }
    }
  }

  /// What libunibreak 1.1 (Debian 12's) is given for `scalar`: it aborts the process on
  /// regional indicators (their class is missing from its pair table) and on U+FFFF (its
  /// end-of-text mark), as a scan of every scalar found. Regional indicators go in as letters,
  /// so that no flag is split (nor two flags next to each other); U+FFFF as U+FFFD.
  static func safe(_ scalar: UInt32) -> UInt32 {
    switch scalar {
    case 0x1F1E6...0x1F1FF: 0x41
    case 0xFFFF: 0xFFFD
    default: scalar
    }
  }
}
