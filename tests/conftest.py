"""Shared test helpers: puzzle files in puzzles/, the optional reference data in ../shared."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Iterator

import pytest

from engine.cells import parse_cell_name
from engine.grid import Grid
from engine.profiles import Entry, Profile, load_profile
from engine.profiles.hodoku import HodokuProfile
from engine.technique import Catalog, Technique
from techniques import CATALOG

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = ROOT / "puzzles"
# HoDoKu's reglib and the datasets are GPL/third-party data: read them from ../shared when
# present, never copy them in. STEPDOKU_SHARED overrides the location.
SHARED = Path(os.environ.get("STEPDOKU_SHARED", ROOT.parent / "shared"))
REFERENCE = SHARED / "reference"

#: The default profile and the SE-style one, on the whole registry; ``DEFAULT`` is what a
#: plain solve uses (HoDoKu's enabled techniques, in its order).
HODOKU = load_profile("hodoku", CATALOG)
SE = load_profile("se", CATALOG)
DEFAULT: tuple[Technique, ...] = HODOKU.default


class _Given(HodokuProfile):
    """HoDoKu's scale over techniques of a test's own (a profile may bring its own)."""

    def __init__(self, techniques: tuple[Technique, ...]) -> None:
        self.given = techniques
        super().__init__(Catalog(()))

    def build_entries(self, catalog: Catalog) -> Iterator[Entry]:
        for n, technique in enumerate(self.given, 1):
            yield Entry(technique, 100 * n)


def profile_with(*techniques: Technique) -> Profile:
    """A profile that uses exactly these techniques, in this order, rated as HoDoKu would."""
    return _Given(techniques)


def puzzle_lines(name: str, limit: int | None = None) -> list[str]:
    """The 81-character puzzles of a file in puzzles/ (comments and extra columns dropped)."""
    out = []
    for line in (PUZZLES / name).read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            out.append(line.split()[0][:81])
            if limit is not None and len(out) >= limit:
                break
    return out


def solve_positions(lines: list[str]) -> list[Grid]:
    """Every position of the default profile's solves of these puzzles, in order (a
    sequence of positions as a solve meets them: what memos kept across steps see)."""
    from engine.analysis import analyse
    from engine.solver import solve

    out: list[Grid] = []
    for line in lines:
        values = values_of(line)
        solve(Grid.from_values(values), DEFAULT, analysis=analyse(values), watch=lambda grid, step: out.append(grid.copy()))
    return out


def full_solve_positions(numbers: tuple[int, ...]) -> list[Grid]:
    """The position before each step of the ``full`` profile's solves of these top1465
    puzzles (by line number), in order."""
    from engine.profiles import load_profile
    from techniques import CATALOG

    lines = (PUZZLES / "top1465.txt").read_text().splitlines()
    full = load_profile("full", CATALOG)
    out: list[Grid] = []
    for n in numbers:
        grid = Grid.from_string(lines[n].split()[0])
        for step in full.solve(grid).steps:
            out.append(grid.copy())
            grid.apply(step)
    return out


def values_of(line: str) -> list[int]:
    return [int(ch) if ch in "123456789" else 0 for ch in line[:81]]


def position_values(text: str) -> tuple[list[int], int]:
    """81 cells where ``+d`` (HoDoKu's library notation) marks a digit filled in while
    solving: the values, and the cell set of the clues."""
    values: list[int] = []
    givens = 0
    placed = False
    for ch in text:
        if ch == "+":
            placed = True
            continue
        digit = int(ch) if ch in "123456789" else 0
        if digit and not placed:
            givens |= 1 << len(values)
        values.append(digit)
        placed = False
    return values, givens


def grid_from(givens: str, removed: str = "") -> Grid:
    """A grid from 81 cells (``+d`` for a digit filled in while solving, not a clue) minus
    pencil marks written ``r2c4<>25 r3c5<>1``."""
    values, clues = position_values(givens)
    grid = Grid.from_values(values, clues)
    for token in removed.split():
        cell_text, digits = token.split("<>")
        cell = parse_cell_name(cell_text)
        for d in digits:
            grid.eliminate(cell, int(d))
    return grid


def reference_file(*parts: str) -> Path:
    """A file under ../shared/reference, or skip the test when it is absent."""
    path = REFERENCE.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"reference data not present: {path}")
    return path


def iter_reference_puzzles(name: str, limit: int) -> Iterator[str]:
    path = reference_file("datasets", name)
    with path.open() as handle:
        n = 0
        for line in handle:
            if line.strip() and not line.startswith("#"):
                yield line.split()[0][:81]
                n += 1
                if n >= limit:
                    return
