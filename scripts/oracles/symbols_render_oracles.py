"""`lumen symbols render`, `generate`, `export` and `preview` checked by things we did not write:
  - render: every corpus master and every design (scripts/symbols/make-designs.py) at scale 8
    against rsvg-convert -z 8, alpha channels compared by PSNR (>= 40 dB each);
  - generate: every design's symbol template passes `lumen symbols check` and fontTools'
    varLib.interpolatable (its three groups split into three SVGs here), each master with as
    many contours as the design strokes (two for a closed subpath, one for an open one);
  - generate --radii 0,0,0: each master's outline against librsvg's (cairo's) stroke of the
    design at that master's width, both at scale 8, alpha PSNR >= 40 dB;
  - export: a few corpus triplets' templates render in rsvg-convert and pass check;
  - preview: a few triplets' sheets open in Pillow and have dark and light pixels.
A command that fails or is missing is a failure carrying its stderr (or its report) on one line.

usage: symbols_render_oracles.py LUMEN CORPUS DESIGNS WORK   (prints JSON: checks, failures, numbers)
"""
import copy
import json
import math
import os
import statistics
import subprocess
import sys
import xml.etree.ElementTree as ET

import numpy
from PIL import Image

from symbols_fonttools import WEIGHTS, Glyph, structural_problems

lumen, corpus, designs, work = sys.argv[1:5]
WIDTHS = {"Ultralight": 0.8, "Regular": 2.45, "Black": 4.95}  # generate's default widths
SCALE = 8
MIN_PSNR = 40
SVG_NS = "http://www.w3.org/2000/svg"
ET.register_namespace("", SVG_NS)
checks, failures, numbers = [], [], {}


def run(words):
    """The command's result; one that cannot start is status 127 with the reason as stderr."""
    try:
        return subprocess.run(words, capture_output=True, text=True)
    except OSError as error:
        return subprocess.CompletedProcess(words, 127, "", str(error))


def reason(result):
    """What a failed command said: its stderr, else its JSON report's problems (check --json),
    else its output's last line; on one line."""
    text = result.stderr
    if not text.strip():
        try:
            text = "; ".join(problem["message"] for problem in json.loads(result.stdout)["problems"])
        except (ValueError, KeyError, TypeError):
            text = (result.stdout.strip().splitlines() or [""])[-1]
    return " ".join(text.split())[:200] or "(no message)"


def ran(step, result):
    """True when the command succeeded; otherwise records its status and what it said."""
    if result.returncode == 0:
        return True
    failures.append(f"{step}: status {result.returncode}: {reason(result)}")
    return False


def folder(*parts):
    path = os.path.join(work, *parts)
    os.makedirs(path, exist_ok=True)
    return path


def alpha(png):
    return numpy.asarray(Image.open(png).convert("RGBA"), dtype=numpy.float64)[:, :, 3]


def compare(step, ours, theirs, psnrs):
    """Alpha PSNR of two PNGs of one size (100 dB when equal), recorded in psnrs."""
    a, b = alpha(ours), alpha(theirs)
    if a.shape != b.shape:
        failures.append(f"{step}: {a.shape[1]}x{a.shape[0]} px, rsvg-convert {b.shape[1]}x{b.shape[0]}")
        return
    mse = numpy.mean((a - b) ** 2)
    psnr = 100.0 if mse == 0 else min(100.0, 10 * math.log10(255 ** 2 / mse))
    psnrs.append(psnr)
    if psnr < MIN_PSNR:
        failures.append(f"{step}: alpha PSNR {psnr:.1f} dB against rsvg-convert")


def render_pair(step, svg, out):
    """Renders svg with Lumen and rsvg-convert at SCALE into out-lumen.png and out-rsvg.png."""
    ours, theirs = f"{out}-lumen.png", f"{out}-rsvg.png"
    if (ran(f"{step}: lumen symbols render",
            run([lumen, "symbols", "render", svg, "--scale", str(SCALE), "-o", ours]))
            and ran(f"{step}: rsvg-convert", run(["rsvg-convert", "-z", str(SCALE), svg, "-o", theirs]))):
        return ours, theirs
    return None


