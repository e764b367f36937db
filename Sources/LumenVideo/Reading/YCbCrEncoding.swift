import CFFmpeg

/// The matrix that turns a movie's Y'CbCr samples back into R'G'B'.
public enum YCbCrMatrix: String, Sendable, Hashable, CaseIterable {
  /// ITU-R BT.601 (standard definition; also SMPTE 170M and BT.470 BG).
  case bt601
  /// ITU-R BT.709 (HD).
  case bt709
  /// ITU-R BT.2020, non-constant luminance (UHD and HDR).
  case bt2020
  /// SMPTE 240M (early HD).
  case smpte240m
  /// FCC 73.682 (old NTSC).
  case fcc

  /// The matrix a file's tag names; nil when the tag is unset or names something libswscale
  /// cannot convert (then the size decides, see ``init(guessingFor:height:)``).
  init?(_ space: AVColorSpace) {
    switch space {
    case AVCOL_SPC_BT709: self = .bt709
    case AVCOL_SPC_BT470BG, AVCOL_SPC_SMPTE170M: self = .bt601
    case AVCOL_SPC_BT2020_NCL, AVCOL_SPC_BT2020_CL: self = .bt2020
    case AVCOL_SPC_SMPTE240M: self = .smpte240m
    case AVCOL_SPC_FCC: self = .fcc
    default: return nil
    }
  }

  /// The matrix of untagged video, guessed from its size as players do: BT.709 above PAL's
  /// 1024x576, BT.601 at and below it (the rule the writer tags by, so that a movie Lumen
  /// wrote and an untagged one of the same size read alike).
  public init(guessingFor width: Int, height: Int) {
    self = width > 1024 || height > 576 ? .bt709 : .bt601
  }

  /// The matrix in libswscale's numbering.
  var swscaleColorspace: Int32 {
    switch self {
    case .bt601: SWS_CS_ITU601
    case .bt709: SWS_CS_ITU709
    case .bt2020: SWS_CS_BT2020
    case .smpte240m: SWS_CS_SMPTE240M
    case .fcc: SWS_CS_FCC
    }
  }
}

/// Which code values stand for black and white.
public enum YCbCrRange: String, Sendable, Hashable {
  /// "Studio" or "TV" range: luma 16...235, chroma 16...240 (at 8 bits). Most video.
  case limited
  /// "PC" or "JPEG" range: the whole 0...255.
  case full
}

/// How a video stream's samples are to be read: the matrix and range, as tagged and as used.
public struct YCbCrEncoding: Sendable, Hashable {
  /// The matrix the stream is tagged with; nil when untagged.
  public var taggedMatrix: YCbCrMatrix?
  /// The range the stream is tagged with; nil when untagged.
  public var taggedRange: YCbCrRange?
  /// The matrix frames are converted with: the tag, or the guess from the size.
  public var matrix: YCbCrMatrix
  /// The range frames are converted with: the tag, or limited (as FFmpeg assumes).
  public var range: YCbCrRange
  /// False for RGB-coded streams (e.g. `gbrp`), which need no matrix.
  public var isYCbCr: Bool

  /// The encoding of a stream with these tags, size and pixel format. The deprecated
  /// "J" formats (`yuvj420p`) mean full range whatever the tag says.
  init(
    space: AVColorSpace, range: AVColorRange, width: Int, height: Int, format: AVPixelFormat
  ) {
    let descriptor = av_pix_fmt_desc_get(format)
    isYCbCr = descriptor.map { $0.pointee.flags & UInt64(AV_PIX_FMT_FLAG_RGB) == 0 } ?? true
    taggedMatrix = YCbCrMatrix(space)
    switch range {
    case AVCOL_RANGE_MPEG: taggedRange = .limited
    case AVCOL_RANGE_JPEG: taggedRange = .full
    default: taggedRange = nil
    }
    if PictureConverter.withoutRangeAlias(format) != format { taggedRange = .full }
    matrix = taggedMatrix ?? YCbCrMatrix(guessingFor: width, height: height)
    self.range = taggedRange ?? .limited
  }
}
