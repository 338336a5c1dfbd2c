#!/usr/bin/env python3
# The keys captured: what producers key records by (ids, host:port, URLs, Japanese and emoji
# text, whose bytes >= 0x80 a signed char would read differently), every length 0-40 so that
# each of murmur2's tails is taken, and a 1,000-byte key.
keys = [""]
keys += [f"user:{i}" for i in range(400)]
keys += [f"10.0.{i // 250}.{i % 250}:9092" for i in range(300)]
keys += [f"https://example.com/orders/{i}?v=2" for i in range(200)]
keys += [f"注文-{i}" for i in range(200)]
keys += [f"café-{i}-🚀" for i in range(200)]
keys += ["x" * n for n in range(1, 41)]
keys += ["a", "ab", "abc", "123456789", "kafka", "giberish123456789", "\u00ff" * 7,
         "é" * 500]
for key in keys:
    print(key)
