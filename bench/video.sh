#!/usr/bin/env bash
# Video export benchmark: Lumen beside ffmpeg on the 1080p and 4K clips of
# ../shared/bench/make-media.sh (10 s, 30 fps, H.264 + AAC), whole commands timed by hyperfine.
#
#   lumen edit    decode -> adjustments (contrast, saturation) + 33^3 look (grade33.cube)
#                 -> x264 veryfast CRF 20, audio copied
#   ffmpeg edit   the same with -vf eq=contrast:saturation,lut3d=grade33.cube and identical
#                 encoder settings (libx264 veryfast CRF 20 yuv420p, audio copied)
#   lumen plain   decode -> x264 veryfast CRF 20, audio copied (no edit)
#   lumen marked  lumen edit plus a watermark: an SVG sticker and a line of text (layers)
#
# Prints each command's median time and fps, and the ratios lumen edit / ffmpeg edit,
# lumen edit / lumen plain and lumen marked / lumen edit (medians of the rounds' ratios). The adjustments are comparable in
# work, not identical in look (eq and Lumen's sliders are different curves). RUNS sets the
# rounds (default 3); SIZES the clips ("1080 2160"). Then `lumen-bench frames` gives the edit's
# cost per frame alone, in process.
set -euo pipefail

cd "$(dirname "$0")/.."
source scripts/swift-flags.sh
MEDIA=${MEDIA:-/tmp/bench-media}
RUNS=${RUNS:-3}
SIZES=${SIZES:-"1080 2160"}
OUT=${OUT:-/tmp/lumen-bench-video}
LUMEN=${LUMEN:-.build/release/lumen}

command -v hyperfine >/dev/null || { echo "installing hyperfine" >&2; sudo apt-get install -y hyperfine >&2; }
command -v ffmpeg >/dev/null || { echo "missing ffmpeg (apt-get install ffmpeg)" >&2; exit 1; }

need_media=0
for size in $SIZES; do [ -s "$MEDIA/video$size.mp4" ] || need_media=1; done
[ -s "$MEDIA/grade33.cube" ] || need_media=1
if [ "$need_media" = 1 ]; then
  VIDEOS="$SIZES" MEDIA="$MEDIA" bash ../shared/bench/make-media.sh >&2
fi
if [ ! -x "$LUMEN" ] || [ ! -x "$(dirname "$LUMEN")/lumen-video" ]; then
  for product in lumen lumen-video lumen-svg-helper; do
    swift build -c release "${LUMEN_SWIFT_FLAGS[@]}" --product $product >&2
  done
fi

mkdir -p "$OUT"
cp "$MEDIA/grade33.cube" "$OUT/grade33.cube"
# The look is read from the .cube beside the document.
cat > "$OUT/edit.json" <<'JSON'
{"formatIdentifier": "org.lumen.edit", "formatVersion": 2,
 "operations": {"adjustments": {"contrast": 0.15, "saturation": 0.2},
                "look": {"id": "grade33.cube", "intensity": 1}}}
JSON
cat > "$OUT/marked.json" <<'JSON'
{"formatIdentifier": "org.lumen.edit", "formatVersion": 4,
 "operations": {"adjustments": {"contrast": 0.15, "saturation": 0.2},
                "look": {"id": "grade33.cube", "intensity": 1}},
 "layers": [
  {"id": "logo", "kind": "image", "source": "asset:lumen.sticker/travel/camera",
   "transform": {"x": 0.92, "y": 0.88, "width": 0.16, "height": 0.16}, "opacity": 0.85},
  {"id": "credit", "kind": "text", "text": "© Lumen Studios 2026", "font": "DejaVu Sans:style=Bold",
   "size": 0.04, "color": [1, 1, 1, 0.8], "transform": {"x": 0.2, "y": 0.93, "width": 0.6}}]}
JSON
EQ="eq=contrast=1.15:saturation=1.2"

# Rounds interleave the three commands (one hyperfine run of each per round): on a shared
# machine whose speed drifts over minutes, consecutive runs of one command would compare
# different machines. Each round's ratios are computed within the round; medians reported.
printf '%-6s %-12s %10s %8s\n' clip command "median s" fps
for size in $SIZES; do
  input="$MEDIA/video$size.mp4"
  frames=$(ffprobe -v error -select_streams v -show_entries stream=nb_frames -of csv=p=0 "$input")
  jsons=()
  for round in $(seq "$RUNS"); do
    json="$OUT/hyperfine-$size-$round.json"
    hyperfine --runs 1 --warmup 0 --style none --export-json "$json" \
      -n "lumen edit" "$LUMEN video $input --doc $OUT/edit.json -o $OUT/lumen-edit-$size.mp4 --crf 20 --preset veryfast" \
      -n "ffmpeg edit" "ffmpeg -nostdin -loglevel error -y -i $input -vf $EQ,lut3d=$OUT/grade33.cube -c:v libx264 -preset veryfast -crf 20 -pix_fmt yuv420p -c:a copy $OUT/ffmpeg-edit-$size.mp4" \
      -n "lumen plain" "$LUMEN video $input -o $OUT/lumen-plain-$size.mp4 --crf 20 --preset veryfast" \
      -n "lumen marked" "$LUMEN video $input --doc $OUT/marked.json -o $OUT/lumen-marked-$size.mp4 --crf 20 --preset veryfast" \
      >/dev/null
    jsons+=("$json")
  done
  python3 - "$size" "$frames" "${jsons[@]}" <<'PY'
import json, statistics, sys
size, frames, paths = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
rounds = [{r["command"]: r["mean"] for r in json.load(open(p))["results"]} for p in paths]
for name in rounds[0]:
    t = statistics.median(r[name] for r in rounds)
    print(f"{size + 'p':<6} {name:<12} {t:10.2f} {frames / t:8.1f}")
peer = [r["lumen edit"] / r["ffmpeg edit"] for r in rounds]
plain = [r["lumen edit"] / r["lumen plain"] for r in rounds]
marked = [r["lumen marked"] / r["lumen edit"] for r in rounds]
print(f"{size + 'p':<6} lumen edit / ffmpeg edit = {statistics.median(peer):.2f}"
      f" (rounds: {', '.join(f'{x:.2f}' for x in peer)})")
print(f"{size + 'p':<6} lumen edit / lumen plain = {statistics.median(plain):.2f}"
      f" (rounds: {', '.join(f'{x:.2f}' for x in plain)})")
print(f"{size + 'p':<6} lumen marked / lumen edit = {statistics.median(marked):.2f}"
      f" (rounds: {', '.join(f'{x:.2f}' for x in marked)})")
PY
done
if [ -x .build/release/lumen-bench ] || swift build -c release "${LUMEN_SWIFT_FLAGS[@]}" --product lumen-bench >&2; then
  for size in $SIZES; do .build/release/lumen-bench frames "$MEDIA/video$size.mp4" "$OUT/grade33.cube"; done
fi
