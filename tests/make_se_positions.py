"""Harvest test positions for the se profile's producers from SE-style solves of public puzzles.

    .venv/bin/python tests/make_se_positions.py dp,dh2,ul1 --per-code 2 [--files royle17_sample1000.tsv,top95.txt]

For each wanted step code it prints lines in tests/test_se_positions.py's format: the
position just before the se profile took a step of that code, and the step in serate's
notation; plus one ``-`` case per producer: a position where it finds nothing. Read each
case before committing it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.grid import Grid  # noqa: E402
from engine.profiles.se import notation  # noqa: E402
from tests.conftest import SE, puzzle_lines, values_of  # noqa: E402
from tests.make_positions import position_text, removed_text  # noqa: E402


def harvest(codes: list[str], files: list[str], per_code: int, limit: int) -> dict[str, list[str]]:
    wanted: dict[str, list[str]] = {code: [] for code in codes}
    nothing: dict[str, str] = {}
    producers = {code: t for t in SE.default for code in t.codes}
    for name in files:
        for puzzle in puzzle_lines(name, limit):
            grid = Grid.from_values(values_of(puzzle))
            while grid.empty_count() and any(len(v) < per_code for v in wanted.values()):
                found = None
                for producer in SE.default:
                    found = next(producer.find(grid), None)
                    for want in wanted:
                        if found is None and producers[want] is producer and want not in nothing:
                            nothing[want] = f"{want} | {position_text(grid)} | {removed_text(grid)} | -  # from {name}"
                    if found is not None:
                        code = found.code
                        if code in wanted and len(wanted[code]) < per_code:
                            wanted[code].append(f"{code} | {position_text(grid)} | {removed_text(grid)} | {notation(found)}  # from {name}")
                        break
                if found is None:
                    break
                grid.apply(found)
    return {code: lines + ([nothing[code]] if code in nothing else []) for code, lines in wanted.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("codes")
    parser.add_argument("--files", default="royle17_sample1000.tsv,top95.txt")
    parser.add_argument("--per-code", type=int, default=2)
    parser.add_argument("--limit", type=int, default=200, help="puzzles per file")
    args = parser.parse_args()
    for lines in harvest(args.codes.split(","), args.files.split(","), args.per_code, args.limit).values():
        print("\n".join(lines))


if __name__ == "__main__":
    main()
