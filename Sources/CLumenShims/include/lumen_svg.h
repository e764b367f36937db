/*
 * SVG documents measured and drawn by librsvg (through cairo) in a helper process.
 *
 * Debian's librsvg 2.54 aborts on some documents (Rust assertions in its text layout), and a
 * document may make it loop or eat memory: in Lumen's process that would end a command or a
 * server. So librsvg runs in helper processes: a document that stops one is one request's
 * error, and the next request starts a new helper. A request has a minute, a helper 2 GB of
 * memory (and the system stops it first when memory runs out); a helper ends when this process
 * closes its socket. The helper is `lumen-svg-helper` (C alone, quick to start)
 * beside the running executable when it is installed there, else the running executable
 * started again (through /proc/self/exe, with a name and variable a constructor here
 * recognises before `main`), so every executable Lumen is linked into has a helper; a program
 * that loads Lumen as a shared library from another executable has neither, and its SVG
 * requests fail with an error.
 *
 * librsvg brings GLib, cairo, pango and their dependencies, which most commands never need:
 * Lumen does not link it, the helper opens it with dlopen. The handful of functions used are
 * declared in svg_draw.c (their headers need include paths a package cannot name), so only the
 * runtime library is needed (Debian's librsvg2-2).
 */
#ifndef LUMEN_SVG_H
#define LUMEN_SVG_H

#include <stddef.h>

/* Parses `size` bytes of SVG and puts its intrinsic size in pixels (from its width and height,
 * else its viewBox) in `width` and `height`. 0 with the reason in `error` when librsvg cannot be
 * loaded, the document is malformed or has no size, or librsvg fails on it. */
int lumen_svg_measure(const unsigned char *_Nonnull data, size_t size, double *_Nonnull width,
                      double *_Nonnull height, char *_Nonnull error, size_t error_size);

/* Draws the SVG document in `data` into `width` x `height` pixels of `rgba`: rows of straight
 * (not premultiplied) 8-bit RGBA, `4 * width` bytes each, every byte written. Stretched over
 * them when `matrix` is NULL; else placed by it, cairo's six numbers (xx, yx, xy, yy, x0, y0)
 * from the document's user units (its intrinsic size) to the pixels, which must be finite. 0
 * with the reason in `error` when it cannot be drawn (as for lumen_svg_measure).
 *
 * Each call parses the document anew (small next to drawing it). Calls at once use helpers
 * side by side, as many as there are processors. */
int lumen_svg_render(const unsigned char *_Nonnull data, size_t size, int width, int height,
                     const double *_Nullable matrix, unsigned char *_Nonnull rgba,
                     char *_Nonnull error, size_t error_size);

/* Starts helpers now, up to `count` running (and at most one per processor), so that the
 * first requests find them ready (librsvg opened): for a caller that knows SVG documents will
 * come, while it does other work. Returns at once: the helpers start on a thread of its own. */
void lumen_svg_prepare(int count);

/* The helper's loop: answers the requests of the process that started it, on file descriptor
 * 3, until that process closes it. For `lumen-svg-helper` alone. */
_Noreturn void lumen_svg_serve(void);

#endif
