#!/usr/bin/env python3
"""access.log (uri, key, upstream_addr) -> <case>.tsv, mapping resolved addr -> server as written."""
import sys, collections
MAP = {
 'basic':   {'127.0.0.1:8081':'127.0.0.1:8081','127.0.0.1:8082':'127.0.0.1:8082','127.0.0.1:8083':'127.0.0.1:8083','127.0.0.1:8084':'127.0.0.1:8084'},
 'weights': {'127.0.0.11:8080':'127.0.0.11:8080','127.0.0.12:8080':'127.0.0.12:8080','127.0.0.13:9000':'127.0.0.13:9000'},
 'hostname':{'127.0.0.21:80':'backend-a.example.com','127.0.0.22:8080':'backend-b.example.com:8080','127.0.0.23:80':'127.0.0.23'},
 'unix':    {'unix:/tmp/rs-golden-a.sock':'unix:/tmp/rs-golden-a.sock','unix:/tmp/rs-golden-b.sock':'unix:/tmp/rs-golden-b.sock','127.0.0.31:8080':'127.0.0.31:8080'},
 'down':    {'127.0.0.1:8081':'127.0.0.1:8081','127.0.0.1:8083':'127.0.0.1:8083','127.0.0.1:8084':'127.0.0.1:8084'},
}
n = int(sys.argv[2])
seen = collections.defaultdict(dict); bad = 0
for line in open(sys.argv[1]):
    uri, key, addr = line.rstrip('\n').split('\t')
    case = uri.lstrip('/')
    srv = MAP[case].get(addr)
    if srv is None:
        print(f'UNMAPPED {case} {key} {addr}', file=sys.stderr); bad += 1; continue
    prev = seen[case].get(key)
    if prev is not None and prev != srv:
        print(f'INCONSISTENT {case} {key} {prev} {srv}', file=sys.stderr); bad += 1
    seen[case][key] = srv
for case in MAP:
    with open(f'{case}.tsv', 'w') as f:
        f.write('key\tserver\n')
        for i in range(n):
            k = f'key-{i}'
            if k not in seen[case]:
                print(f'MISSING {case} {k}', file=sys.stderr); bad += 1; continue
            f.write(f'{k}\t{seen[case][k]}\n')
    c = collections.Counter(seen[case].values())
    print(case, len(seen[case]), dict(sorted(c.items())))
sys.exit(1 if bad else 0)
