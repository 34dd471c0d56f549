"""Sudoku Explainer's Unique Rectangles and Unique Loops, types 1 to 4 (4.5 and up).

A unique loop is a closed path of 4, 6, 8, ... cells, each step within a house and no two
steps in a row in the same kind of house, every cell holding the same two digits, every
house it enters entered twice (once at an even, once at an odd position): were those the
only candidates, the two digits could swap along the loop and the puzzle would have two
solutions. So the cells with more candidates ("extra" cells) must keep the grid away from
that:

* type 1: one extra cell loses the loop's two digits;
* type 2: the extra cells all have the same one other digit, so one holds it: it leaves
  the cells seeing all of them;
* type 3: two extra cells act together with other cells of a house they share as a naked
  set (or the loop digits make a hidden set there); the set's digits leave the house;
* type 4: two extra cells in a house where one loop digit has no other place: one of them
  holds it, so neither holds the other loop digit.

SE rates 4.5 for a rectangle, +0.1 for 6 cells, +0.2 for 8, +0.5 for 10 or more; type 3
adds 0.1 per set cell beyond the first. It collects every loop from every two-candidate
cell (row order), then takes the easiest, type breaking ties. The search follows SE's
depth-first walk, including its way of pooling the extra digits of the cells it tried.
"""

from __future__ import annotations

from typing import Callable, Final, Iterator, NamedTuple

from engine.cache import StateMemo
from engine.cells import CELL_NAMES, MASK_COUNT, MASK_DIGITS, N_CELLS, N_UNITS, PEER_MASK, UNITS, UNITS_OF, Cell, bit, bit_indices, cellset_of
from engine.grid import Grid
from engine.step import Candidate, Highlights, Step, candidate
from engine.technique import BaseTechnique, Declaration, WorkBoundExceeded
from techniques.se_order import colex
from techniques.se_places import house_positions
from techniques.shared import HOUSE_CANDIDATES, cell_names, digit_words, grouped_removals

#: Loop-search nodes per call before the search gives up (a bound on work, never time).
NODE_BOUND: Final = 200_000

_TEXT: Final = (
    "The cells {loop} all hold {v1} and {v2} and form a closed loop through their houses. If {v1} and {v2} "
    "were their only candidates, the two digits could be swapped along the loop and the puzzle would have "
    "two solutions. This step relies on the puzzle having a single solution, so {why}: remove {removals}."
)


class _Found(NamedTuple):
    """One loop deduction before it becomes a step: what SE sorts and compares."""

    difficulty: float
    type: int
    loop: tuple[Cell, ...]
    pair: int
    key: tuple[object, ...]  # what else makes two hints different (type 3)
    removals: tuple[Candidate, ...]
    why: str


def loop_difficulty(size: int) -> float:
    value = 4.5
    if size >= 10:
        value += 0.3
    if size >= 8:
        value += 0.2
    elif size >= 6:
        value += 0.1
    return value


#: UNITS_OF typed as tuples of any length: compiled, the walk reads them in place (a
#: three-int tuple would be copied into a new tuple for each loop over it).
_HOUSES: Final[tuple[tuple[int, ...], ...]] = UNITS_OF
#: HOUSE_BITS[cell]: the cell's three houses as a set of house numbers.
HOUSE_BITS: Final[tuple[int, ...]] = tuple((1 << b) | (1 << r) | (1 << k) for b, r, k in UNITS_OF)


def _members(grid: Grid, pair: int) -> list[tuple[Cell, ...]]:
    """For each house, its cells (in house order) holding both digits of ``pair`` (read
    from the grid's places as positions, ``se_places``: no 81-bit set per house)."""
    a, b = MASK_DIGITS[pair]
    table = house_positions(grid)
    out: list[tuple[Cell, ...]] = []
    for u in range(N_UNITS):
        here = table[u * 9 + a - 1] & table[u * 9 + b - 1]
        out.append(tuple([c for i, c in enumerate(UNITS[u].cells) if here >> i & 1]) if here else ())
    return out


