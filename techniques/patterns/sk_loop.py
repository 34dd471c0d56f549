"""SK-Loop (Steve Kurzhals' domino loop, found in Easter Monster): a rank-0 loop of eight
pairs of cells.

Take two rows in different bands and two columns in different stacks: four boxes, each
with a corner where its row and column cross. In each box, the two other cells of the
row and the two other cells of the column are *dominoes*: eight dominoes, sixteen cells.
Going round, each domino shares a house with the next: row, box, column, box, row, box,
column, box. For each digit, the dominoes holding it must be covered by links, a house
between two dominoes with that digit; the fewest links that cover them are counted for
every digit. When the count equals the number of open cells, the loop is a rank-0 set
(``techniques.patterns.rank0``): each link's digit is in the loop in its house, so the
house's other cells lose it.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import Final, Iterator

from engine.cells import BOX_OF, MASK_COUNT, CellSet, Digit, cell_at, cells_of
from engine.grid import Grid
from engine.notation import compact_cells
from engine.step import Candidate, Highlights, Step
from engine.technique import BaseTechnique, Declaration
from techniques.patterns.rank0 import RANK0_TEXT, LinkSet, Rank0, rank0, rank0_words
from techniques.shared import cell_names


@cache
def _edge_covers() -> tuple[tuple[int, ...], ...]:
    """For each set of the eight dominoes (a mask), the fewest loop edges covering them
    (edge i joins domino i and i + 1), the first such set in a fixed order."""
    best: list[tuple[int, ...] | None] = [None] * 256
    for size in range(9):
        for edges in combinations(range(8), size):
            covered = 0
            for e in edges:
                covered |= 1 << e | 1 << (e + 1) % 8
            for marked in range(256):
                if best[marked] is None and marked & ~covered == 0:
                    best[marked] = edges
    return tuple(b if b is not None else () for b in best)


@cache
def _loops() -> tuple[tuple[tuple[CellSet, ...], tuple[int, ...], CellSet, tuple[int, ...]], ...]:
    """Every loop: its eight dominoes (cell sets, corners left out), the eight houses
    joining them (unit numbers), in order round the loop, its sixteen cells and its
    dominoes' numbers in ``_dominoes()`` (built on first use: the tables of this module and
    ``_edge_covers`` took a tenth of what importing the techniques cost)."""
    number = {cells: n for n, cells in enumerate(_dominoes())}
    return tuple((dominoes, houses, sum(dominoes), tuple(number[d] for d in dominoes)) for dominoes, houses in _each_loop())


@cache
def _dominoes() -> tuple[CellSet, ...]:
    """Every domino of every loop, once (two cells of a row or column in one box)."""
    return tuple(dict.fromkeys(domino for dominoes, _ in _each_loop() for domino in dominoes))


def _each_loop() -> Iterator[tuple[tuple[CellSet, ...], tuple[int, ...]]]:
    for ra, rb in ((a, b) for a in range(9) for b in range(9) if a // 3 < b // 3):
        for ca, cb in ((a, b) for a in range(9) for b in range(9) if a // 3 < b // 3):
            def row_part(r: int, c: int) -> CellSet:
                return sum(1 << cell_at(r, k) for k in range(3 * (c // 3), 3 * (c // 3) + 3) if k != c)

            def col_part(r: int, c: int) -> CellSet:
                return sum(1 << cell_at(k, c) for k in range(3 * (r // 3), 3 * (r // 3) + 3) if k != r)

            dominoes = (
                row_part(ra, ca), row_part(ra, cb), col_part(ra, cb), col_part(rb, cb),
                row_part(rb, cb), row_part(rb, ca), col_part(rb, ca), col_part(ra, ca),
            )  # fmt: skip
            box = [BOX_OF[cell_at(r, c)] for r, c in ((ra, cb), (rb, cb), (rb, ca), (ra, ca))]
            houses = (9 + ra, box[0], 18 + cb, box[1], 9 + rb, box[2], 18 + ca, box[3])
            yield dominoes, houses


def loop_links(grid: Grid, dominoes: tuple[CellSet, ...], houses: tuple[int, ...]) -> LinkSet:
    """For each digit, the fewest house links covering the dominoes that hold it."""
    links: list[tuple[int, Digit]] = []
    covers = _edge_covers()
    for digit in range(1, 10):
        marked = sum(1 << i for i, cells in enumerate(dominoes) if grid.cells_with[digit] & cells)
        links += ((houses[e], digit) for e in covers[marked])
    return tuple(sorted(links, key=lambda link: houses.index(link[0])))


def _domino_counts(grid: Grid) -> tuple[list[int], list[int]]:
    """Per domino of ``_dominoes()``: its open cells, and the digits its cells hold
    between them."""
    cands, values = grid.cands, grid.values
    opened: list[int] = []
    digits: list[int] = []
    for domino in _dominoes():
        mask = n = 0
        for c in cells_of(domino):
            mask |= cands[c]
            if not values[c]:
                n += 1
        opened.append(n)
        digits.append(MASK_COUNT[mask])
    return opened, digits


class SkLoop(BaseTechnique):
    """Eight dominoes round four boxes, as many links as open cells: a rank-0 loop."""

    declaration = Declaration("SK-Loop", "skl")

    def find(self, grid: Grid) -> Iterator[Step]:
        done: set[tuple[Candidate, ...]] = set()
        opened, digits = _domino_counts(grid)
        solved = sum(1 << c for c, value in enumerate(grid.values) if value)
        for dominoes, houses, union, numbers in _loops():
            count = held = 0
            for n in numbers:
                count += opened[n]
                held += digits[n]
            if count < 12:
                continue
            # A link joins two dominoes, so a digit in k of them needs k / 2 links at least:
            # more than two digits per open cell on average leaves more links than cells.
            if held > 2 * count:
                continue
            cells = union & ~solved
            found = rank0(grid, cells, loop_links(grid, dominoes, houses))
            if found is not None and found.eliminations and found.eliminations not in done:
                done.add(found.eliminations)
                yield self._make(grid, found, dominoes)

    def _make(self, grid: Grid, found: Rank0, dominoes: tuple[CellSet, ...]) -> Step:
        open_dominoes = [d & found.cells for d in dominoes]
        text = (
            f"The cells {cell_names(found.cells)} form a loop of eight dominoes "
            f"({', '.join(compact_cells(list(cells_of(d))) for d in open_dominoes if d)}), each sharing a row, "
            f"column or box with the next. " + RANK0_TEXT.format(**rank0_words(found))
        )
        return self.step(
            compact_cells(list(cells_of(found.cells))),
            eliminations=found.eliminations,
            explanation=text,
            highlights=_highlights(grid, found, open_dominoes),
            digits=tuple(sorted({d for _, d in found.links})),
        )


def _highlights(grid: Grid, found: Rank0, dominoes: list[CellSet]) -> Highlights:
    linked = {(c, d) for u, d in found.links for c in cells_of(found.cells) if grid.cands[c] >> (d - 1) & 1}
    pattern = tuple(sorted(Candidate(d, c) for c, d in linked))
    return Highlights(
        pattern=pattern,
        cells=tuple(cells_of(found.cells)),
        units=tuple(dict.fromkeys(u for u, _ in found.links)),
    )


SK_LOOP: Final = SkLoop()
