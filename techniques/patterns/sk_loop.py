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

from engine.cells import BOX_OF, MASK_COUNT, Cell, CellSet, Digit, cell_at, cells_of
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
def _loops() -> tuple[tuple[tuple[CellSet, ...], tuple[int, ...], CellSet, tuple[Cell, Cell, Cell, Cell]], ...]:
    """Every loop: its eight dominoes (cell sets, corners left out), the eight houses
    joining them (unit numbers), in order round the loop, its sixteen cells and its four
    corners (each corner's box holds the corner's row domino and column domino; built on
    first use: the tables of this module and ``_edge_covers`` took a tenth of what
    importing the techniques cost)."""
    return tuple((dominoes, houses, sum(dominoes), corners) for dominoes, houses, corners in _each_loop())


@cache
def _link_counts() -> tuple[int, ...]:
    """For each set of the eight dominoes (a mask), how many edges cover it at the fewest."""
    return tuple(len(edges) for edges in _edge_covers())


def _row_part(r: int, c: int) -> CellSet:
    """The row domino of corner (r, c): the two other cells of its row in its box."""
    return sum(1 << cell_at(r, k) for k in range(3 * (c // 3), 3 * (c // 3) + 3) if k != c)


def _col_part(r: int, c: int) -> CellSet:
    """The column domino of corner (r, c): the two other cells of its column in its box."""
    return sum(1 << cell_at(k, c) for k in range(3 * (r // 3), 3 * (r // 3) + 3) if k != r)


def _each_loop() -> Iterator[tuple[tuple[CellSet, ...], tuple[int, ...], tuple[Cell, Cell, Cell, Cell]]]:
    for ra, rb in ((a, b) for a in range(9) for b in range(9) if a // 3 < b // 3):
        for ca, cb in ((a, b) for a in range(9) for b in range(9) if a // 3 < b // 3):
            dominoes = (
                _row_part(ra, ca), _row_part(ra, cb), _col_part(ra, cb), _col_part(rb, cb),
                _row_part(rb, cb), _row_part(rb, ca), _col_part(rb, ca), _col_part(ra, ca),
            )  # fmt: skip
            box = [BOX_OF[cell_at(r, c)] for r, c in ((ra, cb), (rb, cb), (rb, ca), (ra, ca))]
            houses = (9 + ra, box[0], 18 + cb, box[1], 9 + rb, box[2], 18 + ca, box[3])
            yield dominoes, houses, (cell_at(ra, ca), cell_at(ra, cb), cell_at(rb, cb), cell_at(rb, ca))


@cache
def _corner_dominoes() -> tuple[tuple[Cell, Cell, Cell, Cell], ...]:
    """Per corner cell: the two cells of its row domino, then the two of its column domino."""
    table = []
    for corner in range(81):
        row_a, row_b = cells_of(_row_part(corner // 9, corner % 9))
        col_a, col_b = cells_of(_col_part(corner // 9, corner % 9))
        table.append((row_a, row_b, col_a, col_b))
    return tuple(table)


def loop_links(grid: Grid, dominoes: tuple[CellSet, ...], houses: tuple[int, ...]) -> LinkSet:
    """For each digit, the fewest house links covering the dominoes that hold it."""
    links: list[tuple[int, Digit]] = []
    covers = _edge_covers()
    for digit in range(1, 10):
        links += ((houses[e], digit) for e in covers[_holding(grid.cells_with[digit], dominoes)])
    return tuple(sorted(links, key=lambda link: houses.index(link[0])))


def _corner_counts(grid: Grid) -> tuple[list[int], list[int]]:
    """Per corner cell, over its row domino and its column domino: their open cells, and
    the digits each holds between its cells, added up (a loop's count is the sum over its
    four corners)."""
    cands, values = grid.cands, grid.values
    opened: list[int] = []
    digits: list[int] = []
    for a, b, c, d in _corner_dominoes():
        opened.append((0 if values[a] else 1) + (0 if values[b] else 1) + (0 if values[c] else 1) + (0 if values[d] else 1))
        digits.append(MASK_COUNT[cands[a] | cands[b]] + MASK_COUNT[cands[c] | cands[d]])
    return opened, digits


def _link_count(cells_with: list[CellSet], dominoes: tuple[CellSet, ...]) -> int:
    """How many links ``loop_links`` gives (each digit's fewest edges), without them."""
    counts = _link_counts()
    total = 0
    for digit in range(1, 10):
        total += counts[_holding(cells_with[digit], dominoes)]
    return total


def _holding(places: CellSet, dominoes: tuple[CellSet, ...]) -> int:
    """Which of the eight dominoes hold one of ``places`` (a mask of their numbers)."""
    marked = 0
    for i in range(8):
        if places & dominoes[i]:
            marked |= 1 << i
    return marked


class SkLoop(BaseTechnique):
    """Eight dominoes round four boxes, as many links as open cells: a rank-0 loop."""

    declaration = Declaration("SK-Loop", "skl")

    def find(self, grid: Grid) -> Iterator[Step]:
        done: set[tuple[Candidate, ...]] = set()
        opened, digits = _corner_counts(grid)
        solved = sum(1 << c for c, value in enumerate(grid.values) if value)
        for dominoes, houses, union, (a, b, c, d) in _loops():
            count = opened[a] + opened[b] + opened[c] + opened[d]
            if count < 12:
                continue
            # A link joins two dominoes, so a digit in k of them needs k / 2 links at least:
            # more than two digits per open cell on average leaves more links than cells.
            if digits[a] + digits[b] + digits[c] + digits[d] > 2 * count:
                continue
            if _link_count(grid.cells_with, dominoes) != count:  # rank 0 needs one link per open cell
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
