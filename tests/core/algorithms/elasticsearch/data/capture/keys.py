#!/usr/bin/env python3
"""Print the routing keys (Elasticsearch _id values) to capture, one per line, UTF-8.

The empty string is deliberately absent: Elasticsearch refuses an empty _id.
No key contains a tab or a newline.
"""
import sys


def keys():
    for i in range(400):
        yield f"doc-{i}"
    for i in range(300):
        yield f"10.0.{i // 250}.{i % 250}:9200"
    for i in range(200):
        yield f"https://example.com/orders/{i}?v=2"
    for i in range(200):
        yield f"注文-{i}"
    for i in range(200):
        # the rocket is outside the BMP: a surrogate pair in UTF-16
        yield f"café-{i}-🚀"
    for n in range(1, 41):
        yield "x" * n
    yield from ["a", "ab", "abc", "123456789", "elasticsearch",
                "\u00ff" * 7, "é" * 500,
                # from Elasticsearch's IndexRoutingTests.testBWC
                "sEERfFzPSI", "cNRiIrjzYd"]


def main():
    out = sys.stdout.buffer
    for k in keys():
        assert k and "\t" not in k and "\n" not in k and "\r" not in k, repr(k)
        out.write(k.encode("utf-8") + b"\n")


if __name__ == "__main__":
    main()
