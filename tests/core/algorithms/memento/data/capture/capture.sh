#!/bin/sh
# Regenerates ../memento-vectors.txt and ../../../dx/data/dx-vectors.txt (the driver writes both
# into OUT, this folder unless OUT is set), printing its model checks.
#
# usage: ./capture.sh REF_SRC_TREE [REF_COMMIT_SHA] [NERD4J_SRC_TREE]
#   REF_SRC_TREE     root of SUPSI-DTI-ISIN/java-consistent-hashing-algorithms (contains src/main/java),
#                    e.g. produced by: git --git-dir=<mirror> archive HEAD src/main/java | tar -x -C src
#                    (a full `git archive HEAD` of the current mirror fails on a missing LFS-like blob
#                    src/main/resources/clustered-distribution.zip, so only src/main/java is extracted)
#   REF_COMMIT_SHA   commit recorded in the headers (default: contents of REF_SRC_TREE/.ref-commit)
#   NERD4J_SRC_TREE  sources of org.nerd4j:nerd4j-utils 2.x (Require, ToString; default ./nerd4j-src,
#                    extracted from github massimo-coluzzi/nerd4j-utils; not on Debian)
# Needs: javac (Temurin 25, used with --release 17), java 17 runtime, Debian libguava-java
# (/usr/share/java/guava.jar) and libcommons-codec-java (/usr/share/java/commons-codec.jar).
set -eu

HERE=$(cd "$(dirname "$0")" && pwd)
REF=$(cd "${1:?usage: capture.sh REF_SRC_TREE [SHA] [NERD4J_SRC]}" && pwd)
SHA=${2:-$(cat "$REF/.ref-commit" 2>/dev/null || echo unknown)}
NERD=$(cd "${3:-$HERE/nerd4j-src}" && pwd)

JAVAC=${JAVAC:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/javac}
JAVA=${JAVA:-/usr/lib/jvm/java-17-openjdk-amd64/bin/java}
GUAVA=${GUAVA:-/usr/share/java/guava.jar}
CODEC=${CODEC:-/usr/share/java/commons-codec.jar}

BUILD=$(mktemp -d)
trap 'rm -rf "$BUILD"' EXIT
OUT=${OUT:-$HERE}

# Compile only what the driver needs: the engine classes are pulled from the unmodified reference
# tree through -sourcepath (implicit compilation of referenced classes only).
"$JAVAC" --release 17 -nowarn -encoding UTF-8 -implicit:class \
    -sourcepath "$REF/src/main/java:$NERD/src/main/java" \
    -cp "$GUAVA:$CODEC" -d "$BUILD" "$HERE/Capture.java"

JVER=$("$JAVA" -XshowSettings:properties -version 2>&1 | awk -F' = ' '/java.runtime.version/{v=$2} /java.runtime.name/{n=$2} END{print n" "v}')
JCVER=$("$JAVAC" -version 2>&1)
GVER=$(unzip -p "$GUAVA" META-INF/maven/com.google.guava/guava/pom.properties | tr -d '\r' | awk -F'=' '/^version/{print $2}')
CVER=$(unzip -p "$CODEC" META-INF/MANIFEST.MF | tr -d '\r' | awk -F': ' '/^Implementation-Version/{print $2}')
GDEB=$(dpkg-query -W -f='${Version}' libguava-java 2>/dev/null || echo '?')
CDEB=$(dpkg-query -W -f='${Version}' libcommons-codec-java 2>/dev/null || echo '?')
DATE=$(date -u +%Y-%m-%d)

WITH="$JVER (compiled by $JCVER --release 17), Guava $GVER (Debian libguava-java $GDEB), commons-codec $CVER XXHash32 (Debian libcommons-codec-java $CDEB), $DATE, by capture.sh in this folder"

"$JAVA" -cp "$BUILD:$GUAVA:$CODEC" Capture "$OUT" "$SHA" "$WITH"
