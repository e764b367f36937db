#!/usr/bin/env python3
"""Writes crafted hostile image files into a folder, for tests/LumenCLITests/HostileImageTests.

    python3 scripts/hostile/craft.py OUTDIR

Each file attacks one assumption a decoder makes: headers claiming 100000x100000 pixels,
giant EXIF / ICC / zTXt payloads, 10000 APP markers, a progressive JPEG claiming 16384x16384
in a few hundred bytes, a 16-bit RGBA PNG decompression bomb, cyclic or truncated HEIF boxes,
WebP chunks whose sizes lie. Files named "truncated" lack image data: rendering them must fail.
Only the standard library is used (no Pillow), and files derived
from a real photo start from samples/coffee.jpg. The output is deterministic.
"""

import struct
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


# ---- ICC ----------------------------------------------------------------------------------


def icc_profile(gamma=1.8, description="Lumen test RGB", padding=0):
    """A matrix/TRC RGB display profile (ICC v2) with Adobe RGB-like primaries and one gamma;
    `padding` bytes of zeros enlarge it (a giant but well-formed profile)."""

    def s15(value):
        return struct.pack(">i", round(value * 65536))

    def xyz(x, y, z):
        return b"XYZ " + bytes(4) + s15(x) + s15(y) + s15(z)

    text = description.encode("ascii") + b"\0"
    tags = [
        (b"desc", b"desc" + bytes(4) + struct.pack(">I", len(text)) + text + bytes(12 + 67)),
        (b"wtpt", xyz(0.9642, 1.0, 0.8249)),
        (b"rXYZ", xyz(0.6097, 0.3111, 0.0195)),
        (b"gXYZ", xyz(0.2053, 0.6257, 0.0609)),
        (b"bXYZ", xyz(0.1492, 0.0632, 0.7446)),
        (b"rTRC", b"curv" + bytes(4) + struct.pack(">IH", 1, round(gamma * 256)) + bytes(2)),
        (b"cprt", b"text" + bytes(4) + b"none\0" + bytes(padding)),
    ]
    tags.append((b"gTRC", tags[5][1]))
    tags.append((b"bTRC", tags[5][1]))
    offset = 128 + 4 + 12 * len(tags)
    table, data = b"", b""
    for signature, body in tags:
        table += signature + struct.pack(">II", offset + len(data), len(body))
        data += body + bytes(-len(body) % 4)
    size = offset + len(data)
    header = (
        struct.pack(">I", size)
        + b"lcms"
        + bytes([2, 0x10, 0, 0])
        + b"mntrRGB XYZ "
        + struct.pack(">6H", 2026, 1, 1, 0, 0, 0)
        + b"acsp"
        + bytes(24)
        + struct.pack(">I", 0)
        + s15(0.9642)
        + s15(1.0)
        + s15(0.8249)
        + bytes(48)
    )
    assert len(header) == 128
    return header + struct.pack(">I", len(tags)) + table + data


# ---- PNG ----------------------------------------------------------------------------------


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png(width, height, depth=8, colour=2, idat=None, before=b"", after=b""):
    """A PNG with the given header; `idat` defaults to one deflated row of zeros."""
    ihdr = struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, 0)
    idat = zlib.compress(bytes(4)) if idat is None else idat
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", ihdr)
        + before
        + chunk(b"IDAT", idat)
        + after
        + chunk(b"IEND", b"")
    )


def deflated_zeros(total, row=1 << 20):
    """`total` zero bytes deflated (a bomb: about 1/1000 of the size)."""
    compressor = zlib.compressobj(9)
    parts, left = [], total
    while left > 0:
        parts.append(compressor.compress(bytes(min(row, left))))
        left -= row
    parts.append(compressor.flush())
    return b"".join(parts)


def pngs():
    small = png(4, 4, idat=zlib.compress(bytes(4 * 13)))
    iccp = deflated_zeros(256 << 20)
    return {
        "png-100000x100000.png": png(100000, 100000),
        "png-2147483647x1.png": png(0x7FFFFFFF, 1),
        "png-0x0.png": png(0, 0),
        # 12000x12000 RGBA, 16 bits: 1.15 GB of pixels in about a megabyte.
        "png-rgba16-bomb.png": png(12000, 12000, 16, 6, deflated_zeros(12000 * (12000 * 8 + 1))),
        "png-ztxt-bomb.png": png(
            4, 4, idat=zlib.compress(bytes(4 * 13)),
            before=chunk(b"zTXt", b"Comment\0\0" + deflated_zeros(256 << 20))),
        "png-iccp-bomb.png": png(
            4, 4, idat=zlib.compress(bytes(4 * 13)), before=chunk(b"iCCP", b"bomb\0\0" + iccp)),
        "png-iccp-giant.png": png(
            4, 4, idat=zlib.compress(bytes(4 * 13)),
            before=chunk(b"iCCP", b"giant\0\0" + zlib.compress(icc_profile(padding=64 << 20)))),
        "png-exif-giant.png": png(
            4, 4, idat=zlib.compress(bytes(4 * 13)),
            before=chunk(b"eXIf", b"MM\0*\0\0\0\x08" + bytes(32 << 20))),
        "png-exif-loop.png": png(
            4, 4, idat=zlib.compress(bytes(4 * 13)), before=chunk(b"eXIf", tiff_loop())),
        "png-truncated-idat.png": small[: len(small) - 20],
        "png-bad-crc.png": small[:-5] + b"\0" + small[-4:],
        "png-chunk-size-lies.png": small[:33] + struct.pack(">I", 0x7FFFFFF0) + small[37:],
        "png-many-chunks.png": png(
            4, 4, idat=zlib.compress(bytes(4 * 13)),
            before=b"".join(chunk(b"tEXt", b"k\0v") for _ in range(100000))),
    }


