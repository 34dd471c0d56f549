"""Naked and hidden sets as Sudoku Explainer finds and rates them, and its direct forms.

SE visits blocks, then columns, then rows, and the k-subsets of cells (naked) or digits
(hidden) in increasing order of their bit masks. A naked set is searched only in a house
with at least 2k empty cells, a hidden set only with more than 2k (the smaller side of the
two complementary sets is the one SE reports). Every member must keep two or more
candidates (places). Naked Pair/Triplet/Quad 3.0/3.6/5.0, Hidden 3.4/4.0/5.4.

Direct Hidden Pair (2.0) and Direct Hidden Triplet (2.5) are hidden sets taken only when
their removals would leave another digit with one place in the house: SE then places that
digit, and only that (serate applies no removal for a direct step). They are searched in
any house with more than k empty cells.
"""

from __future__ import annotations

from typing import Final, Iterator

from engine.cache import StateMemo
from engine.cells import CELL_NAMES, MASK_COUNT, MASK_DIGITS, UNITS, Cell
from engine.grid import Grid
from engine.position import Position
from engine.notation import compact_cells, digit_list
from engine.step import Candidate, Highlights, Step
from engine.technique import BaseTechnique, Declaration
from techniques.se_order import BLOCK_COL_ROW, colex
from techniques.se_places import cells_at, kept_places, positions_of
from techniques.shared import HOUSE_CANDIDATES, cell_names, digit_words, removal_words

_NAKED: Final = (
    "{cells} can only hold {digits} between them, so these {k} cells of {house} take exactly those "
    "digits: remove {removals}."
)
_HIDDEN: Final = (
    "In {house}, {digits} can only go in {cells}, so those cells hold exactly these digits and "
    "nothing else: remove {removals}."
)
_DIRECT: Final = (
    "In {house}, {digits} can only go in {cells}, so those cells hold only these digits. That leaves "
    "{cell} as the only place for {digit} in {house}: it is {digit}."
)
_WORDS: Final = {2: "Pair", 3: "Triplet", 4: "Quad"}
_NAKED_VALUES: Final = {2: 3.0, 3: 3.6, 4: 5.0}
_HIDDEN_VALUES: Final = {2: 3.4, 3: 4.0, 4: 5.4}
_DIRECT_VALUES: Final = {2: 2.0, 3: 2.5}


#: _PAIR_INDEX[bits]: for the 36 nine-bit masks with two bits (two positions in a house,
#: or two digits), a number 0-35 in increasing order; -1 for the others.
_PAIR_INDEX: Final[tuple[int, ...]] = tuple(
    sum(1 for below in range(at) if MASK_COUNT[below] == 2) if MASK_COUNT[at] == 2 else -1 for at in range(512)
)
#: Every house, as a 27-bit set of house numbers.
ALL_HOUSES: Final = (1 << 27) - 1


def naked_sets(grid: Position, k: int, houses: int = ALL_HOUSES) -> Iterator[tuple[int, tuple[Cell, ...], int, tuple[Candidate, ...]]]:
    """(house, cells, digits, removals) of every naked set of size k that removes
    something, in SE's order (only in ``houses``, a set of house numbers)."""
    if isinstance(grid, Grid):  # a solve's positions (views in nested chains change every run)
        for found in _naked_by_house(grid, k, houses):
            yield from found
        return
    cands = grid.cands
    for u in BLOCK_COL_ROW:
        if houses >> u & 1 and grid.empty_in(u) >= 2 * k and _may_be_naked(cands, UNITS[u].cells, k):
            yield from _naked_in(cands, u, k)


def _naked_by_house(grid: Grid, k: int, houses: int) -> list[tuple[tuple[int, tuple[Cell, ...], int, tuple[Candidate, ...]], ...]]:
    """``naked_sets`` of a grid by house, the houses with none left out: in a plain
    function (compiled, a generator's locals live in its heap object), each house's sets
    remembered by its cells' candidates."""
    cands = grid.cands
    out: list[tuple[tuple[int, tuple[Cell, ...], int, tuple[Candidate, ...]], ...]] = []
    for u in BLOCK_COL_ROW:
        if not houses >> u & 1 or grid.empty_in(u) < 2 * k or not _may_be_naked(cands, UNITS[u].cells, k):
            continue
        key = (k, u, HOUSE_CANDIDATES[u](cands))
        found = _NAKED_SETS.get(key)
        if found is None:
            found = tuple(_naked_in(cands, u, k))
            _NAKED_SETS.put(key, found)
        if found:
            out.append(found)
    return out


