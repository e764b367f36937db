/* SVG documents drawn by librsvg, in the helper process; see svg_draw.h. */
#include "svg_draw.h"

#include <pthread.h>
#include <stdio.h>

#include "library_loader.h"

/* The types and functions of librsvg 2.52+, cairo and GLib that Lumen uses, declared as their
 * documented ABI: handles are opaque, GError's layout is public. */
typedef struct {
  uint32_t domain;
  int code;
  char *message;
} lumen_gerror;
typedef struct {
  double x, y, width, height;
} lumen_rsvg_rectangle;
typedef struct {
  double length;
  int unit;
} lumen_rsvg_length;
typedef struct {
  double xx, yx, xy, yy, x0, y0;
} lumen_cairo_matrix;
enum { lumen_cairo_format_argb32 = 0, lumen_cairo_status_success = 0 };

#define LUMEN_RSVG_FUNCTIONS(X)                                                                  \
  X(void *, rsvg_handle_new_from_data, (const unsigned char *, size_t, lumen_gerror **))         \
  X(void, rsvg_handle_set_dpi, (void *, double))                                                 \
  X(int, rsvg_handle_get_intrinsic_size_in_pixels, (void *, double *, double *))                 \
  X(void, rsvg_handle_get_intrinsic_dimensions,                                                  \
    (void *, int *, lumen_rsvg_length *, int *, lumen_rsvg_length *, int *,                      \
     lumen_rsvg_rectangle *))                                                                    \
  X(int, rsvg_handle_render_document,                                                            \
    (void *, void *, const lumen_rsvg_rectangle *, lumen_gerror **))
#define LUMEN_CAIRO_FUNCTIONS(X)                                                                 \
  X(void *, cairo_image_surface_create_for_data, (unsigned char *, int, int, int, int))          \
  X(int, cairo_surface_status, (void *))                                                         \
  X(void, cairo_surface_flush, (void *))                                                         \
  X(void *, cairo_create, (void *))                                                              \
  X(int, cairo_status, (void *))                                                                 \
  X(void, cairo_scale, (void *, double, double))                                                 \
  X(void, cairo_transform, (void *, const lumen_cairo_matrix *))                                 \
  X(void, cairo_destroy, (void *))                                                               \
  X(void, cairo_surface_destroy, (void *))
#define LUMEN_GLIB_FUNCTIONS(X) X(void, g_error_free, (lumen_gerror *))
#define LUMEN_GOBJECT_FUNCTIONS(X) X(void, g_object_unref, (void *))

static struct {
#define LUMEN_SVG_POINTER(result, name, arguments) result(*name) arguments;
  LUMEN_RSVG_FUNCTIONS(LUMEN_SVG_POINTER)
  LUMEN_CAIRO_FUNCTIONS(LUMEN_SVG_POINTER)
  LUMEN_GLIB_FUNCTIONS(LUMEN_SVG_POINTER)
  LUMEN_GOBJECT_FUNCTIONS(LUMEN_SVG_POINTER)
#undef LUMEN_SVG_POINTER
} functions;
static int loaded;
static char load_error[256];
static pthread_once_t once = PTHREAD_ONCE_INIT;

/* The shared objects as Debian installs them (librsvg2-2 brings the others). */
static const char rsvg_soname[] = "librsvg-2.so.2";
static const char cairo_soname[] = "libcairo.so.2";
static const char glib_soname[] = "libglib-2.0.so.0";
static const char gobject_soname[] = "libgobject-2.0.so.0";

static void load(void) {
  void *rsvg = lumen_open_library(rsvg_soname, load_error, sizeof load_error);
  if (rsvg == NULL) return;
  void *cairo = lumen_open_library(cairo_soname, load_error, sizeof load_error);
  if (cairo == NULL) return;
  void *glib = lumen_open_library(glib_soname, load_error, sizeof load_error);
  if (glib == NULL) return;
  void *gobject = lumen_open_library(gobject_soname, load_error, sizeof load_error);
  if (gobject == NULL) return;
#define LUMEN_SVG_RESOLVE(library, soname, name)                                                     \
  if (!lumen_resolve(library, soname, #name, (void **)&functions.name, load_error,               \
                     sizeof load_error))                                                         \
    return;
#define LUMEN_RSVG_RESOLVE(result, name, arguments) LUMEN_SVG_RESOLVE(rsvg, rsvg_soname, name)
#define LUMEN_CAIRO_RESOLVE(result, name, arguments) LUMEN_SVG_RESOLVE(cairo, cairo_soname, name)
#define LUMEN_GLIB_RESOLVE(result, name, arguments) LUMEN_SVG_RESOLVE(glib, glib_soname, name)
#define LUMEN_GOBJECT_RESOLVE(result, name, arguments)                                             \
  LUMEN_SVG_RESOLVE(gobject, gobject_soname, name)
  LUMEN_RSVG_FUNCTIONS(LUMEN_RSVG_RESOLVE)
  LUMEN_CAIRO_FUNCTIONS(LUMEN_CAIRO_RESOLVE)
  LUMEN_GLIB_FUNCTIONS(LUMEN_GLIB_RESOLVE)
  LUMEN_GOBJECT_FUNCTIONS(LUMEN_GOBJECT_RESOLVE)
#undef LUMEN_RSVG_RESOLVE
#undef LUMEN_CAIRO_RESOLVE
#undef LUMEN_GLIB_RESOLVE
#undef LUMEN_GOBJECT_RESOLVE
#undef LUMEN_SVG_RESOLVE
  loaded = 1;
}

