/* libjpeg calls wrapped with setjmp; see lumen_shims.h. */
#include "lumen_shims.h"

#include <errno.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jerror.h>
#include <jpeglib.h>

/* An error manager that jumps back into the shim instead of exiting, keeps the message instead
   of printing it, and remembers whether the data ended early (libjpeg only warns then). */
typedef struct {
  struct jpeg_error_mgr pub;
  jmp_buf jump;
  char message[JMSG_LENGTH_MAX + 64];
  int hit_end_of_data;
  int write_errno;
} error_manager;

static void on_error_exit(j_common_ptr cinfo) {
  error_manager *err = (error_manager *)cinfo->err;
  if (err->pub.msg_code == JERR_INPUT_EOF) err->hit_end_of_data = 1;
  err->pub.format_message(cinfo, err->message);
  if (err->write_errno != 0) {
    size_t used = strlen(err->message);
    snprintf(err->message + used, sizeof err->message - used, " (%s)", strerror(err->write_errno));
  }
  longjmp(err->jump, 1);
}

/* Warnings meaning the compressed data stopped before the image did: the data ran out
   (JWRN_JPEG_EOF), or a marker such as an appended EOI cut a scan short (JWRN_HIT_MARKER,
   "premature end of data segment"). libjpeg pads the missing rows with grey either way. */
static int warns_of_missing_data(int code) {
  return code == JWRN_JPEG_EOF || code == JWRN_HIT_MARKER;
}

static void on_emit_message(j_common_ptr cinfo, int level) {
  error_manager *err = (error_manager *)cinfo->err;
  if (level >= 0) return; /* trace messages */
  err->pub.num_warnings++;
  if (warns_of_missing_data(err->pub.msg_code)) err->hit_end_of_data = 1;
}

static void on_output_message(j_common_ptr cinfo) { (void)cinfo; }

static void install_error_manager(error_manager *err) {
  jpeg_std_error(&err->pub);
  err->pub.error_exit = on_error_exit;
  err->pub.emit_message = on_emit_message;
  err->pub.output_message = on_output_message;
  err->message[0] = '\0';
  err->hit_end_of_data = 0;
  err->write_errno = 0;
}

/* ---- decoding ---- */

struct lumen_jpeg_decoder {
  struct jpeg_decompress_struct cinfo;
  error_manager err;
};

lumen_jpeg_decoder *lumen_jpeg_decoder_create(const uint8_t *data, size_t size) {
  lumen_jpeg_decoder *d = calloc(1, sizeof *d);
  if (d == NULL) return NULL;
  install_error_manager(&d->err);
  d->cinfo.err = &d->err.pub;
  if (setjmp(d->err.jump)) {
    jpeg_destroy_decompress(&d->cinfo);
    free(d);
    return NULL;
  }
  jpeg_create_decompress(&d->cinfo);
  jpeg_mem_src(&d->cinfo, data, (unsigned long)size);
  jpeg_save_markers(&d->cinfo, JPEG_APP0 + 1, 0xFFFF); /* EXIF */
  jpeg_save_markers(&d->cinfo, JPEG_APP0 + 2, 0xFFFF); /* ICC */
  return d;
}

void lumen_jpeg_decoder_destroy(lumen_jpeg_decoder *d) {
  if (d == NULL) return;
  jpeg_destroy_decompress(&d->cinfo);
  free(d);
}

int lumen_jpeg_read_header(lumen_jpeg_decoder *d, lumen_jpeg_header *header) {
  if (setjmp(d->err.jump)) return -1;
  if (jpeg_read_header(&d->cinfo, TRUE) != JPEG_HEADER_OK || d->err.hit_end_of_data) {
    snprintf(d->err.message, sizeof d->err.message, "no image in the data");
    return -1;
  }
  header->width = (int)d->cinfo.image_width;
  header->height = (int)d->cinfo.image_height;
  header->components = d->cinfo.num_components;
  header->color_space = d->cinfo.jpeg_color_space;
  header->progressive = d->cinfo.progressive_mode;
  return 0;
}

int lumen_jpeg_start(lumen_jpeg_decoder *d, unsigned scale_denom, int *out_width,
                     int *out_height) {
  if (setjmp(d->err.jump)) return -1;
  d->cinfo.out_color_space = JCS_RGB;
  d->cinfo.scale_num = 1;
  d->cinfo.scale_denom = scale_denom;
  jpeg_start_decompress(&d->cinfo);
  *out_width = (int)d->cinfo.output_width;
  *out_height = (int)d->cinfo.output_height;
  return 0;
}

