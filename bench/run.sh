#!/usr/bin/env bash
# Times Lumen beside the peers (pyvips, vips CLI, ImageMagick, Pillow, ffmpeg, djpeg) on the 24 MP
# photo from ../shared/bench/make-media.sh, in one run, and prints each workload's ratio of
# Lumen's median to the fastest peer's, plus peak RSS; start-up (`lumen --help`, a photo's
# `info`) beside `vips --version`; then the in-process preview re-render of the edit stack
# (lumen-bench preview). Not part of the tests: it takes minutes.
#
#   bench/run.sh                  # all workloads
#   ONLY='chain|blur' bench/run.sh
#   RUNS=10 bench/run.sh
RUNS=${RUNS:-7}
source "$(dirname "$0")/common.sh"

scripts/setup.sh --oracles
for tool in hyperfine vips ffmpeg djpeg; do
  command -v $tool >/dev/null || { apt-get install -y -qq hyperfine libvips-tools ffmpeg time libjpeg-turbo-progs >/dev/null; break; }
done
PY=$ROOT/.venv-oracle/bin/python
[ -s "$MEDIA/photo24.jpg" ] && [ -s "$MEDIA/grade33.cube" ] || VIDEOS=none MEDIA=$MEDIA "$SHARED/make-media.sh" >/dev/null
build_release lumen lumen-video lumen-svg-helper lumen-bench
LUMEN=$ROOT/.build/release/lumen
IN=$MEDIA/photo24.jpg
CUBE=$MEDIA/grade33.cube
IM=/usr/bin/convert
FF="ffmpeg -nostdin -hide_banner -loglevel error -y"
JQ='[Q=90,subsample-mode=on]'
IMQ="-sampling-factor 4:2:0 -quality 90"
FFQ="-frames:v 1 -update 1 -q:v 2"

# workload|name|command ; the first command of each workload is Lumen's.
WORKLOADS=$(cat <<EOT
transcode|lumen|$LUMEN render $IN -o $OUT/t-lumen.jpg --quality 90 --overwrite
transcode|vips copy|vips copy $IN '$OUT/t-vips.jpg$JQ'
transcode|Pillow|$PY -c "from PIL import Image; Image.open('$IN').save('$OUT/t-pil.jpg', quality=90, subsampling=2)"
chain|lumen|$LUMEN render $IN -o $OUT/a-lumen.jpg --quality 90 --overwrite $CHAIN
chain|pyvips|$PY $SHARED/peer_pyvips.py color $IN $OUT/a-pyvips.jpg
chain|Pillow|$PY $SHARED/peer_pillow.py color $IN $OUT/a-pil.jpg
chain|ImageMagick|$IM $IN -gamma 0.9 -function Polynomial 1.2,0 -modulate 100,130,100 -color-matrix '1.08 0 0 0 1 0 0 0 0.88' $IMQ $OUT/a-im.jpg
chain|ffmpeg|$FF -i $IN -vf 'eq=gamma=0.9:contrast=1.2:brightness=0.1:saturation=1.3,colorchannelmixer=rr=1.08:bb=0.88,format=yuvj420p' $FFQ $OUT/a-ff.jpg
preview|lumen|$LUMEN render $IN -o $OUT/b-lumen.jpg --size 1280 --quality 90 --overwrite
preview|vips thumbnail|vips thumbnail $IN '$OUT/b-vips.jpg$JQ' 1280
preview|Pillow thumbnail|$PY $SHARED/peer_pillow.py thumb $IN $OUT/b-pil.jpg
preview|ImageMagick jpeg:size|$IM -define jpeg:size=2560x1708 $IN -thumbnail 1280x1280 $IMQ $OUT/b-im.jpg
preview|ffmpeg lanczos|$FF -i $IN -vf 'scale=1280:-2:flags=lanczos,format=yuvj420p' $FFQ $OUT/b-ff.jpg
preview|djpeg -scale 1/4 (decode only)|djpeg -scale 1/4 -outfile $OUT/b-djpeg.ppm $IN
startup|lumen --help|$LUMEN --help
startup|lumen info|$LUMEN info $IN
startup|lumen video --help|$LUMEN video --help
startup|vips --version|vips --version
blur|lumen|$LUMEN render $IN -o $OUT/c-lumen.jpg --quality 90 --overwrite --filter 'gaussianBlur sigma=10'
blur|vips gaussblur|vips gaussblur $IN '$OUT/c-vips.jpg$JQ' 10
blur|ffmpeg gblur|$FF -i $IN -vf 'gblur=sigma=10,format=yuvj420p' $FFQ $OUT/c-ff.jpg
blur|Pillow GaussianBlur|$PY $SHARED/peer_pillow.py blur $IN $OUT/c-pil.jpg
lut|lumen|$LUMEN render $IN -o $OUT/d-lumen.jpg --quality 90 --overwrite --look $CUBE
lut|Pillow Color3DLUT|$PY $SHARED/peer_pillow.py lut $IN $OUT/d-pil.jpg $CUBE
lut|ffmpeg lut3d|$FF -i $IN -vf 'lut3d=file=$CUBE,format=yuvj420p' $FFQ $OUT/d-ff.jpg
chainlut|lumen|$LUMEN render $IN -o $OUT/e-lumen.jpg --quality 90 --overwrite $CHAIN --look $CUBE
chainlut|lumen chain alone|$LUMEN render $IN -o $OUT/a-lumen.jpg --quality 90 --overwrite $CHAIN
edit|lumen|$LUMEN edit $IN --doc $ROOT/bench/edit-stack.json -o $OUT/f-lumen.jpg --quality 90 --overwrite
edit|lumen chain alone|$LUMEN render $IN -o $OUT/a-lumen.jpg --quality 90 --overwrite $CHAIN
layers|lumen|$LUMEN edit $IN --doc $ROOT/bench/layers.json -o $OUT/g-lumen.jpg --quality 90 --overwrite
layers|lumen edit alone (no layers)|$LUMEN edit $IN --doc $OUT/layers-none.json -o $OUT/g-none.jpg --quality 90 --overwrite
EOT
)

