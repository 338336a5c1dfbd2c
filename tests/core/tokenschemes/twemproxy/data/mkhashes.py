#!/usr/bin/env python3
"""Transcribe the hash test vectors of twemproxy's src/test_all.c (test_hash_algorithms)
into hashes.tsv (`function<TAB>input<TAB>value`). Not run by gen.sh: needs the upstream file.
Usage: mkhashes.py path/to/twemproxy/src/test_all.c > hashes.tsv
Read from twitter/twemproxy tag 0.5.0 = 894d78378c0720642184e5bbfcb718bb179dd7ce
(the file is byte-identical at master 60aaf855ba2e15e20d0efbe440c8ff071b719580 and in
Debian's nutcracker_0.5.0+dfsg.orig.tar.xz)."""
import re
import sys

src = open(sys.argv[1]).read()
body = src[src.index("static void test_hash_algorithms"):]
body = body[:body.index("\n}\n")]
print("function\tinput\tvalue")
for line in body.splitlines():
    m = re.search(r'expect_same_uint32_t\((\d+)U,\s*(\w+)\("([^"]*)",\s*(.*?)\),\s*"', line)
    if not m:
        continue
    val, fn, inp, rest = m.groups()
    if fn == "ketama_hash":  # ketama_hash(key, len, alignment): 32-bit LE word #alignment of md5(key)
        name = f"ketama_hash(alignment={rest.rsplit(',', 1)[1].strip()})"
    else:
        name = fn[len("hash_"):]
    print(f"{name}\t{inp}\t{val}")
