#!/usr/bin/env python3
"""Runs the benchmark suites and writes the README's performance table.

Each row is one benchmark's median over the repetitions (Google Benchmark's JSON), its ratio
against a baseline measured in the same run, and its budget where it has one: a row over its
budget says so. The table is written between the README's markers
`<!-- bench-table:begin -->` and `<!-- bench-table:end -->`, with the date, the machine and the
build it measured; nothing else in the README changes.

Usage: python3 tests/bench/readme_table.py [--build build/default] [--repetitions 3]
                                           [--print]   (the table on stdout, the README untouched)
"""

import argparse
import datetime
import json
import os
import platform
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BEGIN = "<!-- bench-table:begin -->"
END = "<!-- bench-table:end -->"

# The suites: the program (under the build folder) and its environment.
CORE = ("tests/bench/ringscope_bench", {})
GUI = ("tests/gui/ringscope_gui_bench", {"QT_QPA_PLATFORM": "offscreen"})


class Row:
    """One line of the table. `name` is the benchmark as the suite lists it; `against` the
    baseline whose time the ratio divides by; `budget` either ("ms", limit, why) or
    ("times", baseline, factor): the row is over budget past it."""

    def __init__(self, suite, name, what, against=None, budget=None, shown=None):
        self.suite, self.name, self.what = suite, name, what
        self.against, self.budget = against, budget
        self.shown = shown or re.sub(r"/(iterations:\d+|min_time:[\d.]+|real_time)", "", name)