# ---- EXIF (TIFF) --------------------------------------------------------------------------


def tiff_loop():
    """Big-endian TIFF whose IFD0 points at itself as the next IFD and whose GPS pointer and
    Orientation value point far beyond the data."""
    entries = [
        (0x0112, 3, 1, 9 << 16),  # Orientation 9: no such orientation
        (0x8825, 4, 1, 0xFFFFFFF0),  # GPS IFD far away
        (0x010F, 2, 0x7FFFFFFF, 8),  # Make: two billion characters
    ]
    ifd = struct.pack(">H", len(entries))
    for tag, kind, count, value in entries:
        ifd += struct.pack(">HHII", tag, kind, count, value)
    return b"MM\0*" + struct.pack(">I", 8) + ifd + struct.pack(">I", 8)


# ---- JPEG ---------------------------------------------------------------------------------


def segment(marker, payload):
    return bytes([0xFF, marker]) + struct.pack(">H", len(payload) + 2) + payload


def jpeg_header(width, height, sof=0xC0, components=3):
    """SOI, a flat quantisation table, SOFn, one-code Huffman tables and SOS, without data."""
    dqt = segment(0xDB, b"\0" + bytes([1]) * 64)
    spec = b"".join(bytes([i + 1, 0x11, 0]) for i in range(components))
    sof_segment = segment(sof, struct.pack(">BHHB", 8, height, width, components) + spec)
    dht = segment(0xC4, b"\x00" + bytes([1] + [0] * 15) + b"\x00") + segment(
        0xC4, b"\x10" + bytes([1] + [0] * 15) + b"\x00")
    scan = struct.pack(">B", components) + b"".join(bytes([i + 1, 0]) for i in range(components))
    sos = segment(0xDA, scan + (b"\x00\x00\x00" if sof == 0xC2 else b"\x00\x3F\x00"))
    return b"\xFF\xD8" + dqt + sof_segment + dht + sos