int lumen_jpeg_read_rows(lumen_jpeg_decoder *d, uint8_t *dst, size_t stride, int rows,
                         int *rows_read) {
  *rows_read = 0;
  if (setjmp(d->err.jump)) return -1;
  while (*rows_read < rows && d->cinfo.output_scanline < d->cinfo.output_height) {
    JSAMPROW row = dst + (size_t)*rows_read * stride;
    *rows_read += (int)jpeg_read_scanlines(&d->cinfo, &row, 1);
  }
  return 0;
}

int lumen_jpeg_finish(lumen_jpeg_decoder *d) {
  if (setjmp(d->err.jump)) return -1;
  jpeg_finish_decompress(&d->cinfo);
  return 0;
}

int lumen_jpeg_hit_end_of_data(const lumen_jpeg_decoder *d) { return d->err.hit_end_of_data; }

const char *lumen_jpeg_decoder_message(const lumen_jpeg_decoder *d) { return d->err.message; }

const uint8_t *lumen_jpeg_exif(const lumen_jpeg_decoder *d, size_t *size) {
  static const char signature[6] = {'E', 'x', 'i', 'f', 0, 0};
  for (jpeg_saved_marker_ptr m = d->cinfo.marker_list; m != NULL; m = m->next) {
    if (m->marker == JPEG_APP0 + 1 && m->data_length > sizeof signature &&
        memcmp(m->data, signature, sizeof signature) == 0) {
      *size = m->data_length - sizeof signature;
      return m->data + sizeof signature;
    }
  }
  *size = 0;
  return NULL;
}

int lumen_jpeg_icc(lumen_jpeg_decoder *d, uint8_t **icc, unsigned *size) {
  *icc = NULL;
  *size = 0;
  if (setjmp(d->err.jump)) return -1;
  if (!jpeg_read_icc_profile(&d->cinfo, icc, size)) {
    *icc = NULL;
    *size = 0;
  }
  return 0;
}

/* ---- encoding ---- */

enum { OUTPUT_BUFFER_SIZE = 1 << 16 };

/* A destination that writes to a file descriptor; a failed write is a fatal libjpeg error. */
typedef struct {
  struct jpeg_destination_mgr pub;
  int fd;
  JOCTET buffer[OUTPUT_BUFFER_SIZE];
} fd_destination;

struct lumen_jpeg_encoder {
  struct jpeg_compress_struct cinfo;
  error_manager err;
  fd_destination dest;
};

