"""Helpers used by more than one technique family."""

from __future__ import annotations

from engine.cells import ALL_CELLS, PEER_MASK, Cell, CellSet, Digit, cells_of
from engine.position import Position
from engine.notation import cell_list_words, words_list
from engine.step import Candidate


def seeing_all(cells: CellSet) -> CellSet:
    """The cells that share a house with every cell of ``cells`` (never the cells themselves)."""
    seen = ALL_CELLS
    while cells:  # inline rather than cells_of(): fish and ALS searches call this a lot
        low = cells & -cells
        seen &= PEER_MASK[low.bit_length() - 1]
        cells ^= low
    return seen


def candidates(grid: Position, digit: Digit, cells: CellSet) -> tuple[Candidate, ...]:
    """``digit`` in those of ``cells`` where it is still a candidate."""
    return tuple(Candidate(digit, c) for c in cells_of(grid.cells_with[digit] & cells))


def cell_names(cells: CellSet | list[Cell] | tuple[Cell, ...]) -> str:
    """``r1c2``, ``r1c2 and r4c2``, ``r1c2, r3c3 and r4c2`` for sentences (a cell set or a
    sequence of cells)."""
    return cell_list_words(list(cells_of(cells)) if isinstance(cells, int) else cells)


def digit_words(digits: tuple[Digit, ...] | list[Digit], conjunction: str = "and") -> str:
    """``2``, ``2 and 7``, ``2, 7 and 9``."""
    return words_list([str(d) for d in sorted(digits)], conjunction)


def removal_words(eliminations: tuple[Candidate, ...]) -> str:
    """``7 from r2c1 and r2c3``, or ``2 from r4c5 and 7 from r4c5 and r6c5``: what a step
    removes, grouped by digit, for the end of an explanation."""
    by_digit: dict[Digit, list[Cell]] = {}
    for digit, cell in sorted(eliminations):
        by_digit.setdefault(digit, []).append(cell)
    parts = [f"{digit} from {cell_names(cells)}" for digit, cells in by_digit.items()]
    return words_list(parts, "and") if len(parts) < 3 else "; ".join(parts)


def grouped_removals(eliminations: tuple[Candidate, ...]) -> str:
    """``3 and 9 from r5c5``, ``1 from r4c3 and r6c2; 6 from r7c2``: what a step removes,
    digits with the same cells named together."""
    by_digit: dict[Digit, list[Cell]] = {}
    for digit, cell in sorted(eliminations):
        by_digit.setdefault(digit, []).append(cell)
    by_cells: dict[tuple[Cell, ...], list[Digit]] = {}
    for digit, cells in by_digit.items():
        by_cells.setdefault(tuple(cells), []).append(digit)
    parts = [f"{digit_words(digits)} from {cell_names(list(cells))}" for cells, digits in by_cells.items()]
    return words_list(parts, "and") if len(parts) < 3 else "; ".join(parts)
