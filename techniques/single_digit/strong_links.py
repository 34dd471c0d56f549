"""Strong links of one digit and sentence pieces shared by the single-digit patterns and wings.

A strong link (conjugate pair) is a house where a digit has exactly two places left: one of
the two cells must hold it. Two strong links joined by a weak link (two cells that see each
other) give the Skyscraper, the 2-String Kite and the Turbot Fish.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from engine.cells import BOX_OF, BOXES, COL_OF, COLS, ROW_OF, ROWS, Cell, CellSet, Digit, Unit, cells_of
from engine.grid import Grid
from engine.notation import cell_list_words


class StrongLink(NamedTuple):
    """A house where ``digit`` has exactly the two places ``first`` < ``second``."""

    unit: Unit
    first: Cell
    second: Cell

    def other(self, cell: Cell) -> Cell:
        return self.second if cell == self.first else self.first


def strong_links(grid: Grid, digit: Digit, units: tuple[Unit, ...]) -> list[StrongLink]:
    """The strong links of ``digit`` in ``units``, in the given unit order."""
    links = []
    cands, bit = grid.cands, 1 << (digit - 1)
    for unit in units:
        if grid.place_count(digit, unit) != 2:  # the grid's count: no cell set made
            continue
        first, second = (c for c in unit.cells if cands[c] & bit)
        links.append(_strong_link(unit, first, second))
    return links


def _strong_link(unit: Unit, first: Cell, second: Cell) -> StrongLink:
    """The link, made once: a link is a value, and making a named tuple is slow compiled
    (its constructor runs interpreted)."""
    key = (unit.number * 81 + first) * 81 + second
    link = _LINKS.get(key)
    if link is None:
        link = _LINKS[key] = StrongLink(unit, first, second)
    return link


#: The strong links made so far (see _strong_link): at most 27 houses x 36 pairs.
_LINKS: Final[dict[int, StrongLink]] = {}


def common_house(a: Cell, b: Cell) -> Unit:
    """A house holding both cells, preferring the row, then the column, then the box
    (a row reads better than the box the two cells also share)."""
    if ROW_OF[a] == ROW_OF[b]:
        return ROWS[ROW_OF[a]]
    if COL_OF[a] == COL_OF[b]:
        return COLS[COL_OF[a]]
    if BOX_OF[a] == BOX_OF[b]:
        return BOXES[BOX_OF[a]]
    raise ValueError("the cells share no house")


def link_house(grid: Grid, digit: Digit, a: Cell, b: Cell) -> Unit | None:
    """A house in which ``a`` and ``b`` are the only places for ``digit`` (row, column, box)."""
    for unit in (ROWS[ROW_OF[a]], COLS[COL_OF[a]], BOXES[BOX_OF[a]]):
        if grid.cells_with[digit] & unit.mask == (1 << a) | (1 << b):
            return unit
    return None


_CHAIN: Final = (
    "In {house1}, {digit} can only go in {end1} or {inner1}; in {house2}, only in {inner2} or {end2}. "
    "{inner1} and {inner2} both lie in {joint}, so at most one of them is {digit}, and then {end1} or "
    "{end2} must be {digit}. {conclusion}"
)


def seeing_both_text(digit: Digit, targets: CellSet) -> str:
    """The last sentence of a two-ended pattern: what sees both ends loses the digit."""
    cells = list(cells_of(targets))
    if len(cells) == 1:
        return f"{cell_list_words(cells)} sees both of them, so it cannot be {digit}."
    return f"Every cell that sees both cannot be {digit}: remove it from {cell_list_words(cells)}."


def two_link_text(
    digit: Digit,
    first: tuple[Unit, Cell, Cell],
    second: tuple[Unit, Cell, Cell],
    joint: Unit,
    targets: CellSet,
) -> str:
    """Two strong links ``(house, end, inner)`` whose inner cells see each other in ``joint``."""
    (house1, end1, inner1), (house2, end2, inner2) = first, second
    return _CHAIN.format(
        house1=house1.long_name,
        house2=house2.long_name,
        digit=digit,
        end1=cell_list_words([end1]),
        end2=cell_list_words([end2]),
        inner1=cell_list_words([inner1]),
        inner2=cell_list_words([inner2]),
        joint=joint.long_name,
        conclusion=seeing_both_text(digit, targets),
    )
