"""Patterns instead of nets: Forcing Chain/Net steps per puzzle, by profile (issue 15).

Solves a fixed sample of a dataset with a profile's default techniques (the solve
``stepdoku explain --profile NAME`` does) and records, per puzzle, every step code used
and the CPU time. ``run`` writes one JSON line per puzzle; ``compare`` reads two such
files (the same puzzles under two profiles, or two revisions) and prints:

* Forcing Chain/Net steps per puzzle, and the share of puzzles solved without any;
* Brute Force steps (puzzles that still needed a guess);
* per technique of the second file that the first lacks: the puzzles it was used in, and
  in how many of those the second solve used fewer forcing steps than the first;
* CPU time per puzzle (median, mean, total);
* the size of each solve's largest step (the cells and links its picture shows: the
  highlights' candidates, cells, groups and link ends as distinct cells, plus its links),
  median and maximum over the puzzles, and which techniques those largest steps were.

    .venv/bin/python benchmarks/patterns.py run --profile hodoku --set forum1905 --sample 500 -j 2 -o /tmp/hodoku.jsonl
    .venv/bin/python benchmarks/patterns.py run --profile full --set forum1905 --sample 500 -j 2 -o /tmp/full.jsonl
    .venv/bin/python benchmarks/patterns.py compare /tmp/hodoku.jsonl /tmp/full.jsonl

``side`` solves each puzzle with two profiles in turn in one process (which goes first
alternates), writing one file per profile: the CPU ratio of two profiles is then measured
under the same load, puzzle by puzzle, which two runs one after the other on a shared
machine are not (top1465's full/hodoku bound). Both ``run`` and ``side`` collect garbage
cycles as the ``stepdoku`` command does (``cli.collect_less_often``), so the times are
those a user of the command sees:

    .venv/bin/python benchmarks/patterns.py side --profiles hodoku,full --set top1465 --sample 0 -o /tmp/top
    .venv/bin/python benchmarks/patterns.py compare /tmp/top-hodoku.jsonl /tmp/top-full.jsonl

Sets (read from ``../shared/reference/datasets`` or ``puzzles/``): ``forum1905``
(forum_hardest_1905_se11plus, 48,766 puzzles of SE 11+: the sample is every k-th line),
``mith`` (mith's T&E depth-3 sample of 500), ``top1465``. CPU time (user + system of
the worker process) is reported, not wall time: the machine is shared. ``famous`` (the
named hardest puzzles of ``puzzles/famous.tsv``: Inkala, AI Escargot, Easter Monster, ...)
is small enough to run whole; ``compare`` lists its puzzles one by one.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any, Iterator

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import ROOT, machine, shared_dir  # noqa: E402
from cli import collect_less_often  # noqa: E402
from engine.grid import Grid  # noqa: E402
from engine.profiles import load_profile  # noqa: E402
from engine.step import Step  # noqa: E402
from techniques import CATALOG  # noqa: E402

SHARED = shared_dir() / "reference" / "datasets"
SETS = {
    "forum1905": SHARED / "forum_hardest_1905_se11plus.txt",
    "mith": SHARED / "mith_te3_sample500_expands.txt",
    "top1465": ROOT / "puzzles" / "top1465.txt",
    "famous": ROOT / "puzzles" / "famous.tsv",
}
#: Step codes of the forcing techniques (chains and nets, contradiction and verity).
FORCING = frozenset({"fc", "fcc", "fcv", "fn", "fnc", "fnv"})
BRUTE = "bf"
#: ``compare`` lists the puzzles one by one when there are at most this many.
SHOW_EACH = 30


def puzzles(path: Path, sample: int | None) -> list[tuple[int, str]]:
    """(line number, puzzle) pairs; with ``sample``, that many spread evenly (every k-th)."""
    found = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        text = line.strip()
        if text and not text.startswith("#"):
            found.append((number, text.split()[0][:81]))
    if sample and sample < len(found):
        every = len(found) // sample
        found = found[::every][:sample]
    return found


_PROFILE: Any = None
_TECHNIQUES: Any = None


def _init(profile: str, without: str) -> None:
    global _PROFILE, _TECHNIQUES
    collect_less_often()  # in each worker of ``run``'s pool
    _PROFILE = load_profile(profile, CATALOG)
    left_out = {code.strip() for code in without.split(",") if code.strip()}
    _TECHNIQUES = tuple(t for t in _PROFILE.default if t.code not in left_out) if left_out else None


def step_size(step: Step) -> tuple[int, int]:
    """(cells, links) a step's picture shows: every cell its highlights name (candidates,
    cells, groups, colours, link ends), once, and its links."""
    h = step.highlights
    cells = {c.cell for part in (h.pattern, h.alt, h.fins) for c in part}
    cells.update(h.cells)
    cells.update(c.cell for group in h.groups for c in group.candidates)
    cells.update(c.cell for colour in h.colors for c in colour)
    cells.update(c.cell for link in h.links for c in (link.start, link.end))
    return len(cells), len(h.links)


def _solve(item: tuple[int, str]) -> dict[str, Any]:
    number, puzzle = item
    start = time.process_time()
    result = _PROFILE.solve(Grid.from_string(puzzle), _TECHNIQUES)
    seconds = time.process_time() - start
    codes = Counter(step.code for step in result.steps)
    largest = max(((sum(step_size(s)), *step_size(s), s.code) for s in result.steps), default=(0, 0, 0, ""))
    return {
        "line": number,
        "puzzle": puzzle,
        "status": result.status.value,
        "cpu": round(seconds, 4),
        "codes": dict(sorted(codes.items())),
        "largest": {"cells": largest[1], "links": largest[2], "code": largest[3]},
    }


def _items(args: argparse.Namespace) -> list[tuple[int, str]]:
    items = puzzles(SETS[args.set], args.sample)[args.skip :]
    return items[: args.limit] if args.limit else items


def run(args: argparse.Namespace) -> None:
    items = _items(args)
    without = f" without {args.without}" if args.without else ""
    print(f"{len(items)} puzzles of {args.set}, profile {args.profile}{without}, -j {args.jobs}; {machine()}", file=sys.stderr)
    out = open(args.output, "w") if args.output else sys.stdout
    with multiprocessing.Pool(args.jobs, initializer=_init, initargs=(args.profile, args.without)) as pool:
        for n, record in enumerate(pool.imap(_solve, items, chunksize=1), 1):
            record["profile"] = args.profile + (f" without {args.without}" if args.without else "")
            print(json.dumps(record), file=out, flush=True)
            if n % 25 == 0:
                print(f"  {n}/{len(items)}", file=sys.stderr, flush=True)
    if out is not sys.stdout:
        out.close()


def side(args: argparse.Namespace) -> None:
    """Each puzzle by every profile of ``--profiles`` in turn (the first one first on even
    puzzles, last on odd ones), in this process: ``OUTPUT-PROFILE.jsonl`` per profile."""
    names = [name.strip() for name in args.profiles.split(",") if name.strip()]
    items = _items(args)
    print(f"{len(items)} puzzles of {args.set}, profiles {', '.join(names)} in turn; {machine()}", file=sys.stderr)
    collect_less_often()
    profiles = {name: load_profile(name, CATALOG) for name in names}
    outs = {name: open(f"{args.output}-{name}.jsonl", "w") for name in names}
    global _PROFILE, _TECHNIQUES
    for n, item in enumerate(items, 1):
        for name in names if n % 2 else names[::-1]:
            _PROFILE, _TECHNIQUES = profiles[name], None
            record = _solve(item)
            record["profile"] = name
            print(json.dumps(record), file=outs[name], flush=True)
        if n % 25 == 0:
            print(f"  {n}/{len(items)}", file=sys.stderr, flush=True)
    for out in outs.values():
        out.close()


def read(path: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in Path(path).read_text().splitlines() if line.strip()]


def forcing(record: dict[str, Any]) -> int:
    return sum(n for code, n in record["codes"].items() if code in FORCING)


def _size(record: dict[str, Any]) -> int | str:
    largest = record.get("largest")
    return largest["cells"] + largest["links"] if largest else "-"


def _summary(name: str, records: list[dict[str, Any]]) -> Iterator[str]:
    n = len(records)
    steps = [forcing(r) for r in records]
    cpu = [r["cpu"] for r in records]
    brute = sum(1 for r in records if r["codes"].get(BRUTE))
    yield f"{name}: {n} puzzles"
    yield f"  forcing chain/net steps: {sum(steps)} ({sum(steps) / n:.2f} per puzzle)"
    yield f"  solved without any forcing step: {steps.count(0)} ({100 * steps.count(0) / n:.1f}%)"
    yield f"  needing Brute Force: {brute}"
    yield f"  CPU per puzzle: median {statistics.median(cpu):.2f} s, mean {statistics.mean(cpu):.2f} s, total {sum(cpu):.0f} s"
    sized = [r["largest"] for r in records if "largest" in r]
    if sized:
        total = [s["cells"] + s["links"] for s in sized]
        kinds = Counter(s["code"] for s in sized).most_common(6)
        yield (
            f"  largest step (cells + links): median {statistics.median(total):g}, max {max(total)}"
            f" (cells median {statistics.median(s['cells'] for s in sized):g}, links median {statistics.median(s['links'] for s in sized):g});"
            f" by technique: {', '.join(f'{code} {n}' for code, n in kinds)}"
        )


def compare(args: argparse.Namespace) -> None:
    before, after = read(args.before), read(args.after)
    by_line = {r["line"]: r for r in before}
    paired = [(by_line[r["line"]], r) for r in after if r["line"] in by_line]
    print(f"{len(paired)} puzzles in both files")
    for name, records in ((args.before, [b for b, _ in paired]), (args.after, [a for _, a in paired])):
        for line in _summary(name, records):
            print(line)
    old_codes = {code for b, _ in paired for code in b["codes"]}
    used: Counter[str] = Counter()
    helped: Counter[str] = Counter()
    for b, a in paired:
        for code in a["codes"]:
            if code not in old_codes:
                used[code] += 1
                helped[code] += forcing(a) < forcing(b)
    print("techniques the second run used that the first did not: puzzles used in (of which with fewer forcing steps)")
    for code, n in used.most_common():
        print(f"  {code:<8} {n:>5} ({helped[code]})")
    if len(paired) <= SHOW_EACH:
        print("per puzzle: line, forcing steps first -> second, largest step (cells + links) first -> second")
        for b, a in paired:
            print(f"  {b['line']:>6}  {forcing(b):>3} -> {forcing(a):<3}  {_size(b):>4} -> {_size(a):<4} {a['puzzle']}")
    ratio = sum(a["cpu"] for _, a in paired) / max(1e-9, sum(b["cpu"] for b, _ in paired))
    print(f"CPU time, second / first: {ratio:.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    go = sub.add_parser("run", help="solve a sample, one JSON line per puzzle")
    go.add_argument("--profile", default="hodoku")
    go.add_argument("--set", choices=SETS, default="forum1905")
    go.add_argument("--sample", type=int, default=500, help="that many puzzles spread over the set (0: all)")
    go.add_argument("--without", default="", metavar="CODES", help="leave these techniques out of the profile's default set (e.g. kf: what the patterns alone do)")
    go.add_argument("--limit", type=int, default=0, help="only the first N puzzles of the sample (0: all)")
    go.add_argument("--skip", type=int, default=0, help="leave out the sample's first N puzzles (to split a run)")
    go.add_argument("-j", "--jobs", type=int, default=1)
    go.add_argument("-o", "--output", help="file for the JSON lines (default: standard output)")
    go.set_defaults(func=run)
    both = sub.add_parser("side", help="solve a sample with two profiles in turn, in one process (CPU ratios under one load)")
    both.add_argument("--profiles", default="hodoku,full", help="comma-separated profile names")
    both.add_argument("--set", choices=SETS, default="top1465")
    both.add_argument("--sample", type=int, default=0, help="that many puzzles spread over the set (0: all)")
    both.add_argument("--limit", type=int, default=0, help="only the first N puzzles of the sample (0: all)")
    both.add_argument("--skip", type=int, default=0, help="leave out the sample's first N puzzles (to split a run)")
    both.add_argument("-o", "--output", required=True, help="prefix of the files: PREFIX-PROFILE.jsonl")
    both.set_defaults(func=side)
    cmp = sub.add_parser("compare", help="compare two result files")
    cmp.add_argument("before")
    cmp.add_argument("after")
    cmp.set_defaults(func=compare)
    args = parser.parse_args()
    args.func(args)


if __name__ == "__main__":
    main()
