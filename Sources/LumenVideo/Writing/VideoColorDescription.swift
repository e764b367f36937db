import CFFmpeg

/// How a movie's YUV samples relate to RGB, chosen from the picture size as broadcast practice
/// does: the BT.709 matrix for HD and larger, BT.601 for standard definition, limited
/// ("studio") range either way.
///
/// Frames arrive as sRGB-encoded RGB. sRGB and BT.709 share their primaries, and video
/// convention pairs them with the BT.709 transfer tag, so those two tags are always BT.709;
/// only the matrix follows the size. The tags go into the stream (H.264/HEVC VUI and the
/// container's `colr` box) so that players decode with the matrix we encoded with.
struct VideoColorDescription: Equatable {
  let matrix: AVColorSpace
  let primaries = AVCOL_PRI_BT709
  let transfer = AVCOL_TRC_BT709
  let range = AVCOL_RANGE_MPEG

  /// HD begins above PAL's 1024x576 (square-pixel 16:9 SD), as in FFmpeg's and browsers'
  /// guesses for untagged video.
  init(width: Int, height: Int) {
    matrix = width > 1024 || height > 576 ? AVCOL_SPC_BT709 : AVCOL_SPC_SMPTE170M
  }

  /// The matrix in libswscale's numbering.
  var swscaleCoefficients: Int32 {
    matrix == AVCOL_SPC_BT709 ? SWS_CS_ITU709 : SWS_CS_ITU601
  }

  /// Tags a codec context (the encoder copies these into the bitstream).
  func tag(_ context: UnsafeMutablePointer<AVCodecContext>) {
    context.pointee.colorspace = matrix
    context.pointee.color_primaries = primaries
    context.pointee.color_trc = transfer
    context.pointee.color_range = range
  }

  /// Tags a frame, so that a frame handed to the encoder describes itself the same way.
  func tag(_ frame: UnsafeMutablePointer<AVFrame>) {
    frame.pointee.colorspace = matrix
    frame.pointee.color_primaries = primaries
    frame.pointee.color_trc = transfer
    frame.pointee.color_range = range
  }
}
