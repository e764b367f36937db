"""The variable-symbol corpus checked by things we did not write: each triplet's verdict from
fontTools' varLib.interpolatable (the masters' contours read by fontTools' own SVG path reader
and drawn through a recording pen), each path's area and direction from svgpathtools, against
`lumen symbols check --json`; and `lumen symbols fix`: every triplet it writes passes
fontTools and `lumen symbols check` (also as one template), and it refuses exactly those whose
paths or nodes differ in number; `lumen symbols interpolate` at five weights against the linear
mix of the masters' points computed here from svgpathtools' reading of them.

usage: symbols_oracles.py LUMEN CORPUS WORK   (prints JSON: checks, failures, numbers)
"""
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

from svgpathtools import parse_path

from symbols_fonttools import WEIGHTS, Glyph, structural_problems

lumen, corpus, work = sys.argv[1:4]
checks, failures, numbers = [], [], {}


def fonttools_verdict(folder):
    kinds = structural_problems([Glyph(os.path.join(folder, f"{w}.svg")) for w in WEIGHTS])
    return not kinds, kinds


manifest = json.load(open(os.path.join(corpus, "manifest.json")))
agree, disagree, areas, directions = 0, [], 0, 0
for name in sorted(manifest):
    folder = os.path.join(corpus, name)
    ours = subprocess.run([lumen, "symbols", "check", "--json"] + [os.path.join(folder, f"{w}.svg") for w in WEIGHTS],
                          capture_output=True, text=True)
    report = json.loads(ours.stdout)
    theirs, kinds = fonttools_verdict(folder)
    if ours.returncode not in (0, 1) or (ours.returncode == 0) != report["interpolatable"]:
        disagree.append(f"{name}: status {ours.returncode} {ours.stderr.strip()}")
    elif report["interpolatable"] == theirs == manifest[name]["interpolatable"]:
        agree += 1
    else:
        disagree.append(f"{name}: lumen {report['interpolatable']}, fontTools {theirs} {kinds}, "
                        f"drawn {manifest[name]['interpolatable']}")
    # Each path's area and direction against svgpathtools (y down: its signed area is
    # positive for what runs clockwise on screen, as ours).
    for weight, master in zip(WEIGHTS, report["masters"]):
        paths = [e.get("d") for e in ET.parse(os.path.join(folder, f"{weight}.svg")).iter()
                 if e.tag.endswith("path")]
        for d, summary in zip(paths, master["paths"]):
            area = parse_path(d).area()
            if abs(abs(area) - summary["area"]) > 1e-6 * max(1, abs(area)):
                failures.append(f"{name}/{weight}: area {summary['area']} vs svgpathtools {area}")
            else:
                areas += 1
            if (area > 0) != (summary["direction"] == "clockwise"):
                failures.append(f"{name}/{weight}: {summary['direction']} vs svgpathtools' area {area}")
            else:
                directions += 1
# Fix: written triplets interpolate for fontTools and for check; the rest are refused.
fixed, refused = 0, 0
for name in sorted(manifest):
    folder = os.path.join(corpus, name)
    masters = [os.path.join(folder, f"{w}.svg") for w in WEIGHTS]
    out = os.path.join(work, name)
    result = subprocess.run([lumen, "symbols", "fix", *masters, "--out-dir", out], capture_output=True, text=True)
    countable = manifest[name]["defect"] in ("extra-node", "missing-path")
    if result.returncode == 1 and countable and not os.path.exists(out):
        refused += 1
        continue
    if result.returncode != 0 or countable:
        failures.append(f"fix {name}: status {result.returncode} {result.stderr.strip()[:200]}")
        continue
    verdict, kinds = fonttools_verdict(out)
    template = os.path.join(work, f"{name}.svg")
    subprocess.run([lumen, "symbols", "fix", *masters, "-o", template], capture_output=True)
    again = subprocess.run([lumen, "symbols", "check", template], capture_output=True)
    if verdict and again.returncode == 0:
        fixed += 1
    else:
        failures.append(f"fix {name}: fontTools {kinds}, check of the template {again.returncode}")
checks.append(f"{fixed} fixed triplets interpolate for fontTools and check, {refused} refused")
numbers.update(fixed=fixed, refused=refused)
# Interpolate: every point of every segment, as svgpathtools reads both (the masters' paths in
# order, whether drawn as one <path> element or several).
def points(svg_file):
    return [[seg.bpoints() for e in ET.parse(svg_file).iter() if e.tag.endswith("path")
             for seg in parse_path(e.get("d"))]]


mixed, worst = 0, 0.0
for name in sorted(n for n in manifest if manifest[n]["interpolatable"]):
    masters = [os.path.join(corpus, name, f"{w}.svg") for w in WEIGHTS]
    drawn = [points(m) for m in masters]
    for weight in (0, 0.25, 0.5, 0.8, 1):
        out = os.path.join(work, f"{name}-{weight}.svg")
        subprocess.run([lumen, "symbols", "interpolate", *masters, "--weight", str(weight), "-o", out],
                       capture_output=True, check=True)
        a, b, t = (drawn[0], drawn[1], weight * 2) if weight <= 0.5 else (drawn[1], drawn[2], weight * 2 - 1)
        expected = [[[p + (q - p) * t for p, q in zip(sa, sb)] for sa, sb in zip(pa, pb)] for pa, pb in zip(a, b)]
        got = points(out)
        shape_ok = [len(p) for p in got] == [len(p) for p in expected]
        error = max((abs(g - e) for pg, pe in zip(got, expected) for sg, se in zip(pg, pe)
                     for g, e in zip(sg, se)), default=0)
        worst = max(worst, error)
        if shape_ok and error < 1e-3:
            mixed += 1
        else:
            failures.append(f"interpolate {name} at {weight}: segments {shape_ok}, error {error}")
checks.append(f"{mixed} interpolations equal the linear mix of the masters' points")
numbers.update(interpolations=mixed, worst=worst)
checks.append(f"{agree} of {len(manifest)} triplets: the same verdict as fontTools")
if disagree:
    failures.append(f"verdicts differ: {disagree[:6]}")
checks.append(f"{areas} paths' areas and {directions} directions as svgpathtools")
numbers.update(triplets=len(manifest), agree=agree, paths=areas)
print(json.dumps({"checks": checks, "failures": failures, "numbers": numbers}))