def summarize(name, psnrs, total, what):
    passed = sum(p >= MIN_PSNR for p in psnrs)
    checks.append(f"{passed} of {total} {what} (alpha PSNR >= {MIN_PSNR} dB)")
    numbers[f"{name}_min_psnr"] = round(min(psnrs), 2) if psnrs else None
    numbers[f"{name}_median_psnr"] = round(statistics.median(psnrs), 2) if psnrs else None


def groups(root):
    """The groups under root by id, with or without the SVG namespace."""
    return {e.get("id"): e for e in root.iter() if e.tag.rsplit("}", 1)[-1] == "g"}


def split_template(template, out):
    """Each master group of a symbol template as an SVG of its own (the root's attributes kept)."""
    root = ET.parse(template).getroot()
    by_id = groups(root)
    files = []
    for weight in WEIGHTS:
        group = by_id.get(f"{weight}-S")
        if group is None:
            raise ValueError(f"no {weight}-S group")
        master = ET.Element(root.tag, root.attrib)
        master.append(copy.deepcopy(group))
        files.append(os.path.join(out, f"{weight}.svg"))
        ET.ElementTree(master).write(files[-1])
    return files


def size_of(svg):
    """The root's width and height in px (NaN where missing or in other units)."""
    root = ET.parse(svg).getroot()
    size = []
    for key in ("width", "height"):
        try:
            size.append(float(root.get(key, "nan").removesuffix("px")))
        except ValueError:
            size.append(math.nan)
    return tuple(size)


def with_stroke_width(design, width, out):
    """The design with every stroke-width (the root's too, for what inherits) set to width."""
    tree = ET.parse(design)
    for element in tree.getroot().iter():
        stroked = "stroke-width" in element.attrib or element.get("stroke", "none") != "none"
        if element is tree.getroot() or stroked:
            element.set("stroke-width", str(width))
    tree.write(out)
    return out


def reframed(master, width, height, out):
    """master's content in an SVG of the design's size (viewBox dropped: coordinates as drawn)."""
    root = ET.parse(master).getroot()
    kept = {k: v for k, v in root.attrib.items() if k not in ("width", "height", "viewBox")}
    frame = ET.Element(root.tag, kept)
    frame.set("width", f"{width:g}")
    frame.set("height", f"{height:g}")
    frame.extend(list(root))
    ET.ElementTree(frame).write(out)
    return out


corpus_manifest = json.load(open(os.path.join(corpus, "manifest.json")))
design_manifest = json.load(open(os.path.join(designs, "manifest.json")))
triplets = sorted(corpus_manifest)
names = sorted(design_manifest)

# a. Rendering: every corpus master and every design (stroked as drawn) against rsvg-convert.
psnrs, total = [], 0
for name in triplets:
    for weight in WEIGHTS:
        total += 1
        pair = render_pair(f"render {name}/{weight}", os.path.join(corpus, name, f"{weight}.svg"),
                           os.path.join(folder("render"), f"{name}-{weight}"))
        if pair:
            compare(f"render {name}/{weight}", *pair, psnrs)
for name in names:
    total += 1
    pair = render_pair(f"render design {name}", os.path.join(designs, f"{name}.svg"),
                       os.path.join(folder("render"), f"design-{name}"))
    if pair:
        compare(f"render design {name}", *pair, psnrs)
summarize("render", psnrs, total, "renders equal rsvg-convert's")

# b. Generate: check and fontTools accept the template; each master strokes every subpath.
generated = 0
for name in names:
    design = os.path.join(designs, f"{name}.svg")
    template = os.path.join(folder("generate"), f"{name}.svg")
    if not ran(f"generate {name}", run([lumen, "symbols", "generate", design, "-o", template])):
        continue
    if not ran(f"check of generated {name}", run([lumen, "symbols", "check", template, "--json"])):
        continue
    try:
        glyphs = [Glyph(f) for f in split_template(template, folder("generate", name))]
    except (ET.ParseError, ValueError) as error:
        failures.append(f"generate {name}: the template cannot be split: {error}")
        continue
    kinds = structural_problems(glyphs)
    counts = [g.contours() for g in glyphs]
    expected = 2 * design_manifest[name]["closed_subpaths"] + design_manifest[name]["open_subpaths"]
    if kinds:
        failures.append(f"generate {name}: fontTools finds {kinds}")
    elif counts != [expected] * 3:
        failures.append(f"generate {name}: {counts} contours in the masters, expected {expected} each "
                        f"(2 a closed subpath, 1 an open one)")
    else:
        generated += 1
