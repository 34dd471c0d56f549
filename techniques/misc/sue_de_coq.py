"""Sue de Coq, HoDoKu's definition (with its extensions).

Take two or three open cells C where a row or column meets a box, holding between them a
set V of digits, at least two more than there are cells. Add cells L from the rest of the
line and cells B from the rest of the box, where B holds none of the V-digits that L holds.
Each group may hold digits outside V, one extra cell per extra digit. When the cells of L
and B, minus their extra digits, make up the shortfall of C exactly (|V| - |C|), the whole
structure has as many cells as digits, counting twice an extra digit held by both L and B
(it may appear once in each), and no digit fits it more often than that: so each digit is
used that often. The digits of C and L that B lacks are then used up in the line, those of
C and B that L lacks in the box, and extra digits held by both L and B in both.
"""

from __future__ import annotations

from itertools import combinations
from operator import itemgetter
from typing import Final, Iterator

from engine.cells import ALL_DIGITS, CROSSINGS, INT_OBJECTS, BoxedInt, MASK_COUNT, MASK_DIGITS, Cell, Unit, cells_of
from engine.cache import StateMemo
from engine.grid import Grid
from engine.stop import checkpoint
from engine.notation import compact_cells
from engine.step import Candidate, Highlights, Step
from engine.technique import BaseTechnique, Declaration
from techniques.shared import cell_names, digit_words, grouped_removals

_SDC: Final = (
    "{core}, where {line} meets {box}, can only hold {v}: {nv} digits for {nc} cells. In {line}, {lcells} can "
    "only hold {ld}; in {box}, {bcells} can only hold {bd}. Together these {total} cells hold only {nd} "
    "different digits, and {once}, so every digit is used exactly once{twice}: {line_digits} are used up in {line} and "
    "{box_digits} in {box}. Remove {removals}."
)
_ONCE: Final = "no digit can go in two of them"
_ONCE_BUT: Final = "only {both} can go in two of them (one in each group)"


def _groups(cands: list[int], cells: tuple[Cell, ...], v: int, covers: int) -> dict[int, list[tuple[int, int]]]:
    """Subsets of ``cells`` that hold some digit of ``v``, as (digits, subset bitmask over
    ``cells``) pairs keyed by how many digits of ``v`` they account for: their size minus
    their digits outside ``v``. Only the counts in ``covers`` (a bit set: bit k for k) are
    kept. A pool has at most seven cells, so subsets and digit sets both index MASK_COUNT."""
    size = 1 << len(cells)
    # The digits of each subset, as shared objects (see BoxedInt): no int made per subset.
    unions: list[BoxedInt] = [0] * size
    count, outside = MASK_COUNT, ALL_DIGITS & ~v
    out: dict[int, list[tuple[int, int]]] = {}
    for s in range(1, size):
        low = s & -s
        before: int = unions[s ^ low]
        held = before | cands[cells[low.bit_length() - 1]]
        unions[s] = INT_OBJECTS[held]
        if held & v:
            cover = count[s] - count[held & outside]
            if cover >= 0 and covers >> cover & 1:
                found = out.get(cover)
                if found is None:
                    found = out[cover] = []
                found.append((held, s))
    return out


def _pick(cells: tuple[Cell, ...], subset: int) -> tuple[Cell, ...]:
    return tuple(c for i, c in enumerate(cells) if subset >> i & 1)


def _open(cands: list[int], unit: Unit) -> int:
    return sum(1 << c for c in unit.cells if cands[c])


#: Every crossing line and box, rows first (HoDoKu's order), with their shared cells.
_PAIRS: Final[tuple[tuple[Unit, Unit, tuple[Cell, ...]], ...]] = tuple((x.line, x.box, x.cells) for x in CROSSINGS)


#: The candidates of each crossing's line and box, as a tuple.
_PAIR_CELLS: Final = tuple(itemgetter(*cells_of(line.mask | box.mask)) for line, box, _ in _PAIRS)
_PAIR_STEPS: Final[StateMemo[tuple[int, tuple[int, ...]], tuple[Step, ...]]] = StateMemo()