LOOKUP = "BM_RingLookup/vnodes:160"
ROWS = [
    Row(CORE, LOOKUP, "owner of a position, N=100 × V=160 (16,000 tokens): radix table + "
        "branchless search over a flat array", "BM_StdMapRingLookup/vnodes:160"),
    Row(CORE, "BM_StdMapRingLookup/vnodes:160", "the same ring as `std::map` + `lower_bound`"),
    Row(CORE, "BM_EytzingerLookup/vnodes:160", "the same positions in Eytzinger order, "
        "branch-free with prefetching (Khuong and Morin 2017)", LOOKUP),
    Row(CORE, "BM_RingLookup/vnodes:2560", "N=100 × V=2,560 (256,000 tokens)",
        "BM_StdMapRingLookup/vnodes:2560"),
    Row(CORE, "BM_EytzingerLookup/vnodes:2560", "the Eytzinger layout of those positions",
        "BM_RingLookup/vnodes:2560"),
    Row(CORE, "BM_NginxRingLookup", "nginx's ring of 16,000 points, first point ≥ the key",
        LOOKUP),
    Row(CORE, "BM_HaproxyRingLookup", "HAProxy's ring of 16,000 points, the nearer neighbour",
        LOOKUP),
    Row(CORE, "BM_TwemproxyRingLookup", "twemproxy's continuum of 16,000 points", LOOKUP),
    Row(CORE, "BM_GroupcacheRingLookup", "groupcache's ring of 16,000 points", LOOKUP),
    Row(CORE, "BM_JumpLookup", "`jumpHash`, N=1000", "BM_JumpReference"),
    Row(CORE, "BM_JumpReference", "Lamping & Veach's code as published"),
    Row(CORE, "BM_JumpBackLookup", "`jumpBackHash`, SplitMix64, N=1000", "BM_JumpLookup"),
    Row(CORE, "BM_JumpBackXorshiftLookup", "the same with XorshiftL7R9", "BM_JumpLookup"),
    Row(CORE, "BM_AnchorLookup", "`AnchorTable::bucketOf`, a = 2,000, N = 1,000, 500 removed",
        "BM_AnchorReference"),
    Row(CORE, "BM_AnchorReference", "the authors' `AnchorHashQre` ported literally"),
    Row(CORE, "BM_MementoLookup", "`MementoTable::bucketOf`, N = 1,000, 500 removed",
        "BM_MementoReference"),
    Row(CORE, "BM_MementoReference", "`MementoEngine.getBucket` ported literally"),
    Row(CORE, "BM_DxLookup", "`DxTable::bucketOf`, capacity 2,000, N = 1,000, 500 removed",
        "BM_DxReference"),
    Row(CORE, "BM_DxReference", "`DxEngine.getBucket` with Java's `Random` and a `BitSet`"),
    Row(CORE, "BM_FullReassign/160", "1,000,000 keys, N=100 × V=160: one merge sweep",
        "BM_PerKeyReassign/160"),
    Row(CORE, "BM_FullReassign/256", "the same, 25,600 tokens"),
    Row(CORE, "BM_PerKeyReassign/160", "the same keys, one `std::map` lookup each"),
    Row(CORE, "BM_AssignKeyOrder", "the sweep writing owners in key order (diff, stats)",
        "BM_FullReassign/160"),
    Row(CORE, "BM_DragStep", "move one token between its neighbours, 1M keys, 25,600 tokens",
        "BM_FullReassign/256"),
    Row(CORE, "BM_RingAddNode/iterations:5/real_time",
        "add a node with 256 vnodes to that ring (only the new arcs' keys)",
        "BM_FullReassign/256"),
    Row(CORE, "BM_RingRemoveNode/iterations:5/real_time", "remove one of those nodes",
        "BM_FullReassign/256"),
    Row(CORE, "BM_HrwReassign/full:0/iterations:3/real_time",
        "HRW: a node joins, ranks of the old owner and the new node per key",
        "BM_HrwReassign/full:1/iterations:3/real_time"),
    Row(CORE, "BM_HrwReassign/full:1/iterations:3/real_time", "HRW: a full assignment"),
    Row(CORE, "BM_HrwRoute/10", "one rendezvous lookup over 10 nodes (SHA-256 each)"),
    Row(CORE, "BM_HrwRoute/100", "one rendezvous lookup over 100 nodes", "BM_HrwRoute/10"),
    # BM_HashKey's argument is the HashKind: 1 fnv1a32, 2 fnv1a64, 3 md5, 4 sha256, 5 xxh64.
    Row(CORE, "BM_HashKey/1", "a 12-byte key: fnv1a32", shown="BM_HashKey/1 (fnv1a32)"),
    Row(CORE, "BM_HashKey/5", "xxh64", "BM_HashKey/1", shown="BM_HashKey/5 (xxh64)"),
    Row(CORE, "BM_HashKey/4", "sha256 (OpenSSL)", "BM_HashKey/1", shown="BM_HashKey/4 (sha256)"),
    Row(CORE, "BM_HashKey/3", "md5 (OpenSSL)", "BM_HashKey/1", shown="BM_HashKey/3 (md5)"),
    Row(CORE, "BM_Replay/10000000/real_time",
        "10,000,000 requests through 100 caches of 10,000 entries, a 101st joining halfway"),
    Row(GUI, "BM_DragFrame/min_time:2.000",
        "a drag frame in the window's ring: live update, scene refresh and a paint of what "
        "changed (RingCanvas) at 900×900, 1M keys, 25,600 tokens", "BM_FullReassign/160",
        ("times", "BM_FullReassign/160", 3.0)),
    Row(GUI, "BM_StaticFrame/min_time:2.000",
        "the same scene painted whole with nothing moved: what a frame would cost painting "
        "everything", "BM_DragFrame/min_time:2.000"),
    Row(GUI, "BM_DragFrame/10M/min_time:2.000", "the same over 10,000,000 keys",
        "BM_FullReassign/160", ("times", "BM_FullReassign/160", 3.0)),
    Row(GUI, "BM_DragFrame/100M/min_time:2.000", "the same over 100,000,000 keys",
        "BM_FullReassign/160", ("times", "BM_FullReassign/160", 3.0)),
    Row(GUI, "BM_DragFrameCrossing/min_time:2.000",
        "the same, the token passing several neighbours per frame", "BM_FullReassign/160",
        ("times", "BM_FullReassign/160", 3.0)),
    Row(GUI, "BM_DragUpdateOnly/min_time:2.000",
        "the document's live update and the scene's refresh, no paint", "BM_FullReassign/160"),
    Row(GUI, "BM_GlideFrame/1", "a glide frame (Play the Change): 1,116 keys gliding over "
        "the kept picture of a 100,000-key ring", "BM_FullReassign/160",
        ("times", "BM_FullReassign/160", 3.0)),
    Row(GUI, "BM_GlideFrame/3", "the same with 3,205 keys gliding", "BM_FullReassign/160",
        ("times", "BM_FullReassign/160", 3.0)),
    Row(GUI, "BM_StackedChart/inPlace:2/min_time:1.000",
        "the load chart after a drag step: two of 100 bars change, drawn at 1200×300",
        "BM_FullReassign/160", ("times", "BM_FullReassign/160", 3.0)),
    Row(GUI, "BM_MovedKeysStep/min_time:1.000",
        "the moved-key list after a drag step on 1M keys: its rows told, the table laid out",
        "BM_FullReassign/160", ("times", "BM_FullReassign/160", 3.0)),
    Row(GUI, "BM_OpenKeyFile/10M/iterations:3/real_time",
        "the window opening a scenario whose keys are a 10,000,000-line file (209 MB), until "
        "idle", "BM_CliStatsKeyFile/10M/iterations:3/real_time",
        ("times", "BM_CliStatsKeyFile/10M/iterations:3/real_time", 1.5)),
    Row(GUI, "BM_CliStatsKeyFile/10M/iterations:3/real_time",
        "`ringscope-cli stats` on the same file, the whole process"),
]


