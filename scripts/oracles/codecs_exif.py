"""EXIF fixtures and an independent EXIF reader for LumenCodecsTests.

usage: codecs_exif.py make OUTDIR   writes orientation-1.jpg ... orientation-8.jpg (24x16 px,
                                    EXIF Orientation N, a GPS block with a latitude)
       codecs_exif.py read FILE     prints "ORIENTATION HASGPS" from Pillow's getexif()
"""
import sys

from PIL import Image

ORIENTATION = 0x0112
GPS_IFD = 0x8825


def make(directory: str) -> None:
    for orientation in range(1, 9):
        image = Image.new("RGB", (24, 16))
        for x in range(24):
            for y in range(16):
                image.putpixel((x, y), (x * 10, y * 15, 128 if x < 12 else 30))
        exif = Image.Exif()
        exif[ORIENTATION] = orientation
        exif[0x010F] = "Lumen test camera"
        exif.get_ifd(GPS_IFD).update({1: "N", 2: (48.0, 51.0, 29.0)})
        image.save(f"{directory}/orientation-{orientation}.jpg", quality=95, exif=exif)


def read(path: str) -> None:
    exif = Image.open(path).getexif()
    has_gps = GPS_IFD in exif and len(exif.get_ifd(GPS_IFD)) > 0
    print(exif.get(ORIENTATION, 0), int(has_gps))


{"make": make, "read": read}[sys.argv[1]](sys.argv[2])
