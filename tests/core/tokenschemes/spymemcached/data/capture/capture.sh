#!/usr/bin/env bash
# Captures ../CASE.tsv: where spymemcached's own KetamaNodeLocator sends each key of keys.txt,
# for each case below (Debian 12: apt install libspymemcached-java openjdk-17-jdk-headless).
# Usage: bash capture.sh
set -euo pipefail
cd "$(dirname "$0")"
jar=/usr/share/java/spymemcached.jar
work=$(mktemp -d)
javac -d "$work" -cp "$jar" SpyCapture.java
python3 keys.py > "$work/keys.txt"
run() {
  local name=$1 format=$2
  shift 2
  { printf 'key\tnode\n'; java -cp "$jar:$work" SpyCapture "$format" "$@" < "$work/keys.txt"; } \
    > "../$name.tsv"
}
run four spymemcached 10.0.1.1:11211 10.0.1.2:11211 10.0.1.3:11211 10.0.1.4:11211
run names spymemcached cache-a/10.0.2.1:11211 cache-b/10.0.2.2:11212 10.0.2.3:11213
run names-libmemcached libmemcached cache-a/10.0.2.1:11211 cache-b/10.0.2.2:11212 10.0.2.3:11213
# 10.9.2.63:11211 and 10.9.2.65:11211 share the point 1261354007: the node put last keeps it.
run collision-ab spymemcached 10.9.2.63:11211 10.9.2.65:11211 10.9.7.7:11211
run collision-ba spymemcached 10.9.2.65:11211 10.9.2.63:11211 10.9.7.7:11211
rm -r "$work"
