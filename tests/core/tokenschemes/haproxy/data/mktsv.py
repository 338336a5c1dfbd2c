#!/usr/bin/env python3
"""run/log.txt (frontend, X-Key, URI, server, term-state) -> <case>.tsv"""
import sys, collections
n = int(sys.argv[2]); seen = collections.defaultdict(dict); bad = 0; hashes = {}; ts = collections.Counter()
for line in open(sys.argv[1]):
    fe, key, uri, srv, st, *hv = line.rstrip('\n').split('\t')
    if hv: hashes[key] = hv
    case = fe[3:]; ts[st] += 1
    if uri != f'/?k={key}': print('URI MISMATCH', line, file=sys.stderr); bad += 1
    if srv not in ('s1','s2','s3','s4'): print('NO SERVER', line, file=sys.stderr); bad += 1; continue
    p = seen[case].get(key)
    if p is not None and p != srv: print('INCONSISTENT', case, key, p, srv, file=sys.stderr); bad += 1
    seen[case][key] = srv
print('termination states:', dict(ts))
for case in sys.argv[3:]:
    with open(f'{case}.tsv','w') as f:
        f.write('key\tserver\n')
        for i in range(n):
            k = f'key-{i}'
            if k not in seen[case]: print('MISSING', case, k, file=sys.stderr); bad += 1; continue
            f.write(f'{k}\t{seen[case][k]}\n')
    print(case, len(seen[case]), dict(sorted(collections.Counter(seen[case].values()).items())))
if hashes:
    with open('hashes.tsv','w') as f:
        f.write('key\tsdbm\tdjb2\twt6\tcrc32\tsdbm_avalanche\tdjb2_avalanche\twt6_avalanche\tcrc32_avalanche\n')
        for i in range(n):
            k = f'key-{i}'
            if k in hashes: f.write(k + '\t' + '\t'.join(hashes[k]) + '\n')
sys.exit(1 if bad else 0)
