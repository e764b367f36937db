/* libpng calls wrapped with setjmp; see lumen_shims.h. */
#include "lumen_shims.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <png.h>

/* The largest ancillary chunk a decoder allocates (libpng's default has no limit). */
#define LUMEN_PNG_CHUNK_MAX (16u << 20)

/* The largest single allocation a decoder makes: a row of the widest image libpng accepts
 * (1,000,000 pixels of 16-bit RGBA) fits many times over, while a forged chunk length that
 * libpng's own chunk limit lets through on some paths (a text chunk after the image data,
 * found by the fuzzer) cannot claim gigabytes. */
#define LUMEN_PNG_ALLOCATION_MAX ((size_t)64 << 20)

enum { MESSAGE_SIZE = 256 };

static void store_message(png_structp png, const char *text) {
  char *message = png_get_error_ptr(png);
  snprintf(message, MESSAGE_SIZE, "%s", text);
}

static void on_error(png_structp png, png_const_charp text) {
  store_message(png, text);
  png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp text) {
  (void)png;
  (void)text;
}

static png_voidp bounded_malloc(png_structp png, png_alloc_size_t size) {
  (void)png;
  return size <= LUMEN_PNG_ALLOCATION_MAX ? malloc(size) : NULL;
}

static void bounded_free(png_structp png, png_voidp pointer) {
  (void)png;
  free(pointer);
}

static int is_little_endian(void) {
  const uint16_t probe = 1;
  return *(const uint8_t *)&probe == 1;
}

/* ---- decoding ---- */

struct lumen_png_decoder {
  png_structp png;
  png_infop info;
  const uint8_t *data;
  size_t size, offset;
  int hit_end_of_data;
  char message[MESSAGE_SIZE];
};

static void read_from_memory(png_structp png, png_bytep out, size_t count) {
  lumen_png_decoder *d = png_get_io_ptr(png);
  if (count > d->size - d->offset) {
    d->hit_end_of_data = 1;
    png_error(png, "the data ends early");
  }
  memcpy(out, d->data + d->offset, count);
  d->offset += count;
}

lumen_png_decoder *lumen_png_decoder_create(const uint8_t *data, size_t size) {
  lumen_png_decoder *d = calloc(1, sizeof *d);
  if (d == NULL) return NULL;
  d->data = data;
  d->size = size;
  d->png = png_create_read_struct_2(PNG_LIBPNG_VER_STRING, d->message, on_error, on_warning,
                                    NULL, bounded_malloc, bounded_free);
  if (d->png != NULL) d->info = png_create_info_struct(d->png);
  if (d->info == NULL) {
    lumen_png_decoder_destroy(d);
    return NULL;
  }
  png_set_read_fn(d->png, d, read_from_memory);
  /* An ancillary chunk (text, profile, EXIF) may claim gigabytes: libpng would allocate them. */
  png_set_chunk_malloc_max(d->png, LUMEN_PNG_CHUNK_MAX);
  return d;
}

void lumen_png_decoder_destroy(lumen_png_decoder *d) {
  if (d == NULL) return;
  png_destroy_read_struct(&d->png, &d->info, NULL);
  free(d);
}

int lumen_png_read_header(lumen_png_decoder *d, lumen_png_header *header) {
  if (setjmp(png_jmpbuf(d->png))) return -1;
  png_read_info(d->png, d->info);
  header->width = png_get_image_width(d->png, d->info);
  header->height = png_get_image_height(d->png, d->info);
  header->bit_depth = png_get_bit_depth(d->png, d->info);
  header->color_type = png_get_color_type(d->png, d->info);
  header->has_transparency = (header->color_type & PNG_COLOR_MASK_ALPHA) != 0 ||
                             png_get_valid(d->png, d->info, PNG_INFO_tRNS) != 0;
  return 0;
}

/* The transforms to RGB or RGBA, 8-bit or native-endian 16-bit; checks rows fit in `stride`. */
static void set_transforms(lumen_png_decoder *d, size_t stride) {
  png_structp png = d->png;
  png_set_expand(png); /* palette to RGB, grey below 8 bits to 8 bits, tRNS to alpha */
  png_set_gray_to_rgb(png);
  if (png_get_bit_depth(png, d->info) == 16 && is_little_endian()) png_set_swap(png);
  png_set_interlace_handling(png);
  png_read_update_info(png, d->info);
  if (png_get_rowbytes(png, d->info) > stride) png_error(png, "unexpected row size");
}

int lumen_png_read_image(lumen_png_decoder *d, uint8_t *dst, size_t stride) {
  png_bytep *volatile rows = NULL; /* volatile: assigned after setjmp, freed after longjmp */
  if (setjmp(png_jmpbuf(d->png))) {
    free(rows);
    return -1;
  }
  png_structp png = d->png;
  set_transforms(d, stride);
  png_uint_32 height = png_get_image_height(png, d->info);
  rows = malloc(sizeof *rows * (height > 0 ? height : 1));
  if (rows == NULL) png_error(png, "out of memory");
  for (png_uint_32 y = 0; y < height; y++) rows[y] = dst + (size_t)y * stride;
  png_read_image(png, rows);
  png_read_end(png, d->info);
  free(rows);
  return 0;
}

int lumen_png_is_interlaced(const lumen_png_decoder *d) {
  return png_get_interlace_type(d->png, d->info) != PNG_INTERLACE_NONE;
}

