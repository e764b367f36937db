"""Drives bench/symbols.sh: see its comment. usage: symbols_library.py LUMEN OUT_DIR   (RUNS=5)"""
import json
import os
import re
import shutil
import subprocess
import sys
import time
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "scripts", "oracles"))
from symbols_fonttools import WEIGHTS, Glyph, structural_problems  # noqa: E402

lumen, out = sys.argv[1], sys.argv[2]
runs = int(os.environ.get("RUNS", "5"))
corpus = os.path.join(os.path.dirname(__file__), "..", "Tests", "LumenSymbolsTests", "corpus")
SYMBOLS = 300
NS = "http://www.w3.org/2000/svg"


def translated(d, dx, dy):
    """Path data (the corpus writes only M, L, C and Z, absolute: x, y pairs) moved by (dx, dy)."""
    assert set(re.findall(r"[A-Za-z]", d)) <= set("MLCZ"), d
    count = 0

    def move(number):
        nonlocal count
        value = float(number.group()) + (dx if count % 2 == 0 else dy)
        count += 1
        return f"{value:.4f}".rstrip("0").rstrip(".")

    return re.sub(r"-?\d+(?:\.\d+)?", move, d)


def paths(master, dx, dy):
    """A master's path elements, moved."""
    root = ET.parse(master).getroot()
    return "".join(f'<path d="{translated(p.get("d"), dx, dy)}"/>' for p in root.iter(f"{{{NS}}}path"))


def svg(body):
    return f'<svg xmlns="{NS}" width="32" height="32" viewBox="0 0 32 32">{body}</svg>\n'


def build_library(library):
    """SYMBOLS symbols; each copy of a triplet moved by its own eighths of a pixel."""
    manifest = json.load(open(os.path.join(corpus, "manifest.json")))
    triplets = sorted(name for name in manifest if manifest[name]["interpolatable"])
    templates = 0
    for n in range(SYMBOLS):
        source = triplets[n % len(triplets)]
        copy = n // len(triplets)
        dx, dy = 0.125 * (copy % 8), 0.125 * (copy // 8)
        masters = {w: paths(os.path.join(corpus, source, f"{w}.svg"), dx, dy) for w in WEIGHTS}
        name = f"{source}-{copy:02d}"
        if (n + copy) % 2 == 0:  # a symbol template (each triplet both ways, half each)
            groups = "".join(f'<g id="{w}-S">{masters[w]}</g>' for w in WEIGHTS)
            with open(os.path.join(library, f"{name}.svg"), "w") as f:
                f.write(svg(f'<g id="Symbols">{groups}</g>'))
            templates += 1
        else:
            os.makedirs(os.path.join(library, name))
            for w in WEIGHTS:
                with open(os.path.join(library, name, f"{w}.svg"), "w") as f:
                    f.write(svg(masters[w]))
    return templates


def fonttools_check(library):
    """Reads every symbol of the library and tests it; the names of those that fail."""
    failing = []
    for entry in sorted(os.listdir(library)):
        path = os.path.join(library, entry)
        if entry.endswith(".svg"):
            groups = {g.get("id"): g for g in ET.parse(path).getroot().iter(f"{{{NS}}}g")}
            glyphs = [Glyph(groups[f"{w}-S"]) for w in WEIGHTS]
        else:
            glyphs = [Glyph(ET.parse(os.path.join(path, f"{w}.svg")).getroot()) for w in WEIGHTS]
        if structural_problems(glyphs):
            failing.append(entry)
    return failing


def lumen_check(library):
    start = time.perf_counter()
    done = subprocess.run([lumen, "symbols", "check", library, "--json"], capture_output=True, text=True)
    wall = time.perf_counter() - start
    if done.returncode not in (0, 1):
        raise SystemExit(f"lumen symbols check: status {done.returncode}: {done.stderr.strip()}")
    return wall, json.loads(done.stdout)


library = os.path.join(out, "library")
shutil.rmtree(out, ignore_errors=True)
os.makedirs(library)
templates = build_library(library)

# A warm-up run (page cache) whose report is checked, then the timed runs, fastest kept (the
# machine's noise only ever adds).
_, report = lumen_check(library)
ours = min(lumen_check(library)[0] for _ in range(runs))
theirs = []
for _ in range(runs):
    start = time.perf_counter()
    failing = fonttools_check(library)
    theirs.append(time.perf_counter() - start)
theirs = min(theirs)

lumen_failing = [s["name"] for s in report["symbols"] if not s["interpolatable"]]
print(f"symbols check, {SYMBOLS} symbols ({3 * SYMBOLS} masters: {templates} templates, "
      f"{SYMBOLS - templates} three-file folders), best of {runs}:")
print("| checker | s | ms a symbol | symbols read | not interpolatable |")
print("|---|---:|---:|---:|---:|")
print(f"| lumen symbols check DIR --json | {ours:.3f} | {1000 * ours / SYMBOLS:.2f} | "
      f"{len(report['symbols'])} | {len(lumen_failing)} |")
print(f"| fontTools interpolatable, in-process, reading included | {theirs:.3f} | "
      f"{1000 * theirs / SYMBOLS:.2f} | {SYMBOLS} | {len(failing)} |")
print(f"fontTools / Lumen: {theirs / ours:.1f}x; goal Lumen <= 1 s for {SYMBOLS} symbols: "
      f"{'met' if ours <= 1 else 'NOT met'} ({ours:.3f} s)")
if lumen_failing or failing or len(report["symbols"]) != SYMBOLS or not report["interpolatable"]:
    print(f"verdicts differ from the corpus' (all interpolate): lumen {lumen_failing[:5]}, "
          f"fontTools {failing[:5]}, lumen read {len(report['symbols'])} symbols")
