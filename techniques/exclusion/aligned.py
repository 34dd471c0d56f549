"""Aligned Pair Exclusion (6.2) and Aligned Triplet Exclusion (7.5), as Sudoku Explainer
finds them.

Take two (three) cells and every way of filling them with their candidates. A way is
impossible when two of the cells see each other and get the same digit, or when some cell
that all of them see ("excluder", a cell with 2 candidates, or 2-3 for triplets) would be
left with none of its candidates. A candidate of a base cell that appears in no possible
way is removed. SE needs at least two common excluders, skips the technique while a naked
single is left, and picks base cells in row order, pairs of them in increasing order of
their bit masks; a triplet's third cell is an excluder of one of the first two.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterator

from engine.cells import CELL_NAMES, MASK_COUNT, MASK_DIGITS, N_CELLS, PEER_MASK, Cell, CellSet, bit_indices, cellset_of
from engine.grid import Grid
from engine.step import Candidate, Highlights, Step
from engine.technique import BaseTechnique, Declaration
from techniques.se_order import HOUSE_CELLS, colex
from techniques.shared import cell_names, grouped_removals

_TEXT = (
    "Consider every way to fill {cells} with their candidates. Each way either puts one digit twice in a "
    "house or leaves one of {excluders} (cells that see all of them) with no candidate, unless it uses "
    "none of {removed}. So remove {removals}."
)


def _base_cells(grid: Grid, most: int) -> tuple[list[Cell], dict[Cell, list[Cell]]]:
    """SE's base cells in row order, each with its excluders (cells it sees with 2..most
    candidates); none while a naked single is left in a base cell's houses."""
    cands = grid.cands
    bases: list[Cell] = []
    excluders: dict[Cell, list[Cell]] = {}
    for cell in range(N_CELLS):
        if MASK_COUNT[cands[cell]] < 2:
            continue
        around = [MASK_COUNT[cands[c]] for c in HOUSE_CELLS[cell]]
        if 1 in around:
            continue
        found = [c for c, n in zip(HOUSE_CELLS[cell], around) if 2 <= n <= most]
        if found:
            bases.append(cell)
            excluders[cell] = found
    return bases, excluders


class AlignedExclusion(BaseTechnique):
    """Aligned Pair (``size`` 2) or Triplet (3) Exclusion (see the module docstring)."""

    def __init__(self, size: int) -> None:
        if size == 2:
            super().__init__(Declaration("Aligned Pair Exclusion", "ape", profile="se"))
        else:
            super().__init__(Declaration("Aligned Triplet Exclusion", "ate", profile="se"))
        self.size = size

    def find(self, grid: Grid) -> Iterator[Step]:
        bases, excluders = _base_cells(grid, self.size)
        if len(bases) < self.size:
            return
        seen = {cell: cellset_of(found) for cell, found in excluders.items()}
        # a triplet's third cell: an excluder of the first or second cell that is a base cell
        partners = {cell: [c for c in found if c in excluders] for cell, found in excluders.items()}
        for i, j in colex(2, len(bases)):
            first, second = bases[i], bases[j]
            both = seen[first] & seen[second]
            if (both & (both - 1)) == 0:  # fewer than two common excluders, whatever the third
                continue
            if self.size == 2:
                tails: list[Cell | None] = [None]
            else:
                tails = [c for c in dict.fromkeys(partners[first] + partners[second]) if c != first and c != second]
            for third in tails:
                shared = both if third is None else both & seen[third]
                if shared & (shared - 1):
                    cells = (first, second) if third is None else (first, second, third)
                    removals = _excluded(grid, cells, shared)
                    if removals:
                        yield self._step(cells, [c for c in excluders[first] if shared >> c & 1], removals)

    def _step(self, cells: tuple[Cell, ...], common: list[Cell], removals: tuple[Candidate, ...]) -> Step:
        text = _TEXT.format(
            cells=cell_names(list(cells)), excluders=cell_names(common).replace(" and ", " or "),
            removed=", ".join(f"{c.digit} in {CELL_NAMES[c.cell]}" for c in removals), removals=grouped_removals(removals),
        )
        return self.step(
            ",".join(CELL_NAMES[c] for c in cells),
            eliminations=removals,
            explanation=text,
            highlights=Highlights(cells=cells + tuple(common)),
            rating=6.2 if self.size == 2 else 7.5,
        )


#: A candidate outside the nine digits: the lone candidate of a pair's missing third cell.
_NOTHING = 1 << 9
#: _BITS[mask]: the one-bit masks of a candidate mask (the placeholder included), ascending.
_BITS: tuple[tuple[int, ...], ...] = tuple(tuple(1 << i for i in range(10) if m >> i & 1) for m in range(2 * _NOTHING))


def _excluded(grid: Grid, cells: tuple[Cell, ...], common: CellSet) -> tuple[Candidate, ...]:
    """The base-cell candidates that appear in no allowed filling of the base cells
    (``common``: the cells that see all of them).

    A filling is refused when two base cells that see each other get one digit, or when it
    covers every candidate of a common excluder (only excluders whose candidates all lie
    among the base cells' can be covered).
    """
    cands = grid.cands
    masks = tuple([cands[c] for c in cells])
    union = 0
    for m in masks:
        union |= m
    blockers = tuple(sorted({cands[e] for e in bit_indices(common) if cands[e] & ~union == 0}))
    a, b = cells[0], cells[1]
    sees = PEER_MASK[a] >> b & 1
    if len(cells) == 3:
        c = cells[2]
        sees |= (PEER_MASK[a] >> c & 1) << 1 | (PEER_MASK[b] >> c & 1) << 2
    used = _used(masks, sees, blockers)
    return tuple(Candidate(d, c) for k, c in enumerate(cells) for d in MASK_DIGITS[masks[k] & ~used[k]])


@lru_cache(maxsize=1 << 16)
def _used(masks: tuple[int, ...], sees: int, blockers: tuple[int, ...]) -> tuple[int, ...]:
    """Per base cell, the candidates some allowed filling uses (``sees``: bit 0 cells 0-1
    see each other, bit 1 cells 0-2, bit 2 cells 1-2). A pure function of the cells'
    candidates, so the many triplets that recur from one grid to the next are counted once."""
    if len(masks) == 2:  # a pair: a third cell with one placeholder candidate that meets nothing
        return _used_three((*masks, _NOTHING), sees & 1, blockers)[:2]
    return _used_three(masks, sees, blockers)


def _used_three(masks: tuple[int, ...], sees: int, blockers: tuple[int, ...]) -> tuple[int, ...]:
    s01, s02, s12 = sees & 1, sees & 2, sees & 4
    m0, m1, m2 = masks
    u0 = u1 = u2 = 0
    for b0 in _BITS[m0]:
        for b1 in _BITS[m1]:
            if s01 and b0 == b1:
                continue
            pair = b0 | b1
            for b2 in _BITS[m2]:
                if (s02 and b2 == b0) or (s12 and b2 == b1):
                    continue
                filled = pair | b2
                if any(x & ~filled == 0 for x in blockers):
                    continue
                u0 |= b0
                u1 |= b1
                u2 |= b2
            if u0 == m0 and u1 == m1 and u2 == m2:
                return (u0, u1, u2)
    return (u0, u1, u2)


ALIGNED_PAIR_EXCLUSION = AlignedExclusion(2)
ALIGNED_TRIPLET_EXCLUSION = AlignedExclusion(3)
