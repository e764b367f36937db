"""Draws a shaped line of text with freetype-py (FreeType's own Python binding, with its own
copy of FreeType) and compares the coverage with the alpha of Lumen's drawing.

    text_freetype.py LUMEN.png FONT INDEX SIZE GLYPHS.json

GLYPHS.json is `lumen text --glyphs` of one left-to-right or right-to-left run (glyphs in
visual order). Each glyph is loaded unhinted from its outline, moved by the fraction of a pixel
of its pen position (FT_Set_Transform) and rendered antialiased; coverages combine as
1 - (1 - a)(1 - b). A bitmap font's colour glyphs (emoji) come from the smallest strike at
least SIZE tall, scaled in premultiplied RGBA by area averaging (as repetition and block
means), and are
laid over with "over". The line spans the advance and the ascender and descender, widened to
the ink. Prints {"width", "height", "lumenWidth", "lumenHeight", "maxDifference",
"inkPixels", "psnr"}: the difference is of premultiplied RGBA (alpha alone for outline
fonts).
"""
import json
import math
import sys

import freetype
import numpy as np
from PIL import Image


def area_average(pixels, size):
    """Scales (rows, columns, 4) to size = (columns, rows) by area averaging, computed as
    repetition and block means: each input pixel repeated `out` times along an axis of `in`
    pixels, then every `in` repeated values averaged into one output pixel."""
    for axis, out in ((1, size[0]), (0, size[1])):
        count = pixels.shape[axis]
        repeated = np.repeat(pixels, out, axis=axis)
        shape = list(repeated.shape)
        shape[axis : axis + 1] = [out, count]
        pixels = repeated.reshape(shape).mean(axis=axis + 1)
    return np.clip(np.rint(pixels), 0, 255).astype(np.int64)


def main():
    lumen_png, font_path, index, size, glyphs_path = sys.argv[1:6]
    size = float(size)
    face = freetype.Face(font_path, int(index))
    bitmap_scale = None
    if face.is_scalable:
        face.set_char_size(int(round(size * 64)), 0, 72, 72)
    else:
        strikes = [(s.y_ppem / 64, i) for i, s in enumerate(face.available_sizes)]
        larger = [s for s in strikes if s[0] >= size]
        pixels, chosen = min(larger) if larger else max(strikes)
        face.select_size(chosen)
        bitmap_scale = size / pixels
    shaped = json.load(open(glyphs_path))
    (run,) = shaped["runs"]
    scale = size / shaped["fonts"][run["font"]]["unitsPerEm"]
    flags = freetype.FT_LOAD_NO_HINTING | freetype.FT_LOAD_NO_BITMAP
    placed = []
    pen_x = pen_y = 0.0
    for glyph in run["glyphs"]:
        x = pen_x + glyph["dx"] * scale
        y = pen_y + glyph["dy"] * scale
        whole_x, whole_y = math.floor(x), math.floor(y)
        if bitmap_scale is not None:
            face.load_glyph(glyph["g"], freetype.FT_LOAD_COLOR)
            bitmap = face.glyph.bitmap
            if bitmap.width > 0 and bitmap.rows > 0:
                rows = np.array(bitmap.buffer, dtype=np.uint8).reshape(bitmap.rows, bitmap.pitch)
                bgra = rows[:, : bitmap.width * 4].reshape(bitmap.rows, bitmap.width, 4)
                rgba = np.ascontiguousarray(bgra[:, :, [2, 1, 0, 3]])
                target = (max(1, round(bitmap.width * bitmap_scale)),
                          max(1, round(bitmap.rows * bitmap_scale)))
                scaled = area_average(rgba.astype(np.float64), target)
                placed.append((scaled, whole_x + round(face.glyph.bitmap_left * bitmap_scale),
                               -whole_y - round(face.glyph.bitmap_top * bitmap_scale)))
            pen_x += glyph["ax"] * scale
            pen_y += glyph["ay"] * scale
            continue
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
    unit = (bitmap_scale or 1) / 64
    ascent = math.ceil(face.size.ascender * unit)
    descent = math.ceil(-face.size.descender * unit)
    left = min([0] + [x for _, x, _ in placed])
    right = max([math.ceil(pen_x)] + [x + m.shape[1] for m, x, _ in placed])
    top = min([-ascent] + [y for _, _, y in placed])
    bottom = max([descent] + [y + m.shape[0] for m, _, y in placed])
    width, height = max(1, right - left), max(1, bottom - top)
    canvas = np.zeros((height, width, 4), dtype=np.int64)
    for mask, x, y in placed:
        region = canvas[y - top : y - top + mask.shape[0], x - left : x - left + mask.shape[1]]
        if mask.ndim == 2:  # coverage: alpha alone is compared
            over = np.zeros(mask.shape + (4,), dtype=np.int64)
            over[:, :, 3] = mask
        else:
            over = mask
        region[:] = over + (region * (255 - over[:, :, 3:4]) + 127) // 255
    lumen = np.asarray(Image.open(lumen_png).convert("RGBA")).astype(np.int64)
    if bitmap_scale is None:
        lumen, canvas = lumen[:, :, 3], canvas[:, :, 3]
    else:
        lumen = np.concatenate(
            [(lumen[:, :, :3] * lumen[:, :, 3:4] + 127) // 255, lumen[:, :, 3:4]], axis=2)
    result = {"width": width, "height": height, "lumenWidth": lumen.shape[1],
              "lumenHeight": lumen.shape[0], "inkPixels": int((canvas > 0).sum())}
    if lumen.shape == canvas.shape:
        difference = np.abs(lumen - canvas)
        result["maxDifference"] = int(difference.max())
        mse = float((difference.astype(np.float64) ** 2).mean())
        result["psnr"] = 99.0 if mse == 0 else round(10 * math.log10(255 ** 2 / mse), 2)
    print(json.dumps(result))


main()
