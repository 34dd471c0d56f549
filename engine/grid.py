"""The candidate grid: cell values plus 9-bit candidate masks, kept consistent incrementally.

Besides values and candidates the grid keeps, for the hot paths of the solver:

* ``cells_with[d]`` - the 81-bit set of cells where ``d`` is still a candidate;
* per house and digit, how many places are left, and the sets of cells, houses and
  (house, digit) pairs that currently form a Full House, Naked Single or Hidden Single.

All of it is updated by :meth:`Grid.place` and :meth:`Grid.eliminate`, the only mutators,
so finding the next single never needs a rescan of the grid. Naked and Hidden Singles are
also kept in the order they appeared (see ``engine.appearance``): a placement removes its
digit from the peers in cell order, then books the cell's other candidates, and a lost
candidate is booked in its row, column and box in that order, as HoDoKu's grid does.

The hot paths write ``a[i] = a[i] | x`` rather than ``a[i] |= x`` for a list of ints:
compiled, the augmented form is a generic in-place operation on the boxed item.
"""

from __future__ import annotations

import itertools
from typing import Final, Iterator, Sequence, TYPE_CHECKING

from engine.cells import (
    ALL_DIGITS,
    BOXES,
    CELL_NAMES,
    DIGITS,
    HOUSES_OF,
    COLS,
    MASK_COUNT,
    MASK_DIGITS,
    N_CELLS,
    N_UNITS,
    PEER_MASK,
    ROWS,
    UNITS,
    UNITS_OF,
    Cell,
    CellSet,
    Digit,
    Mask,
    Unit,
    UnitKind,
    cells_of,
)

if TYPE_CHECKING:
    from engine.step import Step

_VERSIONS: Final = itertools.count(1)

#: A cell's houses as box, row, column (``UNITS_OF``) and as row, column, box
#: (``HOUSES_OF``), typed as tuples of any length: compiled, a loop over these reads the
#: numbers in place, where a three-int tuple would be copied into a new tuple first.
_HOUSES_BRC: Final[tuple[tuple[int, ...], ...]] = UNITS_OF
_HOUSES_RCB: Final[tuple[tuple[int, ...], ...]] = HOUSES_OF


class Contradiction(Exception):
    """The grid broke a rule: a cell without candidates, a house without a place for a digit,
    or two equal digits in one house. ``cells`` and ``unit`` name where it happened."""

    def __init__(self, message: str, cells: tuple[Cell, ...] = (), unit: Unit | None = None) -> None:
        super().__init__(message)
        self.cells = cells
        self.unit = unit


class _Unordered:
    """A grid's build from values, kept until the order its first singles appeared in is
    asked for (``engine.appearance``; most solves never ask): the values and candidates it
    was built with, and its Naked and Hidden Singles then. Shared by the grid's copies,
    which may each ask: the order is worked out once, for all of them."""

    __slots__ = ("values", "cands", "naked", "hidden", "order")

    def __init__(self, values: list[Digit], cands: list[Mask], naked: dict[Cell, None], hidden: dict[int, None]) -> None:
        self.values = values
        self.cands = cands
        self.naked = naked
        self.hidden = hidden
        self.order: tuple[list[Cell], list[int]] | None = None

    def ordered(self) -> tuple[list[Cell], list[int]]:
        """The build's Naked Single cells and Hidden Single keys, oldest first."""
        if self.order is None:
            from engine.appearance import order_of_appearance

            naked, hidden = order_of_appearance(self.values, self.naked, self.hidden, self.cands)
            self.order = (list(naked), list(hidden))
        return self.order