static int write_all(int fd, const uint8_t *bytes, size_t count) {
  while (count > 0) {
    ssize_t written = write(fd, bytes, count);
    if (written < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    bytes += written;
    count -= (size_t)written;
  }
  return 0;
}

static void flush_destination(j_compress_ptr cinfo, size_t count) {
  fd_destination *dest = (fd_destination *)cinfo->dest;
  int failure = write_all(dest->fd, dest->buffer, count);
  if (failure != 0) {
    ((error_manager *)cinfo->err)->write_errno = failure;
    ERREXIT(cinfo, JERR_FILE_WRITE);
  }
}

static void init_destination(j_compress_ptr cinfo) {
  fd_destination *dest = (fd_destination *)cinfo->dest;
  dest->pub.next_output_byte = dest->buffer;
  dest->pub.free_in_buffer = OUTPUT_BUFFER_SIZE;
}

static boolean empty_output_buffer(j_compress_ptr cinfo) {
  flush_destination(cinfo, OUTPUT_BUFFER_SIZE);
  init_destination(cinfo);
  return TRUE;
}

static void term_destination(j_compress_ptr cinfo) {
  fd_destination *dest = (fd_destination *)cinfo->dest;
  flush_destination(cinfo, OUTPUT_BUFFER_SIZE - dest->pub.free_in_buffer);
}

lumen_jpeg_encoder *lumen_jpeg_encoder_create(int fd) {
  lumen_jpeg_encoder *e = calloc(1, sizeof *e);
  if (e == NULL) return NULL;
  install_error_manager(&e->err);
  e->cinfo.err = &e->err.pub;
  if (setjmp(e->err.jump)) {
    jpeg_destroy_compress(&e->cinfo);
    free(e);
    return NULL;
  }
  jpeg_create_compress(&e->cinfo);
  e->dest.fd = fd;
  e->dest.pub.init_destination = init_destination;
  e->dest.pub.empty_output_buffer = empty_output_buffer;
  e->dest.pub.term_destination = term_destination;
  e->cinfo.dest = &e->dest.pub;
  return e;
}

void lumen_jpeg_encoder_destroy(lumen_jpeg_encoder *e) {
  if (e == NULL) return;
  jpeg_destroy_compress(&e->cinfo);
  free(e);
}

int lumen_jpeg_start_compress(lumen_jpeg_encoder *e, const lumen_jpeg_settings *s,
                              const uint8_t *exif, size_t exif_size, const uint8_t *icc,
                              size_t icc_size) {
  static const JOCTET signature[6] = {'E', 'x', 'i', 'f', 0, 0};
  if (setjmp(e->err.jump)) return -1;
  if (exif_size + sizeof signature > 0xFFFF - 2) {
    snprintf(e->err.message, sizeof e->err.message,
             "EXIF data of %zu bytes does not fit in a JPEG APP1 segment", exif_size);
    return -1;
  }
  j_compress_ptr c = &e->cinfo;
  c->image_width = (JDIMENSION)s->width;
  c->image_height = (JDIMENSION)s->height;
  c->input_components = 3;
  c->in_color_space = JCS_RGB;
  jpeg_set_defaults(c);
  jpeg_set_quality(c, s->quality, TRUE);
  /* Optimised Huffman tables save ~5% of the file but need a second pass over a buffered
     copy of every coefficient (tens of MB and twice the entropy coding for a 24 MP photo);
     like cjpeg and libvips, use the standard tables. Progressive output optimises anyway. */
  c->optimize_coding = FALSE;
  c->comp_info[0].h_samp_factor = s->subsample_420 ? 2 : 1;
  c->comp_info[0].v_samp_factor = s->subsample_420 ? 2 : 1;
  if (s->progressive) jpeg_simple_progression(c);
  jpeg_start_compress(c, TRUE);
  if (exif != NULL && exif_size > 0) {
    jpeg_write_m_header(c, JPEG_APP0 + 1, (unsigned)(exif_size + sizeof signature));
    for (size_t i = 0; i < sizeof signature; i++) jpeg_write_m_byte(c, signature[i]);
    for (size_t i = 0; i < exif_size; i++) jpeg_write_m_byte(c, exif[i]);
  }
  if (icc != NULL && icc_size > 0) jpeg_write_icc_profile(c, icc, (unsigned)icc_size);
  return 0;
}

int lumen_jpeg_write_row(lumen_jpeg_encoder *e, const uint8_t *row) {
  if (setjmp(e->err.jump)) return -1;
  JSAMPROW rows[1] = {(JSAMPROW)row};
  jpeg_write_scanlines(&e->cinfo, rows, 1);
  return 0;
}

int lumen_jpeg_finish_compress(lumen_jpeg_encoder *e) {
  if (setjmp(e->err.jump)) return -1;
  jpeg_finish_compress(&e->cinfo);
  return 0;
}

const char *lumen_jpeg_encoder_message(const lumen_jpeg_encoder *e) { return e->err.message; }

/* ---- Decoding memory (declared in lumen_stream_shims.h) ---- */

size_t lumen_jpeg_coefficient_bytes(lumen_jpeg_decoder *d) {
  j_decompress_ptr c = &d->cinfo;
  /* Single-scan files decode one MCU row at a time; the others (progressive, or sequential with
     a scan per component) make libjpeg keep every coefficient of the image, as
     jinit_d_coef_controller allocates them: whole MCUs of JBLOCKs per component. */
  if (!jpeg_has_multiple_scans(c)) return 0;
  size_t total = 0;
  for (int i = 0; i < c->num_components; i++) {
    const jpeg_component_info *comp = &c->comp_info[i];
    size_t h = (size_t)comp->h_samp_factor, v = (size_t)comp->v_samp_factor;
    size_t columns = ((size_t)comp->width_in_blocks + h - 1) / h * h;
    size_t rows = ((size_t)comp->height_in_blocks + v - 1) / v * v;
    total += columns * rows * sizeof(JBLOCK);
  }
  return total;
}

int lumen_jpeg_output_size(lumen_jpeg_decoder *d, unsigned scale_denom, int *out_width,
                           int *out_height) {
  if (setjmp(d->err.jump)) return -1;
  d->cinfo.scale_num = 1;
  d->cinfo.scale_denom = scale_denom;
  /* What jpeg_start_decompress would give, without starting (which, for a multi-scan file,
     reads every coefficient). */
  jpeg_calc_output_dimensions(&d->cinfo);
  *out_width = (int)d->cinfo.output_width;
  *out_height = (int)d->cinfo.output_height;
  return 0;
}
