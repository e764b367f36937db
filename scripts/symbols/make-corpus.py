"""Draws the variable-symbol test corpus: ten designs at three weights (Ultralight, Regular,
Black), each once as drawn (interpolatable) and most of them again with one defect in one
master: a path reversed, a path started at another node, a node added, a line where the others
have a curve, a path missing, two paths swapped. Writes Tests/LumenSymbolsTests/corpus/NAME/
{Ultralight,Regular,Black}.svg and manifest.json (each triplet's verdict and defect).

usage: make-corpus.py OUT_DIR
"""
import json
import math
import os
import sys

WEIGHTS = {"Ultralight": 0.8, "Regular": 2.45, "Black": 4.95}
K = 0.5522847498  # a quarter circle's handles


def circle(cx, cy, r, clockwise=True):
    pts = [(cx + r, cy), (cx, cy + r), (cx - r, cy), (cx, cy - r)]
    if not clockwise:
        pts = [pts[0], pts[3], pts[2], pts[1]]
    segs = []
    for i, p in enumerate(pts):
        q = pts[(i + 1) % 4]
        # Tangent handles: from p towards q along the circle.
        tp = (-(p[1] - cy), p[0] - cx) if clockwise else (p[1] - cy, -(p[0] - cx))
        tq = (-(q[1] - cy), q[0] - cx) if clockwise else (q[1] - cy, -(q[0] - cx))
        c1 = (p[0] + K * tp[0], p[1] + K * tp[1])
        c2 = (q[0] - K * tq[0], q[1] - K * tq[1])
        segs.append(("C", c1, c2, q))
    return {"start": pts[0], "segs": segs}


def polygon(points):
    return {"start": points[0], "segs": [("L", p) for p in points[1:]]}


def closed_segments(path):
    """The path's segments with its closing line made explicit (none when it ends at its start)."""
    segs = list(path["segs"])
    if segs[-1][-1] != path["start"]:
        segs.append(("L", path["start"]))
    return segs


def reverse(path):
    segs = closed_segments(path)
    nodes = [path["start"]] + [s[-1] for s in segs[:-1]]
    rev = []
    for i in range(len(segs) - 1, -1, -1):
        s, frm = segs[i], nodes[i]
        rev.append(("L", frm) if s[0] == "L" else ("C", s[2], s[1], frm))
    # Drawn from the same start backwards; a closing line is left implicit again.
    return {"start": path["start"], "segs": rev[:-1] if rev[-1][0] == "L" else rev}


def rotate_start(path, k=1):
    segs = closed_segments(path)
    segs = segs[k:] + segs[:k]
    start = segs[-1][-1]
    return {"start": start, "segs": segs[:-1] if segs[-1][0] == "L" else segs}


def split_first_line(path):
    segs = list(path["segs"])
    prev = path["start"]
    for i, s in enumerate(segs):
        if s[0] == "L":
            mid = ((prev[0] + s[1][0]) / 2, (prev[1] + s[1][1]) / 2)
            segs[i:i + 1] = [("L", mid), ("L", s[1])]
            return {"start": path["start"], "segs": segs}
        prev = s[-1]
    return None


def curve_first_line(path):
    segs = list(path["segs"])
    prev = path["start"]
    for i, s in enumerate(segs):
        if s[0] == "L":
            p = s[1]
            c1 = (prev[0] + (p[0] - prev[0]) / 3, prev[1] + (p[1] - prev[1]) / 3)
            c2 = (prev[0] + 2 * (p[0] - prev[0]) / 3, prev[1] + 2 * (p[1] - prev[1]) / 3)
            segs[i] = ("C", c1, c2, p)
            return {"start": path["start"], "segs": segs}
        prev = s[-1]
    return None


def d(path):
    f = lambda v: f"{v:.3f}".rstrip("0").rstrip(".")
    out = [f"M{f(path['start'][0])} {f(path['start'][1])}"]
    for s in path["segs"]:
        if s[0] == "L":
            out.append(f"L{f(s[1][0])} {f(s[1][1])}")
        else:
            out.append("C" + " ".join(f"{f(p[0])} {f(p[1])}" for p in s[1:]))
    return " ".join(out) + " Z"


# The designs: paths at stroke weight w.
def ring(w): return [circle(16, 16, 10 + w / 2), circle(16, 16, 10 - w / 2, clockwise=False)]
def plus(w):
    a, b = 4 + w / 2, 14
    return [polygon([(16 - a, 16 - b), (16 + a, 16 - b), (16 + a, 16 - a), (16 + b, 16 - a), (16 + b, 16 + a),
                     (16 + a, 16 + a), (16 + a, 16 + b), (16 - a, 16 + b), (16 - a, 16 + a), (16 - b, 16 + a),
                     (16 - b, 16 - a), (16 - a, 16 - a)])]
