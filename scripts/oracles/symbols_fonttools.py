"""fontTools' view of variable-symbol masters, shared by the symbols oracles and bench: a glyph
read by fontTools' own SVG path reader, and the structural problems varLib.interpolatable finds
between three of them."""
import xml.etree.ElementTree as ET

from fontTools.pens.recordingPen import RecordingPen
from fontTools.svgLib.path import SVGPath
from fontTools.varLib import interpolatable

WEIGHTS = ["Ultralight", "Regular", "Black"]
# What makes masters fail to interpolate (fontTools also reports heuristics such as kinks and
# over- or underweight contours, which are about the design, not the structure).
STRUCTURAL = {"missing", "open_path", "path_count", "node_count", "node_incompatibility",
              "contour_order", "wrong_start_point"}


class Glyph:
    """A glyph as interpolatable reads one: what fontTools' SVG reader drew from an SVG file or
    an element (a template's group), replayed."""

    def __init__(self, source):
        self.recording = RecordingPen()
        reader = SVGPath()
        reader.root = source if isinstance(source, ET.Element) else ET.parse(source).getroot()
        reader.draw(self.recording)
        self.width = 32

    def draw(self, pen):
        self.recording.replay(pen)

    def contours(self):
        return sum(1 for op, _ in self.recording.value if op in ("closePath", "endPath"))


def structural_problems(glyphs):
    """The structural problems fontTools finds between three glyphs (its own failure, as on
    open contours, is one)."""
    try:
        problems = list(interpolatable.test_gen([{"symbol": g} for g in glyphs], names=WEIGHTS))
    except Exception as error:  # noqa: BLE001 (any of fontTools' own errors)
        return [f"fontTools failed: {type(error).__name__} {error}"]
    return sorted({problem["type"] for _, problem in problems} & STRUCTURAL)
