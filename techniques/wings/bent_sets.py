"""WXYZ-Wing and VWXYZ-Wing: bent sets of four and five cells (StrmCkr's general definition,
as SudokuWiki and Sudopedia give it).

N cells that are not all in one house hold only N digits between them. A digit is
*restricted* when all its places in the set see each other: it can fill at most one of the
cells. When exactly one digit Z is not restricted, the cells hold Z at least once: without
it, N cells would have only N-1 digits that can appear once each. So a cell that sees every
Z of the set cannot be Z. (XY-Wing and XYZ-Wing are the sets of three.)

The cells are looked for around each cell of the grid (its row, column and box, the "hinge"
region, which contains every bent set of a line and a box or of a row and a column), so the
search stays local; a set found from several hinges is reported once.
"""

from __future__ import annotations

import threading
from typing import Final, Iterator

from engine.cells import ALL_CELLS, HOUSE_MASKS_OF, PEER_HALVES, MASK_COUNT, MASK_DIGITS, N_CELLS, PEER_MASK, Cell, CellSet, Digit, bit, cells_of, first_of_halves, halves, in_one_house
from engine.grid import Grid
from engine.notation import compact_cells
from engine.step import Candidate, Highlights, Step
from engine.technique import BaseTechnique, Declaration
from techniques.shared import candidates, cell_names, digit_words, seeing_all

_TEXT = (
    "The {count} cells {cells} hold only the digits {digits} between them. {restricted} can each fill at most "
    "one of them, since all the places of each of those digits in these cells see each other. Without a {z}, "
    "{count} cells would share {fewer} digits that can each appear only once, which is impossible, so at least "
    "one of {z_cells} is {z}. A cell that sees all of them cannot be {z}: remove {z} from {targets}."
)
_NUMBERS = {3: "three", 4: "four", 5: "five"}

#: The cells of the row, column and box of each cell, the cell included (the cells whose
#: "hinge region" holds it), as halves.
_CLOSED_HALVES: Final[tuple[tuple[int, int], ...]] = tuple(halves(PEER_MASK[c] | 1 << c) for c in range(N_CELLS))
#: 1 at ``a * N_CELLS + b`` when cells a and b see each other.
_SEES: Final = bytes(PEER_MASK[a] >> b & 1 for a in range(N_CELLS) for b in range(N_CELLS))


def wing_sets(grid: Grid, size: int) -> Iterator[tuple[CellSet, int, Digit]]:
    """(cells, digit mask, the unrestricted digit) of every set of ``size`` open cells in a
    hinge region (the row, column and box of a cell, the "hinge"), not all in one house,
    holding exactly ``size`` digits of which exactly one, Z, is not restricted, with a cell
    outside the set that holds Z and sees all its Zs (the set's eliminations); each set
    once, in order of its first hinge, then of its cells.

    The sets are grown a cell at a time, ascending, from the cells of two to ``size``
    candidates, for as long as they have at most ``size`` digits, some hinge's region holds
    them all, at most one of their digits is unrestricted, and, once one is, some cell
    outside sees all its places and holds it: each of these only gets worse as cells are
    added."""
    cands = grid.cands
    key = (threading.get_ident(), size)
    last = _LAST.get(key)
    changed = _changed_cells(last[0], cands) if last is not None else None
    cells = [c for c in range(N_CELLS) if 1 < MASK_COUNT[cands[c]] <= size]
    search = _BentSearch(grid, cells, size, changed)
    search.grow(0, [], 0, halves(ALL_CELLS), 0, (0, 0), False)
    if last is not None and changed is not None:
        search.found += [entry for entry in last[1] if not entry[2] & changed and _covered(grid, entry)]
    search.found.sort()
    _LAST[key] = (cands[:], search.found)
    for _, _, cellset, mask, z in search.found:
        yield cellset, mask, z


#: A set found: (first hinge, cells, cell set, digits, the unrestricted digit).
_Entry = tuple[int, list[Cell], CellSet, int, Digit]
#: Per thread and size, the last search: the candidates it saw and the sets it found. A
#: set whose cells' candidates are as they were then has the same digits, hinges and
#: unrestricted digit, and once no cell has gained a candidate, the cells that can lose
#: that digit are fewer or the same: it is found again when some still can.
_LAST: Final[dict[tuple[int, int], tuple[list[int], list[_Entry]]]] = {}


def _changed_cells(before: list[int], now: list[int]) -> CellSet | None:
    """The cells whose candidates changed since ``before``, when none gained one (else
    None: the last search says nothing about this position)."""
    changed = 0
    for cell in range(N_CELLS):
        was, is_ = before[cell], now[cell]
        if was != is_:
            if is_ & ~was:
                return None
            changed |= 1 << cell
    return changed


def _covered(grid: Grid, entry: _Entry) -> bool:
    """Some cell outside the set holds its unrestricted digit and sees all its places."""
    cellset, z = entry[2], entry[4]
    cover = grid.cells_with[z]
    for cell in entry[1]:
        if grid.cands[cell] >> (z - 1) & 1:
            cover &= PEER_MASK[cell]
    return cover != 0