class Grid:
    """Values (0 = empty) and candidate masks (0 for filled cells) of the 81 cells.

    Read ``values``, ``cands``, ``cells_with`` and ``givens`` freely; change the grid only
    through :meth:`place`, :meth:`eliminate` and :meth:`apply`. After a
    :class:`Contradiction` the grid is left half-updated: discard it.
    """

    __slots__ = (
        "values",
        "cands",
        "cells_with",
        "givens",
        "version",
        "_unit_placed",
        "_unit_empty",
        "_empties",
        "_count",
        "_naked",
        "_full",
        "_hidden",
        "_unordered",
    )

    values: list[Digit]
    cands: list[Mask]
    cells_with: list[CellSet]
    givens: CellSet
    version: int
    _unit_placed: list[Mask]
    _unit_empty: list[int]
    _empties: int  # empty cells in all
    _count: list[int]
    _naked: dict[Cell, None]  # cells with one candidate, in the order they appeared
    _full: set[int]
    _hidden: dict[int, None]  # house * 9 + digit - 1 keys with one place, in order of appearance
    _unordered: _Unordered | None  # the build's singles not yet in order of appearance (see there)

    # --- construction -------------------------------------------------------------

    @classmethod
    def empty(cls) -> Grid:
        """A grid with no values and every candidate."""
        return cls.from_values([0] * N_CELLS)

    @classmethod
    def from_values(
        cls,
        values: Sequence[Digit],
        givens: CellSet | None = None,
        candidates: Sequence[Mask] | None = None,
    ) -> Grid:
        """Build a grid from 81 values (0 = empty).

        Args:
            values: the digits in the cells, givens and entered ones alike.
            givens: which filled cells are clues; by default every filled cell.
            candidates: pencil marks of the empty cells; they are intersected with what the
                values allow. By default every digit the values allow.

        Raises:
            Contradiction: two equal digits in a house, an empty cell with no candidate
                left, or a house with no place left for a digit it still needs.
        """
        if len(values) != N_CELLS:
            raise ValueError(f"need {N_CELLS} values, got {len(values)}")
        grid = cls()  # no __init__: every field is set below
        grid.values = list(values)
        unit_placed = [0] * N_UNITS
        filled = 0
        sound = True
        for c in range(N_CELLS):
            v = values[c]
            if v:
                if not 0 < v <= 9:
                    sound = False
                    break
                filled |= 1 << c
                b = 1 << (v - 1)
                for u in UNITS_OF[c]:
                    if unit_placed[u] & b:
                        sound = False
                    unit_placed[u] = unit_placed[u] | b
            elif v != 0:
                sound = False
        if not sound:
            _check_clashes(values)  # raises, naming the first bad value or clash
        grid.givens = givens if givens is not None else filled
        grid._unit_placed = unit_placed
        cands = [0] * N_CELLS
        for c in range(N_CELLS):
            if not values[c]:
                b, r, k = UNITS_OF[c]
                allowed = ALL_DIGITS & ~(unit_placed[b] | unit_placed[r] | unit_placed[k])
                if candidates is not None:
                    allowed &= candidates[c]
                cands[c] = allowed
        grid.cands = cands
        grid._rebuild_indexes()
        grid._check_consistent()
        grid._unordered = None
        if candidates is None and (len(grid._naked) > 1 or len(grid._hidden) > 1):
            grid._unordered = _Unordered(grid.values[:], cands[:], dict(grid._naked), dict(grid._hidden))
        return grid

    def _in_order(self) -> None:
        """Put the singles the grid was built with (those still there) in the order they
        appeared, before any that came later: the order a build from values is given
        (``engine.appearance``), worked out when an order is first asked for. Singles only
        leave (their digit placed) and new ones are added at the end, so the singles of the
        build still there come first, in the build's order (``_Unordered.ordered``)."""
        build = self._unordered
        if build is None:
            return
        self._unordered = None
        naked_order, hidden_order = build.ordered()
        naked = {c: None for c in naked_order if c in self._naked}
        hidden = {k: None for k in hidden_order if k in self._hidden}
        naked.update((c, None) for c in self._naked if c not in build.naked)
        hidden.update((k, None) for k in self._hidden if k not in build.hidden)
        self._naked, self._hidden = naked, hidden

    def _rebuild_indexes(self) -> None:
        """Compute every derived index from ``values`` and ``cands`` (done once per build).

        The cells are read row by row into nine-bit masks (small numbers): a digit's cell
        set is its nine rows' masks side by side (nine 81-bit operations per digit, not one
        per candidate), and a row's count of places is its mask's size."""
        values, cands = self.values, self.cands
        row_places = [0] * (9 * 10)  # row * 10 + digit: the columns where the digit may go
        empty = 0  # the empty cells, as a cell set
        naked: dict[Cell, None] = {}
        for r in range(9):
            empty_columns = 0
            for i in range(9):
                c = r * 9 + i
                if values[c]:
                    continue
                empty_columns |= 1 << i
                mask = cands[c]
                if MASK_COUNT[mask] == 1:
                    naked[c] = None
                for d in MASK_DIGITS[mask]:
                    k = r * 10 + d
                    row_places[k] = row_places[k] | 1 << i
            empty |= empty_columns << 9 * r
        cells_with = [0] * 10
        for d in DIGITS:
            cells = 0
            for r in range(9):
                cells |= row_places[r * 10 + d] << 9 * r
            cells_with[d] = cells
        self.cells_with = cells_with
        unit_empty = [(empty & unit.mask).bit_count() for unit in UNITS]
        self._unit_empty = unit_empty
        self._empties = empty.bit_count()
        count = [0] * (N_UNITS * 9)
        for u, unit in enumerate(UNITS):
            mask = unit.mask
            row = (u - 9) * 10 if unit.kind is UnitKind.ROW else -1
            for d in MASK_DIGITS[ALL_DIGITS & ~self._unit_placed[u]]:
                count[u * 9 + d - 1] = MASK_COUNT[row_places[row + d]] if row >= 0 else (cells_with[d] & mask).bit_count()
        self._count = count
        self._hidden = {k: None for k in range(N_UNITS * 9) if count[k] == 1}
        self._naked = naked
        self._full = {u for u in range(N_UNITS) if unit_empty[u] == 1}
        self.version = next(_VERSIONS)

    def _check_consistent(self) -> None:
        values, cands, count = self.values, self.cands, self._count
        for c in range(N_CELLS):
            if not cands[c] and not values[c]:
                raise Contradiction(f"{CELL_NAMES[c]} has no candidate left", cells=(c,))
        for u, unit in enumerate(UNITS):
            for d in MASK_DIGITS[ALL_DIGITS & ~self._unit_placed[u]]:
                if not count[u * 9 + d - 1]:
                    raise Contradiction(f"{d} has no place left in {unit.long_name}", unit=unit)

    def copy(self) -> Grid:
        """An independent copy (cheap: a few list and set copies)."""
        other = Grid()
        other.values = self.values[:]
        other.cands = self.cands[:]
        other.cells_with = self.cells_with[:]
        other.givens = self.givens
        other.version = self.version
        other._unit_placed = self._unit_placed[:]
        other._unit_empty = self._unit_empty[:]
        other._empties = self._empties
        other._count = self._count[:]
        other._naked = dict(self._naked)
        other._full = set(self._full)
        other._hidden = dict(self._hidden)
        other._unordered = self._unordered  # shared: its order is worked out once
        return other

    # --- mutation -----------------------------------------------------------------

    def place(self, cell: Cell, digit: Digit) -> None:
        """Set ``cell`` to ``digit`` and remove the digit from the cell's peers.

        Raises:
            Contradiction: the digit is not a candidate there, or a peer or house runs out.
        """
        if self.values[cell]:
            if self.values[cell] == digit:
                return
            raise Contradiction(
                f"{CELL_NAMES[cell]} already holds {self.values[cell]}, cannot place {digit}", cells=(cell,)
            )
        b = 1 << (digit - 1)
        if not self.cands[cell] & b:
            raise Contradiction(f"{digit} is not a candidate of {CELL_NAMES[cell]}", cells=(cell,))
        self.version = next(_VERSIONS)
        count = self._count
        hidden = self._hidden
        placed, empty_of = self._unit_placed, self._unit_empty
        # The digit is settled in the cell's three houses before any elimination is
        # counted, so eliminations of it below are not mistaken for lost places.
        for u in _HOUSES_BRC[cell]:
            placed[u] = placed[u] | b
            k = u * 9 + digit - 1
            count[k] = 0
            if k in hidden:
                del hidden[k]
            empty = empty_of[u] - 1
            empty_of[u] = empty
            if empty == 1:
                self._full.add(u)
            elif empty == 0:
                self._full.discard(u)
        self.values[cell] = digit
        self._empties -= 1
        cands, naked, cells_with = self.cands, self._naked, self.cells_with
        others = cands[cell] & ~b
        cands[cell] = 0
        if cell in naked:
            del naked[cell]
        # The cell and the peers holding the digit leave its cell set at once (one 81-bit
        # operation, not one per peer); then the peers lose it, in ascending order
        # (``eliminate`` inlined, under the one new version: a hot path).
        with_digit = cells_with[digit]
        peers = with_digit & PEER_MASK[cell]
        cells_with[digit] = with_digit & ~(peers | 1 << cell)
        while peers:
            low = peers & -peers
            peers ^= low
            peer = low.bit_length() - 1
            mask = cands[peer] ^ b
            cands[peer] = mask
            if mask & (mask - 1) == 0:
                if not mask:
                    raise Contradiction(f"{CELL_NAMES[peer]} has no candidate left", cells=(peer,))
                naked[peer] = None
            self._count_lost(peer, digit)  # a native call when compiled (a bound method would not be)
        for d in MASK_DIGITS[others]:
            cells_with[d] = cells_with[d] & ~(1 << cell)
            self._count_lost(cell, d)

    def eliminate(self, cell: Cell, digit: Digit) -> bool:
        """Remove ``digit`` from the candidates of ``cell``; False if it was not there.

        Raises:
            Contradiction: the cell has no candidate left, or a house has no place left
                for the digit.
        """
        mask = self.cands[cell]
        b = 1 << (digit - 1)
        if not mask & b:
            return False
        self.version = next(_VERSIONS)
        mask ^= b
        self.cands[cell] = mask
        if mask & (mask - 1) == 0:
            if not mask:
                raise Contradiction(f"{CELL_NAMES[cell]} has no candidate left", cells=(cell,))
            self._naked[cell] = None
        self._lose_place(cell, digit)
        return True

    def _lose_place(self, cell: Cell, digit: Digit) -> None:
        """Book-keeping for ``digit`` no longer possible in ``cell``."""
        self.cells_with[digit] = self.cells_with[digit] & ~(1 << cell)
        self._count_lost(cell, digit)

    def _count_lost(self, cell: Cell, digit: Digit) -> None:
        """The place counts and Hidden Singles of the cell's row, column and box (in that
        order) once ``digit`` is no longer possible in ``cell`` (its cell set already
        updated)."""
        count = self._count
        placed = self._unit_placed
        b = 1 << (digit - 1)
        for u in _HOUSES_RCB[cell]:
            if placed[u] & b:
                continue
            k = u * 9 + digit - 1
            n = count[k] - 1
            count[k] = n
            if n == 1:
                self._hidden[k] = None
            elif n == 0:
                if k in self._hidden:
                    del self._hidden[k]
                raise Contradiction(f"{digit} has no place left in {UNITS[u].long_name}", unit=UNITS[u])

    def apply(self, step: Step) -> bool:
        """Carry out a step: its placements, then its eliminations. False if it changed nothing."""
        changed = False
        for digit, cell in step.placements:
            if not self.values[cell]:
                self.place(cell, digit)
                changed = True
        for digit, cell in step.eliminations:
            if not self.values[cell]:
                changed = self.eliminate(cell, digit) or changed
        return changed

    # --- queries ------------------------------------------------------------------

    def candidates(self, cell: Cell) -> tuple[Digit, ...]:
        """The candidates of a cell, ascending (empty for a filled cell)."""
        return MASK_DIGITS[self.cands[cell]]

    def candidates_mask(self, cell: Cell) -> Mask:
        return self.cands[cell]

    def places_mask(self, digit: Digit, unit: Unit) -> CellSet:
        """The cells of ``unit`` where ``digit`` is still a candidate, as a cell set."""
        return self.cells_with[digit] & unit.mask

    def places(self, digit: Digit, unit: Unit) -> tuple[Cell, ...]:
        return tuple(cells_of(self.cells_with[digit] & unit.mask))

    def place_count(self, digit: Digit, unit: Unit) -> int:
        """How many cells of ``unit`` can still take ``digit`` (0 once it is placed there)."""
        return self._count[unit.number * 9 + digit - 1]

    def placed_mask(self, unit: Unit) -> Mask:
        """The digits already placed in a house."""
        return self._unit_placed[unit.number]

    def missing_digits(self, unit: Unit) -> tuple[Digit, ...]:
        """The digits not yet placed in a house, ascending."""
        return MASK_DIGITS[ALL_DIGITS & ~self._unit_placed[unit.number]]

    def empty_cells(self) -> Iterator[Cell]:
        return (c for c in range(N_CELLS) if not self.values[c])

    def empty_count(self) -> int:
        return self._empties

    def empty_in(self, unit_number: int) -> int:
        """How many cells of the house numbered ``unit_number`` (0-26) are still empty."""
        return self._unit_empty[unit_number]

    def is_solved(self) -> bool:
        return all(self.values)

    def is_given(self, cell: Cell) -> bool:
        return bool(self.givens >> cell & 1)

    def full_house_units(self) -> list[int]:
        """Numbers of the houses with exactly one empty cell, in UNITS order."""
        return sorted(self._full)

    def naked_single_cells(self) -> list[Cell]:
        """Empty cells with exactly one candidate, ascending."""
        return sorted(self._naked)

    def hidden_single_keys(self) -> list[tuple[int, Digit]]:
        """(house number, digit) pairs where the digit has one place left, in UNITS order."""
        return [(k // 9, k % 9 + 1) for k in sorted(self._hidden)]

    def naked_singles_by_age(self) -> list[Cell]:
        """Empty cells with one candidate, oldest first (the order they appeared in)."""
        self._in_order()
        return list(self._naked)

    def oldest_naked_single(self) -> Cell | None:
        """The first of :meth:`naked_singles_by_age` (None: there is none)."""
        self._in_order()
        return next(iter(self._naked), None)

    def oldest_hidden_single(self) -> tuple[int, Digit] | None:
        """The first of :meth:`hidden_singles_by_age` (None: there is none)."""
        self._in_order()
        k = next(iter(self._hidden), None)
        return None if k is None else (k // 9, k % 9 + 1)

    def hidden_single_codes(self) -> list[int]:
        """``house * 9 + digit - 1`` for each digit with one place left in a house, in no
        particular order (for the oldest first: :meth:`hidden_singles_by_age`)."""
        return list(self._hidden)

    def hidden_singles_by_age(self) -> list[tuple[int, Digit]]:
        """(house number, digit) pairs with one place left, oldest first."""
        self._in_order()
        return [(k // 9, k % 9 + 1) for k in self._hidden]

    def has_full_house(self) -> bool:
        return bool(self._full)

    def has_hidden_single(self) -> bool:
        """Some house has a digit with one place left."""
        return bool(self._hidden)

    def has_box_hidden_single(self) -> bool:
        """Some box has a digit with one place left (boxes are houses 0-8)."""
        return any(k < 81 for k in self._hidden)

    def full_house_of(self, cell: Cell) -> int | None:
        """The first of the cell's row, column and box in which it is the last empty cell."""
        return next((u for u in HOUSES_OF[cell] if self._unit_empty[u] == 1), None)

    def bivalue_cells(self) -> Iterator[Cell]:
        """Empty cells with exactly two candidates, ascending."""
        return (c for c in range(N_CELLS) if MASK_COUNT[self.cands[c]] == 2)

    def digits_string(self) -> str:
        """The 81 values with ``.`` for empty cells."""
        return "".join(str(v) if v else "." for v in self.values)

    def __str__(self) -> str:
        return self.digits_string()

    def __repr__(self) -> str:
        return f"Grid.from_string({self.digits_string()!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Grid):
            return NotImplemented
        return self.values == other.values and self.cands == other.cands

    __hash__ = None  # type: ignore[assignment]

    @classmethod
    def from_string(cls, text: str) -> Grid:
        """A grid from 81 characters: digits for clues, anything else for empty cells."""
        if len(text) != N_CELLS:
            raise ValueError(f"need {N_CELLS} characters, got {len(text)}")
        return cls.from_values([int(ch) if ch in "123456789" else 0 for ch in text])


def find_clashes(values: Sequence[Digit]) -> list[tuple[Cell, Cell, Unit]]:
    """Every pair of equal digits sharing a house, as (first cell, second cell, house).

    Rows first, then columns, then boxes, each pair once: "r1c1 and r1c2 both hold 1
    (row 1)" reads better than naming the box they also share.
    """
    clashes = []
    seen_pairs: set[tuple[Cell, Cell]] = set()
    for unit in ROWS + COLS + BOXES:
        seen: dict[Digit, Cell] = {}
        for c in unit.cells:
            v = values[c]
            if v in seen:
                if (seen[v], c) not in seen_pairs:
                    seen_pairs.add((seen[v], c))
                    clashes.append((seen[v], c, unit))
            elif v:
                seen[v] = c
    return clashes


def _check_clashes(values: Sequence[Digit]) -> None:
    """Raise Contradiction naming the first two equal digits in one house."""
    bad = [(c, v) for c, v in enumerate(values) if not 0 <= v <= 9]
    if bad:
        raise ValueError(f"{CELL_NAMES[bad[0][0]]}: {bad[0][1]} is not a digit 1-9")
    clashes = find_clashes(values)
    if clashes:
        first, second, unit = clashes[0]
        v = values[first]
        raise Contradiction(
            f"{CELL_NAMES[first]} and {CELL_NAMES[second]} both hold {v} ({unit.long_name})",
            cells=(first, second),
            unit=unit,
        )
