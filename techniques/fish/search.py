"""The fish search shared by every fish technique: basic, Franken and Mutant, with fins.

A fish for one digit takes n base houses that cannot share a cell holding the digit
(each needs the digit once: n different placements) and n other cover houses that hold
every base candidate. Each cover house takes the digit at most once, so the n placements
fill the cover houses: every other candidate of the cover houses goes. Base candidates
outside the cover are fins (either a fin is true or the fish holds, so only cells seeing
every fin lose the digit); a candidate in two base houses is an endo fin; a base candidate
in two cover houses is eliminated too (cannibalism).

HoDoKu's rules (``FishSolver``): which houses may be base and cover sets depends on the
shape (basic: rows and columns; Franken: rows or columns plus boxes; Mutant: anything),
at most 5 fins of which 2 endo fins, and a fish is classified by the kinds of houses it
uses. Fish are listed in HoDoKu's discovery order: digit, rows-first pass, then base and
cover combinations in its house order (rows, columns, boxes).

The search: base combinations house by house, with overlaps limited to the endo fin
allowance; for each base set the covers are chosen to cover its lowest open candidate
(one of its three houses, or the candidate becomes a fin), so only cover sets that can
work are ever built. Every elimination is a candidate no template of the digit uses
(``engine.digit_templates``), and one must see every fin and lie in a cover house: a
base set whose candidates could not be covered that way is dropped as soon as it appears,
which prunes nearly everything in ordinary positions.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from itertools import combinations
from typing import Final, Iterator

from engine.cells import ALL_CELLS, BOX_OF, COL_OF, DIGITS, PEER_MASK, ROW_OF, UNITS, CellSet, Digit, first_cell
from engine.cache import StateMemo, per_grid_version
from engine.grid import Grid
from engine.stop import WorkLimitReached, checkpoint
from engine.digit_templates import deletable
from techniques.shared import seeing_all

MAX_FINS: Final = 5  # HoDoKu's default (and reglib test) limits: fins in all, endo fins among them
MAX_ENDO_FINS: Final = 2


class Shape(Enum):
    """Which houses a fish uses (HoDoKu's fish types)."""

    BASIC = "basic"
    FRANKEN = "franken"
    MUTANT = "mutant"


def hodoku_rank(unit: int) -> int:
    """HoDoKu's house order (rows, columns, boxes) for our unit numbers (boxes, rows, columns)."""
    return (unit - 9) % 27


_ROWS: Final = tuple(range(9, 18))
_COLS: Final = tuple(range(18, 27))
_BOXES: Final = tuple(range(9))
# Base and cover houses of each search pass, in HoDoKu order; Mutant fish need one pass.
PASSES: Final[dict[Shape, tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]]] = {
    Shape.BASIC: ((_ROWS, _COLS), (_COLS, _ROWS)),
    Shape.FRANKEN: ((_ROWS + _BOXES, _COLS + _BOXES), (_COLS + _BOXES, _ROWS + _BOXES)),
    Shape.MUTANT: ((_ROWS + _COLS + _BOXES, _ROWS + _COLS + _BOXES),),
}
# The houses of a cell in the order covers are tried for it: row, column, box.
_CELL_UNITS: Final[tuple[tuple[int, int, int], ...]] = tuple((9 + ROW_OF[c], 18 + COL_OF[c], BOX_OF[c]) for c in range(81))
_CELL_UNIT_BITS: Final[tuple[int, ...]] = tuple(sum(1 << u for u in units) for units in _CELL_UNITS)
_UNIT_MASK: Final[tuple[CellSet, ...]] = tuple(unit.mask for unit in UNITS)
_LINE_MASKS: Final[tuple[CellSet, ...]] = (0,) * 9 + _UNIT_MASK[9:]
_KIND: Final = tuple("b" if u < 9 else "r" if u < 18 else "c" for u in range(27))