def _may_be_naked(cands: list[int], cells: tuple[Cell, ...], k: int) -> bool:
    """The house of ``cells`` has k cells with 2 to k candidates each (for k = 2: two
    cells with the same two): what a naked set of size k needs (``_subsets``,
    ``_pairs_alike``), read without a key."""
    fit = 0
    if k == 2:
        seen = 0  # the two-candidate masks met, as bits of ``_PAIR_INDEX``
        for i in range(9):
            pair = _PAIR_INDEX[cands[cells[i]]]
            if pair >= 0:
                if seen >> pair & 1:
                    return True
                seen |= 1 << pair
        return False
    for cell in cells:
        n = MASK_COUNT[cands[cell]]
        if 2 <= n <= k:
            fit += 1
    return fit >= k


def _naked_in(cands: list[int], u: int, k: int) -> Iterator[tuple[int, tuple[Cell, ...], int, tuple[Candidate, ...]]]:
    """``naked_sets`` in house ``u``: they depend on nothing but its cells' candidates."""
    cells = UNITS[u].cells
    masks = [cands[c] for c in cells]
    for combo in _pairs_alike(masks) if k == 2 else _subsets(masks, k):
        union = 0
        for i in combo:
            union |= masks[i]
        if MASK_COUNT[union] == k:
            chosen = tuple(cells[i] for i in combo)
            removals = tuple(Candidate(d, c) for c in cells if c not in chosen for d in MASK_DIGITS[cands[c] & union])
            if removals:
                yield u, chosen, union, removals


#: A house's naked sets of a size by (size, house, its cells' candidates), and its hidden
#: sets' digits and places by (size, house, each digit's places there): a solve asks about
#: the same houses again and again, a step changes a few of them.
_NAKED_SETS: Final[StateMemo[tuple[int, int, tuple[int, ...]], tuple[tuple[int, tuple[Cell, ...], int, tuple[Candidate, ...]], ...]]] = StateMemo()
_HIDDEN_SETS: Final[StateMemo[tuple[int, int, tuple[int, ...]], tuple[tuple[int, int], ...]]] = StateMemo()


def _subsets(sets: list[int], k: int) -> Iterator[tuple[int, ...]]:
    """The k-subsets of indexes (in SE's order) whose members each hold 2 to k elements (bit
    masks): the only ones whose union can have k elements with every member holding two
    or more (SE's condition)."""
    fit = [i for i, m in enumerate(sets) if 2 <= _count(m) <= k]
    if len(fit) < k:
        return
    if len(fit) == 9:
        yield from colex(k, 9)
        return
    for combo in colex(k, len(fit)):  # an increasing map keeps the order of the bit masks
        yield tuple([fit[i] for i in combo])


def _pairs_alike(masks: list[int]) -> list[tuple[int, ...]]:
    """The index pairs (in SE's order) of equal two-bit masks: for k = 2 the only subsets
    that can make a set (each member needs two or more, the union two)."""
    twos = [i for i, m in enumerate(masks) if _count(m) == 2]
    return [(i, j) for n, j in enumerate(twos) for i in twos[:n] if masks[i] == masks[j]]


def _count(bits: int) -> int:
    """How many bits are set: from MASK_COUNT for digit masks and house positions (nine
    bits; ``int.bit_count`` is a method call, compiled), else counted."""
    return MASK_COUNT[bits] if bits < len(MASK_COUNT) else bits.bit_count()