def run_suite(build, suite, names, repetitions):
    program, env = suite
    path = os.path.join(build, program)
    if not os.access(path, os.X_OK):
        sys.exit(f"readme_table: no {path}: build the benchmarks first (cmake --build)")
    pattern = "^(" + "|".join(re.escape(n) for n in names) + ")$"
    with tempfile.NamedTemporaryFile(suffix=".json") as out:
        subprocess.run(
            [path, f"--benchmark_filter={pattern}", f"--benchmark_repetitions={repetitions}",
             "--benchmark_report_aggregates_only=true", f"--benchmark_out={out.name}",
             "--benchmark_out_format=json"],
            check=True, stdout=subprocess.DEVNULL, env={**os.environ, **env})
        with open(out.name) as f:
            report = json.load(f)
    scale = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}
    medians = {}
    for b in report["benchmarks"]:
        if b.get("aggregate_name", "median") == "median":
            medians[b["run_name"]] = b["real_time"] * scale[b["time_unit"]]
    return medians, report["context"]


def time_text(ns):
    for unit, size in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if ns >= size:
            return f"{ns / size:.3g} {unit}" if ns / size < 100 else f"{ns / size:,.0f} {unit}"
    return f"{ns:.3g} ns"


def times_text(x):
    return f"{x:,.0f}×" if x >= 100 else f"{x:.3g}×"


def ratio_text(ns, base):
    r = ns / base
    return f"**{times_text(1 / r)} faster**" if r < 1 else times_text(r)


def budget_text(row, times):
    if not row.budget:
        return ""
    kind, what, limit = row.budget
    allowed = times[what] * limit if kind == "times" else limit * 1e6
    why = f"{limit:g}× `{what}`" if kind == "times" else what
    if times[row.name] <= allowed:
        return f"within ≤ {why} ({time_text(allowed)})"
    return f"**over**: ≤ {why} is {time_text(allowed)}"


def machine(context):
    model = ""
    try:
        with open("/proc/cpuinfo") as f:
            model = next(l.split(":", 1)[1].strip() for l in f if l.startswith("model name"))
    except (OSError, StopIteration):
        model = platform.processor()
    return f"{model}, {context.get('num_cpus', os.cpu_count())} cores"


def table(build, repetitions):
    times, context = {}, {}
    for suite in (CORE, GUI):
        names = {r.name for r in ROWS if r.suite == suite}
        names |= {r.against for r in ROWS if r.against and r.suite == suite}
        medians, context = run_suite(build, suite, sorted(names), repetitions)
        times.update(medians)
    missing = [r.name for r in ROWS if r.name not in times]
    if missing:
        sys.exit("readme_table: not in the suites' output: " + ", ".join(missing))
    over = [r for r in ROWS if r.budget and budget_text(r, times).startswith("**over")]
    lines = [
        f"Measured {datetime.date.today().isoformat()} on {machine(context)}, "
        f"`{os.path.relpath(build, ROOT)}` (the preset's flags), medians of {repetitions} "
        "repetitions, "
        "every ratio against a baseline measured in the same run, by "
        "`python3 tests/bench/readme_table.py`. Rows over their budget: "
        + (", ".join(f"`{r.shown}`" for r in over) if over else "none") + ".",
        "",
        "| benchmark | what | time | against | ratio | budget |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    by_name = {r.name: r for r in ROWS}
    for r in ROWS:
        against = by_name[r.against].shown if r.against in by_name else r.against
        lines.append("| `{}` | {} | {} | {} | {} | {} |".format(
            r.shown, r.what, time_text(times[r.name]),
            f"`{against}`" if r.against else "",
            ratio_text(times[r.name], times[r.against]) if r.against else "",
            budget_text(r, times)))
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build", "default"))
    parser.add_argument("--repetitions", type=int, default=3)
    parser.add_argument("--print", action="store_true", help="print the table, leave README")
    args = parser.parse_args()
    text = table(os.path.abspath(args.build), args.repetitions)
    if args.print:
        sys.stdout.write(text)
        return
    readme = os.path.join(ROOT, "README.md")
    with open(readme) as f:
        old = f.read()
    if BEGIN not in old or END not in old:
        sys.exit(f"readme_table: README.md has no {BEGIN} … {END}")
    head, rest = old.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    with open(readme + ".tmp", "w") as f:
        f.write(head + BEGIN + "\n" + text + END + tail)
    os.replace(readme + ".tmp", readme)


if __name__ == "__main__":
    main()
