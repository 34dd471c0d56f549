"""Exocet: Junior Exocet (JE2) and the Senior form on the same base (David P. Bird's JExocet
Compendium; SudokuWiki's "Exocet").

Described for a base in a row (the column form is the same, transposed):

* **Base**: two open cells of one row inside one box, holding three or four digits between
  them (the base digits). They take two different base digits, the *base values*.
* **Cross-lines**: three columns, one per stack of the band: the base box's column without a
  base cell, and one column in each of the other two boxes of the band.
* **Targets**: one cell in each of the two other cross-lines, not in the base row. In a
  Junior Exocet both are in the band; in the Senior form a target may lie outside it.
  The other cells of those two columns inside the band, base row aside (the *companions*),
  hold no base digit.
* **S cells**: the cells of the three cross-lines outside the band, targets excepted. For
  each base digit, its places among them lie in at most two houses (the cover houses).

Why: a base value d is in the base row inside the base box, so the band takes it in the
other two rows of the other two boxes. Each cross-line holds d once; the S cells, within
two houses, give it at most twice; the base box's cross-line has no place for it inside
the band; so one cross-line gets d from a target. Both base values do, and one target
cannot hold both, so **the targets hold the two base values**, one each.

What follows (each removal in the step says which):

1. a target holds no digit but a base digit;
2. a base digit whose S places lie in one house (or none) is no base value: it leaves
   the base cells and the targets (the three cross-lines would need it twice in the band);
3. a base cell loses a digit no target has;
4. a base digit whose S places, without a target's cross-line, lie in one house cannot be
   in that target (if it were, the other two cross-lines would need it from the other
   target too);
5. (Junior only) a target's *mirror*, the two cells of the other target's box in the row
   that neither target nor the base uses (outside the other target's column), must hold the
   target's digit: the target loses base digits neither mirror cell has, and when only one
   mirror cell can hold one of the target's digits, that cell loses its other candidates.

No uniqueness is assumed.
"""

from __future__ import annotations

from itertools import combinations
from typing import Final, Iterator, NamedTuple

from engine.cache import per_grid_version
from engine.cells import CELL_NAMES, MASK_COUNT, MASK_DIGITS, UNITS, UNITS_OF, Cell, CellSet, Digit, bit, cells_of
from engine.grid import Grid
from engine.notation import compact_cells, words_list
from engine.step import Candidate, Highlights, Step
from engine.technique import BaseTechnique, Declaration
from techniques.patterns.frames import Frame, FRAMES
from techniques.shared import cell_names, digit_words, grouped_removals


class Exocet(NamedTuple):
    """One Exocet: where its parts are, in one frame (rows or columns)."""

    frame: Frame
    base: tuple[Cell, Cell]
    digits: int  # base digits, a mask
    targets: tuple[Cell, Cell]
    cross: tuple[int, int, int]  # the cross-lines' positions: base box's, target 1's, target 2's
    companions: CellSet
    s_cells: CellSet

    @property
    def junior(self) -> bool:
        band = self.frame.band_lines(self.frame.line(self.base[0]))
        return all(self.frame.line(t) in band for t in self.targets)


def _holds(grid: Grid, cell: Cell, digits: int) -> bool:
    """The cell may hold one of the digits (a candidate, or its value)."""
    value = grid.values[cell]
    return bool(grid.cands[cell] & digits) or bool(value and bit(value) & digits)


def _places(grid: Grid, digit: Digit, cells: CellSet) -> CellSet:
    """Where ``digit`` is a candidate or placed among ``cells``."""
    placed = sum(1 << c for c in cells_of(cells) if grid.values[c] == digit)
    return (grid.cells_with[digit] & cells) | placed


def cover(places: CellSet) -> tuple[int, ...] | None:
    """The fewest houses (unit numbers, at most two) holding every cell of ``places``, or
    None when two are not enough."""
    if not places:
        return ()
    touched = [u for u in UNITS if u.mask & places]
    for one in touched:
        if places & ~one.mask == 0:
            return (one.number,)
    for a, b in combinations(touched, 2):
        if places & ~(a.mask | b.mask) == 0:
            return (a.number, b.number)
    return None


def houses_needed(places: CellSet) -> int:
    """How few houses hold every cell of ``places``: 0, 1, 2, or 3 meaning more than two
    (``len(cover(places))``, found from the lowest cell's houses: one of the houses holds
    it, and the other then the lowest cell left)."""
    if not places:
        return 0
    low = (places & -places).bit_length() - 1
    houses = UNITS_OF[low]
    for unit in houses:
        if not places & ~UNITS[unit].mask:
            return 1
    for unit in houses:
        rest = places & ~UNITS[unit].mask
        second = (rest & -rest).bit_length() - 1
        for other in UNITS_OF[second]:
            if not rest & ~UNITS[other].mask:
                return 2
    return 3


