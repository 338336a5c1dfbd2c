#!/usr/bin/env python3
"""Print the keys for the mcrouter routing capture, one per line, as lowercase hex.

The empty key is an empty line. Keys are raw bytes: mcrouter hashes the bytes it is given,
so a hash stop such as "|#|" is hashed as part of the key, and invalid UTF-8 is fine.
Deterministic: no randomness, no clock. Every key is distinct (checked below).
"""
import sys

PATTERN = b"abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def fill(prefix, length, pattern=PATTERN):
    """prefix, then pattern repeated, cut to exactly `length` bytes."""
    out = bytearray(prefix)
    while len(out) < length:
        out += pattern
    return bytes(out[:length])


def keys():
    # Short ids.
    for i in range(1, 41):
        yield f"user:{i}".encode()
    # Keys used by mcrouter's own tests (Ch3HashTest, RendezvousHashTest, ...).
    yield from [b"sample", b"mykey", b"0", b"1", b"9", b"42", b"999", b"mykey:0",
                b"mykey:1", b"k0", b"k99999", b"eq_0", b"d0", b"cons_0"]
    # host:port-like keys.
    for i in range(1, 25):
        yield f"10.0.0.{i}:11211".encode()
    for i in (0, 1, 127, 255):
        yield f"10.1.{i}.7:11211".encode()
    yield b"127.0.0.1:11211"
    yield b"[::1]:11211"
    for i in range(1, 5):
        yield f"[2001:db8::{i}]:11211".encode()
    for i in range(8):
        yield f"cache-{i}.example.com:11211".encode()
    # URLs.
    for i in range(12):
        yield f"https://example.com/items/{i}".encode()
    for i, word in enumerate(["memcached", "consistent+hashing", "caf%C3%A9", "a%20b",
                              "%E3%83%A6%E3%83%BC%E3%82%B6%E3%83%BC"]):
        yield f"http://www.example.org/search?q={word}&page={i}".encode()
    yield b"https://example.com/"
    yield b"https://example.com/a/b/c?x=1&y=2#frag"
    yield b"http://user:pass@example.net:8080/path;params?query#fragment"
    yield "https://例え.jp/パス?q=キー".encode()
    yield b"ftp://files.example.com/pub/file.tar.gz"
    yield b"/relative/path/only"
    # Hash stop "|#|" (hashed as given).
    yield b"user:42|#|profile"
    for i in range(10):
        yield f"user:{i}|#|profile".encode()
    yield from [b"|#|", b"|#|user:1", b"user:1|#|", b"a|#|b|#|c", b"mcrouter:pool|#|shard-7",
                b"user:42|#", b"user:42#|profile"]
    # Japanese UTF-8.
    for i in range(1, 21):
        yield f"ユーザー:{i}".encode()
    for i in range(5):
        yield f"キャッシュ:東京:{i}".encode()
    yield "日本語のキー".encode()
    yield "ｶﾀｶﾅ:ﾊﾝｶｸ".encode()  # half-width katakana
    # Emoji (4-byte UTF-8), including ZWJ and flag sequences.
    for i in range(10):
        yield f"🔑:{i}".encode()
    for i in range(5):
        yield f"user:😀:{i}".encode()
    yield from ["👨‍👩‍👧‍👦".encode(), "🇯🇵".encode(), "🔥".encode(), ("🔥" * 5).encode(),
                "café-🚀".encode(), "𝄞".encode()]
    # Bytes >= 0x80 that are not valid UTF-8, and embedded NULs.
    for i in range(10):
        yield b"\xff\xfe" + str(i).encode()
    yield from [b"\x80", b"\x80abc", b"\xc0\xaf", b"\xe3\x81", b"\xed\xa0\x80",
                b"\xf8\x88\x80\x80\x80", b"caf\xe9", b"\xfe\xff", b"\xff" * 16,
                b"key\x00nul", b"\x00", b"\x00" * 8, b"\x01\x02\x03"]
    # mcrouter's test_max_key: bytes 0x80..0xff, 0x00..0x7f (256 bytes), and reversed.
    max_key = bytes((i - 128) & 0xFF for i in range(256))
    yield max_key
    yield max_key[::-1]
    # Every length 0..40 of a repeated pattern (length 0 is the empty key).
    for n in range(41):
        yield fill(b"", n, b"pattern-")
    # Long keys. Spooky takes its long path at >= 192 bytes; WeightedCh3 appends 1 or 2
    # salt digits, so keys of 190-191 bytes reach 192 only on a retry. 250 is memcached's
    # maximum key length; 256/257 cross WeightedCh3's stack buffer (256 + 20 bytes).
    for n in (63, 64, 65, 95, 96, 97, 127, 128, 129, 250, 255, 256, 257, 511, 512, 1000):
        yield fill(f"long:{n}:".encode(), n)
    for n in range(186, 195):
        yield fill(f"near192:{n}:".encode(), n)
        yield fill(f"n192b:{n}:".encode(), n, b"0123456789")
        yield fill(b"", n, b"x")
        yield fill("ユーザー:".encode(), n, "キー".encode())  # may end mid-character
    # Filler: ordinary-looking cache keys.
    for i in range(60):
        yield f"feed:{i * 7919}:v2".encode()
    for i in range(40):
        yield f"session:{(i * 2654435761) % (1 << 32):08x}".encode()


def main():
    seen = set()
    out = []
    for k in keys():
        assert isinstance(k, bytes)
        assert k not in seen, k
        seen.add(k)
        out.append(k.hex())
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
