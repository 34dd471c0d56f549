"""Where things are in a drawn grid: cells, candidates, houses, the size of the picture.

A cell is ``CELL`` units square; its candidates sit in a 3x3 layout (1 2 3 on top, 7 8 9 at
the bottom), as players pencil them. Row labels (r1-r9) stand left of the grid, column
labels (c1-c9) above it.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.cells import COL_OF, ROW_OF, UNITS, Cell
from engine.step import Candidate

CELL = 54
#: Room for the row and column labels.
LABEL = 22
MARGIN = 8
LEFT = LABEL + MARGIN
TOP = LABEL + MARGIN
GRID = 9 * CELL
WIDTH = LEFT + GRID + MARGIN
GRID_BOTTOM = TOP + GRID
#: The radius of the shape behind a candidate that has a role.
CAND_RADIUS = CELL / 6 - 1.5


class Point(NamedTuple):
    x: float
    y: float


class Box(NamedTuple):
    """A rectangle: its top-left corner and size."""

    x: float
    y: float
    width: float
    height: float


def cell_box(cell: Cell) -> Box:
    """The square of a cell."""
    return Box(LEFT + COL_OF[cell] * CELL, TOP + ROW_OF[cell] * CELL, CELL, CELL)


def cell_center(cell: Cell) -> Point:
    box = cell_box(cell)
    return Point(box.x + CELL / 2, box.y + CELL / 2)


def candidate_center(candidate: Candidate) -> Point:
    """Where a candidate is written inside its cell (3x3 layout)."""
    box = cell_box(candidate.cell)
    slot = candidate.digit - 1
    return Point(box.x + (slot % 3 + 0.5) * CELL / 3, box.y + (slot // 3 + 0.5) * CELL / 3)


def house_box(unit: int) -> Box:
    """The rectangle covering a house (its cells are always a rectangle)."""
    cells = UNITS[unit].cells
    first, last = cell_box(cells[0]), cell_box(cells[-1])
    return Box(first.x, first.y, last.x + CELL - first.x, last.y + CELL - first.y)


def bounds(points: list[Point], pad: float) -> Box:
    """The rectangle around some points, ``pad`` wider on every side."""
    xs = [p.x for p in points]
    ys = [p.y for p in points]
    return Box(min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad)