class _LoopSearch:
    """SE's depth-first search for closed loops through cells holding both digits.

    SE walks every path and checks the houses once a loop closes; this walk stops early on
    a path that has entered a house twice at positions of the same parity, since no loop
    through it can be valid. What the walk pools from the cells it looks at (the extra
    digits that decide whether it may go on) is kept exactly as SE pools it."""

    def __init__(self, cands: list[int], pair: int, members: list[tuple[Cell, ...]], nodes: list[int]) -> None:
        self.cands = cands
        self.pair = pair
        self.nodes = nodes
        self.loop: list[Cell] = []
        #: The loop's cells, by cell (a list, not a cell set: an 81-bit int allocates on
        #: every change when compiled).
        self.in_loop = [False] * N_CELLS
        self.results: list[tuple[Cell, ...]] = []
        self.members = members

    def walk(self, cell: Cell, allowed_extra: int, extra: int, last_kind: int, seen_even: int, seen_odd: int) -> None:
        nodes = self.nodes
        nodes[0] = nodes[0] + 1  # not ``+=``: compiled, that is a generic in-place add
        if nodes[0] > NODE_BOUND:
            raise WorkBoundExceeded(f"unique loop search passed {NODE_BOUND} nodes")
        loop = self.loop
        loop.append(cell)
        in_loop = self.in_loop
        in_loop[cell] = True
        size = len(loop)
        even = size % 2 == 0  # the parity of the next position
        seen = seen_even if even else seen_odd
        cands, pair, members = self.cands, self.pair, self.members
        start = loop[0]
        for kind, u in enumerate(_HOUSES[cell]):
            if kind == last_kind:
                continue
            for other in members[u]:
                if other == start and size >= 4:
                    self.results.append(tuple(loop))
                elif not in_loop[other]:
                    mask = cands[other]
                    extra = (extra | mask) & ~pair
                    big = MASK_COUNT[mask] > 2
                    houses = HOUSE_BITS[other]
                    if (not big or MASK_COUNT[extra] == 1 or allowed_extra > 0) and not houses & seen:
                        if even:
                            self.walk(other, allowed_extra - big, extra, kind, seen | houses, seen_odd)
                        else:
                            self.walk(other, allowed_extra - big, extra, kind, seen_even, seen | houses)
        loop.pop()
        in_loop[cell] = False


#: Each pair of digits' valid loops by start cell, and the walk's nodes, by the pair and the
#: cells holding both digits with their candidates: all the walks read (``StateMemo``:
#: a solve's steps leave most pairs' cells alone).
_PAIR_LOOPS: Final[StateMemo[tuple[int, int, tuple[int, ...]], tuple[dict[Cell, tuple[tuple[Cell, ...], ...]], int]]] = StateMemo()


def _pair_loops(grid: Grid, pair: int, spent: list[int]) -> dict[Cell, tuple[tuple[Cell, ...], ...]]:
    """The valid loops of a pair of digits from each of its two-candidate cells (SE's
    walk from each), counting the walk's nodes in ``spent`` (kept loops count the nodes
    their walks took when made: the same bound, met at the same call)."""
    a, b = MASK_DIGITS[pair]
    both = grid.cells_with[a] & grid.cells_with[b]
    cands = grid.cands
    key = (pair, both, tuple([cands[c] for c in bit_indices(both)]))
    kept = _PAIR_LOOPS.get(key)
    if kept is not None:
        spent[0] = spent[0] + kept[1]
        if spent[0] > NODE_BOUND:
            raise WorkBoundExceeded(f"unique loop search passed {NODE_BOUND} nodes")
        return kept[0]
    before = spent[0]
    members = _members(grid, pair)
    starts: dict[Cell, tuple[tuple[Cell, ...], ...]] = {}
    for cell in bit_indices(both):
        if cands[cell] == pair:
            search = _LoopSearch(cands, pair, members, spent)
            search.walk(cell, 2, 0, -1, HOUSE_BITS[cell], 0)
            starts[cell] = tuple([loop for loop in search.results if is_valid_loop(loop)])
    _PAIR_LOOPS.put(key, (starts, spent[0] - before))
    return starts


def is_valid_loop(loop: tuple[Cell, ...]) -> bool:
    """Every house the loop enters is entered once at an even and once at an odd position."""
    even = odd = 0
    for i, cell in enumerate(loop):
        houses = HOUSE_BITS[cell]
        if i % 2:
            if odd & houses:
                return False
            odd |= houses
        else:
            if even & houses:
                return False
            even |= houses
    return even == odd