RESULTS=$OUT/results.tsv
: > "$RESULTS"
# The layers workload's floor: the same document without its layers.
"$PY" -c 'import json, sys; d = json.load(open(sys.argv[1])); d.pop("layers"); json.dump(d, open(sys.argv[2], "w"))' \
  "$ROOT/bench/layers.json" "$OUT/layers-none.json"
for workload in transcode chain preview blur lut chainlut edit layers startup; do
  [[ $workload =~ $ONLY ]] || continue
  names=(); cmds=()
  while IFS='|' read -r w name cmd; do
    [ "$w" = "$workload" ] && { names+=("$name"); cmds+=("$cmd"); }
  done <<< "$WORKLOADS"
  args=()
  for i in "${!cmds[@]}"; do args+=(-n "${names[$i]}" "${cmds[$i]}"); done
  echo "== $workload" >&2
  hyperfine --style none --warmup 1 --runs "$RUNS" --export-json "$OUT/$workload.json" "${args[@]}" >/dev/null
  for i in "${!cmds[@]}"; do
    rss=$(for _ in 1 2 3; do /usr/bin/time -f %M sh -c "${cmds[$i]}" 2>&1 >/dev/null | tail -1; done | sort -n | sed -n 2p)
    printf '%s\t%s\t%s\n' "$workload" "${names[$i]}" "$rss" >> "$RESULTS"
  done
done

python3 - "$OUT" "$RESULTS" "$ONLY" <<'PY'
import json, sys, os, re
out, results, only = sys.argv[1], sys.argv[2], sys.argv[3]
rss = {}
for line in open(results):
    w, name, kb = line.rstrip("\n").split("\t")
    rss[(w, name)] = int(kb) / 1024
print("| workload | tool | median s | ratio to fastest peer | peak RSS MB |")
print("|---|---|---:|---:|---:|")
for w in ["transcode", "chain", "preview", "blur", "lut", "chainlut", "edit", "layers", "startup"]:
    path = os.path.join(out, w + ".json")
    if not re.search(only, w) or not os.path.exists(path):
        continue
    rows = [(r["command"], r["median"]) for r in json.load(open(path))["results"]]
    # chainlut's and edit's only "peer" is Lumen's chain alone: their ratios are the cost of
    # adding the LUT, and of the whole edit stack (bench/edit-stack.json); layers' is the same
    # document without its 10 layers (bench/layers.json), their cost; preview's fastest
    # peer is its floor, djpeg's decode at 1/4 scale with no resize or encode; start-up compares
    # Lumen's commands with a C program's
    best = min(m for name, m in rows if "alone" in name or not name.startswith("lumen"))
    for name, m in rows:
        print(f"| {w} | {name} | {m:.3f} | {m / best:.2f} | {rss.get((w, name), 0):.0f} |")
PY
if [[ preview-rerender =~ $ONLY ]]; then
  "$ROOT/.build/release/lumen-bench" preview "$IN"
fi
# The preview of bench/layers.json re-rendered after moving one layer.
if [[ layer-move =~ $ONLY ]]; then
  "$ROOT/.build/release/lumen-bench" layers "$IN" "$ROOT/bench/layers.json"
fi
# bench/layers.json exported with and without its layers in one warm session: the layers'
# cost without a command's start-up.
if [[ layer-export =~ $ONLY ]]; then
  "$ROOT/.build/release/lumen-bench" export "$IN" "$ROOT/bench/layers.json" "$OUT/export-warm.jpg"
fi
# Peak RSS of a remembered colour chain (adjustments + LUT) in 32 MB (no room for its 64 MB memo
# table: computed per pixel), 64 MB and default contexts.
if [[ budget =~ $ONLY ]]; then
  "$ROOT/.build/release/lumen-bench" budget "$IN" "$CUBE" 32
  "$ROOT/.build/release/lumen-bench" budget "$IN" "$CUBE" 64
  "$ROOT/.build/release/lumen-bench" budget "$IN" "$CUBE"
fi
