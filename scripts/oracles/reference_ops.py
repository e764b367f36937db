"""Reference implementations that Lumen's tests compare against (never used by the product).

    python reference_ops.py topng IN OUT                 decode any image with Pillow, save PNG
    python reference_ops.py blur IN OUT SIGMA            libvips gaussblur, accurate mask (min_ampl 0.001)
    python reference_ops.py resize IN OUT W H FILTER     Pillow resize, FILTER = lanczos3|bilinear
    python reference_ops.py orient IN OUT                Pillow ImageOps.exif_transpose
"""
import sys

from PIL import Image, ImageOps


def main(argv):
    op, src, dst = argv[1], argv[2], argv[3]
    if op == "topng":
        Image.open(src).convert("RGB").save(dst)
    elif op == "blur":
        import pyvips

        image = pyvips.Image.new_from_file(src, access="sequential")
        # Float precision and a mask cut at 0.001 of the peak (the smallest libvips accepts): an accurate Gaussian with the
        # given sigma, edges extended (libvips pads by copying edge pixels).
        out = image.gaussblur(float(argv[4]), min_ampl=0.001, precision="float")
        (out + 0.5).cast("uchar").write_to_file(dst)  # cast truncates: add 0.5 to round
    elif op == "resize":
        width, height, name = int(argv[4]), int(argv[5]), argv[6]
        flt = {"lanczos3": Image.LANCZOS, "bilinear": Image.BILINEAR}[name]
        Image.open(src).convert("RGB").resize((width, height), flt).save(dst)
    elif op == "orient":
        ImageOps.exif_transpose(Image.open(src)).convert("RGB").save(dst)
    else:
        raise SystemExit(f"unknown operation {op}")


if __name__ == "__main__":
    main(sys.argv)
