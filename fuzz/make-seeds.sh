#!/usr/bin/env bash
# Remakes the seed corpora of the fuzz targets (fuzz/corpus/<target>/) from the samples with
# ImageMagick, cjpeg, cwebp, heif-enc, exiftool, ffmpeg and the `lumen` CLI given as $1 (or on
# PATH). Seeds are small on purpose: libFuzzer mutates them, so a few kilobytes that reach
# each code path are worth more than large files. The edit-document and text seeds are
# hand-written.
#
#   fuzz/make-seeds.sh .build/release/lumen
set -euo pipefail
cd "$(dirname "$0")/.."
lumen=${1:-lumen}
corpus=fuzz/corpus
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# cube: 1-D and 3-D tables, domains, titles, comments, CRLF, Resolve's input ranges.
mkdir -p "$corpus/cube"
"$lumen" lut identity --layout cube:2 -o "$corpus/cube/identity2.cube"
printf 'TITLE "warm"\r\n# a comment\r\nLUT_1D_SIZE 3\r\nDOMAIN_MIN 0 0 0\r\nDOMAIN_MAX 1 1 1\r\n0 0 0\r\n0.6 0.5 0.4\r\n1 1 1\r\n' \
  > "$corpus/cube/channels-crlf.cube"
printf 'LUT_3D_INPUT_RANGE -0.5 1.5\nLUT_3D_SIZE 2\n0 0 0\n1 0 0\n0 1 0\n1 1 0\n0 0 1\n1 0 1\n0 1 1\n1 1 1\n' \
  > "$corpus/cube/input-range.cube"
printf 'LUT_1D_INPUT_RANGE 0 4\nLUT_1D_SIZE 2\n0 0 0\n1e3 -2.5e-3 3.4028235e38\n' \
  > "$corpus/cube/extremes.cube"

# lut-image: the layout on the first line, then the image (8- and 16-bit PNG, JPEG, WebP).
mkdir -p "$corpus/lut-image"
seed_lut() { # NAME LAYOUT FILE
  { printf '%s\n' "$2"; cat "$3"; } > "$corpus/lut-image/$1"
}
"$lumen" lut identity --layout hald:2 -o "$scratch/hald2.png"
"$lumen" lut identity --layout tiled:2x4 -o "$scratch/tiled.png"
"$lumen" lut identity --layout tiled:3x5 -o "$scratch/tiled-gap.png"
convert "$scratch/hald2.png" -depth 16 "PNG48:$scratch/hald2-16.png"
convert "$scratch/tiled.png" -quality 95 "$scratch/tiled.jpg"
cwebp -quiet -lossless "$scratch/hald2.png" -o "$scratch/hald2.webp"
seed_lut hald2-png hald "$scratch/hald2.png"
seed_lut hald2-level hald:2 "$scratch/hald2.png"
seed_lut hald2-16bit hald "$scratch/hald2-16.png"
seed_lut hald2-webp hald:2 "$scratch/hald2.webp"
seed_lut tiled-png tiled:2x4 "$scratch/tiled.png"
seed_lut tiled-gap-png tiled:3x5 "$scratch/tiled-gap.png"
seed_lut tiled-jpeg tiled:2x4 "$scratch/tiled.jpg"

# image: each format and variant the decoders branch on, at a few pixels each.
mkdir -p "$corpus/image"
convert -size 24x16 gradient:red-blue "$scratch/small.png"
convert "$scratch/small.png" -quality 80 "$corpus/image/baseline.jpg"
convert "$scratch/small.png" -interlace JPEG -quality 80 "$corpus/image/progressive.jpg"
convert "$scratch/small.png" -colorspace Gray "$corpus/image/grey.jpg"
convert "$scratch/small.png" -colorspace CMYK "$corpus/image/cmyk.jpg"
cp "$corpus/image/baseline.jpg" "$corpus/image/oriented.jpg"
exiftool -q -overwrite_original -Orientation=6 -n -GPSLatitude=48.1 -GPSLatitudeRef=N \
  "$corpus/image/oriented.jpg"
python3 -c 'import sys; sys.path.insert(0, "scripts/hostile"); import craft
sys.stdout.buffer.write(craft.icc_profile(gamma=1.8))' > "$scratch/wide.icc"
convert "$scratch/small.png" -profile "$scratch/wide.icc" "$corpus/image/profiled.jpg"
cp "$scratch/small.png" "$corpus/image/rgb8.png"
convert "$scratch/small.png" -alpha set -channel A -evaluate set 50% "$corpus/image/rgba8.png"
convert "$scratch/small.png" -depth 16 "PNG48:$corpus/image/rgb16.png"
convert "$scratch/small.png" -type Palette "PNG8:$corpus/image/palette.png"
convert "$scratch/small.png" -colorspace Gray -depth 1 "$corpus/image/grey1.png"
convert "$scratch/small.png" -interlace PNG "$corpus/image/interlaced.png"
cwebp -quiet -q 70 "$scratch/small.png" -o "$corpus/image/lossy.webp"
cwebp -quiet -lossless "$corpus/image/rgba8.png" -o "$corpus/image/lossless-alpha.webp"
heif-enc -q 50 "$scratch/small.png" -o "$corpus/image/small.heic" > /dev/null

# exif: the TIFF payloads of the JPEG seeds (Orientation, GPS), both byte orders.
mkdir -p "$corpus/exif"
exiftool -q -b -Exif "$corpus/image/oriented.jpg" > "$corpus/exif/little-endian-gps"
cp "$corpus/image/baseline.jpg" "$scratch/big-endian.jpg"
exiftool -q -overwrite_original -ExifByteOrder=Big-endian -Orientation=8 -n -Artist=fuzz \
  "$scratch/big-endian.jpg"
