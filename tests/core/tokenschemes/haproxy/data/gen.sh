#!/bin/bash
# Regenerate HAProxy chash golden vectors.
set -euo pipefail
cd "$(dirname "$0")"
N=${N:-2000}
CASES="sdbm djb2 wt6 crc32 sdbm-avalanche crc32-avalanche disabled sdbm-urlparam djb2-avalanche wt6-avalanche"
rm -rf run; mkdir -p run
haproxy -c -f haproxy.conf
haproxy -db -f haproxy.conf > run/log.txt 2> run/stderr.txt &
HP=$!
trap 'kill $HP 2>/dev/null || true' EXIT
for i in $(seq 50); do curl -s -o /dev/null http://127.0.0.1:18101/ && break; sleep 0.1; done
sleep 0.3; : > run/log.txt   # drop probe (no X-Key header => not hashed)
python3 -c "
import socket
for be in '$CASES'.split():
    s = socket.socket(socket.AF_UNIX); s.connect('run/admin.sock'); s.sendall(f'show servers state be_{be}\\n'.encode())
    print(s.makefile().read().strip())" > run/servers-state.txt
python3 client.py "$N" $(seq 18101 18110)
sleep 0.5
kill $HP; wait $HP 2>/dev/null || true
python3 mktsv.py run/log.txt "$N" $CASES
# url_param k must give the same routes as hdr(X-Key) for the same sdbm backend
cmp sdbm.tsv sdbm-urlparam.tsv && echo "sdbm-urlparam == sdbm (hdr and url_param hash the same bytes)"
