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

    Greedy, as HoDoKu prints it: take the first cell left (in cell order) and add, in cell
    order, every further cell of its row while the group has one row, or else of its
    column while the group has one column; repeat with the cells left.

    >>> compact_cells([1, 4])
    'r1c25'
    >>> compact_cells([2, 11])
    'r12c3'
    >>> compact_cells([3, 6, 19])
    'r1c47,r3c2'
    >>> compact_cells([0, 10, 20])
    'r1c1,r2c2,r3c3'
    >>> compact_cells([64, 69, 73, 78])  # the corners of a rectangle
    'r8c27,r9c27'
    >>> compact_cells([70, 79, 80])
    'r89c8,r9c9'
    """
    left = sorted(set(cells))
    groups = []
    while left:
        first, rest = left[0], left[1:]
        rows, cols, left = [ROW_OF[first]], [COL_OF[first]], []
        for c in rest:
            if ROW_OF[c] == rows[0] and len(rows) == 1:
                cols.append(COL_OF[c])
            elif COL_OF[c] == cols[0] and len(cols) == 1:
                rows.append(ROW_OF[c])
            else:
                left.append(c)
        groups.append("r" + "".join(str(r + 1) for r in rows) + "c" + "".join(str(k + 1) for k in cols))
    return ",".join(groups)


def format_eliminations(eliminations: Iterable[Candidate]) -> str:
    """Eliminations grouped by digit, the digits in order of first appearance (as HoDoKu
    prints them): ``r2c13<>7, r4c5<>2``."""
    by_digit: dict[Digit, list[Cell]] = {}
    for digit, cell in eliminations:
        by_digit.setdefault(digit, []).append(cell)
    return ", ".join(f"{compact_cells(cells)}<>{digit}" for digit, cells in by_digit.items())


def format_placements(placements: Iterable[Candidate]) -> str:
    """Placements as ``r8c6=1``, several separated by commas."""
    return ", ".join(f"{compact_cells([cell])}={digit}" for digit, cell in sorted(placements, key=lambda p: p.cell))


#: Step codes HoDoKu prints without a colon after the name (``Forcing Chain Verity =>``).
_NO_COLON = frozenset({"fcc", "fcv", "fnc", "fnv"})


def format_step(step: Step) -> str:
    """The one-liner of a step.

    ``Hidden Single: r8c6=1`` when it only places; otherwise the pattern, then the effect:
    ``Locked Candidates Type 1 (Pointing): 7 in b3 => r2c13<>7``; without a pattern,
    ``Bivalue Universal Grave + 1 => r5c1<>2, r5c1<>8``. Forcing chains have no colon:
    ``Forcing Chain Contradiction in r5 => r5c4<>3``.
    """
    effects = [part for part in (format_placements(step.placements), format_eliminations(step.eliminations)) if part]
    effect = ", ".join(effects)
    if not step.detail:
        if step.eliminations and not step.placements or step.code in _NO_COLON:
            return f"{step.technique} => {effect}"
        return f"{step.technique}: {effect}"
    colon = " " if step.code in _NO_COLON else ": "
    return f"{step.technique}{colon}{step.detail} => {effect}"


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
