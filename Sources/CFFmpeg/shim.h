// FFmpeg's libraries (Debian 12: FFmpeg 5.1) for LumenVideo. Macros and inline helpers Swift
// cannot import live in the headers below: error codes, and the reading side's helpers.
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/cpu.h>
#include <libavutil/display.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/channel_layout.h>
#include <libavutil/audio_fifo.h>
#include <libswscale/swscale.h>
#include <libswresample/swresample.h>
#include "codes.h"
#include "read_shim.h"
