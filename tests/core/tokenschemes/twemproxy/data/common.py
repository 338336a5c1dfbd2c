"""Shared helpers: parse nutcracker.yml (the single source of truth for cases)."""
import yaml


def load_pools(path="nutcracker.yml"):
    """Return list of (case, listen_host, listen_port, [server entries as written])."""
    with open(path) as f:
        conf = yaml.safe_load(f)
    pools = []
    for name, p in conf.items():
        host, port = p["listen"].rsplit(":", 1)
        pools.append((name, host, int(port), [str(s) for s in p["servers"]]))
    return pools


def server_addr(entry):
    """'127.0.0.5:22123:3 beta' -> '127.0.0.5:22123' (the address nutcracker connects to)."""
    hostportweight = entry.split(" ", 1)[0]
    host, port, _weight = hostportweight.rsplit(":", 2)
    return f"{host}:{port}"
