#!/usr/bin/env bash
# Remakes the built-in animated stickers from our own SVG stickers: each frame is the drawing
# transformed (python3 writes the SVG), drawn by rsvg-convert, and the frames become a lossless
# looping animated WebP (img2webp). Needs librsvg2-bin and webp (scripts/setup.sh --oracles).
# Then `lumen assets thumbnails` draws their thumbnails from their first frames.
#
#   scripts/make-animated-stickers.sh
set -euo pipefail
cd "$(dirname "$0")/.."
stickers=Sources/LumenAssets/Resources/stickers
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# fireworks-burst: the fireworks growing from the centre, then fading; 12 frames of 80 ms.
python3 - "$stickers/celebration/fireworks.svg" "$scratch" <<'PY'
import re, sys
source, scratch = sys.argv[1], sys.argv[2]
text = open(source).read()
body = re.sub(r"^.*?<svg[^>]*>|</svg>\s*$|<title>.*?</title>", "", text, flags=re.S)
for k in range(12):
    scale = 0.35 + 0.7 * k / 11
    opacity = 1.0 if k < 8 else 1.0 - 0.2 * (k - 7)
    open(f"{scratch}/frame-{k:02}.svg", "w").write(
        '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">'
        f'<g opacity="{opacity:.2f}" transform="translate(128 132) scale({scale:.4f}) '
        f'translate(-128 -132)">{body}</g></svg>')
PY
frames=()
for svg in "$scratch"/frame-*.svg; do
  rsvg-convert -w 256 -h 256 "$svg" -o "${svg%.svg}.png"
  frames+=("${svg%.svg}.png")
done
img2webp -loop 0 -lossless -d 80 "${frames[@]}" -o "$stickers/celebration/fireworks-burst.webp"
echo "wrote $stickers/celebration/fireworks-burst.webp"