def hidden_sets(grid: Position, k: int, direct: bool = False, houses: int = ALL_HOUSES) -> Iterator[tuple[int, int, int, list[int]]]:
    """(house, digit mask, cells as a cell set, places of each digit in the house as
    positions: bit i for the house's i-th cell) of every hidden set of size k, in SE's order (``direct``: in the houses SE's direct forms use;
    only in ``houses``, a set of house numbers)."""
    table = kept_places(grid)  # a grid's, or a nested run's (changed in place: not remembered)
    if table is not None:
        for u, found in _hidden_by_house(grid, table, k, direct, houses, isinstance(grid, Grid)):
            places = table[u * 9 : u * 9 + 9]
            for digit_mask, union in found:
                yield u, digit_mask, cells_at(u, union), places
        return
    for u in BLOCK_COL_ROW:
        if houses >> u & 1 and _searched(grid.empty_in(u), k, direct):
            house = UNITS[u].mask
            places = [grid.cells_with[d] & house for d in range(1, 10)]
            for digit_mask, union in _hidden_in(places, k):
                yield u, digit_mask, union, [positions_of(u, p) for p in places]


def _searched(empty: int, k: int, direct: bool) -> bool:
    """Whether SE looks for hidden sets of size k in a house with this many empty cells."""
    return empty > 2 * k or (direct and empty > k)


def _hidden_by_house(
    grid: Position, table: list[int], k: int, direct: bool, houses: int, remember: bool
) -> list[tuple[int, tuple[tuple[int, int], ...]]]:
    """``hidden_sets`` on a position's places as positions (``se_places``), by house:
    (house, its sets' digit masks and positions), the houses with none left out. In a
    plain function (compiled, a generator's locals live in its heap object); each house's
    sets remembered by its places (the same counts and equalities) when ``remember`` (a
    solve's grids; a nested run's views change every run)."""
    out: list[tuple[int, tuple[tuple[int, int], ...]]] = []
    for u in BLOCK_COL_ROW:
        if not houses >> u & 1 or not _searched(grid.empty_in(u), k, direct) or not _may_hide(table, u * 9, k):
            continue
        key = (k, u, tuple(table[u * 9 : u * 9 + 9])) if remember else None
        found = _HIDDEN_SETS.get(key) if key is not None else None
        if found is None:
            found = tuple(_hidden_in(table[u * 9 : u * 9 + 9], k))
            if key is not None:
                _HIDDEN_SETS.put(key, found)
        if found:
            out.append((u, found))
    return out


def _may_hide(table: list[int], base: int, k: int) -> bool:
    """The house whose digits' positions are ``table[base:base + 9]`` has k digits with 2
    to k places each (for k = 2: two digits with the same two places): what a hidden set
    of size k needs (``_subsets``, ``_pairs_alike``), read without a slice or a key."""
    fit = 0
    if k == 2:
        seen = 0  # the two-place positions met, as bits of ``_PAIR_INDEX``
        for i in range(9):
            pair = _PAIR_INDEX[table[base + i]]
            if pair >= 0:
                if seen >> pair & 1:
                    return True
                seen |= 1 << pair
        return False
    for i in range(9):
        n = MASK_COUNT[table[base + i]]
        if 2 <= n <= k:
            fit += 1
    return fit >= k


def _hidden_in(places: list[int], k: int) -> Iterator[tuple[int, int]]:
    """(digit mask, their places) of the hidden sets of size k in a house whose digits
    have these places (positions or cell sets, each digit's), in SE's order."""
    for combo in _pairs_alike(places) if k == 2 else _subsets(places, k):
        union = 0
        for i in combo:
            union |= places[i]
        if _count(union) == k:
            yield sum(1 << i for i in combo), union


class SeNakedSet(BaseTechnique):
    """k cells of a house whose candidates together are k digits: the digits leave the
    rest of the house (SE's Naked Pair/Triplet/Quad)."""

    def __init__(self, size: int) -> None:
        super().__init__(Declaration(f"Naked {_WORDS[size]} (SE)", f"sn{size}", profile="se"))
        self.size = size

    def find(self, grid: Position) -> Iterator[Step]:
        for u, chosen, union, removals in naked_sets(grid, self.size):
            yield self._step(u, chosen, union, removals)

    def _step(self, u: int, chosen: tuple[Cell, ...], union: int, removals: tuple[Candidate, ...]) -> Step:
        digits = MASK_DIGITS[union]
        text = _NAKED.format(
            cells=cell_names(chosen), digits=digit_words(digits), k=self.size,
            house=UNITS[u].long_name, removals=removal_words(removals),
        )
        pattern = tuple(Candidate(d, c) for c in chosen for d in digits)
        return self.step(
            f"{digit_list(digits)} in {compact_cells(chosen)}",
            eliminations=removals,
            explanation=text,
            highlights=Highlights(pattern=pattern, units=(u,)),
            digits=digits,
            name=f"Naked {_WORDS[self.size]}",
            rating=_NAKED_VALUES[self.size],
        )


