#!/usr/bin/env bash
# Regenerate AnchorHash (AnchorHashQre) reference vectors.
# Usage: capture.sh <reference source tree> [output path]   (default output: stdout)
#   <reference source tree> = checkout/extract of github.com/anchorhash/cpp-anchorhash
#   (must contain AnchorHashQre.hpp, AnchorHashQre.cpp, misc/crc32c_sse42_u64.h).
#   Commit sha: $SOURCE_COMMIT if set, else `git -C <tree> rev-parse HEAD`, else "unknown".
# Extra: VERIFY=1 also runs the model verification and crc checks (to stderr);
#        isa-l comparison is compiled in when /usr/include/isa-l/crc.h exists.
set -euo pipefail
SRC=${1:?usage: capture.sh <cpp-anchorhash source tree> [output path]}
OUT=${2:-/dev/stdout}
HERE=$(cd "$(dirname "$0")" && pwd)
BUILD=$(mktemp -d)
trap 'rm -rf "$BUILD"' EXIT

for f in AnchorHashQre.hpp AnchorHashQre.cpp misc/crc32c_sse42_u64.h; do
  [ -f "$SRC/$f" ] || { echo "missing $SRC/$f" >&2; exit 1; }
done
COMMIT=${SOURCE_COMMIT:-$(git -C "$SRC" rev-parse HEAD 2>/dev/null || echo unknown)}

EXTRA=()
if [ -f /usr/include/isa-l/crc.h ]; then EXTRA=(-DHAVE_ISAL -lisal); fi
g++ -std=c++11 -O2 -Wall -msse4.2 -I"$SRC" "$HERE/capture_anchor.cpp" "$SRC/AnchorHashQre.cpp" \
    -o "$BUILD/capture_anchor" "${EXTRA[@]}"

if [ "${VERIFY:-0}" = 1 ]; then
  "$BUILD/capture_anchor" verify >&2
  "$BUILD/capture_anchor" crc >&2
fi

{
  echo "# AnchorHash (AnchorHashQre) reference vectors"
  echo "# source: anchorhash/cpp-anchorhash @ $COMMIT, AnchorHashQre.hpp AnchorHashQre.cpp misc/crc32c_sse42_u64.h"
  echo "# captured with: $(g++ --version | head -1), $(date -u +%Y-%m-%d), by capture.sh in this folder"
  "$BUILD/capture_anchor" vectors
} > "$OUT"