class UniqueLoops(BaseTechnique):
    """SE's Unique Rectangles and Loops of types 1-4 (see the module docstring)."""

    declaration = Declaration(
        "Unique Rectangles and Loops", "ul1", subcodes={"ul2": None, "ul3": None, "ul4": None},
        subnames={"ul2": "Unique Rectangle or Loop type 2", "ul3": "Unique Rectangle or Loop type 3", "ul4": "Unique Rectangle or Loop type 4"},
        uniqueness=True, profile="se"
    )

    def find(self, grid: Grid) -> Iterator[Step]:
        """Every hint, easiest first (type breaking ties, then the order found). Type 3's
        set search, the costly part, waits until a type 3 hint could come next: none is
        easier than its loop's rectangle or loop value, and no other type ties with it."""
        loops = self._loops(grid)
        cheap = sorted(_collect(grid, _first_of_each(loops), _other_types), key=_order)
        bound = min((loop_difficulty(len(loop)) for loop, pair in loops if _has_type3(grid, loop, pair)), default=None)
        taken = 0
        if bound is not None:
            while taken < len(cheap) and _order(cheap[taken]) < (bound, 3):
                yield self._step(cheap[taken])
                taken += 1
            rest = cheap[taken:] + _collect(grid, loops, _type3_of)
            rest.sort(key=_order)
        else:
            rest = cheap
        for f in rest:
            yield self._step(f)

    def _loops(self, grid: Grid) -> list[tuple[tuple[Cell, ...], int]]:
        """Every valid loop with its two digits, in SE's order: by start cell (row
        order), then as its walk closes them."""
        spent = [0]
        by_pair: dict[int, dict[Cell, tuple[tuple[Cell, ...], ...]]] = {}
        cands = grid.cands
        out: list[tuple[tuple[Cell, ...], int]] = []
        for cell in range(N_CELLS):
            mask = cands[cell]
            if MASK_COUNT[mask] != 2:
                continue
            starts = by_pair.get(mask)
            if starts is None:
                starts = by_pair[mask] = _pair_loops(grid, mask, spent)
            out.extend((loop, mask) for loop in starts[cell])
        return out

    def _step(self, f: _Found) -> Step:
        v1, v2 = MASK_DIGITS[f.pair]
        kind = "Rectangle" if len(f.loop) == 4 else "Loop"
        size = f" {len(f.loop)}" if len(f.loop) > 6 else ""
        name = f"Unique {kind}{size} type {f.type}"
        text = _TEXT.format(loop=cell_names(list(f.loop)), v1=v1, v2=v2, why=f.why, removals=grouped_removals(f.removals))
        return self.step(
            f"{v1}/{v2} in {','.join(CELL_NAMES[c] for c in f.loop)}",
            eliminations=f.removals,
            explanation=text,
            highlights=Highlights(pattern=tuple(Candidate(d, c) for c in f.loop for d in (v1, v2)), cells=f.loop),
            digits=(v1, v2),
            name=name,
            code=f"ul{f.type}",
            rating=f.difficulty,
        )


def _order(f: _Found) -> tuple[float, int]:
    """What SE sorts the hints by (a stable sort: ties stay in the order found)."""
    return (f.difficulty, f.type)


def _collect(
    grid: Grid, loops: list[tuple[tuple[Cell, ...], int]], deductions: Callable[[Grid, tuple[Cell, ...], int], list[_Found]]
) -> list[_Found]:
    """The hints ``deductions`` builds for each loop, in order, each once (SE's identity
    of a hint: its type, the loop's cells and length, what else tells two apart), those
    that remove something."""
    result: list[_Found] = []
    seen: set[tuple[object, ...]] = set()
    for loop, pair in loops:
        for f in deductions(grid, loop, pair):
            identity = (f.type, frozenset(f.loop), len(f.loop), f.key)
            if identity not in seen and f.removals:
                seen.add(identity)
                result.append(f)
    return result


def _first_of_each(loops: list[tuple[tuple[Cell, ...], int]]) -> list[tuple[tuple[Cell, ...], int]]:
    """The loops, each set of cells once (where it was first found). Types 1, 2 and 4 read
    a loop's cells as a set (which are extra, what they share), so the same loop found
    again from another start or the other way round makes only hints ``_collect`` drops:
    the same identity, or no removal again."""
    seen: set[int] = set()
    out: list[tuple[tuple[Cell, ...], int]] = []
    for loop, pair in loops:
        cells = cellset_of(loop) << 9 | pair
        if cells not in seen:
            seen.add(cells)
            out.append((loop, pair))
    return out


def _extra_cells(grid: Grid, loop: tuple[Cell, ...]) -> list[Cell]:
    """The loop's cells with more than its two digits."""
    cands = grid.cands
    return [c for c in loop if MASK_COUNT[cands[c]] > 2]


