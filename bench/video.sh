#!/usr/bin/env bash
# Video export benchmark: Lumen beside ffmpeg on the 1080p and 4K clips of
# ../shared/bench/make-media.sh (10 s, 30 fps, H.264 + AAC), whole commands timed by hyperfine.
#
#   lumen edit    decode -> adjustments (contrast, saturation) + 33^3 look (grade33.cube)
#                 -> x264 veryfast CRF 20, audio copied
#   ffmpeg edit   the same with -vf eq=contrast:saturation,lut3d=grade33.cube and identical
#                 encoder settings (libx264 veryfast CRF 20 yuv420p, audio copied)
#   lumen plain   decode -> x264 veryfast CRF 20, audio copied (no edit)
#
# Prints each command's mean time and fps, and the ratios lumen edit / ffmpeg edit and
# lumen edit / lumen plain. The adjustments are comparable in work, not identical in look
# (eq and Lumen's sliders are different curves). RUNS sets hyperfine's runs (default 3);
# SIZES the clips ("1080 2160"). Timings on a shared machine are noisy: compare within a run.
set -euo pipefail

cd "$(dirname "$0")/.."
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
if [ ! -x "$LUMEN" ]; then
  swift build -c release --product lumen >&2
fi

mkdir -p "$OUT"
cp "$MEDIA/grade33.cube" "$OUT/grade33.cube"
# The look is read from the .cube beside the document.
cat > "$OUT/edit.json" <<'JSON'
{"formatIdentifier": "org.lumen.edit", "formatVersion": 2,
 "operations": {"adjustments": {"contrast": 0.15, "saturation": 0.2},
                "look": {"id": "grade33.cube", "intensity": 1}}}
JSON
EQ="eq=contrast=1.15:saturation=1.2"

printf '%-6s %-12s %10s %8s\n' clip command "mean s" fps
for size in $SIZES; do
  input="$MEDIA/video$size.mp4"
  frames=$(ffprobe -v error -select_streams v -show_entries stream=nb_frames -of csv=p=0 "$input")
  json="$OUT/hyperfine-$size.json"
  hyperfine --runs "$RUNS" --warmup 0 --style none --export-json "$json" \
    -n "lumen edit" "$LUMEN video $input --doc $OUT/edit.json -o $OUT/lumen-edit-$size.mp4 --crf 20 --preset veryfast" \
    -n "ffmpeg edit" "ffmpeg -nostdin -loglevel error -y -i $input -vf $EQ,lut3d=$OUT/grade33.cube -c:v libx264 -preset veryfast -crf 20 -pix_fmt yuv420p -c:a copy $OUT/ffmpeg-edit-$size.mp4" \
    -n "lumen plain" "$LUMEN video $input -o $OUT/lumen-plain-$size.mp4 --crf 20 --preset veryfast" \
    >/dev/null
  python3 - "$json" "$size" "$frames" <<'PY'
import json, sys
path, size, frames = sys.argv[1], sys.argv[2], int(sys.argv[3])
means = {r["command"]: r["mean"] for r in json.load(open(path))["results"]}
for name, mean in means.items():
    print(f"{size + 'p':<6} {name:<12} {mean:10.2f} {frames / mean:8.1f}")
edit, peer, plain = means["lumen edit"], means["ffmpeg edit"], means["lumen plain"]
print(f"{size + 'p':<6} ratio lumen edit / ffmpeg edit = {edit / peer:.2f}"
      f"   lumen edit / lumen plain = {edit / plain:.2f} (+{(edit / plain - 1) * 100:.0f}%)")
PY
done
