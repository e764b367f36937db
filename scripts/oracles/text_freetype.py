"""Draws a shaped line of text with freetype-py (FreeType's own Python binding, with its own
copy of FreeType) and compares the coverage with the alpha of Lumen's drawing.

    text_freetype.py LUMEN.png FONT INDEX SIZE GLYPHS.json

GLYPHS.json is `lumen text --glyphs` of one left-to-right or right-to-left run (glyphs in
visual order). Each glyph is loaded unhinted from its outline, moved by the fraction of a pixel
of its pen position (FT_Set_Transform) and rendered antialiased; coverages combine as
1 - (1 - a)(1 - b). The line spans the advance and the ascender and descender, widened to the
ink. Prints {"width", "height", "lumenWidth", "lumenHeight", "maxDifference", "inkPixels"}.
"""
import json
import math
import sys

import freetype
import numpy as np
from PIL import Image


def main():
    lumen_png, font_path, index, size, glyphs_path = sys.argv[1:6]
    size = float(size)
    face = freetype.Face(font_path, int(index))
    face.set_char_size(int(round(size * 64)), 0, 72, 72)
    shaped = json.load(open(glyphs_path))
    (run,) = shaped["runs"]
    scale = size / shaped["unitsPerEm"]
    flags = freetype.FT_LOAD_NO_HINTING | freetype.FT_LOAD_NO_BITMAP
    placed = []
    pen_x = pen_y = 0.0
    for glyph in run["glyphs"]:
        x = pen_x + glyph["dx"] * scale
        y = pen_y + glyph["dy"] * scale
        whole_x, whole_y = math.floor(x), math.floor(y)
        delta = freetype.Vector(round((x - whole_x) * 64), round((y - whole_y) * 64))
        face.set_transform(freetype.Matrix(0x10000, 0, 0, 0x10000), delta)
        face.load_glyph(glyph["g"], flags)
        face.glyph.render(freetype.FT_RENDER_MODE_NORMAL)
        bitmap = face.glyph.bitmap
        if bitmap.width > 0 and bitmap.rows > 0:
            rows = np.array(bitmap.buffer, dtype=np.int64).reshape(bitmap.rows, bitmap.pitch)
            mask = rows[:, : bitmap.width]
            placed.append((mask, whole_x + face.glyph.bitmap_left, -whole_y - face.glyph.bitmap_top))
        pen_x += glyph["ax"] * scale
        pen_y += glyph["ay"] * scale
    ascent = math.ceil(face.size.ascender / 64)
    descent = math.ceil(-face.size.descender / 64)
    left = min([0] + [x for _, x, _ in placed])
    right = max([math.ceil(pen_x)] + [x + m.shape[1] for m, x, _ in placed])
    top = min([-ascent] + [y for _, _, y in placed])
    bottom = max([descent] + [y + m.shape[0] for m, _, y in placed])
    width, height = max(1, right - left), max(1, bottom - top)
    coverage = np.zeros((height, width), dtype=np.int64)
    for mask, x, y in placed:
        region = coverage[y - top : y - top + mask.shape[0], x - left : x - left + mask.shape[1]]
        region[:] = region + mask - (region * mask + 127) // 255
    lumen = np.asarray(Image.open(lumen_png).convert("RGBA"))[:, :, 3].astype(np.int64)
    result = {"width": width, "height": height, "lumenWidth": lumen.shape[1],
              "lumenHeight": lumen.shape[0], "inkPixels": int((coverage > 0).sum())}
    if lumen.shape == coverage.shape:
        result["maxDifference"] = int(np.abs(lumen - coverage).max())
    print(json.dumps(result))


main()
