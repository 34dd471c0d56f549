"""Search benchmark: count solutions (limit 2) for every top1465 puzzle.

Reports puzzles/s, median, p95 and max per puzzle for ``engine.search.count_solutions``
and for a plain Norvig-style solver (benchmarks/norvig_reference.py) doing the same job in
the same run, and the ratios between them.

    .venv/bin/python benchmarks/search.py            # all 1,465 puzzles (about 15 s)
    .venv/bin/python benchmarks/search.py --limit 200
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import norvig_reference  # noqa: E402
from benchmarks.common import load, machine, summary, time_each  # noqa: E402
from engine.search import count_solutions  # noqa: E402


def _values(line: str) -> list[int]:
    return [int(ch) if ch in "123456789" else 0 for ch in line]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=None, help="only the first N puzzles")
    parser.add_argument("--file", default="top1465.txt", help="a puzzle file in puzzles/")
    args = parser.parse_args()
    puzzles = load(args.file, args.limit)
    print(f"search benchmark: count_solutions(limit=2) on {args.file} ({len(puzzles)} puzzles); {machine()}")

    values = [_values(p) for p in puzzles]
    for v in values[:20]:  # warm-up
        count_solutions(v, 2)
    ours = time_each([str(i) for i in range(len(values))], lambda i: count_solutions(values[int(i)], 2))
    print(summary("stepdoku search", ours))
    reference = time_each(puzzles, lambda p: norvig_reference.count_solutions(p, 2))
    print(summary("Norvig-style reference", reference))
    print(
        f"ratio (reference / ours): total {sum(reference) / sum(ours):.1f}x, "
        f"median {statistics.median(reference) / statistics.median(ours):.1f}x"
    )


if __name__ == "__main__":
    main()
