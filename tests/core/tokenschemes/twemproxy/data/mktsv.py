#!/usr/bin/env python3
"""Map answering addresses back to the server entry exactly as written in
nutcracker.yml and write <case>.tsv (header `key<TAB>server`).
Usage: mktsv.py nutcracker.yml RAWDIR OUTDIR
"""
import collections
import sys

from common import load_pools, server_addr


def main():
    conf, rawdir, outdir = sys.argv[1:4]
    for case, _h, _p, servers in load_pools(conf):
        by_addr = {}
        for s in servers:
            a = server_addr(s)
            assert a not in by_addr, f"{case}: address {a} used twice"
            by_addr[a] = s
        counts = collections.Counter()
        rows = []
        with open(f"{rawdir}/{case}.raw") as f:
            for line in f:
                key, addr = line.rstrip("\n").split("\t")
                server = by_addr[addr]  # KeyError = answered by a server not in this pool
                counts[server] += 1
                rows.append(f"{key}\t{server}\n")
        with open(f"{outdir}/{case}.tsv", "w") as f:
            f.write("key\tserver\n")
            f.writelines(rows)
        summary = ", ".join(f"{s if len(s) < 40 else s[:36] + '...'}={counts[s]}" for s in servers)
        print(f"{case}.tsv: {len(rows)} rows; {summary}")


if __name__ == "__main__":
    main()
