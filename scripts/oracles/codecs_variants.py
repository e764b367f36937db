"""Writes files in the layouts Lumen must expand on reading, made by Pillow's encoders.

usage: codecs_variants.py OUTDIR
Writes grey.jpg, grey.png, grey-alpha.png, palette.png (with a transparent entry), rgb.png,
grey16.png (grey.png's values x 256) and cmyk.jpg, all 37x23.
"""
import sys

import numpy

from PIL import Image

directory = sys.argv[1]
size = (37, 23)
rgb = Image.new("RGB", size)
rgb.putdata([(x * 7, y * 11, (x * y) % 256) for y in range(size[1]) for x in range(size[0])])
grey = rgb.convert("L")

grey.save(f"{directory}/grey.jpg", quality=90)
grey.save(f"{directory}/grey.png")
grey_alpha = grey.convert("LA")
grey_alpha.putalpha(rgb.getchannel("R"))
grey_alpha.save(f"{directory}/grey-alpha.png")
palette = rgb.quantize(16)
palette.save(f"{directory}/palette.png", transparency=3)
rgb.save(f"{directory}/rgb.png")
Image.fromarray(numpy.asarray(grey, dtype=numpy.uint16) * 256).save(f"{directory}/grey16.png")
rgb.convert("CMYK").save(f"{directory}/cmyk.jpg", quality=90)
