// Inline helpers for encoding and muxing (macros Swift cannot import).
#pragma once
#include <libavutil/avutil.h>
#include <libavutil/error.h>

/// AVERROR(EAGAIN): the codec wants input before it can give output (or the reverse).
static inline int lumen_write_averror_eagain(void) { return AVERROR(EAGAIN); }

/// AVERROR_EOF: the codec or demuxer has nothing more to give.
static inline int lumen_write_averror_eof(void) { return AVERROR_EOF; }

/// AV_NOPTS_VALUE: a timestamp that is not set.
static inline int64_t lumen_write_nopts_value(void) { return AV_NOPTS_VALUE; }

/// AVERROR_INVALIDDATA: a damaged packet, which decoding can skip.
static inline int lumen_write_averror_invaliddata(void) { return AVERROR_INVALIDDATA; }
