/* librsvg's side of SVG drawing, run only in the helper process (svg_helper.c). */
#ifndef LUMEN_SVG_DRAW_H
#define LUMEN_SVG_DRAW_H

#include <stddef.h>
#include <stdint.h>

/* What a measuring or drawing found: the document's intrinsic size, or why it failed. */
typedef struct {
  int32_t succeeded;
  double width, height;
  char error[256];
} lumen_svg_reply;

/* Opens librsvg, once (lumen_svg_draw reports a failure). */
void lumen_svg_load(void);

/* Parses `size` bytes of SVG into `reply` (loading librsvg on first use) and, when `width` is
 * not 0, draws the document into `rgba` (`width` x `height`) as lumen_svg_render describes:
 * through `matrix` when it is not NULL, else stretched. */
void lumen_svg_draw(const unsigned char *data, size_t size, int width, int height,
                    const double *matrix, unsigned char *rgba, lumen_svg_reply *reply);

#endif