exiftool -q -b -Exif "$scratch/big-endian.jpg" > "$corpus/exif/big-endian"
{ printf 'Exif\0\0'; cat "$corpus/exif/big-endian"; } > "$corpus/exif/with-prefix"

# icc: a layout byte, then a profile (lcms2's sRGB as Lumen writes it, a wide-gamut one).
mkdir -p "$corpus/icc"
"$lumen" render "$scratch/small.png" -o "$scratch/lumen.jpg" > /dev/null
exiftool -q -b -ICC_Profile "$scratch/lumen.jpg" > "$scratch/srgb.icc"
for profile in "$scratch"/*.icc; do
  for layout in 0 3; do
    { printf "\\x0$layout"; cat "$profile"; } > "$corpus/icc/$(basename "$profile" .icc)-$layout"
  done
done

# job: render and video jobs as the CLI prints them (even and odd lengths pick the kind).
mkdir -p "$corpus/job"
"$lumen" doc new "$scratch/small.png" -o "$scratch/edit.json" > /dev/null
"$lumen" edit "$scratch/small.png" --doc "$scratch/edit.json" -o "$scratch/out.jpg" \
  --print-job > "$corpus/job/render.json"
"$lumen" video samples/demo/coffee-clip.mp4 --doc samples/demo/clip-edit.json -o out.mp4 \
  --trim 0.5:1.5 --print-job > "$corpus/job/video.json"
# Paths relative to the checkout, so that the seeds do not depend on where it lives.
sed -i "s|$PWD/||g" "$corpus"/job/*.json
for job in "$corpus"/job/*.json; do
  # Both kinds at both parities: a trailing space flips which decoder sees the job.
  { cat "$job"; printf ' '; } > "${job%.json}-padded.json"
done

# video: tiny movies in the containers and codecs FFmpeg would meet (a few frames each).
mkdir -p "$corpus/video"
movie() { # NAME ARGS...
  local name=$1
  shift
  ffmpeg -loglevel error -y -f lavfi -i testsrc2=size=32x24:rate=5:duration=0.6 "$@" \
    "$corpus/video/$name"
}
movie h264.mp4 -c:v libx264 -preset ultrafast -pix_fmt yuv420p
movie plain.mov -c:v libx264 -preset ultrafast
movie hevc.mkv -c:v libx265 -preset ultrafast -x265-params log-level=none
movie vp9.webm -c:v libvpx-vp9 -deadline realtime
movie mjpeg.avi -c:v mjpeg
movie mpeg2.ts -c:v mpeg2video
ffmpeg -loglevel error -y -f lavfi -i testsrc2=size=32x24:rate=5:duration=0.6 \
  -f lavfi -i sine=duration=0.6 -c:v libx264 -preset ultrafast -c:a aac -shortest \
  "$corpus/video/with-audio.mp4"
# animation: GIFs with every disposal, sub-frames, transparency, interlacing and a loop count,
# a GIF87a still, and the same animation as WebP (lossless and lossy).
mkdir -p "$corpus/animation"
convert -dispose none -delay 10 \( -size 12x8 xc:none -fill red -draw "rectangle 1,1 6,5" \) \
  -dispose previous -delay 25 \( -size 5x3 xc:blue -repage 12x8+3+2 \) \
  -dispose background -delay 1 \( -size 4x4 xc:lime -repage 12x8+7+3 \) \
  -loop 3 "$corpus/animation/disposals.gif"
convert "$corpus/animation/disposals.gif" -interlace GIF "$corpus/animation/interlaced.gif"
convert -size 6x4 gradient:red-blue -colors 16 "GIF87:$corpus/animation/still87a.gif"
gif2webp -quiet "$corpus/animation/disposals.gif" -o "$corpus/animation/lossless.webp"
gif2webp -quiet -lossy -q 30 "$corpus/animation/disposals.gif" -o "$corpus/animation/lossy.webp"
# editor-config: the example configurations (standard.json, the whole standard configuration
# as GET /v1/editor/config answers it, is kept as it is).
mkdir -p "$corpus/editor-config"
cp samples/editor/*.json "$corpus/editor-config/"
# automation: a first digit picks the parser (0 template, 1 batch line, 2 Redis URL or shard).
mkdir -p "$corpus/automation"
{ printf 0; cat samples/templates/story.json; } > "$corpus/automation/story-template"
{ printf 1; cat "$corpus/job/render.json"; } > "$corpus/automation/photo-line"
printf '1{"template": "story.json", "values": {"title": "Hi", "photo": "a.jpg", "accent": [1, 0, 0]}, "format": "webp"}' \
  > "$corpus/automation/template-line"
printf '1{"clips": [{"path": "a.mp4"}], "format": "webm"}' > "$corpus/automation/video-line"
printf '1{"canvas": {"width": 1080, "height": 1920, "color": [0, 0, 0]}}' > "$corpus/automation/canvas-line"
printf '2redis://user:secret@cache.internal:6380/3' > "$corpus/automation/url"
printf '23/4' > "$corpus/automation/shard"
# symbols: two masters of the test corpus (shapes.svg, with every shape, transform and path
# command, is hand-written).
mkdir -p "$corpus/symbols"
cp Tests/LumenSymbolsTests/corpus/ring/Regular.svg "$corpus/symbols/ring.svg"
cp Tests/LumenSymbolsTests/corpus/heart/Black.svg "$corpus/symbols/heart.svg"
du -sh "$corpus"
