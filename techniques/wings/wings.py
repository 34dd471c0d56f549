"""Wings: XY-Wing, XYZ-Wing and W-Wing.

A wing is a small set of cells where, whatever a pivot cell or a link turns out to be, one of
two (or three) cells must hold a digit z; a cell that sees all of them cannot be z.
"""

from __future__ import annotations

from itertools import combinations
from typing import Final, Iterator

from engine.cells import LINES, MASK_COUNT, MASK_DIGITS, PEER_MASK, SINGLE_DIGIT, UNITS, Cell, CellSet, Digit, cells_of
from engine.grid import Grid
from engine.notation import cell_list_words, compact_cells
from engine.step import Highlights, Link, Step, candidate
from engine.technique import BaseTechnique, Declaration
from techniques.single_digit.strong_links import StrongLink, strong_links
from techniques.shared import candidates, digit_words

_XY: Final = (
    "{pivot} can only be {x} or {y}. If it is {x}, {wing_x} (which holds {pair_x}) must be {z}; if it is "
    "{y}, {wing_y} (which holds {pair_y}) must be {z}. Either way one of {wing_x} and {wing_y} is {z}, "
    "so a cell that sees both cannot be {z}: remove it from {targets}."
)
_XYZ: Final = (
    "{pivot} can only be {digits}; {wing_x} holds {pair_x} and {wing_y} holds {pair_y}. "
    "If {pivot} is {x}, {wing_x} is {z}; if it is {y}, {wing_y} is {z}; otherwise {pivot} is {z} itself. "
    "So a cell that sees all three cannot be {z}: remove it from {targets}."
)
_W: Final = (
    "{one} and {two} both hold only {pair}. In {house}, {y} can only go in {link_one} or {link_two}; "
    "{link_one} sees {one} and {link_two} sees {two}. If both pair cells were {y}, {house} would have no "
    "place left for {y}, so at least one of them is {x}, and a cell that sees both cannot be {x}: "
    "remove it from {targets}."
)


class XYWing(BaseTechnique):
    """A pivot xy that sees two cells xz and yz: one of those two is z."""

    declaration = Declaration("XY-Wing", "xy", library="0800")

    def find(self, grid: Grid) -> Iterator[Step]:
        """Wings in HoDoKu's order: by their three cells (ascending), then with the first,
        second or third of them as the pivot."""
        cands = grid.cands
        bivalue = list(grid.bivalue_cells())
        found: list[tuple[tuple[Cell, ...], int, Cell, Cell, Cell]] = []
        for pivot in bivalue:
            mask = cands[pivot]
            wings = [c for c in bivalue if PEER_MASK[pivot] >> c & 1 and MASK_COUNT[mask & cands[c]] == 1]
            for one, two in combinations(wings, 2):
                m1, m2 = cands[one], cands[two]
                if m1 != m2 and MASK_COUNT[mask | m1 | m2] == 3:
                    trio = tuple(sorted((pivot, one, two)))
                    found.append((trio, trio.index(pivot), pivot, one, two))
        seen: set[tuple[Digit, CellSet]] = set()
        for _, _, pivot, one, two in sorted(found):
            z = SINGLE_DIGIT[cands[one] & cands[two]]
            targets = grid.cells_with[z] & PEER_MASK[one] & PEER_MASK[two]
            if targets and (z, targets) not in seen:
                seen.add((z, targets))
                yield self._make(grid, pivot, one, two, z, targets)

    def _make(self, grid: Grid, pivot: Cell, one: Cell, two: Cell, z: Digit, targets: CellSet) -> Step:
        x, y = MASK_DIGITS[grid.cands[pivot]]
        wing_x, wing_y = (one, two) if grid.cands[one] >> (x - 1) & 1 else (two, one)
        text = _XY.format(
            pivot=cell_list_words([pivot]),
            pair_x=digit_words(sorted((x, z)), "or"),
            pair_y=digit_words(sorted((y, z)), "or"),
            wing_x=cell_list_words([wing_x]),
            wing_y=cell_list_words([wing_y]),
            x=x,
            y=y,
            z=z,
            targets=cell_list_words(list(cells_of(targets))),
        )
        return self.step(
            f"{x}/{y}/{z} in {compact_cells([pivot, one, two])}",
            eliminations=candidates(grid, z, targets),
            explanation=text,
            highlights=_wing_highlights(grid, pivot, (wing_x, wing_y), z),
            digits=tuple(sorted((x, y, z))),
        )


