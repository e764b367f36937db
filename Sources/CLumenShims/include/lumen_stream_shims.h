/*
 * Streamed decoding: what decoding a file will hold in memory, computed from its header before
 * any pixel is decoded (so that a small hostile file is refused instead of allocating
 * gigabytes), and reading rows a run at a time into a window.
 */
#ifndef LUMEN_STREAM_SHIMS_H
#define LUMEN_STREAM_SHIMS_H

#include <stddef.h>

#include "lumen_shims.h"

/* After lumen_jpeg_read_header: the bytes of the whole-image coefficient buffers libjpeg
   allocates for a progressive or multi-scan file (0 for a single-scan file, decoded a row of
   blocks at a time). */
size_t lumen_jpeg_coefficient_bytes(lumen_jpeg_decoder *decoder);
/* After lumen_jpeg_read_header: the size lumen_jpeg_start will decode to at 1/`scale_denom`,
   without decoding anything. */
int lumen_jpeg_output_size(lumen_jpeg_decoder *decoder, unsigned scale_denom, int *out_width,
                           int *out_height);

/* PNG rows one run at a time, for a non-interlaced file, after lumen_png_read_header: start
   (the same transforms and output as lumen_png_read_image), read `rows` rows into `dst`
   (`stride` apart), then finish (reads the chunks after the image data). */
int lumen_png_is_interlaced(const lumen_png_decoder *decoder);
int lumen_png_start_rows(lumen_png_decoder *decoder, size_t stride);
int lumen_png_read_rows(lumen_png_decoder *decoder, uint8_t *dst, size_t stride, int rows);
int lumen_png_finish_rows(lumen_png_decoder *decoder);

#endif