def frame(w):
    o, i = 2, 2 + w
    return [polygon([(o, o), (32 - o, o), (32 - o, 32 - o), (o, 32 - o)]),
            polygon([(i, i), (i, 32 - i), (32 - i, 32 - i), (32 - i, i)])]
def arrow(w):
    t = w / 2 + 1
    return [polygon([(4, 16 - t), (20, 16 - t), (20, 8), (29, 16), (20, 24), (20, 16 + t), (4, 16 + t)])]
def chevron(w):
    t = w + 1
    return [polygon([(10, 4), (10 + t, 4), (22 + t, 16), (10 + t, 28), (10, 28), (22, 16)])]
def dots(w): return [circle(9, 16, 2 + w / 2), circle(23, 16, 2 + w / 2)]
def heart(w):
    s = 1 + w / 20
    def p(x, y): return (16 + (x - 16) * s, 16 + (y - 16) * s)
    return [{"start": p(16, 26), "segs": [("C", p(6, 19), p(4, 10), p(10, 8)), ("C", p(13, 7), p(15, 9), p(16, 11)),
                                          ("C", p(17, 9), p(19, 7), p(22, 8)), ("C", p(28, 10), p(26, 19), p(16, 26))]}]
def warning(w):
    t = w
    return [polygon([(16, 3), (30, 28), (2, 28)]),
            polygon([(16, 3 + 2 * t + 2), (2 + 1.8 * t + 2, 28 - t), (30 - 1.8 * t - 2, 28 - t)]),
            circle(16, 23, 1 + w / 4)]
def bar(w):
    h = 2 + w / 2
    return [{"start": (6, 16 - h), "segs": [("L", (26, 16 - h)), ("C", (26 + h * K, 16 - h), (26 + h, 16 - h * K), (26 + h, 16)),
                                            ("C", (26 + h, 16 + h * K), (26 + h * K, 16 + h), (26, 16 + h)), ("L", (6, 16 + h)),
                                            ("C", (6 - h * K, 16 + h), (6 - h, 16 + h * K), (6 - h, 16)),
                                            ("C", (6 - h, 16 - h * K), (6 - h * K, 16 - h), (6, 16 - h))]}]
def house(w):
    t = w
    return [polygon([(16, 3), (29, 15), (26, 15), (26, 29), (6, 29), (6, 15), (3, 15)]),
            polygon([(13, 29 - t), (13, 20), (19, 20), (19, 29 - t)][::-1])]

DESIGNS = {"ring": ring, "plus": plus, "frame": frame, "arrow": arrow, "chevron": chevron, "dots": dots,
           "heart": heart, "warning": warning, "bar": bar, "house": house}


def defects(paths):
    """Each defect of one master's paths, where the design allows it."""
    out = {"reversed": [reverse(paths[0])] + paths[1:], "start-moved": [rotate_start(paths[0], 2)] + paths[1:]}
    extra = split_first_line(paths[0])
    if extra:
        out["extra-node"] = [extra] + paths[1:]
    curved = curve_first_line(paths[0])
    if curved:
        out["line-to-curve"] = [curved] + paths[1:]
    if len(paths) > 1:
        out["missing-path"] = paths[:-1]
        out["swapped-paths"] = [paths[1], paths[0]] + paths[2:]
    return out


def svg(paths):
    body = "\n".join(f'  <path d="{d(p)}"/>' for p in paths)
    return f'<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32">\n{body}\n</svg>\n'


def main(out):
    manifest = {}
    for name, design in DESIGNS.items():
        masters = {weight: design(w) for weight, w in WEIGHTS.items()}
        triplets = {name: (masters, True, None)}
        for defect, broken in defects(masters["Black"]).items():
            triplets[f"{name}-{defect}"] = (dict(masters, Black=broken), False, defect)
        for triplet, (drawn, ok, defect) in triplets.items():
            folder = os.path.join(out, triplet)
            os.makedirs(folder, exist_ok=True)
            for weight, paths in drawn.items():
                with open(os.path.join(folder, f"{weight}.svg"), "w") as f:
                    f.write(svg(paths))
            manifest[triplet] = {"interpolatable": ok, "defect": defect}
    with open(os.path.join(out, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1, sort_keys=True)
        f.write("\n")
    print(f"{len(manifest)} triplets")


main(sys.argv[1])
