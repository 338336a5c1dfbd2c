#!/usr/bin/env python3
"""For each port: GET /?k=key-N with header X-Key: key-N, N forward then reverse."""
import http.client, sys
n = int(sys.argv[1]); ports = [int(p) for p in sys.argv[2:]]
def mk(port): return http.client.HTTPConnection('127.0.0.1', port, timeout=10)
for port in ports:
    conn = mk(port)
    for order in (range(n), reversed(range(n))):
        for i in order:
            for attempt in range(3):
                try:
                    conn.request('GET', f'/?k=key-{i}', headers={'X-Key': f'key-{i}'})
                    r = conn.getresponse(); r.read()
                    if r.will_close: conn.close(); conn = mk(port)
                    break
                except Exception:
                    conn.close(); conn = mk(port)
    conn.close()
