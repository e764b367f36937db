#!/usr/bin/env bash
# Peak memory and time of Lumen beside libvips in one run: the colour chain of bench/run.sh over
# a 24 MP, a 96 MP and a 1-gigapixel (40000x25000) JPEG, against pyvips's chain, and a plain
# 24 MP JPEG transcode against `vips copy`. Prints each workload's median wall time and peak
# RSS (/usr/bin/time -v), Lumen's ratios to vips, and the targets of issue 12.
# Not part of the tests: the gigapixel file takes a minute to make and ~40 s per render.
#
#   bench/memory.sh                 # everything
#   ONLY='chain24|transcode' bench/memory.sh
#   RUNS=5 bench/memory.sh          # runs per command (median), default 3
OUT=${OUT:-/dev/shm/lumen-memory}
RUNS=${RUNS:-3}
source "$(dirname "$0")/common.sh"

command -v vips >/dev/null || apt-get install -y -qq libvips-tools >/dev/null
[ -x /usr/bin/time ] || apt-get install -y -qq time >/dev/null
PY=${PY:-$ROOT/.venv-oracle/bin/python}
"$PY" -c 'import pyvips' 2>/dev/null || scripts/setup.sh --oracles
[ -s "$MEDIA/photo24.jpg" ] || VIDEOS=none MEDIA=$MEDIA "$SHARED/make-media.sh" >/dev/null
# Larger pictures: the 24 MP photo upscaled (smooth, so the files stay small enough to read).
[ -s "$MEDIA/photo96.jpg" ] ||
  vips resize "$MEDIA/photo24.jpg" "$MEDIA/photo96.jpg[Q=90,subsample-mode=on]" 2
[ -s "$MEDIA/photo1g.jpg" ] ||
  vips resize "$MEDIA/photo24.jpg" "$MEDIA/photo1g.jpg[Q=85,subsample-mode=on]" 6.666667 \
    --vscale 6.25
build_release lumen lumen-svg-helper
LUMEN=$ROOT/.build/release/lumen

JQ='[Q=90,subsample-mode=on]'
# workload|tool|command ; Lumen first, then its peer.
WORKLOADS=$(cat <<EOT
chain24|lumen|$LUMEN render $MEDIA/photo24.jpg -o $OUT/c24.jpg --quality 90 --overwrite $CHAIN
chain24|pyvips|$PY $SHARED/peer_pyvips.py color $MEDIA/photo24.jpg $OUT/c24-vips.jpg
chain96|lumen|$LUMEN render $MEDIA/photo96.jpg -o $OUT/c96.jpg --quality 90 --overwrite $CHAIN
chain96|pyvips|$PY $SHARED/peer_pyvips.py color $MEDIA/photo96.jpg $OUT/c96-vips.jpg
chain1g|lumen|$LUMEN render $MEDIA/photo1g.jpg -o $OUT/c1g.jpg --quality 90 --overwrite $CHAIN
chain1g|pyvips|$PY $SHARED/peer_pyvips.py color $MEDIA/photo1g.jpg $OUT/c1g-vips.jpg
transcode|lumen|$LUMEN render $MEDIA/photo24.jpg -o $OUT/t24.jpg --quality 90 --overwrite
transcode|vips copy|vips copy $MEDIA/photo24.jpg '$OUT/t24-vips.jpg$JQ'
EOT
)

RESULTS=$OUT/results.tsv
: > "$RESULTS"
# Lumen and its peer alternate, run after run, so that both see the same machine load.
for workload in chain24 chain96 chain1g transcode; do
  [[ $workload =~ $ONLY ]] || continue
  echo "== $workload" >&2
  for run in $(seq "$RUNS"); do
    while IFS='|' read -r w tool cmd; do
      [ "$w" = "$workload" ] || continue
      /usr/bin/time -v sh -c "$cmd" 2> "$OUT/time.txt" >/dev/null
      kb=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$OUT/time.txt")
      wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$OUT/time.txt")
      printf '%s\t%s\t%s\t%s\n' "$w" "$tool" "$kb" "$wall" >> "$RESULTS"
    done <<< "$WORKLOADS"
  done
done

python3 - "$RESULTS" <<'PY'
import statistics, sys
runs = {}
for line in open(sys.argv[1]):
    w, tool, kb, wall = line.rstrip("\n").split("\t")
    seconds = sum(float(p) * 60 ** i for i, p in enumerate(reversed(wall.split(":"))))
    runs.setdefault((w, tool), []).append((int(kb) / 1024, seconds))
def median(w, tool, i):
    return statistics.median(r[i] for r in runs[(w, tool)])
# workload: (peer, what is compared, target)
targets = {
    "chain24": ("pyvips", "RSS ratio", 1.5),
    "chain96": ("pyvips", "RSS MB", 150),
    "chain1g": ("pyvips", "RSS MB", 250),
    "transcode": ("vips copy", "time ratio", 0.7),
}
print("| workload | tool | median s | peak RSS MB | Lumen/vips time | Lumen/vips RSS | target | met |")
print("|---|---|---:|---:|---:|---:|---|---|")
for w, (peer, what, target) in targets.items():
    if (w, "lumen") not in runs:
        continue
    s, mb = median(w, "lumen", 1), median(w, "lumen", 0)
    ps, pmb = median(w, peer, 1), median(w, peer, 0)
    value = {"RSS ratio": mb / pmb, "RSS MB": mb, "time ratio": s / ps}[what]
    print(f"| {w} | lumen | {s:.2f} | {mb:.0f} | {s / ps:.2f} | {mb / pmb:.2f} | "
          f"{what} <= {target} | {'yes' if value <= target else 'NO'} ({value:.2f}) |")
    print(f"| {w} | {peer} | {ps:.2f} | {pmb:.0f} | | | | |")
PY
