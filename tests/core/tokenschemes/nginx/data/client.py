#!/usr/bin/env python3
"""Send GET /<case>?k=key-N for N in range, forward then reverse order, over keep-alive."""
import http.client, sys
host, port = sys.argv[1], int(sys.argv[2])
cases = sys.argv[3].split(',')
n = int(sys.argv[4])
conn = http.client.HTTPConnection(host, port, timeout=10)
for order in (range(n), reversed(range(n))):
    for case in cases:
        for i in order:
            try:
                conn.request('GET', f'/{case}?k=key-{i}')
                r = conn.getresponse(); r.read()
                if r.getheader('Connection', '').lower() == 'close':
                    conn.close(); conn = http.client.HTTPConnection(host, port, timeout=10)
            except Exception as e:
                conn.close(); conn = http.client.HTTPConnection(host, port, timeout=10)
                conn.request('GET', f'/{case}?k=key-{i}'); r = conn.getresponse(); r.read()