checks.append(f"{generated} of {len(names)} generated templates pass check and fontTools, "
              f"every subpath outlined")
numbers["generated"] = generated

# c. Outlines without rounding against librsvg's stroke of the design at each master's width.
psnrs, resized = [], 0
for name in names:
    design = os.path.join(designs, f"{name}.svg")
    out = folder("outline", name)
    if not ran(f"generate --radii 0,0,0 {name}",
               run([lumen, "symbols", "generate", design, "--radii", "0,0,0", "--out-dir", out])):
        continue
    width, height = size_of(design)
    for weight, stroke in WIDTHS.items():
        master = os.path.join(out, f"{weight}.svg")
        if size_of(master) != (width, height):
            master = reframed(master, width, height, os.path.join(out, f"{weight}-framed.svg"))
            resized += 1
        ours = os.path.join(out, f"{weight}-lumen.png")
        theirs = os.path.join(out, f"{weight}-rsvg.png")
        stroked = with_stroke_width(design, stroke, os.path.join(out, f"{weight}-stroked.svg"))
        if (ran(f"outline {name}/{weight}: lumen symbols render",
                run([lumen, "symbols", "render", master, "--scale", str(SCALE), "-o", ours]))
                and ran(f"outline {name}/{weight}: rsvg-convert",
                        run(["rsvg-convert", "-z", str(SCALE), stroked, "-o", theirs]))):
            compare(f"outline {name}/{weight}", ours, theirs, psnrs)
summarize("outline", psnrs, 3 * len(names), "generated outlines equal librsvg's strokes")
numbers["outline_masters_reframed"] = resized

# d, e. Export and preview of a few interpolatable corpus triplets.
few = [name for name in triplets if corpus_manifest[name]["interpolatable"]][:3]
exported, previewed = 0, 0
for name in few:
    masters = [os.path.join(corpus, name, f"{w}.svg") for w in WEIGHTS]
    template = os.path.join(folder("export"), f"{name}.svg")
    if (ran(f"export {name}", run([lumen, "symbols", "export", *masters, "-o", template]))
            and ran(f"rsvg-convert of exported {name}", run(["rsvg-convert", template, "-o", f"{template}.png"]))
            and ran(f"check of exported {name}", run([lumen, "symbols", "check", template]))):
        wanted = {"Notes", "Guides", "Symbols", *(f"{w}-S" for w in WEIGHTS)}
        missing = sorted(wanted - set(groups(ET.parse(template).getroot())))
        if missing:
            failures.append(f"export {name}: no group {missing}")
        else:
            exported += 1
    sheet = os.path.join(folder("preview"), f"{name}.png")
    if ran(f"preview {name}", run([lumen, "symbols", "preview", *masters, "-o", sheet])):
        try:
            image = Image.open(sheet)
            image.load()
        except OSError as error:
            failures.append(f"preview {name}: Pillow cannot read it: {error}")
            continue
        # Over white, as a page shows it: a sheet draws dark glyphs or light ones on dark.
        white = Image.new("RGBA", image.size, "white")
        grey = numpy.asarray(Image.alpha_composite(white, image.convert("RGBA")).convert("L"))
        dark, light = numpy.mean(grey < 64), numpy.mean(grey > 192)
        numbers[f"preview_{name}"] = f"{image.width}x{image.height}"
        if dark < 0.001 or light < 0.001:
            failures.append(f"preview {name}: {100 * dark:.2f}% dark and {100 * light:.2f}% light pixels")
        else:
            previewed += 1
checks.append(f"{exported} of {len(few)} exported templates render in rsvg-convert and pass check")
checks.append(f"{previewed} of {len(few)} preview sheets have dark and light pixels")
numbers.update(exported=exported, previewed=previewed)
if len(failures) > 40:  # a missing command fails every step: the first ones tell why
    failures[40:] = [f"... and {len(failures) - 40} more failures"]
print(json.dumps({"checks": checks, "failures": failures, "numbers": numbers}))
