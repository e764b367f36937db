extension VideoEncodeSettings.Container {
  /// The container whose signature starts `bytes`: an ISO base media file (`ftyp` at byte 4:
  /// MOV when its brand is QuickTime's, else MP4) or an EBML file (WebM when its header
  /// names that document type, else Matroska). A service sniffs uploads with this before
  /// FFmpeg sees them, so that no other demuxer (playlists that name further files, say)
  /// ever reads a stranger's bytes.
  public init?(detecting bytes: some Collection<UInt8>) {
    let head = Array(bytes.prefix(64))
    func matches(_ signature: [UInt8], at offset: Int = 0) -> Bool {
      head.count >= offset + signature.count
        && Array(head[offset..<(offset + signature.count)]) == signature
    }
    if matches(Array("ftyp".utf8), at: 4) {
      self = matches(Array("qt  ".utf8), at: 8) ? .mov : .mp4
    } else if matches([0x1A, 0x45, 0xDF, 0xA3]) {
      let webm = Array("webm".utf8)
      let namesWebM = head.indices.contains { matches(webm, at: $0) }
      self = namesWebM ? .webm : .mkv
    } else {
      return nil
    }
  }

  /// The container's media type (RFC 6381 and the registrations in use).
  public var mediaType: String {
    switch self {
    case .mp4: "video/mp4"
    case .mov: "video/quicktime"
    case .mkv: "video/x-matroska"
    case .webm: "video/webm"
    }
  }
}
