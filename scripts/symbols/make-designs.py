"""Draws the centre-line designs that `lumen symbols generate` outlines: strokes on a 32 px tall
artboard (24 to 40 px wide), with caps butt, round and square, joins miter, round and bevel,
open and closed shapes, lines, arcs and curves, absolute and relative path commands, and each
element kind (path, line, polyline, polygon, rect, circle, ellipse). Their stroke width is
Regular's (2.45). Corners between straight segments are checked to leave room for Black's
rounding (radius 3.5): on every segment the two corners' tangent lengths fit. Writes
OUT_DIR/NAME.svg and manifest.json (each design's width, what it covers, and how many open and
closed subpaths it strokes).

usage: make-designs.py OUT_DIR
"""
import json
import math
import os
import re
import sys

HEIGHT = 32
STROKE = 2.45     # Regular's width: how the designs draw as they are
RADIUS = 3.5      # Black's corner radius: the largest rounding a corner must have room for
MARGIN = 3.5      # every vertex this far inside the artboard: Black's half width and some
MIN_SEGMENT = 4


def f(v):
    return f"{v:.3f}".rstrip("0").rstrip(".")


def check_chain(name, width, points, closed):
    """Fails when a straight corner could not take RADIUS or a vertex is near the edge."""
    n = len(points)
    for x, y in points:
        inside = MARGIN <= x <= width - MARGIN and MARGIN <= y <= HEIGHT - MARGIN
        assert inside, f"{name}: ({x}, {y}) near the edge"

    def tangent(i):  # how far a rounded corner at point i reaches along each side
        if not closed and i in (0, n - 1):
            return 0
        a, b, c = points[i - 1], points[i], points[(i + 1) % n]
        u = (a[0] - b[0], a[1] - b[1])
        v = (c[0] - b[0], c[1] - b[1])
        cos = (u[0] * v[0] + u[1] * v[1]) / (math.hypot(*u) * math.hypot(*v))
        angle = math.acos(max(-1, min(1, cos)))
        return RADIUS / math.tan(angle / 2)

    for i in range(n if closed else n - 1):
        j = (i + 1) % n
        length = math.dist(points[i], points[j])
        assert length >= MIN_SEGMENT, f"{name}: segment {i} is {length:.2f} px"
        assert tangent(i) + tangent(j) <= length, f"{name}: segment {i} too short to round both ends"


def relative(points):
    """Path data drawing the points with relative commands (m, l)."""
    out = [f"m{f(points[0][0])} {f(points[0][1])}"]
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        out.append(f"l{f(x1 - x0)} {f(y1 - y0)}")
    return "".join(out)


def star_points(cx, cy, outer, inner, tips=5):
    """Tips and inner corners alternately, clockwise from the top tip."""
    points = []
    for i in range(2 * tips):
        r, a = (outer if i % 2 == 0 else inner), -math.pi / 2 + i * math.pi / tips
        points.append((round(cx + r * math.cos(a), 3), round(cy + r * math.sin(a), 3)))
    return points


def points_attr(points):
    return " ".join(f"{f(x)},{f(y)}" for x, y in points)


def stroke(cap="butt", join="miter", **extra):
    return dict({"stroke": "black", "fill": "none", "stroke-width": f(STROKE), "stroke-linecap": cap,
                 "stroke-linejoin": join}, **extra)