@dataclass(frozen=True, slots=True)
class Fish:
    """One fish: its houses (HoDoKu order), candidates, fins and what it eliminates."""

    digit: Digit
    base: tuple[int, ...]
    cover: tuple[int, ...]
    cells: CellSet  # every base candidate
    fins: CellSet  # base candidates outside the cover houses
    endo_fins: CellSet  # candidates in two base houses
    eliminations: CellSet
    shape: Shape  # HoDoKu's classification by the kinds of houses used
    sashimi: bool

    @property
    def finned(self) -> bool:
        return bool(self.fins | self.endo_fins)

    @property
    def cannibals(self) -> CellSet:
        """Eliminated base candidates (each lies in two cover houses)."""
        return self.eliminations & self.cells

    @property
    def first_elimination(self) -> int:
        """HoDoKu's first candidate to delete: non-base eliminations come first."""
        plain = self.eliminations & ~self.cells
        return first_cell(plain or self.eliminations)


def classify(base: tuple[int, ...], cover: tuple[int, ...]) -> Shape:
    """HoDoKu's fish type: basic for rows/columns, Franken when boxes join one side's lines."""
    base_kinds = {_KIND[u] for u in base}
    cover_kinds = {_KIND[u] for u in cover}
    for line, cross in (("r", "c"), ("c", "r")):
        if base_kinds == {line} and cover_kinds == {cross}:
            return Shape.BASIC
        if base_kinds in ({line}, {line, "b"}) and cover_kinds in ({cross}, {cross, "b"}):
            return Shape.FRANKEN
    return Shape.MUTANT


# --- the search ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Query:
    digit: Digit
    cands: tuple[CellSet, ...]  # the digit's candidates per house
    size: int
    max_fins: int
    max_endo: int
    targets: CellSet  # cells an elimination may hit (all cells: not known)
    lines_only: bool  # basic fish without fins: the cover is the set of lines the base meets


def _lower_bound(cells: CellSet, allowed: int) -> int:
    """Cover houses these cells need at least: a set of them no two of which share an
    allowed house needs one house each."""
    count = 0
    while cells:
        low = cells & -cells
        reach = low
        for unit in _CELL_UNITS[low.bit_length() - 1]:
            if allowed >> unit & 1:
                reach |= _UNIT_MASK[unit]
        cells &= ~reach
        count += 1
    return count


def _viable_targets(query: _Query, cells: CellSet, endo: CellSet, allowed: int) -> CellSet:
    """The targets a fish on (a superset of) these base candidates could still eliminate.

    An eliminated cell sees every fin, so the base candidates it does not see are covered by
    cover houses other than the one through it (other than the two through it when it is a
    base candidate itself, eliminated by cannibalism). Without fins everything is covered.
    """
    size = query.size
    if not query.max_fins and _lower_bound(cells, allowed) > size:
        return 0
    if query.targets == ALL_CELLS:
        return ALL_CELLS
    viable, targets = 0, query.targets & (seeing_all(endo) if endo else ALL_CELLS)
    while targets:
        low = targets & -targets
        targets ^= low
        spare = 2 if cells & low else 1
        if _lower_bound(cells & ~PEER_MASK[low.bit_length() - 1] & ~low, allowed) <= size - spare:
            viable |= low
    return viable


_BaseSet = tuple[tuple[int, ...], CellSet, CellSet, CellSet]  # houses, candidates, endo fins, targets


_COLUMN_BITS: Final = sum(1 << 9 * row for row in range(9))
_GATHER: Final = sum(1 << (72 - 8 * row) for row in range(9))  # moves bit 9*r to bit 72+r, no carries


def _cross_lines(cells: CellSet, unit: int) -> int:
    """The lines (as house bits) crossing a row or column at its ``cells``.

    >>> _cross_lines(0b101, 9) == (1 << 18) | (1 << 20)
    True
    """
    if unit < 18:
        return ((cells >> 9 * (unit - 9)) & 0x1FF) << 18
    rows = ((((cells >> (unit - 18)) & _COLUMN_BITS) * _GATHER) >> 72) & 0x1FF
    return rows << 9


