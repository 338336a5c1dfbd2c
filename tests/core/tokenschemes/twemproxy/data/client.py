#!/usr/bin/env python3
"""Send `get key-N` (N = 0..NKEYS-1) through every pool's listen port, forward then
reverse order; require both passes to agree; write raw results <outdir>/<case>.raw
as `key<TAB>answering ip:port`.
Usage: client.py nutcracker.yml OUTDIR [NKEYS]
"""
import socket
import sys

from common import load_pools


class Conn:
    def __init__(self, host, port):
        self.s = socket.create_connection((host, port), timeout=10)
        self.buf = b""

    def readline(self):
        while b"\r\n" not in self.buf:
            chunk = self.s.recv(65536)
            if not chunk:
                raise EOFError("connection closed by nutcracker")
            self.buf += chunk
        line, self.buf = self.buf.split(b"\r\n", 1)
        return line

    def get(self, key):
        self.s.sendall(b"get %s\r\n" % key.encode())
        line = self.readline()
        if not line.startswith(b"VALUE "):
            raise RuntimeError(f"unexpected reply for {key}: {line!r}")
        _, k, _flags, n = line.split()
        assert k.decode() == key, (k, key)
        val = self.readline()
        assert len(val) == int(n), (val, n)
        end = self.readline()
        assert end == b"END", end
        return val.decode()


def main():
    conf, outdir = sys.argv[1], sys.argv[2]
    nkeys = int(sys.argv[3]) if len(sys.argv) > 3 else 2000
    keys = [f"key-{i}" for i in range(nkeys)]
    ok = True
    for case, host, port, _servers in load_pools(conf):
        c = Conn(host, port)
        fwd = {k: c.get(k) for k in keys}
        rev = {k: c.get(k) for k in reversed(keys)}
        c.s.close()
        diff = [k for k in keys if fwd[k] != rev[k]]
        if diff:
            ok = False
            print(f"{case}: MISMATCH between passes on {len(diff)} keys, e.g. {diff[:5]}", file=sys.stderr)
        with open(f"{outdir}/{case}.raw", "w") as f:
            for k in keys:
                f.write(f"{k}\t{fwd[k]}\n")
        print(f"{case}: {nkeys} keys x 2 passes, passes agree: {not diff}")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
