#!/usr/bin/env bash
# Installs what Lumen needs on a fresh Debian 12 machine that has only the Swift toolchain,
# gcc and python3. Idempotent: installs only missing packages, reuses the oracle venv.
#
#   scripts/setup.sh            # build dependencies (C libraries) and the fonts of the lumen.font asset source
#   scripts/setup.sh --oracles  # also the tools tests compare against (ImageMagick, vips,
#                               # lcms2 utilities, exiftool, rsvg-convert, hb-shape, fc-match,
#                               # Pillow, numpy and freetype-py in .venv-oracle)
set -euo pipefail
cd "$(dirname "$0")/.."

build_packages=(pkg-config libjpeg62-turbo-dev libpng-dev libwebp-dev libheif-dev liblcms2-dev
  libavformat-dev libavcodec-dev libavutil-dev libswscale-dev libswresample-dev
  libharfbuzz-dev libfribidi-dev libfreetype-dev libfontconfig-dev
  libunibreak-dev librsvg2-2 libgif-dev libmicrohttpd-dev libsqlite3-dev libhiredis-dev)
# The fonts text uses out of the box: the packages the built-in font source names (its
# manifest records each family's category and licence).
mapfile -t font_packages < <(python3 -c 'import json, sys
print("\n".join(sorted({a["payload"]["package"] for a in json.load(open(sys.argv[1]))["assets"]})))' \
  Sources/LumenAssets/Resources/fonts/content.json)
build_packages+=("${font_packages[@]}")
oracle_packages=(ffmpeg imagemagick libvips-tools liblcms2-utils libjpeg-turbo-progs webp libheif-examples libimage-exiftool-perl librsvg2-bin python3-venv
  libharfbuzz-bin fontconfig chromium chromium-driver firefox-esr redis-server)

want=("${build_packages[@]}")
[ "${1:-}" = --oracles ] && want+=("${oracle_packages[@]}")

missing=()
for p in "${want[@]}"; do
  dpkg-query -W -f '${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if [ "${1:-}" = --oracles ]; then
  venv=.venv-oracle
  # Reinstall whenever the pinned requirements change (a stamp holds their checksum).
  want_sum=$(sha256sum scripts/oracle-requirements.txt | cut -d' ' -f1)
  if [ ! -x "$venv/bin/python" ] || [ "$(cat "$venv/.requirements-sha256" 2>/dev/null)" != "$want_sum" ]; then
    echo "setup: installing the oracle requirements into $venv" >&2
    [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
    "$venv/bin/pip" install -q --disable-pip-version-check -r scripts/oracle-requirements.txt
    echo "$want_sum" > "$venv/.requirements-sha256"
  fi
fi