def _base_sets(query: _Query, bases: tuple[int, ...], covers: tuple[int, ...]) -> Iterator[_BaseSet]:
    """Base combinations in HoDoKu's order, pruned as soon as no cover set could work."""
    cands, size = query.cands, query.size
    usable = [u for u in bases if cands[u] and (query.max_fins or cands[u].bit_count() <= size)]
    if query.lines_only:
        yield from _line_base_sets(query, usable)
        return

    def extend(start: int, chosen: tuple[int, ...], cells: CellSet, endo: CellSet, allowed: int) -> Iterator[_BaseSet]:
        for i in range(start, len(usable) - (size - len(chosen)) + 1):
            unit = usable[i]
            overlap = endo | (cells & cands[unit])
            if overlap and overlap.bit_count() > query.max_endo:
                continue
            more, room = cells | cands[unit], allowed & ~(1 << unit)
            targets = _viable_targets(query, more, overlap, room)
            if not targets:
                continue
            if len(chosen) + 1 == size:
                yield chosen + (unit,), more, overlap, targets
            else:
                yield from extend(i + 1, chosen + (unit,), more, overlap, room)

    yield from extend(0, (), 0, 0, sum(1 << u for u in covers))


def _line_base_sets(query: _Query, usable: list[int]) -> Iterator[_BaseSet]:
    """Plain basic fish: n lines whose candidates meet only n crossing lines (a quick scan)."""
    lines = [(u, query.cands[u], _cross_lines(query.cands[u], u)) for u in usable]
    for combo in combinations(lines, query.size):
        crossing = cells = 0
        for _unit, unit_cells, cross in combo:
            crossing |= cross
            cells |= unit_cells
        if crossing.bit_count() == query.size:
            yield tuple(u for u, _c, _x in combo), cells, 0, ALL_CELLS


def _cover_sets(query: _Query, covers: tuple[int, ...], base: _BaseSet) -> list[tuple[int, CellSet]]:
    """Every cover set (as a bit set of houses) with its fins, for one base set.

    The lowest candidate not yet covered nor a fin is covered by one of its houses (houses
    tried before at this point stay out, so no set is built twice) or becomes a fin; when
    all are placed, any remaining houses touching the base make up the number.
    """
    cands, size = query.cands, query.size
    units, cells, endo, targets = base
    allowed = sum(1 << u for u in covers if cands[u] & cells and u not in units)
    if query.lines_only:
        return [(allowed, 0)] if allowed.bit_count() == size else []
    found: list[tuple[int, CellSet]] = []
    fin_budget = query.max_fins - endo.bit_count()

    def branch(count: int, covered: CellSet, fins: CellSet, buddies: CellSet, excluded: int, chosen: int) -> None:
        open_cells = cells & ~covered & ~fins & ~endo
        if not open_cells:
            fill(count, chosen, excluded, fins)
        elif count == size:  # every open candidate must be a fin
            if (fins | open_cells).bit_count() <= fin_budget and buddies & seeing_all(open_cells) & targets:
                found.append((chosen, fins | open_cells))
        else:
            low = open_cells & -open_cells
            cell = low.bit_length() - 1
            for unit in _CELL_UNITS[cell]:
                bit = 1 << unit
                if allowed & bit and not excluded & bit:
                    branch(count + 1, covered | cands[unit], fins, buddies, excluded, chosen | bit)
                    excluded |= bit
            seen = buddies & PEER_MASK[cell]
            if fins.bit_count() < fin_budget and seen & targets:
                branch(count, covered, fins | low, seen, excluded | _CELL_UNIT_BITS[cell], chosen)

    def fill(count: int, chosen: int, excluded: int, fins: CellSet) -> None:
        spare = [u for u in covers if allowed >> u & 1 and not (excluded | chosen) >> u & 1]
        for extra in combinations(spare, size - count):
            found.append((chosen | sum(1 << u for u in extra), fins))

    start = seeing_all(endo) if endo else ALL_CELLS
    if start & targets:
        branch(0, 0, 0, start, 0, 0)
    return found


def _fish_of(query: _Query, base: tuple[int, ...], cells: CellSet, endo: CellSet, chosen: int, fins: CellSet) -> Fish | None:
    cands = query.cands
    cover = tuple(sorted((u for u in range(27) if chosen >> u & 1), key=hodoku_rank))
    covered = twice = 0
    for unit in cover:
        twice |= covered & cands[unit]
        covered |= cands[unit]
    all_fins = fins | endo
    eliminations = (covered & ~cells) | twice
    if all_fins:
        eliminations &= seeing_all(all_fins)
    if not eliminations:
        return None
    shape = classify(base, cover)
    sashimi = shape is Shape.BASIC and bool(all_fins) and any((cands[u] & ~all_fins).bit_count() <= 1 for u in base)
    return Fish(query.digit, base, cover, cells, fins, endo, eliminations, shape, sashimi)


