// Inline helpers for demuxing and decoding: macros Swift cannot import, and the arrays of
// plane pointers libswscale takes.
#pragma once
#include <errno.h>
#include <libavutil/avutil.h>
#include <libavutil/error.h>
#include <libavutil/frame.h>
#include <libavutil/pixfmt.h>
#include <libswscale/swscale.h>

/// AV_PIX_FMT_RGB48 in the machine's byte order (what a 16-bit Bitmap stores).
static inline enum AVPixelFormat lumen_read_pix_fmt_rgb48(void) { return AV_PIX_FMT_RGB48; }

/// Converts a whole decoded frame into one interleaved plane (RGB24 or RGB48) at `target`,
/// `stride` bytes per row: libswscale takes arrays of plane pointers, which are plain C here.
static inline int lumen_read_scale_frame(
    struct SwsContext *scaler, const AVFrame *frame, uint8_t *target, int stride) {
  uint8_t *planes[4] = {target, NULL, NULL, NULL};
  int strides[4] = {stride, 0, 0, 0};
  return sws_scale(scaler, (const uint8_t *const *)frame->data, frame->linesize, 0,
                   frame->height, planes, strides);
}
