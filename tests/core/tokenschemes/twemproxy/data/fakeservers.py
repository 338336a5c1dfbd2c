#!/usr/bin/env python3
"""Fake memcached servers: one listener per server address found in nutcracker.yml.

Each answers `get KEY\r\n` with `VALUE KEY 0 LEN\r\n<ip:port>\r\nEND\r\n`, where
<ip:port> is the address of the listener that received the request.
Usage: fakeservers.py nutcracker.yml   (prints READY when all listeners are bound)
"""
import asyncio
import sys

from common import load_pools, server_addr


def make_handler(ident):
    payload = ident.encode()

    async def handle(reader, writer):
        try:
            while True:
                line = await reader.readline()
                if not line:
                    break
                parts = line.strip().split()
                if not parts:
                    continue
                cmd = parts[0].lower()
                if cmd in (b"get", b"gets"):
                    out = b"".join(
                        b"VALUE %s 0 %d\r\n%s\r\n" % (k, len(payload), payload) for k in parts[1:]
                    )
                    writer.write(out + b"END\r\n")
                elif cmd == b"version":
                    writer.write(b"VERSION fake-" + payload + b"\r\n")
                elif cmd == b"quit":
                    break
                else:
                    writer.write(b"ERROR\r\n")
                await writer.drain()
        except (ConnectionResetError, BrokenPipeError):
            pass
        finally:
            writer.close()

    return handle


async def main(conf):
    addrs = sorted({server_addr(s) for _, _, _, servers in load_pools(conf) for s in servers})
    listeners = []
    for a in addrs:
        host, port = a.rsplit(":", 1)
        listeners.append(await asyncio.start_server(make_handler(a), host, int(port), reuse_address=True))
    print("READY", len(addrs), "listeners:", " ".join(addrs), flush=True)
    await asyncio.gather(*(l.serve_forever() for l in listeners))


if __name__ == "__main__":
    try:
        asyncio.run(main(sys.argv[1] if len(sys.argv) > 1 else "nutcracker.yml"))
    except KeyboardInterrupt:
        pass