def _has_type3(grid: Grid, loop: tuple[Cell, ...], pair: int) -> bool:
    """Whether SE looks for type 3 sets on this loop: two extra cells with at least two
    other digits between them."""
    extra_cells = _extra_cells(grid, loop)
    if len(extra_cells) != 2:
        return False
    c1, c2 = extra_cells
    return MASK_COUNT[(grid.cands[c1] | grid.cands[c2]) & ~pair] >= 2


def _type3_of(grid: Grid, loop: tuple[Cell, ...], pair: int) -> list[_Found]:
    """The type 3 hints SE builds for one valid loop, in its order: kept by the loop's
    candidates and those of the houses its two extra cells share, all they read."""
    if not _has_type3(grid, loop, pair):
        return []
    c1, c2 = _extra_cells(grid, loop)
    cands = grid.cands
    shared = tuple([HOUSE_CANDIDATES[u](cands) for u in UNITS_OF[c1] if u in UNITS_OF[c2]])
    key = (loop, pair, tuple([cands[c] for c in loop]), shared)
    found = _TYPE3.get(key)
    if found is None:
        extra = (cands[c1] | cands[c2]) & ~pair
        found = tuple(_type3(grid, loop, pair, c1, c2, extra, loop_difficulty(len(loop))))
        _TYPE3.put(key, found)
    return list(found)


#: ``_type3_of``'s hints by what they depend on (see there).
_TYPE3: Final[StateMemo[tuple[tuple[Cell, ...], int, tuple[int, ...], tuple[tuple[int, ...], ...]], tuple[_Found, ...]]] = StateMemo()


def _other_types(grid: Grid, loop: tuple[Cell, ...], pair: int) -> list[_Found]:
    """The hints of types 1, 2 and 4 SE builds for one valid loop, in its order."""
    cands = grid.cands
    extra_cells = _extra_cells(grid, loop)
    base = loop_difficulty(len(loop))
    if len(extra_cells) == 1:
        cell = extra_cells[0]
        why = f"{CELL_NAMES[cell]} cannot be {digit_words(MASK_DIGITS[pair], 'or')}"
        return [_Found(base, 1, loop, pair, ("type 1",), tuple(Candidate(d, cell) for d in MASK_DIGITS[pair]), why)]
    if len(extra_cells) > 2:
        return [_type2(grid, loop, pair, extra_cells, base)]
    if len(extra_cells) != 2:
        return []
    c1, c2 = extra_cells
    extra = (cands[c1] | cands[c2]) & ~pair
    out: list[_Found] = []
    if MASK_COUNT[extra] == 1:
        out.append(_type2(grid, loop, pair, extra_cells, base))
    four = _type4(grid, loop, pair, c1, c2, base)
    if four is not None:
        out.append(four)
    return out


def _type2(grid: Grid, loop: tuple[Cell, ...], pair: int, extra_cells: list[Cell], base: float) -> _Found:
    value = MASK_DIGITS[grid.cands[extra_cells[0]] & ~pair][0]
    common = PEER_MASK[extra_cells[0]]  # the cells seeing every extra cell, as a cell set
    for cell in extra_cells[1:]:
        common &= PEER_MASK[cell]
    for cell in extra_cells:
        common &= ~(1 << cell)
    removals = tuple([candidate(value, c) for c in bit_indices(common & grid.cells_with[value])])
    why = f"one of {cell_names(extra_cells).replace(' and ', ' or ')} holds {value}"
    return _Found(base, 2, loop, pair, ("type 2",), removals, why)


def _type3(grid: Grid, loop: tuple[Cell, ...], pair: int, c1: Cell, c2: Cell, extra: int, base: float) -> list[_Found]:
    out: list[_Found] = []
    for degree in range(MASK_COUNT[extra], 8):
        for u in UNITS_OF[c1]:
            if u not in UNITS_OF[c2]:
                continue
            empty = grid.empty_in(u)
            if degree * 2 <= empty:
                out.extend(_type3_naked(grid, loop, pair, c1, c2, extra, u, degree, base))
            if degree * 2 < empty:
                out.extend(_type3_hidden(grid, loop, pair, c1, c2, extra, u, degree, base))
    return out