int lumen_png_start_rows(lumen_png_decoder *d, size_t stride) {
  if (setjmp(png_jmpbuf(d->png))) return -1;
  if (lumen_png_is_interlaced(d)) png_error(d->png, "an interlaced image is not read by rows");
  set_transforms(d, stride);
  return 0;
}

int lumen_png_read_rows(lumen_png_decoder *d, uint8_t *dst, size_t stride, int rows) {
  if (setjmp(png_jmpbuf(d->png))) return -1;
  for (int y = 0; y < rows; y++) png_read_row(d->png, dst + (size_t)y * stride, NULL);
  return 0;
}

int lumen_png_finish_rows(lumen_png_decoder *d) {
  if (setjmp(png_jmpbuf(d->png))) return -1;
  png_read_end(d->png, d->info);
  return 0;
}

int lumen_png_hit_end_of_data(const lumen_png_decoder *d) { return d->hit_end_of_data; }

const char *lumen_png_decoder_message(const lumen_png_decoder *d) { return d->message; }

const uint8_t *lumen_png_icc(const lumen_png_decoder *d, uint32_t *size) {
  png_charp name = NULL;
  int compression = 0;
  png_bytep profile = NULL;
  *size = 0;
  if (!png_get_iCCP(d->png, d->info, &name, &compression, &profile, size)) return NULL;
  return profile;
}

const uint8_t *lumen_png_exif(const lumen_png_decoder *d, uint32_t *size) {
  png_bytep exif = NULL;
  *size = 0;
  if (!png_get_eXIf_1(d->png, d->info, size, &exif)) return NULL;
  return exif;
}

/* ---- encoding ---- */

/* libpng hands over some chunks a byte at a time (eXIf): writes are gathered into this much. */
#define OUTPUT_BUFFER_SIZE 65536

struct lumen_png_encoder {
  png_structp png;
  png_infop info;
  int fd;
  size_t buffered;
  unsigned char buffer[OUTPUT_BUFFER_SIZE];
  char message[MESSAGE_SIZE];
};

static void write_all(png_structp png, int fd, const unsigned char *bytes, size_t count) {
  while (count > 0) {
    ssize_t written = write(fd, bytes, count);
    if (written < 0) {
      if (errno == EINTR) continue;
      char text[MESSAGE_SIZE];
      snprintf(text, sizeof text, "write failed (%s)", strerror(errno));
      png_error(png, text);
    }
    bytes += written;
    count -= (size_t)written;
  }
}

static void flush_buffer(png_structp png) {
  lumen_png_encoder *e = png_get_io_ptr(png);
  write_all(png, e->fd, e->buffer, e->buffered);
  e->buffered = 0;
}

static void write_to_fd(png_structp png, png_bytep bytes, size_t count) {
  lumen_png_encoder *e = png_get_io_ptr(png);
  if (e->buffered + count > OUTPUT_BUFFER_SIZE) flush_buffer(png);
  if (count >= OUTPUT_BUFFER_SIZE) {
    write_all(png, e->fd, bytes, count);
    return;
  }
  memcpy(e->buffer + e->buffered, bytes, count);
  e->buffered += count;
}

lumen_png_encoder *lumen_png_encoder_create(int fd, int fast) {
  lumen_png_encoder *e = calloc(1, sizeof *e);
  if (e == NULL) return NULL;
  e->fd = fd;
  e->png = png_create_write_struct(PNG_LIBPNG_VER_STRING, e->message, on_error, on_warning);
  if (e->png != NULL) e->info = png_create_info_struct(e->png);
  if (e->info == NULL) {
    lumen_png_encoder_destroy(e);
    return NULL;
  }
  png_set_write_fn(e->png, e, write_to_fd, flush_buffer);
  if (fast) {
    /* zlib's fastest level and one cheap filter: a preview, not an archive. */
    png_set_compression_level(e->png, 1);
    png_set_filter(e->png, PNG_FILTER_TYPE_BASE, PNG_FILTER_SUB);
  }
  return e;
}

void lumen_png_encoder_destroy(lumen_png_encoder *e) {
  if (e == NULL) return;
  png_destroy_write_struct(&e->png, &e->info);
  free(e);
}

int lumen_png_write_header(lumen_png_encoder *e, uint32_t width, uint32_t height, int bit_depth,
                           int has_alpha, const uint8_t *icc, uint32_t icc_size,
                           const uint8_t *exif, uint32_t exif_size) {
  if (setjmp(png_jmpbuf(e->png))) return -1;
  png_set_IHDR(e->png, e->info, width, height, bit_depth,
               has_alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  if (icc != NULL && icc_size > 0)
    png_set_iCCP(e->png, e->info, "ICC profile", PNG_COMPRESSION_TYPE_BASE, icc, icc_size);
  if (exif != NULL && exif_size > 0) png_set_eXIf_1(e->png, e->info, exif_size, (png_bytep)exif);
  png_write_info(e->png, e->info);
  if (bit_depth == 16 && is_little_endian()) png_set_swap(e->png);
  return 0;
}

int lumen_png_write_row(lumen_png_encoder *e, const uint8_t *row) {
  if (setjmp(png_jmpbuf(e->png))) return -1;
  png_write_row(e->png, row);
  return 0;
}

int lumen_png_write_end(lumen_png_encoder *e) {
  if (setjmp(png_jmpbuf(e->png))) return -1;
  png_write_end(e->png, NULL);
  flush_buffer(e->png);
  return 0;
}

const char *lumen_png_encoder_message(const lumen_png_encoder *e) { return e->message; }