class SeHiddenSet(BaseTechnique):
    """k digits with k places in a house: those cells hold only them (SE's Hidden
    Pair/Triplet/Quad; ``direct``: only when that leaves a hidden single, placed too)."""

    def __init__(self, size: int, direct: bool) -> None:
        if direct:
            super().__init__(Declaration(f"Direct Hidden {_WORDS[size]}", f"dh{size}", profile="se"))
        else:
            super().__init__(Declaration(f"Hidden {_WORDS[size]} (SE)", f"sh{size}", profile="se"))
        self.size = size
        self.direct = direct

    def find(self, grid: Position) -> Iterator[Step]:
        for u, digit_mask, union, places in hidden_sets(grid, self.size, self.direct):
            found = self._found(grid, u, digit_mask, union, places)
            if found is not None:
                yield found

    def _found(self, grid: Position, u: int, digit_mask: int, union: int, places: list[int]) -> Step | None:
        cells = tuple(c for c in UNITS[u].cells if union >> c & 1)
        removals = tuple(Candidate(d, c) for c in cells for d in MASK_DIGITS[grid.cands[c] & ~digit_mask])
        if not self.direct:
            return self._step(u, cells, digit_mask, removals) if removals else None
        at = positions_of(u, union)
        for i in range(9):
            here = places[i]
            if not digit_mask >> i & 1 and here & (here - 1):
                left = here & ~at
                if left and not left & (left - 1):
                    single = Candidate(i + 1, UNITS[u].cells[left.bit_length() - 1])
                    return self._step(u, cells, digit_mask, (), single)
        return None

    def _step(
        self, u: int, cells: tuple[Cell, ...], digit_mask: int, removals: tuple[Candidate, ...], single: Candidate | None = None
    ) -> Step:
        digits = MASK_DIGITS[digit_mask]
        house = UNITS[u].long_name
        if single is None:
            text = _HIDDEN.format(house=house, digits=digit_words(digits), cells=cell_names(cells), removals=removal_words(removals))
        else:
            text = _DIRECT.format(house=house, digits=digit_words(digits), cells=cell_names(cells), cell=CELL_NAMES[single.cell], digit=single.digit)
        pattern = tuple(Candidate(d, c) for c in cells for d in digits)
        return self.step(
            f"{digit_list(digits)} in {compact_cells(cells)}",
            placements=(single,) if single is not None else (),
            eliminations=removals,
            explanation=text,
            highlights=Highlights(pattern=pattern, units=(u,)),
            digits=digits,
            name=("Direct " if self.direct else "") + f"Hidden {_WORDS[self.size]}",
            rating=(_DIRECT_VALUES if self.direct else _HIDDEN_VALUES)[self.size],
        )


SE_DIRECT_HIDDEN_PAIR: Final = SeHiddenSet(2, direct=True)
SE_DIRECT_HIDDEN_TRIPLET: Final = SeHiddenSet(3, direct=True)
SE_NAKED_PAIR, SE_NAKED_TRIPLET, SE_NAKED_QUAD = (SeNakedSet(k) for k in (2, 3, 4))
SE_HIDDEN_PAIR, SE_HIDDEN_TRIPLET, SE_HIDDEN_QUAD = (SeHiddenSet(k, direct=False) for k in (2, 3, 4))
SE_SUBSETS: Final = (SE_DIRECT_HIDDEN_PAIR, SE_DIRECT_HIDDEN_TRIPLET, SE_NAKED_PAIR, SE_NAKED_TRIPLET, SE_NAKED_QUAD, SE_HIDDEN_PAIR, SE_HIDDEN_TRIPLET, SE_HIDDEN_QUAD)
