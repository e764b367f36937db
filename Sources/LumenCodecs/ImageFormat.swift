/// The file formats Lumen reads and writes.
public enum ImageFormat: String, Sendable, CaseIterable {
  case jpeg
  case png
  case webp
  case heic

  /// A name for messages.
  public var name: String {
    switch self {
    case .jpeg: "JPEG"
    case .png: "PNG"
    case .webp: "WebP"
    case .heic: "HEIC"
    }
  }

  /// The format whose signature starts `bytes`. Reading trusts content, not the file name,
  /// because files are often misnamed (a PNG saved as `.jpg`).
  public init?(detecting bytes: some Collection<UInt8>) {
    let head = Array(bytes.prefix(32))
    func matches(_ signature: [UInt8], at offset: Int = 0) -> Bool {
      head.count >= offset + signature.count
        && Array(head[offset..<(offset + signature.count)]) == signature
    }
    if matches([0xFF, 0xD8, 0xFF]) {
      self = .jpeg
    } else if matches([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
      self = .png
    } else if matches(Array("RIFF".utf8)) && matches(Array("WEBP".utf8), at: 8) {
      self = .webp
    } else if matches(Array("ftyp".utf8), at: 4)
      && Self.heifBrands.contains(where: { matches(Array($0.utf8), at: 8) })
    {
      self = .heic
    } else {
      return nil
    }
  }

  /// Major brands of HEIF files with HEVC or generic image items.
  private static let heifBrands = ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"]

  /// The format an output file name asks for (`photo.JPG` is JPEG); nil for other extensions.
  public init?(pathExtension: String) {
    switch pathExtension.lowercased() {
    case "jpg", "jpeg", "jpe": self = .jpeg
    case "png": self = .png
    case "webp": self = .webp
    case "heic", "heif", "hif": self = .heic
    default: return nil
    }
  }
}