def jpegs():
    photo = (ROOT / "samples" / "coffee.jpg").read_bytes()
    body = photo[2:]
    icc = icc_profile(padding=255 * 65000)
    parts = [icc[i : i + 65519] for i in range(0, len(icc), 65519)][:255]
    app2 = b"".join(
        segment(0xE2, b"ICC_PROFILE\0" + bytes([i + 1, len(parts)]) + part)
        for i, part in enumerate(parts))
    exif = segment(0xE1, b"Exif\0\0" + tiff_loop() + bytes(65000))
    return {
        "jpeg-truncated-progressive-16384.jpg": jpeg_header(16384, 16384, sof=0xC2) + b"\0" * 64 + b"\xFF\xD9",
        "jpeg-65500x65500.jpg": jpeg_header(65500, 65500) + b"\0" * 64 + b"\xFF\xD9",
        "jpeg-0x0.jpg": jpeg_header(0, 0) + b"\xFF\xD9",
        "jpeg-10000-app-markers.jpg": b"\xFF\xD8" + segment(0xEF, bytes(16)) * 10000 + body,
        "jpeg-icc-255-parts.jpg": b"\xFF\xD8" + app2 + body,
        "jpeg-icc-missing-part.jpg": b"\xFF\xD8"
        + segment(0xE2, b"ICC_PROFILE\0\x02\x03" + icc[:1000])
        + body,
        "jpeg-exif-loop.jpg": b"\xFF\xD8" + exif + body,
        "jpeg-truncated-eoi.jpg": photo[: len(photo) // 2] + b"\xFF\xD9",
        "jpeg-truncated.jpg": photo[: len(photo) // 3],
        "jpeg-header-only.jpg": photo[:700],
        "jpeg-segment-length-lies.jpg": b"\xFF\xD8\xFF\xE1\xFF\xFF" + b"Exif\0\0MM",
    }


# ---- WebP ---------------------------------------------------------------------------------


def riff(chunks, size=None):
    body = b"WEBP" + chunks
    return b"RIFF" + struct.pack("<I", len(body) if size is None else size) + body


def webp_chunk(kind, data, size=None):
    return kind + struct.pack("<I", len(data) if size is None else size) + data + bytes(len(data) % 2)


def vp8l(width, height, data=bytes(16)):
    bits = (width - 1) | ((height - 1) << 14) | (1 << 28)
    return webp_chunk(b"VP8L", b"\x2F" + struct.pack("<I", bits) + data)


def vp8x(width, height, flags=0x10 | 0x08):
    size = struct.pack("<I", width - 1)[:3] + struct.pack("<I", height - 1)[:3]
    return webp_chunk(b"VP8X", bytes([flags, 0, 0, 0]) + size)


def webps():
    return {
        "webp-16384x16384.webp": riff(vp8l(16384, 16384)),
        "webp-riff-size-lies.webp": riff(vp8l(64, 64), size=0xFFFFFFF0),
        "webp-chunk-size-lies.webp": riff(webp_chunk(b"VP8L", b"\x2F" + bytes(20), size=0xFFFFFFF0)),
        "webp-vp8x-canvas-huge.webp": riff(vp8x(1 << 24, 1 << 24) + vp8l(4, 4)),
        "webp-exif-size-lies.webp": riff(
            vp8x(4, 4) + vp8l(4, 4) + webp_chunk(b"EXIF", tiff_loop(), size=0x7FFFFFFE)),
        "webp-anim-many-frames.webp": riff(
            vp8x(4, 4, flags=0x02)
            + webp_chunk(b"ANIM", bytes(6))
            + webp_chunk(b"ANMF", bytes(16) + vp8l(4, 4)) * 20000),
        "webp-empty-riff.webp": riff(b""),
    }


# ---- HEIF ---------------------------------------------------------------------------------


def box(kind, payload, size=None):
    return struct.pack(">I", 8 + len(payload) if size is None else size) + kind + payload


def full(kind, version, payload, flags=0):
    return box(kind, bytes([version]) + flags.to_bytes(3, "big") + payload)


def heif(width=64, height=64, iref=b"", item_type=b"hvc1", extent=(0, 0), tail=b""):
    """A HEIF file with one image item; the iloc extent is (offset from mdat data, length)."""
    ftyp = box(b"ftyp", b"heic" + bytes(4) + b"mif1heic")
    infe = full(b"infe", 2, struct.pack(">HH", 1, 0) + item_type + b"\0")
    hvcc = box(b"hvcC", bytes([1]) + bytes(22))
    ispe = full(b"ispe", 0, struct.pack(">II", width, height))
    ipma = full(b"ipma", 0, struct.pack(">IHB", 1, 1, 2) + bytes([0x81, 0x02]))

    def meta(mdat_start):
        iloc = full(
            b"iloc", 0,
            bytes([0x44, 0x00]) + struct.pack(">HHHHII", 1, 1, 0, 1, mdat_start + extent[0], extent[1]))
        return full(
            b"meta", 0,
            full(b"hdlr", 0, bytes(4) + b"pict" + bytes(13))
            + full(b"pitm", 0, struct.pack(">H", 1))
            + full(b"iinf", 0, struct.pack(">H", 1) + infe)
            + iref
            + iloc
            + box(b"iprp", box(b"ipco", hvcc + ispe) + ipma))

    start = len(ftyp) + len(meta(0)) + 8
    return ftyp + meta(start) + box(b"mdat", bytes(64)) + tail


def heifs():
    cycle = full(b"iref", 0, box(b"dimg", struct.pack(">HHH", 1, 1, 1)))
    base = heif()
    return {
        "heif-100000x100000.heic": heif(100000, 100000, extent=(0, 64)),
        "heif-grid-cycle.heic": heif(item_type=b"grid", iref=cycle, extent=(0, 8)),
        "heif-extent-beyond-end.heic": heif(extent=(0, 0x7FFFFFF0)),
        "heif-truncated.heic": base[: len(base) // 2],
        "heif-box-size-lies.heic": box(b"ftyp", b"heic" + bytes(4) + b"mif1heic")
        + box(b"meta", bytes(32), size=0xFFFFFFF0),
        "heif-box-size-zero.heic": box(b"ftyp", b"heic" + bytes(4) + b"mif1heic")
        + box(b"meta", bytes(32), size=1) + struct.pack(">Q", 1 << 62),
        "heif-ftyp-only.heic": box(b"ftyp", b"heic" + bytes(4) + b"mif1heic"),
    }


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: craft.py OUTDIR")
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    for files in (pngs(), jpegs(), webps(), heifs()):
        for name, data in files.items():
            (out / name).write_bytes(data)


if __name__ == "__main__":
    main()
