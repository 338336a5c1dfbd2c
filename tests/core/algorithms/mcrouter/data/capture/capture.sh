#!/bin/sh
# Rebuild the mcrouter routing capture from the pinned mcrouter and folly sources.
#
#   sh capture.sh [OUT.tsv]      (default: ../mcrouter-routing.tsv)
#
# Sources come from local bare mirrors when present (MCROUTER_GIT, FOLLY_GIT), else from
# GitHub raw files at the pinned commits (needs curl and network). Every extracted file is
# checked against its SHA-256 at the pinned commit before use. The build happens in a fresh
# /tmp/mccap.XXXXXX directory (kept; its path is printed).
# CAPTURE_DATE (default: today, UTC) is the date written into the header comment. Set it to
# the date in the existing file to reproduce that file byte for byte.
set -eu

MCROUTER_COMMIT=9d7f43422b858da05bf699d4c311f236d122792b
FOLLY_COMMIT=ff98381ea68687a95c6185326db933aa6124d4c5
MCROUTER_GIT=${MCROUTER_GIT:-/work/.mirror/facebook+mcrouter/repo}
FOLLY_GIT=${FOLLY_GIT:-/work/.mirror/facebook+folly/repo}
CC=${CC:-gcc}
CXX=${CXX:-g++}
CFLAGS="-O2"
CXXFLAGS="-std=c++17 -O2"
CAPTURE_DATE=${CAPTURE_DATE:-$(date -u +%Y-%m-%d)}

HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${1:-$HERE/../mcrouter-routing.tsv}
WORK=$(mktemp -d /tmp/mccap.XXXXXX)
SRC=$WORK/src
mkdir -p "$SRC" "$WORK/gen" "$WORK/obj"
echo "work dir: $WORK" >&2

# "repo path sha256": the files used, as they are at the pinned commits.
FILES="
mcrouter mcrouter/lib/fbi/decls.h 01a512f47f46970a5319506e605333e5179f3f4b25057b0d5b6ed3486a75eee3
mcrouter mcrouter/lib/fbi/hash.h d4c2a7c3ea9f42f74b50bdb8caec1c2d30e7fa04f91749da39ff8f6266833d8c
mcrouter mcrouter/lib/fbi/hash.c ffaa9ed722adcfe9a8094f8236248636d6c5e85e542a2d647d5ff6d2d21e6643
mcrouter mcrouter/lib/fbi/WeightedFurcHash.h f9c24505bd3a30320499ad672f7de3e931957a85fa6960c21169ccd67b7ebce4
mcrouter mcrouter/lib/fbi/WeightedFurcHash.cpp c2e87b45ead09172085d816b8db2b89821fc9e5894be81e168e563f031b2c9bf
mcrouter mcrouter/lib/HashFunctionType.h 95ef0676eedb0c701e31885ba16b8958ca292d3315211a7d9ad88f5a3ea22306
mcrouter mcrouter/lib/Ch3HashFunc.h 75569fe5d6f8532bdf5281bd765b445649e836ab71fed5bdab9b75f71a0c8897
mcrouter mcrouter/lib/WeightedChHashFuncBase.h 9c74d06760c14487b1b305935656ef52709fd96e009ea79ccaea2cc824a9501e
mcrouter mcrouter/lib/WeightedCh3HashFunc.h 36d813001d176c3c90b4ba96c53e089aaebb13ed71ae55f803f036a82f137c9c
mcrouter mcrouter/lib/WeightedCh3HashFunc.cpp 7bca09e13fb1b2dff8f151cb3c0610ebe04bd90efed3e5c2dd62f17f93ad63e1
mcrouter mcrouter/lib/RendezvousHashHelper.h 2826af3ffb73d4c2edd933c787e9fbd1f78e56f9069c73237db53adbb77b97ec
mcrouter mcrouter/lib/RendezvousHashHelper.cpp c30df722bbc0e84fac20bf43500aeb79d63f6144b07e85cbd85cd2663223dedd
mcrouter mcrouter/lib/RendezvousHashFunc.h 444a40ba2e342ca7f353ed299900d45ddd3eb52b378df06e1c610ef23506df2f
mcrouter mcrouter/lib/RendezvousHashFunc.cpp 238c3c89299a1a63dc89a1f4ac8f595c3f2079454c9f984bfd94a5c1a61fad21
mcrouter mcrouter/lib/WeightedRendezvousHashFunc.h e88172774d7aecb5a037ca0980c545f43533a73a9a18aa7dd2937e88ba9a0101
mcrouter mcrouter/lib/WeightedRendezvousHashFunc.cpp d14429fe95edcb137bec4dabde9ef2e20c77fbed2ea64d3dd9c2e8a82818ded6
mcrouter mcrouter/lib/fbi/test/hash_test.cpp 96c57a146409cd927294fc0ca5f2d586b04755815edb96e60fd50426991f18b0
folly folly/hash/SpookyHashV2.h 46de845288a6d5810c515ca97f19ed0b2fabb59ea204ca0fad6b2b8c2ca4bf13
folly folly/hash/SpookyHashV2.cpp 5e54cde41b81e33fc4a97bc043ae053d7c52f53740da67e91f5fb955d66513ff
folly folly/hash/test/SpookyHashV2Test.cpp 0d1802d95d721fe963208982240f673956a3cd40d040870b625809fef5f62c71
"

