// Inline helpers for demuxing and decoding: macros Swift cannot import, and the arrays of
// plane pointers libswscale takes.
#pragma once
#include <errno.h>
#include <libavutil/avutil.h>
#include <libavutil/error.h>
#include <libavutil/frame.h>
#include <libavutil/pixfmt.h>
#include <libswscale/swscale.h>

/// AVERROR(code) for an errno value, e.g. AVERROR(EAGAIN) or AVERROR(ENOENT).
static inline int lumen_read_averror(int code) { return AVERROR(code); }

/// AVERROR(EAGAIN): the decoder wants input before it can give output (or the reverse).
static inline int lumen_read_averror_eagain(void) { return AVERROR(EAGAIN); }

/// AVERROR_EOF: the demuxer or decoder has nothing more to give.
static inline int lumen_read_averror_eof(void) { return AVERROR_EOF; }

/// AVERROR_INVALIDDATA: the data breaks the format's rules.
static inline int lumen_read_averror_invaliddata(void) { return AVERROR_INVALIDDATA; }

/// AV_NOPTS_VALUE: a timestamp that is not set.
static inline int64_t lumen_read_nopts_value(void) { return AV_NOPTS_VALUE; }

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
