#!/bin/bash
# Regenerate nginx chash golden vectors. Needs root (edits /etc/hosts temporarily).
set -euo pipefail
cd "$(dirname "$0")"
N=${N:-2000}
PORT=18080
rm -rf run; mkdir -p run
# /etc/hosts entries for the hostname case (restored on exit)
cp /etc/hosts run/hosts.orig
restore() { [ -n "${NGX_PID:-}" ] && kill "$NGX_PID" 2>/dev/null || true; cat run/hosts.orig > /etc/hosts; }
trap restore EXIT
printf '127.0.0.21 backend-a.example.com\n127.0.0.22 backend-b.example.com\n' >> /etc/hosts
nginx -t -p "$PWD/" -c nginx.conf
nginx -p "$PWD/" -c nginx.conf &
NGX_PID=$!
for i in $(seq 50); do curl -s -o /dev/null "http://127.0.0.1:$PORT/basic?k=probe" && break; sleep 0.1; done
: > run/access.log   # drop the probe line
kill -USR1 $NGX_PID 2>/dev/null || true; sleep 0.3; : > run/access.log
python3 client.py 127.0.0.1 $PORT basic,weights,hostname,unix,down "$N"
sleep 0.5
kill $NGX_PID; wait $NGX_PID 2>/dev/null || true; NGX_PID=
python3 mktsv.py run/access.log "$N"
# CRC32 (zlib / IEEE) reference values
python3 - <<'PY'
import zlib
with open('crc32.tsv','w') as f:
    f.write('key\tcrc32\n')
    for k in ["", "a", "apple", "key-0", "123456789"]:
        f.write(f'{k}\t{zlib.crc32(k.encode())}\n')
PY

