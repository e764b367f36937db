/// The movie containers the service takes, told from their first bytes: an ISO base media
/// file (`ftyp` at byte 4: MOV when its brand is QuickTime's, else MP4) or an EBML file (WebM
/// when its header names that document type, else Matroska). Uploads are sniffed with this
/// before FFmpeg sees them, so that no other demuxer (playlists naming further files, say)
/// ever reads a stranger's bytes.
enum MovieFormat: String, CaseIterable {
  case mp4, mov, mkv, webm

  init?(detecting bytes: some Collection<UInt8>) {
    let head = Array(bytes.prefix(64))
    func matches(_ signature: [UInt8], at offset: Int = 0) -> Bool {
      head.count >= offset + signature.count
        && Array(head[offset..<(offset + signature.count)]) == signature
    }
    if matches(Array("ftyp".utf8), at: 4) {
      self = matches(Array("qt  ".utf8), at: 8) ? .mov : .mp4
    } else if matches([0x1A, 0x45, 0xDF, 0xA3]) {
      self = head.indices.contains { matches(Array("webm".utf8), at: $0) } ? .webm : .mkv
    } else {
      return nil
    }
  }

  /// The media type answers carry.
  var mediaType: String {
    switch self {
    case .mp4: "video/mp4"
    case .mov: "video/quicktime"
    case .mkv: "video/x-matroska"
    case .webm: "video/webm"
    }
  }
}
