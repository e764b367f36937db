// Inline helpers for demuxing and decoding (macros Swift cannot import).
#pragma once
#include <libavutil/error.h>

/// AVERROR(EAGAIN), which Swift sees only as a function-like macro.
static inline int lumen_averror_eagain(void) { return AVERROR(EAGAIN); }
