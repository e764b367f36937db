#!/usr/bin/env bash
# Gathers the broken, truncated and malicious sample files that open-source image libraries
# ship with their test suites, for Tests/LumenCLITests/HostileImageTests.swift:
#
#   scripts/hostile/fetch.sh          # into .hostile/ (ignored by git), or $LUMEN_HOSTILE_DIR
#
# Sources: the Debian source packages of libpng, libjpeg-turbo, libwebp, libheif and libtiff
# (apt-get source, through deb-src entries derived from this machine's own apt sources in a
# private apt configuration: the system's is not changed), and Pillow's sdist from PyPI (pip,
# only Pillow itself from source: its build tools come as wheels),
# whose Tests/images holds the crashers its fuzzers found. Only image files are kept, under
# files/<source>/ with their paths flattened; the sources themselves are deleted.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${LUMEN_HOSTILE_DIR:-$PWD/.hostile}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out/files"

# Image files under $2 (a source tree) copied into files/$1.
keep_images() {
  local name=$1 tree=$2 file target
  mkdir -p "$out/files/$name"
  while IFS= read -r -d '' file; do
    target=${file#"$tree"/}
    cp "$file" "$out/files/$name/${target//\//__}"
  done < <(find "$tree" -type f -size -64M \( -iname '*.jpg' -o -iname '*.jpeg' -o -iname '*.png' \
    -o -iname '*.webp' -o -iname '*.heic' -o -iname '*.heif' -o -iname '*.avif' -o -iname '*.jpe' \
    -o -iname '*.jfif' -o -iname '*.apng' -o -ipath '*crash*' -o -ipath '*fuzz*' -o -ipath '*poc*' \) \
    ! -name '*.c' ! -name '*.cc' ! -name '*.h' ! -name '*.py' ! -name '*.sh' ! -name '*.txt' \
    ! -name '*.yml' ! -name '*.am' ! -name '*.in' ! -name '*.dict' ! -name '*.options' \
    -print0)
  echo "$name: $(find "$out/files/$name" -type f | wc -l) files"
}

# deb-src twins of the enabled deb sources (deb822 .sources and one-line .list files).
mkdir -p "$work/apt/sources.list.d" "$work/apt/lists/partial"
for source in /etc/apt/sources.list /etc/apt/sources.list.d/*.sources /etc/apt/sources.list.d/*.list; do
  [ -f "$source" ] || continue
  case "$source" in
    *.sources) sed -E 's/^Types:.*/Types: deb-src/' "$source" \
      > "$work/apt/sources.list.d/$(basename "$source")" ;;
    *) sed -nE 's/^deb (.*)/deb-src \1/p' "$source" \
      > "$work/apt/sources.list.d/$(basename "$source" .list).list" ;;
  esac
done
apt=(-o Dir::Etc::SourceList=/dev/null -o Dir::Etc::SourceParts="$work/apt/sources.list.d"
  -o Dir::State::Lists="$work/apt/lists" -o APT::Sandbox::User=root)
apt-get "${apt[@]}" -qq update
# The newest version first, then the release's own (a mirror may lack a security update).
release=$(. /etc/os-release && echo "$VERSION_CODENAME")
for package in libpng1.6 libjpeg-turbo libwebp libheif tiff; do
  mkdir -p "$work/src/$package"
  if (cd "$work/src/$package" && { apt-get "${apt[@]}" -qq source "$package" ||
    apt-get "${apt[@]}" -qq source "$package/$release"; } > /dev/null 2>&1); then
    keep_images "debian-$package" "$work/src/$package"
  else
    echo "$package: apt-get source failed (skipped)" >&2
  fi
  rm -rf "${work:?}/src/$package"
done

# Pillow's sdist: Tests/images.
mkdir -p "$work/pypi"
if pip download --quiet --no-deps --no-binary pillow -d "$work/pypi" pillow \
  > /dev/null 2>&1; then
  mkdir -p "$work/pypi/x"
  tar -xzf "$work"/pypi/pillow-*.tar.gz -C "$work/pypi/x"
  keep_images pypi-pillow "$(echo "$work"/pypi/x/pillow-*/Tests/images)"
else
  echo "pillow: pip download failed (skipped)" >&2
fi
echo "hostile files: $(find "$out/files" -type f | wc -l) in $out/files"