class SueDeCoq(BaseTechnique):
    """Two or three cells of a line-box intersection with two more digits than cells,
    completed by naked-set-like groups in the line and in the box."""

    declaration = Declaration("Sue de Coq", "sdc", library="1101")

    def find(self, grid: Grid) -> Iterator[Step]:
        seen: set[tuple[tuple[Candidate, ...], ...]] = set()
        cands = grid.cands
        for n, (line, box, cells) in enumerate(_PAIRS):
            checkpoint()
            if sum(1 for c in cells if cands[c]) < 2:
                continue
            for step in self._remembered(cands, n):
                if step.effect not in seen:
                    seen.add(step.effect)
                    yield step

    def _remembered(self, cands: list[int], n: int) -> tuple[Step, ...]:
        """:meth:`pair_steps` of the n-th crossing, which depend on nothing but the
        candidates of its line and box: remembered, since most steps leave most crossings
        alone."""
        key = (n, _PAIR_CELLS[n](cands))
        steps = _PAIR_STEPS.get(key)
        if steps is None:
            line, box, _ = _PAIRS[n]
            steps = tuple(self.pair_steps(cands, line, box))
            _PAIR_STEPS.put(key, steps)
        return steps

    def pair_steps(self, cands: list[int], line: Unit, box: Unit) -> Iterator[Step]:
        """Every Sue de Coq around the intersection of ``line`` and ``box``, in HoDoKu's
        order: cores as (first, second), (first, second, third), (first, third), (second,
        third) cell of the intersection; then line groups, then box groups, each in the
        order a depth-first walk over their cells (ascending) meets them."""
        line_open, box_open = _open(cands, line), _open(cands, box)
        inter = tuple(cells_of(line_open & box.mask))
        for core in sorted(c for size in (2, 3) for c in combinations(inter, size)):
            yield from self._from_core(cands, line, box, core, (line_open, box_open))

    def _from_core(self, cands: list[int], line: Unit, box: Unit, core: tuple[Cell, ...], open_cells: tuple[int, int]) -> Iterator[Step]:
        """The Sue de Coqs around one core; ``open_cells``: the line's and the box's cells
        without a value (cell sets)."""
        line_open, box_open = open_cells
        v = 0
        for c in core:
            v |= cands[c]
        n_plus = MASK_COUNT[v] - len(core)
        if n_plus < 2:
            return
        core_set = sum(1 << c for c in core)
        # Open intersection cells outside the core come first in both pools, so a line group
        # and a box group overlap exactly when their low bits do.
        shared = tuple(cells_of(line_open & box.mask & ~core_set))
        line_pool = shared + tuple(cells_of(line_open & ~box.mask))
        box_pool = shared + tuple(cells_of(box_open & ~line.mask))
        box_groups = _groups(cands, box_pool, v, (1 << n_plus) - 2)  # covers 1 .. n_plus - 1
        if not box_groups:
            return
        line_groups = _groups(cands, line_pool, v, sum(1 << (n_plus - cover) for cover in box_groups))
        overlap = (1 << len(shared)) - 1
        found: list[tuple[tuple[tuple[int, ...], tuple[int, ...]], Step]] = []
        line_rest = tuple(cells_of(line_open & ~core_set))
        for line_cover, line_options in line_groups.items():
            for box_digits, box_subset in box_groups[n_plus - line_cover]:
                for line_digits, line_subset in line_options:
                    if box_digits & line_digits & v or box_subset & line_subset & overlap:
                        continue  # the box group may not hold V-digits of the line group
                    groups = (core, _pick(line_pool, line_subset), _pick(box_pool, box_subset))
                    step = self._step(cands, line, box, groups, (v, line_digits, box_digits))
                    if step is not None:
                        box_rest = tuple(c for c in cells_of(box_open & ~core_set) if c not in groups[1])
                        found.append(((_positions(line_rest, groups[1]), _positions(box_rest, groups[2])), step))
        for _, step in sorted(found, key=lambda f: f[0]):
            yield step

    def _step(
        self, cands: list[int], line: Unit, box: Unit, groups: tuple[tuple[Cell, ...], ...], digits: tuple[int, int, int]
    ) -> Step | None:
        core, line_cells, box_cells = groups
        v, ld, bd = digits
        both = ld & bd
        line_elim = ((v | ld) & ~bd) | both
        box_elim = ((v | bd) & ~ld) | both
        core_set = set(core)
        # HoDoKu's order: the box's cells outside the pattern, then the line's (cells
        # ascending, each cell's digits ascending); a cell in both parts counts once.
        elims: dict[Candidate, None] = {}
        for unit, own, digits_out in ((box, box_cells, box_elim), (line, line_cells, line_elim)):
            for c in unit.cells:
                if c not in core_set and c not in own:
                    elims.update(dict.fromkeys(Candidate(d, c) for d in MASK_DIGITS[cands[c] & digits_out]))
        if not elims:
            return None
        eliminations = tuple(elims)
        return self.step(
            f"{compact_cells(core)} - {{{_digits(v)}}} ({compact_cells(line_cells)} - {{{_digits(ld)}}}, "
            f"{compact_cells(box_cells)} - {{{_digits(bd)}}})",
            eliminations=eliminations,
            explanation=self._explain(line, box, groups, digits, (line_elim, box_elim), eliminations),
            highlights=Highlights(
                pattern=_cands(cands, core, v),
                alt=_cands(cands, line_cells, ld),
                fins=_cands(cands, box_cells, bd),
                units=(line.number, box.number),
                cells=tuple(sorted(core + line_cells + box_cells)),
            ),
            digits=MASK_DIGITS[v],
        )

    def _explain(
        self, line: Unit, box: Unit, groups: tuple[tuple[Cell, ...], ...], digits: tuple[int, int, int],
        elim_digits: tuple[int, int], eliminations: tuple[Candidate, ...],
    ) -> str:
        core, line_cells, box_cells = groups
        v, ld, bd = digits
        return _SDC.format(
            core=cell_names(list(core)), line=line.long_name, box=box.long_name,
            v=digit_words(MASK_DIGITS[v]), nv=MASK_COUNT[v], nc=len(core),
            lcells=cell_names(list(line_cells)), ld=digit_words(MASK_DIGITS[ld], "or"),
            bcells=cell_names(list(box_cells)), bd=digit_words(MASK_DIGITS[bd], "or"),
            total=len(core) + len(line_cells) + len(box_cells),
            nd=MASK_COUNT[v | ld | bd],
            once=_ONCE_BUT.format(both=digit_words(MASK_DIGITS[ld & bd])) if ld & bd else _ONCE,
            twice=f", except {digit_words(MASK_DIGITS[ld & bd])}, used once in each group" if ld & bd else "",
            line_digits=digit_words(MASK_DIGITS[elim_digits[0]]), box_digits=digit_words(MASK_DIGITS[elim_digits[1]]),
            removals=grouped_removals(eliminations),
        )


def _positions(pool: tuple[Cell, ...], cells: tuple[Cell, ...]) -> tuple[int, ...]:
    """Where ``cells`` lie in ``pool``: tuples of these sort in depth-first order."""
    return tuple(sorted(pool.index(c) for c in cells))


def _digits(mask: int) -> str:
    return "".join(str(d) for d in MASK_DIGITS[mask])


def _cands(cands: list[int], cells: tuple[Cell, ...], mask: int) -> tuple[Candidate, ...]:
    return tuple(Candidate(d, c) for c in sorted(cells) for d in MASK_DIGITS[cands[c] & mask])


SUE_DE_COQ: Final = SueDeCoq()
