/*
 * SVG documents drawn by librsvg (through cairo), loaded on first use.
 *
 * librsvg brings GLib, cairo, pango and their dependencies, which most commands never need;
 * Lumen does not link it. The first SVG parsed opens it with dlopen. The handful of functions
 * used are declared in svg_render.c (their headers need include paths a package cannot name),
 * so only the runtime library is needed (Debian's librsvg2-2).
 */
#ifndef LUMEN_SVG_H
#define LUMEN_SVG_H

#include <stddef.h>

/* A parsed SVG document. */
typedef struct lumen_svg lumen_svg;

/* Parses `size` bytes of SVG. Its intrinsic size in pixels (from its width and height, else
 * its viewBox) goes to `width` and `height`. NULL with the reason in `error` when librsvg cannot
 * be loaded, the document is malformed, or it has no size. */
lumen_svg *_Nullable lumen_svg_parse(const unsigned char *_Nonnull data, size_t size,
                                     double *_Nonnull width, double *_Nonnull height,
                                     char *_Nonnull error, size_t error_size);

/* Draws the whole document stretched to `width` x `height` pixels into `rgba`: rows of straight
 * (not premultiplied) 8-bit RGBA, `4 * width` bytes each, zeroed by the caller. 0 with the
 * reason in `error` when librsvg fails. */
int lumen_svg_render(lumen_svg *_Nonnull svg, int width, int height, unsigned char *_Nonnull rgba,
                     char *_Nonnull error, size_t error_size);

void lumen_svg_free(lumen_svg *_Nonnull svg);

#endif