def _base_table(frame: Frame) -> tuple[tuple[Cell, Cell, int], ...]:
    """Every base a search tries, in its order (by line, stack, then pair of positions):
    (first base cell, second base cell, position of the base box's cross-line)."""
    table = []
    for line in range(9):
        for stack in range(3):
            positions = range(3 * stack, 3 * stack + 3)
            for p1, p2 in combinations(positions, 2):
                p3 = next(p for p in positions if p not in (p1, p2))
                table.append((frame.cell(line, p1), frame.cell(line, p2), p3))
    return tuple(table)


def _cross_cells(frame: Frame) -> tuple[tuple[tuple[tuple[Cell, Cell], tuple[Cell, ...]], ...], ...]:
    """By line and position: the cross-line's two cells in the line's band outside the
    line (in line order), and its six cells outside the band."""
    return tuple(
        tuple(
            (
                (frame.cell(band[0], p), frame.cell(band[1], p)),
                tuple(frame.cell(ln, p) for ln in range(9) if ln // 3 != line // 3),
            )
            for p in range(9)
            for band in [[ln for ln in frame.band_lines(line) if ln != line]]
        )
        for line in range(9)
    )


#: Per frame (``by_rows``): ``_base_table``; ``_cross_cells``; each position's cross-line
#: as a cell set.
_BASES: Final = {frame.by_rows: _base_table(frame) for frame in FRAMES}
_CROSS_CELLS: Final = {frame.by_rows: _cross_cells(frame) for frame in FRAMES}
_CROSS_LINES: Final = {frame.by_rows: tuple(UNITS[frame.cross_unit(p)].mask for p in range(9)) for frame in FRAMES}


def _bases(grid: Grid, frame: Frame) -> list[tuple[tuple[Cell, Cell], int, int]]:
    """(base cells, base digits, position of the base box's cross-line)."""
    cands = grid.cands
    found = []
    for b1, b2, p3 in _BASES[frame.by_rows]:
        first, second = cands[b1], cands[b2]
        if first and second and 3 <= MASK_COUNT[first | second] <= 4:
            found.append(((b1, b2), first | second, p3))
    return found


def find_exocets(grid: Grid, senior: bool) -> Iterator[Exocet]:
    """Every Exocet of the kind asked for (junior: both targets in the band)."""
    return (exocet for exocet, junior in all_exocets(grid) if junior != senior)


@per_grid_version(size=2)
def all_exocets(grid: Grid) -> tuple[tuple[Exocet, bool], ...]:
    """Every Exocet, Junior or Senior (True: Junior), in one search for both (Junior and
    Senior Exocet and the Exocet Kraken ask in turn about one position). The order: by
    frame, base, then targets; the Junior ones alone come in the order a search for them
    alone meets them (their targets are the ones inside the band, listed first per
    cross-line)."""
    holding = _holding(grid)
    found: list[tuple[Exocet, bool]] = []
    for frame in FRAMES:
        for base, digits, p3 in _bases(grid, frame):
            line = frame.line(base[0])
            places = [holding[d] for d in MASK_DIGITS[digits]]  # per base digit: candidate or placed
            held = 0
            for digit_places in places:
                held |= digit_places
            first, second = (_targets(grid.cands, held, frame.by_rows, line, s, digits) for s in range(3) if s != p3 // 3)
            if first and second:
                found += _with_s_cells(frame, base, digits, p3, places, first, second)
    return tuple(found)


def _with_s_cells(
    frame: Frame, base: tuple[Cell, Cell], digits: int, p3: int, places: list[CellSet],
    first: list[tuple[Cell, int, CellSet]], second: list[tuple[Cell, int, CellSet]],
) -> list[tuple[Exocet, bool]]:  # fmt: skip
    """The Exocets of one base: the pairs of targets whose S cells hold each base digit
    within two houses. The S cells of a pair are the three cross-lines outside the band,
    less any target there; with fewer cells a digit needs no more houses, so a pair of
    cross-lines whose S cells pass with both targets kept passes for every pair of targets
    on them."""
    line = frame.line(base[0])
    outside = _OUTSIDE_BAND[frame.by_rows][line // 3]
    crosses = _CROSS_LINES[frame.by_rows]
    passing: dict[int, bool] = {}  # per pair of target cross-lines: their S cells, targets kept, pass
    found: list[tuple[Exocet, bool]] = []
    for t1, p1, c1 in first:
        for t2, p2, c2 in second:
            whole = (crosses[p3] | crosses[p1] | crosses[p2]) & outside
            s_cells = whole & ~(1 << t1 | 1 << t2)
            kept = passing.get(p1 * 9 + p2)
            if kept is None:
                kept = passing[p1 * 9 + p2] = _within_two(places, whole)
            if kept or (s_cells != whole and _within_two(places, s_cells)):
                junior = frame.line(t1) // 3 == line // 3 and frame.line(t2) // 3 == line // 3
                found.append((Exocet(frame, base, digits, (t1, t2), (p3, p1, p2), c1 | c2, s_cells), junior))
    return found


def _within_two(places: list[CellSet], cells: CellSet) -> bool:
    """Each digit's places among ``cells`` lie in at most two houses."""
    for digit_places in places:
        if houses_needed(digit_places & cells) > 2:
            return False
    return True


#: By frame (``by_rows``) and band, the cells outside the band's three lines.
_OUTSIDE_BAND: Final = {
    frame.by_rows: tuple(sum(1 << frame.cell(ln, p) for p in range(9) for ln in range(9) if ln // 3 != band) for band in range(3)) for frame in FRAMES
}


def _holding(grid: Grid) -> list[CellSet]:
    """Per digit, where it is a candidate or placed (``_places`` of the whole grid)."""
    found = list(grid.cells_with)
    for cell, value in enumerate(grid.values):
        if value:
            found[value] |= 1 << cell
    return found


def _targets(cands: list[int], held: CellSet, by_rows: bool, line: int, stack: int, digits: int) -> list[tuple[Cell, int, CellSet]]:
    """(target, its cross-line position, companions) in one stack of the band of ``line``,
    ``held`` being where a base digit is a candidate or placed: per cross-line, its two
    cells in the band (each with the other as companion), then its cells outside the band
    (with both), wherever a base digit is a candidate and no companion holds one."""
    found = []
    for p in range(3 * stack, 3 * stack + 3):
        (a, b), outside = _CROSS_CELLS[by_rows][line][p]
        a_free, b_free = not held >> a & 1, not held >> b & 1
        if b_free and cands[a] & digits:
            found.append((a, p, 1 << b))
        if a_free and cands[b] & digits:
            found.append((b, p, 1 << a))
        if a_free and b_free:
            for target in outside:
                if cands[target] & digits:
                    found.append((target, p, 1 << a | 1 << b))
    return found


class Removal(NamedTuple):
    """Candidates a rule removes, with the words saying why."""

    candidates: tuple[Candidate, ...]
    reason: str


def mirror_cells(exocet: Exocet, index: int) -> tuple[Cell, ...]:
    """The mirror of target ``index``: the other target's box, in the band line that neither
    the base nor this target uses, outside the other target's cross-line."""
    frame = exocet.frame
    base_line = frame.line(exocet.base[0])
    target, other = exocet.targets[index], exocet.targets[1 - index]
    free = next(ln for ln in frame.band_lines(base_line) if ln not in (base_line, frame.line(target)))
    stack = frame.position(other) // 3
    return tuple(frame.cell(free, p) for p in range(3 * stack, 3 * stack + 3) if p != frame.position(other))


def removals(grid: Grid, exocet: Exocet) -> list[Removal]:
    """What the Exocet removes, rule by rule (see the module docstring)."""
    digits, (t1, t2) = exocet.digits, exocet.targets
    found: list[Removal] = []
    places = {d: _places(grid, d, exocet.s_cells) for d in MASK_DIGITS[digits]}
    no_value = sum(bit(d) for d, p in places.items() if houses_needed(p) <= 1)
    values = digits & ~no_value
    left = {t: grid.cands[t] & values for t in (t1, t2)}  # what each target keeps
    for target in (t1, t2):
        if grid.cands[target] & ~values:
            found.append(Removal(_each(target, grid.cands[target] & ~values), f"target {cell_names([target])} can only hold a base value"))
    in_targets = grid.cands[t1] | grid.cands[t2]
    for cell in exocet.base:
        gone = grid.cands[cell] & (no_value | ~in_targets)
        if gone:
            found.append(Removal(_each(cell, gone), f"base cell {cell_names([cell])} can only hold a digit a target can take"))
    for index, target in enumerate((t1, t2)):
        cross = sum(1 << exocet.frame.cell(ln, exocet.cross[index + 1]) for ln in range(9))
        alone = sum(bit(d) for d, p in places.items() if houses_needed(p & ~cross) <= 1)
        gone = left[target] & alone
        if gone:
            left[target] &= ~gone
            found.append(Removal(_each(target, gone), f"target {cell_names([target])} cannot be {_digits(gone)}: the other two cross-lines would then need it from the other target too"))
    if exocet.junior:
        found += _mirror_removals(grid, exocet, left)
    return found


def _mirror_removals(grid: Grid, exocet: Exocet, left: dict[Cell, int]) -> list[Removal]:
    found = []
    for index, target in enumerate(exocet.targets):
        mirror = mirror_cells(exocet, index)
        held = 0
        for cell in mirror:
            held |= grid.cands[cell] | (bit(grid.values[cell]) if grid.values[cell] else 0)
        gone = left[target] & ~held
        if gone:
            left[target] &= ~gone
            found.append(Removal(_each(target, gone), f"target {cell_names([target])} cannot be {_digits(gone)}, which its mirror {cell_names(list(mirror))} cannot hold"))
        able = [c for c in mirror if _holds(grid, c, left[target])]
        if len(able) == 1 and not grid.values[able[0]] and grid.cands[able[0]] & ~left[target]:
            cell = able[0]
            found.append(Removal(_each(cell, grid.cands[cell] & ~left[target]), f"mirror cell {cell_names([cell])} must hold the digit of {cell_names([target])}, {_digits(left[target])}, since the other mirror cell cannot"))
    return found


def _cover_words(grid: Grid, exocet: Exocet) -> str:
    """``1 in r4 and c3, 3 in r6, 5 nowhere``: each base digit's cover houses."""
    parts = []
    for digit in MASK_DIGITS[exocet.digits]:
        houses = cover(_places(grid, digit, exocet.s_cells)) or ()
        parts.append(f"{digit} in {' and '.join(UNITS[u].name for u in houses)}" if houses else f"{digit} nowhere")
    return ", ".join(parts)


def _each(cell: Cell, mask: int) -> tuple[Candidate, ...]:
    return tuple(Candidate(d, cell) for d in MASK_DIGITS[mask])


def _digits(mask: int) -> str:
    return digit_words(MASK_DIGITS[mask], "or")


_TEXT: Final = (
    "The base cells {base} hold two different digits among {digits}. In {band}, {cross} are the cross-lines; "
    "outside {band_short}, the places of each base digit in them{s_note} lie in at most two houses ({covers}), so "
    "they hold it at most twice, and {clb} has no place for it inside {band_short}. The band takes each base value once in "
    "each of its other boxes, and each cross-line needs it once, so each base value is in one of the targets {targets} "
    "(the companions {companions} hold no base digit). So the targets hold the two base values. {rules} "
    "Remove {removed}."
)


class ExocetTechnique(BaseTechnique):
    """Two base cells and two targets on cross-lines: the targets hold the base values."""

    def __init__(self, declaration: Declaration, senior: bool) -> None:
        super().__init__(declaration)
        self.senior = senior

    def find(self, grid: Grid) -> Iterator[Step]:
        done: set[tuple[Candidate, ...]] = set()
        for exocet in find_exocets(grid, self.senior):
            found = removals(grid, exocet)
            eliminations = tuple(sorted({c for r in found for c in r.candidates}))
            if eliminations and eliminations not in done:
                done.add(eliminations)
                yield self._make(grid, exocet, found, eliminations)

    def _make(self, grid: Grid, exocet: Exocet, found: list[Removal], eliminations: tuple[Candidate, ...]) -> Step:
        frame, base, targets = exocet.frame, exocet.base, exocet.targets
        band = frame.band_lines(frame.line(base[0]))
        word = frame.line_word
        text = _TEXT.format(
            base=cell_names(list(base)),
            digits=digit_words(MASK_DIGITS[exocet.digits]),
            band=f"{word}s {band[0] + 1}-{band[2] + 1}",
            band_short=f"those {word}s",
            cross=words_list([f"{frame.cross_word} {p + 1}" for p in exocet.cross]),
            s_note=" (targets aside)" if self.senior else "",
            covers=_cover_words(grid, exocet),
            clb=f"{frame.cross_word} {exocet.cross[0] + 1}",
            targets=cell_names(list(targets)),
            companions=cell_names(exocet.companions) or "(none)",
            rules=" ".join(f"{r.reason[0].upper()}{r.reason[1:]}." for r in found),  # each reason starts with a word
            removed=grouped_removals(eliminations),
        )
        return self.step(
            f"{'/'.join(map(str, MASK_DIGITS[exocet.digits]))} {compact_cells(base)},{compact_cells(targets)}",
            eliminations=eliminations,
            explanation=text,
            highlights=Highlights(
                pattern=tuple(Candidate(d, c) for c in base for d in MASK_DIGITS[grid.cands[c]]),
                alt=tuple(Candidate(d, c) for c in targets for d in MASK_DIGITS[grid.cands[c] & exocet.digits]),
                cells=(*base, *targets, *cells_of(exocet.companions)),
                units=(frame.line_unit(frame.line(base[0])),),
                cover_units=tuple(frame.cross_unit(p) for p in exocet.cross),
            ),
            digits=MASK_DIGITS[exocet.digits],
        )


JUNIOR_EXOCET: Final = ExocetTechnique(Declaration("Junior Exocet", "je"), senior=False)
SENIOR_EXOCET: Final = ExocetTechnique(Declaration("Senior Exocet", "sje"), senior=True)
