"""A solution counter that shares no code with the engine, to check generated puzzles.

Plain depth-first search over sets of used digits per row, column and box, branching on
the empty cell with the fewest possible digits (written from the rules of the game; it
imports nothing from ``engine``). Slow, but plenty for checking a few dozen puzzles.
"""

from __future__ import annotations

_ALL = frozenset("123456789")


def count_solutions(puzzle: str, limit: int = 2) -> int:
    """The number of solutions of an 81-character puzzle (``.`` or ``0`` empty), counting
    no further than ``limit``."""
    cells = [ch if ch in _ALL else "" for ch in puzzle]
    assert len(cells) == 81, len(cells)
    rows: list[set[str]] = [set() for _ in range(9)]
    cols: list[set[str]] = [set() for _ in range(9)]
    boxes: list[set[str]] = [set() for _ in range(9)]
    for i, digit in enumerate(cells):
        if digit:
            r, c, b = i // 9, i % 9, (i // 27) * 3 + (i % 9) // 3
            if digit in rows[r] or digit in cols[c] or digit in boxes[b]:
                return 0
            rows[r].add(digit)
            cols[c].add(digit)
            boxes[b].add(digit)
    empty = [i for i in range(81) if not cells[i]]
    return _count(empty, rows, cols, boxes, limit)


def _count(empty: list[int], rows: list[set[str]], cols: list[set[str]], boxes: list[set[str]], limit: int) -> int:
    if not empty:
        return 1
    best, options = -1, _ALL
    for i in empty:
        r, c, b = i // 9, i % 9, (i // 27) * 3 + (i % 9) // 3
        possible = _ALL - rows[r] - cols[c] - boxes[b]
        if len(possible) < len(options) or best < 0:
            best, options = i, possible
            if len(options) <= 1:
                break
    if not options:
        return 0
    rest = [i for i in empty if i != best]
    r, c, b = best // 9, best % 9, (best // 27) * 3 + (best % 9) // 3
    found = 0
    for digit in sorted(options):
        rows[r].add(digit)
        cols[c].add(digit)
        boxes[b].add(digit)
        found += _count(rest, rows, cols, boxes, limit - found)
        rows[r].discard(digit)
        cols[c].discard(digit)
        boxes[b].discard(digit)
        if found >= limit:
            break
    return found


def is_minimal(puzzle: str) -> bool:
    """Whether removing any one clue gives more than one solution."""
    return all(count_solutions(puzzle[:i] + "." + puzzle[i + 1 :]) > 1 for i, ch in enumerate(puzzle) if ch in _ALL)


def mirror_cells(cell: int, kind: str) -> list[int]:
    """The images of a cell under one symmetry's maps, computed from rows and columns."""
    r, c = divmod(cell, 9)
    images = {
        "rotational": [(8 - r, 8 - c)],
        "quarter": [(c, 8 - r), (8 - r, 8 - c), (8 - c, r)],
        "diagonal": [(c, r)],
        "antidiagonal": [(8 - c, 8 - r)],
        "mirror": [(r, 8 - c)],
        "flip": [(8 - r, c)],
        "diagonals": [(c, r), (8 - c, 8 - r)],
        "mirrors": [(r, 8 - c), (8 - r, c)],
        "dihedral": [(c, 8 - r), (8 - r, 8 - c), (8 - c, r), (r, 8 - c), (8 - r, c), (c, r), (8 - c, 8 - r)],
        "none": [],
    }[kind]
    return [rr * 9 + cc for rr, cc in images]
