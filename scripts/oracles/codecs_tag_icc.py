"""Writes raw RGB pixels to a PNG or JPEG tagged with an ICC profile, without converting them,
so LumenCodecsTests can check the conversion to sRGB on reading.

usage: codecs_tag_icc.py RAW WIDTH HEIGHT PROFILE.icc OUT(.png|.jpg)
"""
import sys

from PIL import Image

raw, width, height, profile, out = sys.argv[1:6]
image = Image.frombytes("RGB", (int(width), int(height)), open(raw, "rb").read())
icc = open(profile, "rb").read()
if out.endswith(".jpg"):
    image.save(out, quality=95, icc_profile=icc)
else:
    image.save(out, icc_profile=icc)
