"""HoDoKu-style notation: compact cell lists, candidate effects and step one-liners.

Cell lists are compacted the way HoDoKu prints them: cells of one row as ``r1c47``, of
one column as ``r12c3``, other sets as comma-separated groups (``r1c47,r3c2``).
Eliminations are grouped by digit: ``r2c13<>7, r4c5<>2``.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING, Iterable, Sequence

from engine.cells import CELL_NAMES, COL_OF, ROW_OF, UNITS, Cell, Digit

if TYPE_CHECKING:
    from engine.step import Candidate, Step


def compact_cells(cells: Iterable[Cell]) -> str:
    """A cell list in HoDoKu's compact form.

    >>> compact_cells([1, 4])
    'r1c25'
    >>> compact_cells([2, 11])
    'r12c3'
    >>> compact_cells([3, 6, 19])
    'r1c47,r3c2'
    >>> compact_cells([0, 10, 20])
    'r1c1,r2c2,r3c3'
    """
    ordered = sorted(set(cells))
    if not ordered:
        return ""
    rows = {ROW_OF[c] for c in ordered}
    cols = {COL_OF[c] for c in ordered}
    if len(rows) == 1:
        return f"r{ordered[0] // 9 + 1}c" + "".join(str(COL_OF[c] + 1) for c in ordered)
    if len(cols) == 1:
        return "r" + "".join(str(ROW_OF[c] + 1) for c in ordered) + f"c{ordered[0] % 9 + 1}"
    return ",".join(_groups(ordered))


def _groups(ordered: Sequence[Cell]) -> list[str]:
    """Cells grouped by row; rows with the same columns are merged (``r12c34``)."""
    by_row: dict[int, list[int]] = defaultdict(list)
    for c in ordered:
        by_row[ROW_OF[c]].append(COL_OF[c])
    merged: dict[tuple[int, ...], list[int]] = {}
    for row, cols in by_row.items():
        merged.setdefault(tuple(cols), []).append(row)
    out = []
    for cols_key, rows in sorted(merged.items(), key=lambda item: (item[1][0], item[0])):
        out.append("r" + "".join(str(r + 1) for r in rows) + "c" + "".join(str(c + 1) for c in cols_key))
    return out


def format_eliminations(eliminations: Iterable[Candidate]) -> str:
    """Eliminations grouped by digit, ascending: ``r2c13<>7, r4c5<>2``."""
    by_digit: dict[Digit, list[Cell]] = defaultdict(list)
    for digit, cell in eliminations:
        by_digit[digit].append(cell)
    return ", ".join(f"{compact_cells(cells)}<>{digit}" for digit, cells in sorted(by_digit.items()))


def format_placements(placements: Iterable[Candidate]) -> str:
    """Placements as ``r8c6=1``, several separated by commas."""
    return ", ".join(f"{compact_cells([cell])}={digit}" for digit, cell in sorted(placements, key=lambda p: p.cell))


def format_step(step: Step) -> str:
    """The one-liner of a step.

    ``Hidden Single: r8c6=1`` when it only places; otherwise the pattern, then the effect:
    ``Locked Candidates Type 1 (Pointing): 7 in b3 => r2c13<>7``.
    """
    effects = [part for part in (format_placements(step.placements), format_eliminations(step.eliminations)) if part]
    effect = ", ".join(effects)
    if not step.detail:
        return f"{step.technique}: {effect}"
    return f"{step.technique}: {step.detail} => {effect}"


def rated_line(step: Step) -> str:
    """The one-liner, followed by the step's own difficulty when its technique rates each
    step (Sudoku Explainer): ``Forcing Chain: r5c4=3 (8 nodes) => r5c4<>2 [7.1]``."""
    if step.rating is None:
        return step.text
    value = int((step.rating + 0.05) * 10)
    return f"{step.text} [{value // 10}.{value % 10}]"


def digit_list(digits: Iterable[Digit]) -> str:
    """``2,7``: digits of a pattern as HoDoKu lists them."""
    return ",".join(str(d) for d in sorted(digits))


def unit_names(units: Iterable[int]) -> str:
    """Houses in compact HoDoKu form: ``r49``, ``c12``, ``b3``; mixed kinds are joined."""
    by_kind: dict[str, list[int]] = defaultdict(list)
    for u in units:
        by_kind[UNITS[u].kind.value].append(UNITS[u].index + 1)
    return "".join(kind + "".join(str(i) for i in sorted(nums)) for kind, nums in by_kind.items())


def cell_list_words(cells: Sequence[Cell]) -> str:
    """``r1c2``, ``r1c2 and r1c3``, ``r1c2, r1c3 and r1c5``: cell names for sentences."""
    names = [CELL_NAMES[c] for c in sorted(cells)]
    return words_list(names)


def words_list(items: Sequence[str], conjunction: str = "and") -> str:
    """Join for sentences: ``a``, ``a and b``, ``a, b and c``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {conjunction} " + items[-1]
