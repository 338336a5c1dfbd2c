#!/bin/bash
# Regenerate the Guava vectors with Debian 12's libguava-java (31.1) and the JDK.
set -euo pipefail
cd "$(dirname "$0")"
CP=/usr/share/java/guava.jar
javac -d "${TMPDIR:-/tmp}/guava-routes" -cp "$CP" GuavaRoutes.java
java -cp "$CP:${TMPDIR:-/tmp}/guava-routes" GuavaRoutes