fetch() { # repo path dest
  if [ "$1" = mcrouter ]; then git_dir=$MCROUTER_GIT; commit=$MCROUTER_COMMIT; gh=facebook/mcrouter
  else git_dir=$FOLLY_GIT; commit=$FOLLY_COMMIT; gh=facebook/folly; fi
  if [ -d "$git_dir" ]; then
    git --git-dir="$git_dir" show "$commit:$2" > "$3"
  else
    curl -fsSL "https://raw.githubusercontent.com/$gh/$commit/$2" -o "$3"
  fi
}

echo "$FILES" | while read -r repo path sum; do
  [ -n "$repo" ] || continue
  mkdir -p "$SRC/$(dirname "$path")"
  fetch "$repo" "$path" "$SRC/$path"
  echo "$sum  $SRC/$path" | sha256sum -c --quiet - || { echo "checksum mismatch: $path" >&2; exit 1; }
done

# No stub may shadow an extracted file.
(cd "$HERE/stubs" && find . -type f) | while read -r f; do
  if [ -e "$SRC/$f" ]; then echo "stub shadows a real file: $f" >&2; exit 1; fi
done

# Published vectors, cut verbatim out of the upstream test files.
sed -n '/^static const struct {$/,/^};$/p' "$SRC/mcrouter/lib/fbi/test/hash_test.cpp" \
  > "$WORK/gen/furc_golden.inc"
sed -n '/static const uint64_t expected\[BUFSIZE\] = {/,/};/p' \
  "$SRC/folly/hash/test/SpookyHashV2Test.cpp" > "$WORK/gen/spooky_expected.inc"
grep -q kGoldenValues "$WORK/gen/furc_golden.inc"
grep -q 0x6bf50919 "$WORK/gen/spooky_expected.inc"

# Build: the real sources unchanged; stubs only for folly/glog plumbing.
INC="-I$HERE/stubs -I$SRC -I$WORK/gen"
set -x
$CC $CFLAGS -I"$SRC" -c "$SRC/mcrouter/lib/fbi/hash.c" -o "$WORK/obj/hash.o"
$CXX $CXXFLAGS $INC -c "$SRC/folly/hash/SpookyHashV2.cpp" -o "$WORK/obj/SpookyHashV2.o"
for f in WeightedCh3HashFunc RendezvousHashHelper RendezvousHashFunc WeightedRendezvousHashFunc; do
  $CXX $CXXFLAGS $INC -c "$SRC/mcrouter/lib/$f.cpp" -o "$WORK/obj/$f.o"
done
$CXX $CXXFLAGS $INC -c "$SRC/mcrouter/lib/fbi/WeightedFurcHash.cpp" -o "$WORK/obj/WeightedFurcHash.o"
$CXX $CXXFLAGS $INC -c "$HERE/driver.cpp" -o "$WORK/obj/driver.o"
$CXX -o "$WORK/mccapture" "$WORK"/obj/*.o -lm
set +x

python3 "$HERE/keys.py" > "$WORK/keys.hex"
{
  echo "# mcrouter routing capture: real mcrouter $MCROUTER_COMMIT (hash.c, WeightedFurcHash.cpp, WeightedCh3HashFunc.cpp, RendezvousHashFunc.cpp, WeightedRendezvousHashFunc.cpp) and folly $FOLLY_COMMIT (SpookyHashV2.cpp), unmodified."
  echo "# Built with $($CXX --version | head -1), C: $CFLAGS, C++: $CXXFLAGS, $(uname -m); captured $CAPTURE_DATE by capture/capture.sh (see capture/README.md)."
  echo "# Cells are server indices. Weights w_i = ((i*7)%10+1)/10.0; rendezvous endpoints \"10.0.{i/256}.{i%256}:11211\"."
  "$WORK/mccapture" "$WORK/keys.hex"
} > "$WORK/out.tsv"
cp "$WORK/out.tsv" "$OUT"
echo "wrote $OUT ($(wc -l < "$OUT") lines, $(wc -c < "$OUT") bytes)" >&2
