"""Applies a .cube LUT with two independent implementations (never used by the product).

    python lut_apply.py CUBE IN.f32 OUT_DIR

IN.f32 holds float32 RGB triples (sRGB-encoded values, any count). Writes OUT_DIR/<name>.f32 for
colour-trilinear, colour-tetrahedral (colour-science's LUT3D.apply with its table interpolators,
float64) and ocio-linear, ocio-tetrahedral (OpenColorIO FileTransform, CPU processor, float32).
"""
import os
import sys
import warnings

import numpy as np

warnings.filterwarnings("ignore")  # colour warns about optional packages it does not need here
import colour  # noqa: E402
import PyOpenColorIO as ocio  # noqa: E402


def main(cube, src, out_dir):
    rgb = np.fromfile(src, dtype=np.float32).reshape(-1, 3)
    lut = colour.io.read_LUT(cube)
    for name, interpolator in [
        ("colour-trilinear", colour.algebra.table_interpolation_trilinear),
        ("colour-tetrahedral", colour.algebra.table_interpolation_tetrahedral),
    ]:
        out = lut.apply(rgb.astype(np.float64), interpolator=interpolator)
        out.astype(np.float32).tofile(os.path.join(out_dir, name + ".f32"))
    config = ocio.Config.CreateRaw()
    for name, interpolation in [
        ("ocio-linear", ocio.INTERP_LINEAR),
        ("ocio-tetrahedral", ocio.INTERP_TETRAHEDRAL),
    ]:
        transform = ocio.FileTransform(
            src=cube, interpolation=interpolation, direction=ocio.TRANSFORM_DIR_FORWARD
        )
        processor = config.getProcessor(transform).getDefaultCPUProcessor()
        out = np.ascontiguousarray(rgb.copy())
        processor.applyRGB(out)
        out.tofile(os.path.join(out_dir, name + ".f32"))


if __name__ == "__main__":
    main(*sys.argv[1:4])