# Each design: (width, what it covers, elements); straight chains are checked by check_chain
# where they are drawn.
def designs():
    out = {}

    out["plus"] = (32, "path, absolute M/V/H, two open subpaths crossing, round caps",
                   [("path", dict(d="M16 6V26M6 16H26", **stroke("round", "round")))])

    check = [(6, 17), (13, 24), (26, 9)]
    check_chain("check", 32, check, False)
    out["check"] = (32, "polyline, open, one corner, round caps, round join",
                    [("polyline", dict(points=points_attr(check), **stroke("round", "round")))])

    chevron = [(9, 6), (17, 16), (9, 26)]
    check_chain("chevron", 24, chevron, False)
    out["chevron"] = (24, "path, relative m/l, open, butt caps, miter join",
                      [("path", dict(d=relative(chevron), **stroke("butt", "miter")))])

    head = [(19, 8), (27, 16), (19, 24)]
    check_chain("arrow", 32, head, False)
    out["arrow"] = (32, "path, relative h/m/l, open shaft and head, round caps, miter join",
                    [("path", dict(d="M5 16h20m-6-8l8 8l-8 8", **stroke("round", "miter")))])

    house = [(16, 5), (27, 14), (27, 27), (5, 27), (5, 14)]
    check_chain("house", 32, house, True)
    out["house"] = (32, "polygon, closed, five corners (obtuse, right), miter joins",
                    [("polygon", dict(points=points_attr(house), **stroke("butt", "miter")))])

    square = [(7, 7), (25, 7), (25, 25), (7, 25)]
    check_chain("square", 32, square, True)
    out["square"] = (32, "rect without corner radius, closed, right corners, bevel joins",
                     [("rect", dict(x="7", y="7", width="18", height="18", **stroke("butt", "bevel")))])

    out["rounded-square"] = (32, "rect with rx (arcs between its sides), closed",
                             [("rect", dict(x="6", y="6", width="20", height="20", rx="5",
                                            **stroke("butt", "miter")))])

    out["circle"] = (32, "circle, closed curve",
                     [("circle", dict(cx="16", cy="16", r="10", **stroke()))])

    out["ellipse"] = (40, "ellipse, closed curve, wide artboard",
                      [("ellipse", dict(cx="20", cy="16", rx="15", ry="9", **stroke()))])

    # A bell: closed body of relative cubics and quadratics (q, smooth t) with its straight
    # bottom closed by z, and an open arc (a) for the clapper, clear of the body at Black.
    out["bell"] = (32, "path, relative c/q/t/a/z, closed body with curve-to-line corners, open arc, "
                       "round caps and joins",
                   [("path", dict(d="M6 20c2-2 4-3 4-7q0-6 6-6t6 6c0 4 2 5 4 7zM13 25.5a3 3 0 0 0 6 0",
                                  **stroke("round", "round")))])

    zigzag = [(5, 22), (12.5, 10), (20, 22), (27.5, 10), (35, 22)]
    check_chain("zigzag", 40, zigzag, False)
    out["zigzag"] = (40, "polyline, open, three acute corners, butt caps, bevel joins",
                     [("polyline", dict(points=points_attr(zigzag), **stroke("butt", "bevel")))])

    out["line"] = (32, "line, diagonal, square caps",
                   [("line", dict(x1="8", y1="24", x2="24", y2="8", **stroke("square")))])

    # The tips' miter (1.77 times the half width) is over the limit of 1.5: they fall back to
    # bevels while the inner corners (1.06) keep their miters.
    star = star_points(16, 17, 13, 13 * 0.6)
    check_chain("star", 32, star, True)
    out["star"] = (32, "polygon, closed, ten corners (acute tips, reflex inner), miter joins, "
                       "stroke-miterlimit 1.5 (tips bevelled)",
                   [("polygon", dict(points=points_attr(star),
                                     **stroke("butt", "miter", **{"stroke-miterlimit": "1.5"})))])

    out["magnifier"] = (32, "mix: circle and a path (handle) overlapping its stroke, round caps",
                        [("circle", dict(cx="14", cy="14", r="8", **stroke())),
                         ("path", dict(d="M20.5 20.5L26 26", **stroke("round")))])

    out["wave"] = (40, "path, relative c/s and q/t (smooth curves), two open subpaths, butt caps",
                   [("path", dict(d="M5 13c2.5-6 5.5-6 7.5 0s5 6 7.5 0 5-6 7.5 0 5 6 7.5 0"
                                    "M5 25q3.75-4 7.5 0t7.5 0t7.5 0t7.5 0", **stroke("butt", "round")))])
    return out


def subpaths(tag, attrs):
    """(open, closed) subpaths an element strokes; a path's start at each moveto."""
    if tag in ("line", "polyline"):
        return 1, 0
    if tag != "path":
        return 0, 1
    parts = [part for part in re.split(r"[Mm]", attrs["d"]) if part.strip()]
    closed = sum(1 for part in parts if "z" in part.lower())
    return len(parts) - closed, closed


def svg(width, elements):
    body = "\n".join("  <" + tag + "".join(f' {k}="{v}"' for k, v in attrs.items()) + "/>"
                     for tag, attrs in elements)
    return f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{HEIGHT}">\n{body}\n</svg>\n'


def main(out):
    os.makedirs(out, exist_ok=True)
    manifest = {}
    for name, (width, covers, elements) in designs().items():
        assert 24 <= width <= 40
        with open(os.path.join(out, f"{name}.svg"), "w") as file:
            file.write(svg(width, elements))
        counts = [subpaths(tag, attrs) for tag, attrs in elements]
        manifest[name] = {"width": width, "covers": covers, "open_subpaths": sum(c[0] for c in counts),
                          "closed_subpaths": sum(c[1] for c in counts)}
    with open(os.path.join(out, "manifest.json"), "w") as file:
        json.dump(manifest, file, indent=1, sort_keys=True)
        file.write("\n")
    print(f"{len(manifest)} designs")


main(sys.argv[1])
