/*
 * setjmp/longjmp error recovery for libjpeg and libpng.
 *
 * Both libraries report fatal errors by calling an error handler that must not return. Swift
 * cannot set a jump target, so every call that may fail goes through a function here that
 * sets one, turns the failure into a return code, and keeps the library's message.
 * All functions return 0 on success and -1 on failure; `*_message` then describes it.
 */
#ifndef LUMEN_SHIMS_H
#define LUMEN_SHIMS_H

#include <stddef.h>
#include <stdint.h>

/* ---- JPEG decoding ---- */

typedef struct lumen_jpeg_decoder lumen_jpeg_decoder;

typedef struct {
  int width, height;        /* stored size */
  int components;           /* 1 grey, 3 YCbCr/RGB, 4 CMYK/YCCK */
  int color_space;          /* J_COLOR_SPACE of the file */
  int progressive;
} lumen_jpeg_header;

/* Reads from `data` (not copied: it must outlive the decoder). Returns NULL if out of memory. */
lumen_jpeg_decoder *lumen_jpeg_decoder_create(const uint8_t *data, size_t size);
void lumen_jpeg_decoder_destroy(lumen_jpeg_decoder *decoder);
int lumen_jpeg_read_header(lumen_jpeg_decoder *decoder, lumen_jpeg_header *header);
/* Starts decompression to 8-bit RGB (grey is expanded) at 1/`scale_denom` size. */
int lumen_jpeg_start(lumen_jpeg_decoder *decoder, unsigned scale_denom, int *out_width,
                     int *out_height);
/* Decodes up to `rows` rows into `dst`; `*rows_read` tells how many were written. */
int lumen_jpeg_read_rows(lumen_jpeg_decoder *decoder, uint8_t *dst, size_t stride, int rows,
                         int *rows_read);
int lumen_jpeg_finish(lumen_jpeg_decoder *decoder);
/* True when the data ended before the image did (libjpeg only warns and pads with grey). */
int lumen_jpeg_hit_end_of_data(const lumen_jpeg_decoder *decoder);
const char *lumen_jpeg_decoder_message(const lumen_jpeg_decoder *decoder);
/* The first APP1 "Exif" payload after its 6-byte header, or NULL. Valid until destroy. */
const uint8_t *lumen_jpeg_exif(const lumen_jpeg_decoder *decoder, size_t *size);
/* The ICC profile reassembled from APP2 markers into `*icc` (free() it), or NULL. */
int lumen_jpeg_icc(lumen_jpeg_decoder *decoder, uint8_t **icc, unsigned *size);

/* ---- JPEG encoding ---- */

typedef struct lumen_jpeg_encoder lumen_jpeg_encoder;

typedef struct {
  int width, height;
  int quality;              /* 1...100 */
  int subsample_420;        /* 0 for 4:4:4 */
  int progressive;
} lumen_jpeg_settings;

/* Writes to the open file descriptor `fd`, which the caller keeps and closes. */
lumen_jpeg_encoder *lumen_jpeg_encoder_create(int fd);
void lumen_jpeg_encoder_destroy(lumen_jpeg_encoder *encoder);
/* Writes the headers: JFIF, then EXIF (a TIFF payload, may be NULL), then the ICC profile. */
int lumen_jpeg_start_compress(lumen_jpeg_encoder *encoder, const lumen_jpeg_settings *settings,
                              const uint8_t *exif, size_t exif_size, const uint8_t *icc,
                              size_t icc_size);
/* Writes the next row of packed 8-bit RGB. */
int lumen_jpeg_write_row(lumen_jpeg_encoder *encoder, const uint8_t *row);
int lumen_jpeg_finish_compress(lumen_jpeg_encoder *encoder);
const char *lumen_jpeg_encoder_message(const lumen_jpeg_encoder *encoder);

/* ---- PNG decoding ---- */

typedef struct lumen_png_decoder lumen_png_decoder;

typedef struct {
  uint32_t width, height;
  int bit_depth;            /* 1, 2, 4, 8 or 16 as stored */
  int color_type;           /* PNG_COLOR_TYPE_* */
  int has_transparency;     /* an alpha channel or a tRNS chunk */
} lumen_png_header;

lumen_png_decoder *lumen_png_decoder_create(const uint8_t *data, size_t size);
void lumen_png_decoder_destroy(lumen_png_decoder *decoder);
int lumen_png_read_header(lumen_png_decoder *decoder, lumen_png_header *header);
/* Decodes the whole image as RGB or RGBA (as `has_transparency` says), 8-bit, or 16-bit
   native-endian when the file has 16-bit samples, into `dst` with rows `stride` apart. */
int lumen_png_read_image(lumen_png_decoder *decoder, uint8_t *dst, size_t stride);
/* True when a failure came from the data ending early. */
int lumen_png_hit_end_of_data(const lumen_png_decoder *decoder);
const char *lumen_png_decoder_message(const lumen_png_decoder *decoder);
/* Chunks seen so far (before the image data after read_header, all after read_image). */
const uint8_t *lumen_png_icc(const lumen_png_decoder *decoder, uint32_t *size);
const uint8_t *lumen_png_exif(const lumen_png_decoder *decoder, uint32_t *size);

/* ---- PNG encoding ---- */

typedef struct lumen_png_encoder lumen_png_encoder;

/* `fast`: zlib's fastest level and the Sub filter only (previews). */
lumen_png_encoder *lumen_png_encoder_create(int fd, int fast);
void lumen_png_encoder_destroy(lumen_png_encoder *encoder);
/* Writes the header chunks; rows then come as RGB(A), 8-bit or 16-bit native-endian. */
int lumen_png_write_header(lumen_png_encoder *encoder, uint32_t width, uint32_t height,
                           int bit_depth, int has_alpha, const uint8_t *icc, uint32_t icc_size,
                           const uint8_t *exif, uint32_t exif_size);
int lumen_png_write_row(lumen_png_encoder *encoder, const uint8_t *row);
int lumen_png_write_end(lumen_png_encoder *encoder);
const char *lumen_png_encoder_message(const lumen_png_encoder *encoder);

#endif
