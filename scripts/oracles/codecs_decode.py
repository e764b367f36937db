"""Decodes an image with Pillow and writes its pixels raw, for LumenCodecsTests to compare.

usage: codecs_decode.py IN OUT.raw [--icc SRC.icc] [--transpose]
Writes interleaved 8-bit RGB, or RGBA when the image has alpha, and prints "WIDTH HEIGHT MODE".
--icc converts from SRC.icc to Pillow's built-in sRGB with the relative colorimetric intent
(what Lumen uses); --transpose turns the image upright by its EXIF Orientation
(ImageOps.exif_transpose).
"""
import argparse

from PIL import Image, ImageCms, ImageOps


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("source")
    parser.add_argument("target")
    parser.add_argument("--icc")
    parser.add_argument("--transpose", action="store_true")
    args = parser.parse_args()

    image = Image.open(args.source)
    image.load()
    if args.transpose:
        image = ImageOps.exif_transpose(image)
    mode = "RGBA" if "A" in image.getbands() or "transparency" in image.info else "RGB"
    image = image.convert(mode)
    if args.icc:
        image = ImageCms.profileToProfile(
            image,
            ImageCms.getOpenProfile(args.icc),
            ImageCms.createProfile("sRGB"),
            renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
            outputMode=mode,
        )
    with open(args.target, "wb") as out:
        out.write(image.tobytes())
    print(image.width, image.height, mode)


main()
