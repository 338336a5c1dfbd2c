#!/bin/bash
# Regenerate the twemproxy ketama golden data from the real nutcracker binary.
# Usage: ./gen.sh            (run from anywhere; writes <case>.tsv next to this script)
#        KEEP=1 ./gen.sh     (keep the temp dir with raw results and logs)
set -euo pipefail
cd "$(dirname "$0")"
HERE=$PWD
NUTCRACKER=${NUTCRACKER:-/usr/sbin/nutcracker}
STATS_PORT=${STATS_PORT:-22299}
NKEYS=${NKEYS:-2000}
TMP=$(mktemp -d /tmp/twemproxy-gen.XXXXXX)
FAKE_PID= NC_PID=

cleanup() {
    [ -n "$NC_PID" ] && kill "$NC_PID" 2>/dev/null && wait "$NC_PID" 2>/dev/null || true
    [ -n "$FAKE_PID" ] && kill "$FAKE_PID" 2>/dev/null && wait "$FAKE_PID" 2>/dev/null || true
    if [ "${KEEP:-0}" = 1 ]; then echo "kept $TMP"; else rm -rf "$TMP"; fi
}
trap cleanup EXIT

"$NUTCRACKER" -V 2>&1 | head -1
"$NUTCRACKER" -t -c nutcracker.yml

# 1. fake memcached servers on every server address in nutcracker.yml
python3 -u fakeservers.py nutcracker.yml >"$TMP/fake.log" 2>&1 &
FAKE_PID=$!
for _ in $(seq 100); do grep -q READY "$TMP/fake.log" && break; sleep 0.1; done
grep READY "$TMP/fake.log" || { cat "$TMP/fake.log"; exit 1; }

# 2. nutcracker in the foreground (as a background job of this script)
"$NUTCRACKER" -c nutcracker.yml -s "$STATS_PORT" -a 127.0.0.1 -v 6 -o "$TMP/nutcracker.log" &
NC_PID=$!

# 3. probe until every pool's listen port and the stats port accept connections
PORTS=$(python3 -c 'from common import load_pools; print(" ".join(f"{h}:{p}" for _,h,p,_ in load_pools()))')
ready=0
for _ in $(seq 100); do
    if python3 - $PORTS "127.0.0.1:$STATS_PORT" <<'PY'
import socket, sys
for hp in sys.argv[1:]:
    h, p = hp.rsplit(":", 1)
    socket.create_connection((h, int(p)), timeout=1).close()
PY
    then ready=1; break; fi
    kill -0 "$NC_PID" 2>/dev/null || { echo "nutcracker died"; cat "$TMP/nutcracker.log"; exit 1; }
    sleep 0.1
done
[ $ready = 1 ] || { echo "nutcracker not ready"; exit 1; }
echo "nutcracker ready on: $PORTS"

# 4. route every key through every pool, forward then reverse; passes must agree
python3 client.py nutcracker.yml "$TMP" "$NKEYS"

# 5. stop everything
kill "$NC_PID"; wait "$NC_PID" 2>/dev/null || true; NC_PID=
kill "$FAKE_PID"; wait "$FAKE_PID" 2>/dev/null || true; FAKE_PID=

# 6. raw ip:port answers -> server entries exactly as written in the YAML
python3 mktsv.py nutcracker.yml "$TMP" "$HERE"
echo "truncation warnings in nutcracker log:"
grep -c 'truncate a hostname' "$TMP/nutcracker.log" || true