def _digit_fishes(query: _Query, shape: Shape, finned: bool) -> Iterator[Fish]:
    for bases, covers in PASSES[shape]:
        pool = covers if query.lines_only else tuple(u for u in covers if query.cands[u])
        for base in _base_sets(query, bases, pool):
            checkpoint()
            found = []
            for chosen, fins in _cover_sets(query, pool, base):
                if finned != bool(fins | base[2]):
                    continue
                fish = _fish_of(query, base[0], base[1], base[2], chosen, fins)
                if fish is not None:
                    found.append(fish)
            found.sort(key=lambda f: [hodoku_rank(u) for u in f.cover])
            yield from found


class FishSearchCut(WorkLimitReached):
    """A listing's work bound (``engine.stop.work_limit``) stopped the search: ``found``
    holds the fish found before it, in HoDoKu's order (the first ones of the whole list)."""

    def __init__(self, bound: int, found: tuple[Fish, ...]) -> None:
        super().__init__(bound)
        self.found = found


@per_grid_version(64)  # grid versions x searches; a solve only ever revisits the latest few
def find_fish(grid: Grid, shape: Shape, size: int, finned: bool) -> tuple[Fish, ...]:
    """Every fish of this search (HoDoKu's order), finned ones or those without fins.

    The search for ``shape`` also meets fish of a simpler class (a Franken search finds
    basic fish); callers keep the class they report. Results are cached per grid version,
    so the finned and sashimi techniques of one size share one search. A listing's work
    bound stops it with :class:`FishSearchCut` (nothing is cached then).
    """
    # Templates only pay off for the wider searches; plain basic fish stay a quick scan.
    use_templates = finned or shape is not Shape.BASIC
    masks = _LINE_MASKS if shape is Shape.BASIC else _UNIT_MASK  # basic fish never use boxes
    max_endo = MAX_ENDO_FINS if finned and shape is not Shape.BASIC else 0
    found: list[Fish] = []
    for digit in DIGITS:
        targets = deletable(grid, digit) if use_templates else ALL_CELLS
        if not targets or not grid.cells_with[digit]:
            continue
        everywhere = grid.cells_with[digit]
        key = (shape, size, finned, digit, everywhere, targets)
        known = _DIGIT_FISH.get(key)
        if known is not None:
            found.extend(known)
            continue
        cands = tuple([everywhere & mask for mask in masks])
        lines_only = shape is Shape.BASIC and not finned
        query = _Query(digit, cands, size, MAX_FINS if finned else 0, max_endo, targets, lines_only)
        try:
            fishes = tuple(_digit_fishes(query, shape, finned))
        except WorkLimitReached as spent:
            raise FishSearchCut(spent.limit, tuple(found)) from None
        _DIGIT_FISH.put(key, fishes)
        found.extend(fishes)
    return tuple(found)


#: One digit's fish depend on nothing but the search and that digit's candidates (and the
#: cells its eliminations may hit, themselves a function of them): remembered across steps,
#: since most steps leave most digits alone.
_DIGIT_FISH: Final[StateMemo[tuple[Shape, int, bool, Digit, CellSet, CellSet], tuple[Fish, ...]]] = StateMemo()


def siamese_pairs(fishes: tuple[Fish, ...]) -> Iterator[tuple[Fish, Fish]]:
    """HoDoKu's Siamese fish: two fish of one class on the same base houses whose first
    eliminations differ, in discovery order (the first one names the combined step)."""
    groups: dict[tuple[Digit, tuple[int, ...], Shape, bool], list[Fish]] = {}
    for fish in fishes:
        groups.setdefault((fish.digit, fish.base, fish.shape, fish.finned), []).append(fish)
    pairs = []
    for group in groups.values():
        firsts = [fish.first_elimination for fish in group]  # once each: groups can be big
        for i, one in enumerate(group):
            pairs += [(one, group[j]) for j in range(i + 1, len(group)) if firsts[j] != firsts[i]]
    order = {id(fish): i for i, fish in enumerate(fishes)}
    yield from sorted(pairs, key=lambda pair: (order[id(pair[0])], order[id(pair[1])]))
