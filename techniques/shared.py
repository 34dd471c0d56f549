"""Helpers used by more than one technique family.

Chains and forcing share one encoding of candidates and literals as ints:

* a candidate is numbered digit-major, ``(digit - 1) * 81 + cell`` (0-728), so that one
  digit's candidates form an 81-bit cell set inside a bit set of candidates;
* a *literal* is a node (a candidate, or a group or set node numbered after them) with a
  truth value: ``2 * node`` says it is true, ``2 * node + 1`` that it is false. So
  ``lit ^ 1`` negates a literal, and bit sets of literals list a node true before false.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Final

from engine.cache import per_grid_version
from engine.cells import ALL_CELLS, HALF_BITS, N_CELLS, PEER_HALVES, PEER_MASK, UNITS, Cell, CellSet, Digit, cells_of, halves
from engine.grid import Grid
from engine.position import Position
from engine.notation import cell_list_words, words_list
from engine.step import Candidate, candidate


#: Candidates: nine digits in each of the 81 cells.
N_CANDIDATES: Final = 9 * N_CELLS

#: The candidates of each house's cells (``UNITS`` order) as a tuple: a memo key for what
#: depends on one house alone (``HOUSE_CANDIDATES[house](grid.cands)``).
HOUSE_CANDIDATES: Final = tuple(itemgetter(*unit.cells) for unit in UNITS)


def candidate_index(cell: Cell, digit: Digit) -> int:
    """The number of a candidate (digit-major).

    >>> candidate_index(0, 1), candidate_index(80, 9)
    (0, 728)
    """
    return (digit - 1) * N_CELLS + cell


def candidate_at(index: int) -> tuple[Cell, Digit]:
    """The cell and digit of a candidate number (its inverse).

    >>> candidate_at(728)
    (80, 9)
    """
    return index % N_CELLS, index // N_CELLS + 1


def true_literal(node: int) -> int:
    """The literal "node is true"."""
    return node << 1


def false_literal(node: int) -> int:
    """The literal "node is false"."""
    return node << 1 | 1


def literal(node: int, true: bool) -> int:
    return node << 1 | (not true)


def candidate_literal(cell: Cell, digit: Digit, true: bool) -> int:
    """The literal "``cell`` is ``digit``" (``true``) or "is not"."""
    return ((digit - 1) * N_CELLS + cell) << 1 | (not true)


def is_true(lit: int) -> bool:
    return not lit & 1


def node_of(lit: int) -> int:
    return lit >> 1


@per_grid_version()
def allowed_places(grid: Grid) -> tuple[CellSet, ...]:
    """Per digit (index 0 unused, 0), the empty cells no placed copy of it sees: HoDoKu's
    "allowed" sets, where candidates removed by techniques still count. Shared, read-only."""
    empty = 0
    seen = [0] * 10
    for c in range(N_CELLS):
        if grid.values[c]:
            seen[grid.values[c]] |= PEER_MASK[c]
        else:
            empty |= 1 << c
    return (0, *(empty & ~seen[d] for d in range(1, 10)))


_ALL_HALVES: Final = halves(ALL_CELLS)


def seeing_all(cells: CellSet) -> CellSet:
    """The cells that share a house with every cell of ``cells`` (never the cells themselves)."""
    # On halves (engine.cells.HALF_BITS): fish and ALS searches call this a lot, and every
    # operation on a whole cell set makes an object.
    seen_low, seen_high = _ALL_HALVES
    for cell in cells_of(cells):
        peers_low, peers_high = PEER_HALVES[cell]
        seen_low &= peers_low
        seen_high &= peers_high
    return seen_low | seen_high << HALF_BITS


def candidates(grid: Position, digit: Digit, cells: CellSet) -> tuple[Candidate, ...]:
    """``digit`` in those of ``cells`` where it is still a candidate."""
    return tuple(candidate(digit, c) for c in cells_of(grid.cells_with[digit] & cells))


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


def seeing_every(grid: Position, found: tuple[Candidate, ...] | list[Candidate]) -> tuple[Candidate, ...]:
    """The candidates (other than ``found``) that see every one of ``found``: another digit
    in the same cell, or the same digit in a cell sharing a house. When one of ``found``
    must be true, these are all false. Digit-major order."""
    out: list[Candidate] = []
    for digit in range(1, 10):
        cells = grid.cells_with[digit]
        for other, cell in found:
            cells &= PEER_MASK[cell] if other == digit else 1 << cell
            if not cells:
                break
        out += (candidate(digit, c) for c in cells_of(cells))
    return tuple(out)
