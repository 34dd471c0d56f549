"""Drawing: how long ``explain --html`` takes beyond the solve, and how big pages are.

For each puzzle (the default Inkala puzzle and the first ``--limit`` of top95): the
logical solve alone, then the walkthrough page built from it (every step drawn, singles
twice: in their run and on their own), the page's size, and the time per drawn picture.

    .venv/bin/python benchmarks/draw.py
    .venv/bin/python benchmarks/draw.py --limit 10
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.common import load, machine  # noqa: E402
from engine.app.commands.drawn import solution_section  # noqa: E402
from engine.app.draw.page import walkthrough_page  # noqa: E402
from engine.grid import Grid  # noqa: E402
from engine.solver import solve  # noqa: E402
from techniques import DEFAULT  # noqa: E402

INKALA = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."


def measure(line: str) -> tuple[float, float, int, int]:
    """Seconds to solve, seconds to draw the page, pictures drawn, page bytes."""
    start = Grid.from_string(line)
    began = time.perf_counter()
    result = solve(start, DEFAULT)
    solved = time.perf_counter()
    section = solution_section("Puzzle", "p1-", start, result, None)
    page = walkthrough_page("benchmark", [section])
    drawn = time.perf_counter()
    return solved - began, drawn - solved, sum(1 for p in section.panels if p.picture), len(page.encode())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=5, help="top95 puzzles to draw (default 5)")
    args = parser.parse_args()
    print(machine())
    print(f"{'puzzle':<12} {'solve s':>8} {'page s':>8} {'pictures':>9} {'ms/picture':>11} {'page KB':>8}")
    for name, line in [("inkala", INKALA), *((f"top95 #{n}", p) for n, p in enumerate(load("top95.txt", args.limit), 1))]:
        solve_s, draw_s, pictures, size = measure(line)
        print(f"{name:<12} {solve_s:>8.3f} {draw_s:>8.3f} {pictures:>9} {1000 * draw_s / pictures:>11.2f} {size / 1024:>8.0f}")


if __name__ == "__main__":
    main()