class XYZWing(BaseTechnique):
    """A pivot xyz that sees two cells xz and yz: one of the three is z."""

    declaration = Declaration("XYZ-Wing", "xyz", library="0801")

    def find(self, grid: Grid) -> Iterator[Step]:
        cands = grid.cands
        bivalue = list(grid.bivalue_cells())
        seen: set[tuple[Digit, CellSet]] = set()
        for pivot in range(81):
            mask = cands[pivot]
            if MASK_COUNT[mask] != 3:
                continue
            wings = [c for c in bivalue if PEER_MASK[pivot] >> c & 1 and not cands[c] & ~mask]
            for one, two in combinations(wings, 2):
                if cands[one] == cands[two]:
                    continue
                z = SINGLE_DIGIT[cands[one] & cands[two]]
                targets = grid.cells_with[z] & PEER_MASK[pivot] & PEER_MASK[one] & PEER_MASK[two]
                if targets and (z, targets) not in seen:
                    seen.add((z, targets))
                    yield self._make(grid, pivot, one, two, z, targets)

    def _make(self, grid: Grid, pivot: Cell, one: Cell, two: Cell, z: Digit, targets: CellSet) -> Step:
        x = SINGLE_DIGIT[grid.cands[one] & ~(1 << (z - 1))]
        y = SINGLE_DIGIT[grid.cands[two] & ~(1 << (z - 1))]
        text = _XYZ.format(
            pivot=cell_list_words([pivot]),
            digits=digit_words(MASK_DIGITS[grid.cands[pivot]], "or"),
            pair_x=digit_words(MASK_DIGITS[grid.cands[one]], "or"),
            pair_y=digit_words(MASK_DIGITS[grid.cands[two]], "or"),
            wing_x=cell_list_words([one]),
            wing_y=cell_list_words([two]),
            x=x,
            y=y,
            z=z,
            targets=cell_list_words(list(cells_of(targets))),
        )
        digits = MASK_DIGITS[grid.cands[pivot]]
        return self.step(
            f"{'/'.join(map(str, digits))} in {compact_cells([pivot, one, two])}",
            eliminations=candidates(grid, z, targets),
            explanation=text,
            highlights=_wing_highlights(grid, pivot, (one, two), z),
            digits=digits,
        )


def _wing_highlights(grid: Grid, pivot: Cell, wings: tuple[Cell, Cell], z: Digit) -> Highlights:
    """The pivot's candidates as the pattern, the wings' z as the digit they force."""
    pattern = tuple(candidate(d, c) for c in (pivot, *wings) for d in MASK_DIGITS[grid.cands[c]] if d != z)
    return Highlights(
        pattern=pattern,
        alt=tuple(candidate(z, c) for c in (pivot, *wings) if grid.cands[c] >> (z - 1) & 1),
        cells=(pivot, *wings),
    )


class WWing(BaseTechnique):
    """Two cells holding the same pair xy, and a strong link on y whose ends see one cell
    each: one of the two cells is x."""

    declaration = Declaration("W-Wing", "w", library="0803")

    def find(self, grid: Grid) -> Iterator[Step]:
        cands = grid.cands
        seen: set[tuple[Digit, CellSet]] = set()
        links: dict[Digit, list[StrongLink]] = {}
        for one, two in _same_pairs(grid):
            pair = MASK_DIGITS[cands[one]]
            for x, y in (pair, pair[::-1]):
                targets = grid.cells_with[x] & PEER_MASK[one] & PEER_MASK[two]
                if not targets or (x, targets) in seen:
                    continue
                if y not in links:
                    links[y] = strong_links(grid, y, LINES + UNITS[:9])
                link = _connecting_link(links[y], one, two)
                if link is not None:
                    seen.add((x, targets))
                    yield self._make(grid, (one, two), (x, y), link, targets)

    def _make(
        self, grid: Grid, cells: tuple[Cell, Cell], digits: tuple[Digit, Digit], link: StrongLink, targets: CellSet
    ) -> Step:
        one, two = cells
        x, y = digits
        link_one, link_two = link.first, link.second
        if not (PEER_MASK[one] >> link_one & 1 and PEER_MASK[two] >> link_two & 1):
            link_one, link_two = link_two, link_one
        text = _W.format(
            pair=digit_words(sorted(digits)),
            one=cell_list_words([one]),
            two=cell_list_words([two]),
            x=x,
            y=y,
            house=link.unit.long_name,
            link_one=cell_list_words([link_one]),
            link_two=cell_list_words([link_two]),
            targets=cell_list_words(list(cells_of(targets))),
        )
        ends = (candidate(y, one), candidate(y, link_one), candidate(y, link_two), candidate(y, two))
        return self.step(
            f"{x}/{y} in {compact_cells(cells)} connected by {y} in {compact_cells([link.first, link.second])}",
            eliminations=candidates(grid, x, targets),
            explanation=text,
            highlights=Highlights(
                pattern=(candidate(x, one), candidate(x, two)),
                alt=ends,
                links=(Link(ends[0], ends[1], False), Link(ends[1], ends[2], True), Link(ends[2], ends[3], False)),
                units=(link.unit.number,),
            ),
            digits=tuple(sorted(digits)),
        )


def _same_pairs(grid: Grid) -> Iterator[tuple[Cell, Cell]]:
    """Pairs of bivalue cells with the same two candidates, in ascending order."""
    by_mask: dict[int, list[Cell]] = {}
    for cell in list(grid.bivalue_cells()):
        by_mask.setdefault(grid.cands[cell], []).append(cell)
    pairs = [pair for cells in by_mask.values() for pair in combinations(cells, 2)]
    return iter(sorted(pairs))


def _connecting_link(links: list[StrongLink], one: Cell, two: Cell) -> StrongLink | None:
    """A strong link with one end seeing ``one`` and the other seeing ``two``."""
    for link in links:
        a, b = link.first, link.second
        if {a, b} & {one, two}:
            continue
        sees_a, sees_b = PEER_MASK[a], PEER_MASK[b]
        if (sees_a >> one & 1 and sees_b >> two & 1) or (sees_a >> two & 1 and sees_b >> one & 1):
            return link
    return None


XY_WING: Final = XYWing()
XYZ_WING: Final = XYZWing()
W_WING: Final = WWing()