class _BentSearch:
    """The sets of ``size`` of ``cells`` that hold ``size`` digits, lie in one hinge region
    and not in one house, with exactly one unrestricted digit that a cell outside the set
    can lose: in ``found`` as (first hinge, cells, cell set, digits, that digit). Cell sets
    as halves (engine.cells.HALF_BITS): no object per test. With ``changed`` (a cell set),
    only the sets holding one of those cells."""

    def __init__(self, grid: Grid, cells: list[Cell], size: int, changed: CellSet | None = None) -> None:
        self.cands = grid.cands
        self.with_digit = [halves(places) for places in grid.cells_with]
        self.cells = cells
        self.size = size
        self.found: list[_Entry] = []
        # per place in ``cells``, the first place from there of a changed cell
        self.next_changed = [0] * (len(cells) + 1)
        self.is_changed = [changed is None or bool(changed >> c & 1) for c in cells]
        following = len(cells)
        for i in range(len(cells) - 1, -1, -1):
            if self.is_changed[i]:
                following = i
            self.next_changed[i] = following
        self.next_changed[len(cells)] = len(cells)

    def grow(self, start: int, picked: list[Cell], union: int, hinges: tuple[int, int], loose: int, cover: tuple[int, int], changed: bool) -> None:
        """Add each of ``cells[start:]`` that keeps at most ``size`` digits, a hinge
        (``hinges``: the cells whose region holds every cell picked) and at most one
        unrestricted digit (``loose``: the digits whose places among the cells picked do
        not all see each other; a cell that sees all of a digit's places keeps them in
        one house, and a digit once loose stays loose as cells are added), with cells
        outside that hold it and see all its places (``cover``); ``changed``: some cell
        picked is one of the changed cells."""
        cells, cands, size = self.cells, self.cands, self.size
        left = size - len(picked)
        for i in range(start, len(cells) - left + 1):
            if not changed:  # a changed cell is still to be taken: this one or a later one
                ahead = self.next_changed[i]
                if ahead == len(cells):
                    break
                if left == 1 and ahead != i:
                    continue
            cell = cells[i]
            digits = union | cands[cell]
            if MASK_COUNT[digits] > size:
                continue
            closed_low, closed_high = _CLOSED_HALVES[cell]
            low, high = hinges[0] & closed_low, hinges[1] & closed_high
            if not (low or high):
                continue
            apart = 0  # the digits of the cells picked that do not see this one
            for other in picked:
                if not _SEES[other * N_CELLS + cell]:
                    apart |= cands[other]
            fresh = cands[cell] & apart & ~loose
            if fresh and (loose or fresh & (fresh - 1)):
                continue  # a second unrestricted digit
            more, cover_low, cover_high = loose | fresh, cover[0], cover[1]
            if fresh:
                cover_low, cover_high = self.with_digit[MASK_DIGITS[fresh][0]]
                for other in picked:
                    if cands[other] & fresh:
                        peers_low, peers_high = PEER_HALVES[other]
                        cover_low, cover_high = cover_low & peers_low, cover_high & peers_high
            if cands[cell] & more:
                peers_low, peers_high = PEER_HALVES[cell]
                cover_low, cover_high = cover_low & peers_low, cover_high & peers_high
            if more and not (cover_low or cover_high):
                continue
            if left > 1:
                self.grow(i + 1, [*picked, cell], digits, (low, high), more, (cover_low, cover_high), changed or self.is_changed[i])
            elif more and MASK_COUNT[digits] == size and (changed or self.is_changed[i]):
                self._keep([*picked, cell], digits, more, low, high)

    def _keep(self, members: list[Cell], digits: int, loose: int, low: int, high: int) -> None:
        cellset = 0
        for cell in members:
            cellset |= 1 << cell
        if not in_one_house(cellset):
            hinge = first_of_halves(low, high)
            self.found.append((hinge, members, cellset, digits, MASK_DIGITS[loose][0]))


class BentSet(BaseTechnique):
    """N cells (not in one house) with N digits, exactly one of them not restricted: that
    digit is in the set, so cells seeing all its places there lose it."""

    def __init__(self, declaration: Declaration, size: int) -> None:
        super().__init__(declaration)
        self.size = size

    def find(self, grid: Grid) -> Iterator[Step]:
        done: set[tuple[Digit, CellSet]] = set()
        for cells, mask, z in wing_sets(grid, self.size):
            targets = grid.cells_with[z] & seeing_all(grid.cells_with[z] & cells) & ~cells
            if targets and (z, targets) not in done:
                done.add((z, targets))
                yield self._make(grid, cells, mask, z, targets)

    def _make(self, grid: Grid, cells: CellSet, mask: int, z: Digit, targets: CellSet) -> Step:
        ordered = list(cells_of(cells))
        others = [d for d in MASK_DIGITS[mask] if d != z]
        z_cells = grid.cells_with[z] & cells
        text = _TEXT.format(
            count=_NUMBERS[self.size],
            cells=cell_names(ordered),
            digits=digit_words(MASK_DIGITS[mask]),
            restricted=digit_words(others),
            z=z,
            fewer=_NUMBERS.get(self.size - 1, str(self.size - 1)),
            z_cells=cell_names(z_cells),
            targets=cell_names(targets),
        )
        z_bit = bit(z)
        return self.step(
            f"{'/'.join(map(str, MASK_DIGITS[mask]))} in {compact_cells(ordered)}",
            eliminations=candidates(grid, z, targets),
            explanation=text,
            highlights=Highlights(
                pattern=tuple(Candidate(d, c) for c in ordered for d in MASK_DIGITS[grid.cands[c] & ~z_bit]),
                alt=candidates(grid, z, z_cells),
                cells=tuple(ordered),
            ),
            digits=MASK_DIGITS[mask],
        )


WXYZ_WING = BentSet(Declaration("WXYZ-Wing", "wxyz"), 4)
VWXYZ_WING = BentSet(Declaration("VWXYZ-Wing", "vwxyz"), 5)