def _type3_naked(
    grid: Grid, loop: tuple[Cell, ...], pair: int, c1: Cell, c2: Cell, extra: int, u: int, degree: int, base: float
) -> Iterator[_Found]:
    cells = UNITS[u].cells
    i1, i2 = cells.index(c1), cells.index(c2)
    cands = grid.cands
    for combo in _with_first(i1, [i for i in range(9) if i not in (i1, i2) and MASK_COUNT[cands[cells[i]]] >= 2], degree):
        others = tuple(cells[i] for i in combo if i != i1)
        masks = [extra] + [cands[c] for c in others]
        covered = (extra & cands[c1] & cands[c2]) | _union(cands[c] for c in others)
        if MASK_COUNT[covered] != degree or any(MASK_COUNT[m] < 2 for m in masks) or MASK_COUNT[_union(masks)] != degree:
            continue
        values = _union(masks)
        removals = tuple(
            Candidate(d, c) for c in cells if c not in others and c not in (c1, c2) for d in MASK_DIGITS[cands[c] & values]
        )
        why = (
            f"{CELL_NAMES[c1]} and {CELL_NAMES[c2]} together hold one of {digit_words(MASK_DIGITS[extra], 'or')}, "
            f"which makes a naked set on {digit_words(MASK_DIGITS[values])} with {cell_names(others)} in {UNITS[u].long_name}"
        )
        difficulty = base + (MASK_COUNT[values] - 1) * 0.1
        yield _Found(difficulty, 3, loop, pair, ("naked", u, values, others), removals, why)


def _with_first(first: int, allowed: list[int], size: int) -> list[tuple[int, ...]]:
    """The ``size``-subsets of range(9) holding ``first``, the rest from ``allowed``, in
    ``colex`` order (as SE tries them): only those can make a naked set, whose other
    cells need two candidates or more. (``first`` is in none of ``allowed``, so adding
    it keeps the order of the rest's masks.)"""
    if size - 1 > len(allowed):
        return []
    return [tuple(sorted((first,) + tuple(allowed[i] for i in rest))) for rest in colex(size - 1, len(allowed))]


def _type3_hidden(
    grid: Grid, loop: tuple[Cell, ...], pair: int, c1: Cell, c2: Cell, extra: int, u: int, degree: int, base: float
) -> Iterator[_Found]:
    cells = UNITS[u].cells
    i1, i2 = cells.index(c1), cells.index(c2)
    rest = [d for d in range(1, 10) if not (pair | extra) & bit(d)]
    if degree - 2 > len(rest):
        return
    table = house_positions(grid)
    for combo in colex(degree - 2, len(rest)):
        values = [rest[i] for i in combo] + list(MASK_DIGITS[pair])
        positions = [table[u * 9 + d - 1] & ~(1 << i2) for d in values]
        union = _union(positions)
        if any(p == 0 for p in positions) or MASK_COUNT[union] != degree:  # nine-bit places
            continue
        hidden = sum(bit(d) for d in values)
        kept = union & ~(1 << i1) & ~(1 << i2)
        set_cells = tuple(cells[i] for i in range(9) if kept >> i & 1)
        removals = tuple(Candidate(d, c) for c in set_cells for d in MASK_DIGITS[grid.cands[c] & ~hidden])
        why = (
            f"{CELL_NAMES[c1]} and {CELL_NAMES[c2]} cannot both be {digit_words(MASK_DIGITS[pair], 'or')}, so "
            f"{digit_words(values)} only fit {cell_names(set_cells)} and one of them in {UNITS[u].long_name}"
        )
        difficulty = base + (len(set_cells) - 1) * 0.1
        yield _Found(difficulty, 3, loop, pair, ("hidden", u, hidden, kept), removals, why)


def _type4(grid: Grid, loop: tuple[Cell, ...], pair: int, c1: Cell, c2: Cell, base: float) -> _Found | None:
    v1, v2 = MASK_DIGITS[pair]
    locked: list[int | None] = [None, None]
    for u in UNITS_OF[c1]:
        if u not in UNITS_OF[c2]:
            continue
        rest = UNITS[u].mask & ~(1 << c1) & ~(1 << c2)
        for i, v in enumerate((v1, v2)):
            if not grid.cells_with[v] & rest:
                locked[i] = u
    for i, (lock, other) in enumerate(((v1, v2), (v2, v1))):
        house = locked[i]
        if house is not None:
            why = (
                f"{lock} has no place in {UNITS[house].long_name} but {CELL_NAMES[c1]} and {CELL_NAMES[c2]}, so one of them "
                f"is {lock} and neither can be {other}"
            )
            return _Found(base, 4, loop, pair, ("type 4",), (Candidate(other, c1), Candidate(other, c2)), why)
    return None


def _union(masks: Iterator[int] | list[int]) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


UNIQUE_LOOPS: Final = UniqueLoops()
