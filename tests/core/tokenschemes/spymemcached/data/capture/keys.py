#!/usr/bin/env python3
# The keys captured: 3,000 ids, then Japanese and emoji keys (UTF-8 bytes >= 0x80), one per line.
for i in range(3000):
    print(f"key-{i}")
for i in range(500):
    print(f"ユーザー:{i}:🚀")