/* librsvg's message (one line, bounded by `error_size`), then frees it. */
static void take_message(lumen_gerror *gerror, const char *fallback, char *error,
                         size_t error_size) {
  const char *message = gerror != NULL && gerror->message != NULL ? gerror->message : fallback;
  size_t n = 0;
  for (; message[n] != 0 && n + 1 < error_size; n++)
    error[n] = message[n] == '\n' || message[n] == '\r' ? ' ' : message[n];
  error[n] = 0;
  if (gerror != NULL) functions.g_error_free(gerror);
}

/* The document's size in pixels: its width and height, else its viewBox's; 0 when it has
 * neither. */
static int intrinsic_size(void *handle, double *width, double *height) {
  if (functions.rsvg_handle_get_intrinsic_size_in_pixels(handle, width, height)) return 1;
  int has_width, has_height, has_view_box;
  lumen_rsvg_length w, h;
  lumen_rsvg_rectangle view_box;
  functions.rsvg_handle_get_intrinsic_dimensions(handle, &has_width, &w, &has_height, &h,
                                                 &has_view_box, &view_box);
  *width = view_box.width;
  *height = view_box.height;
  return has_view_box;
}

void lumen_svg_load(void) { pthread_once(&once, load); }

void lumen_svg_draw(const unsigned char *data, size_t size, int width, int height,
                    const double *matrix, unsigned char *rgba, lumen_svg_reply *reply) {
  char *error = reply->error;
  size_t error_size = sizeof reply->error;
  lumen_svg_load();
  if (!loaded) {
    snprintf(error, error_size, "SVG needs librsvg, which cannot be loaded: %s", load_error);
    return;
  }
  lumen_gerror *gerror = NULL;
  void *handle = functions.rsvg_handle_new_from_data(data, size, &gerror);
  if (handle == NULL) {
    take_message(gerror, "not an SVG document", error, error_size);
    return;
  }
  /* CSS pixels: 96 to the inch, as browsers and rsvg-convert count them. */
  functions.rsvg_handle_set_dpi(handle, 96);
  if (!intrinsic_size(handle, &reply->width, &reply->height)) {
    functions.g_object_unref(handle);
    snprintf(error, error_size, "the SVG has neither a width and height nor a viewBox");
    return;
  }
  if (width == 0) {
    functions.g_object_unref(handle);
    reply->succeeded = 1;
    return;
  }
  void *surface = functions.cairo_image_surface_create_for_data(rgba, lumen_cairo_format_argb32,
                                                                width, height, 4 * width);
  if (functions.cairo_surface_status(surface) != lumen_cairo_status_success) {
    functions.cairo_surface_destroy(surface);
    functions.g_object_unref(handle);
    snprintf(error, error_size, "cairo cannot draw %d x %d pixels", width, height);
    return;
  }
  void *cr = functions.cairo_create(surface);
  if (matrix != NULL) {
    /* Placed by the caller (turned or mirrored as vectors): cairo's matrix, in its order. */
    lumen_cairo_matrix placement = {matrix[0], matrix[1], matrix[2],
                                    matrix[3], matrix[4], matrix[5]};
    functions.cairo_transform(cr, &placement);
  } else {
    /* Stretched to the box, as `rsvg-convert -w W -h H` draws it. */
    functions.cairo_scale(cr, width / reply->width, height / reply->height);
  }
  lumen_rsvg_rectangle viewport = {0, 0, reply->width, reply->height};
  int drawn = functions.rsvg_handle_render_document(handle, cr, &viewport, &gerror);
  int status = functions.cairo_status(cr);
  functions.cairo_destroy(cr);
  functions.cairo_surface_flush(surface);
  functions.cairo_surface_destroy(surface);
  functions.g_object_unref(handle);
  if (!drawn || status != lumen_cairo_status_success) {
    take_message(gerror, "librsvg cannot draw the document", error, error_size);
    return;
  }
  /* cairo's native-endian premultiplied ARGB (B, G, R, A in memory on little-endian
   * machines) to straight RGBA, rounded as cairo's PNG writer rounds. */
  size_t count = (size_t)width * (size_t)height;
  for (size_t i = 0; i < count; i++) {
    unsigned char *p = rgba + 4 * i;
    uint32_t pixel = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
                     (uint32_t)p[3] << 24;
    uint32_t a = pixel >> 24;
    if (a == 0) {
      p[0] = p[1] = p[2] = 0;
      continue;
    }
    /* Opaque pixels, most of a sticker, need no division: (v * 255 + 127) / 255 is v. */
    if (a == 255) {
      p[0] = (unsigned char)(pixel >> 16);
      p[2] = (unsigned char)pixel;
      continue;
    }
    p[0] = (unsigned char)((((pixel >> 16) & 0xff) * 255 + a / 2) / a);
    p[1] = (unsigned char)((((pixel >> 8) & 0xff) * 255 + a / 2) / a);
    p[2] = (unsigned char)(((pixel & 0xff) * 255 + a / 2) / a);
    p[3] = (unsigned char)a;
  }
  reply->succeeded = 1;
}

