// FFmpeg's error and timestamp constants, which Swift sees only as macros.
#pragma once
#include <errno.h>
#include <libavutil/avutil.h>
#include <libavutil/error.h>

/// AVERROR(code) for an errno value, e.g. AVERROR(EAGAIN) or AVERROR(ENOENT).
static inline int lumen_averror(int code) { return AVERROR(code); }

/// AVERROR_EOF: the demuxer or codec has nothing more to give.
static inline int lumen_averror_eof(void) { return AVERROR_EOF; }

/// AVERROR_INVALIDDATA: the data breaks the format's rules.
static inline int lumen_averror_invaliddata(void) { return AVERROR_INVALIDDATA; }

/// AV_NOPTS_VALUE: a timestamp that is not set.
static inline int64_t lumen_nopts_value(void) { return AV_NOPTS_VALUE; }
