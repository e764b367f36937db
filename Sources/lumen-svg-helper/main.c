/* The SVG helper (see lumen_svg.h): a process of C alone, quick to start, that answers the
 * Lumen process which started it. Installed beside `lumen` and `lumen-video`. */
#include "lumen_svg.h"

int main(void) { lumen_svg_serve(); }
