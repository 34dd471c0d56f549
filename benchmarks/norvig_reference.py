"""A plain Norvig-style solver, written here as the benchmark's yardstick.

It follows the idea of Peter Norvig's essay "Solving Every Sudoku Puzzle": a dict from
square name to a string of remaining digits, constraint propagation by `assign` and
`eliminate` (a square with one value clears it from its peers; a unit with one place for a
digit puts it there), and depth-first search on the square with the fewest possibilities.
Unlike the essay it counts solutions (up to a limit) instead of stopping at the first, so
it does the same job as `engine.search.count_solutions`. Written from the description, for
timing only; nothing in the package uses it.
"""

from __future__ import annotations

ROWS = "ABCDEFGHI"
COLS = "123456789"
DIGITS = "123456789"
SQUARES = [r + c for r in ROWS for c in COLS]
UNITLIST = (
    [[r + c for c in COLS] for r in ROWS]
    + [[r + c for r in ROWS] for c in COLS]
    + [[r + c for r in rs for c in cs] for rs in ("ABC", "DEF", "GHI") for cs in ("123", "456", "789")]
)
UNITS = {s: [u for u in UNITLIST if s in u] for s in SQUARES}
PEERS = {s: set(sum(UNITS[s], [])) - {s} for s in SQUARES}

Values = dict[str, str]


def _assign(values: Values, s: str, d: str) -> Values | None:
    for other in values[s].replace(d, ""):
        if _eliminate(values, s, other) is None:
            return None
    return values


def _eliminate(values: Values, s: str, d: str) -> Values | None:
    if d not in values[s]:
        return values
    values[s] = values[s].replace(d, "")
    if not values[s]:
        return None
    if len(values[s]) == 1:
        d2 = values[s]
        for p in PEERS[s]:
            if _eliminate(values, p, d2) is None:
                return None
    for u in UNITS[s]:
        places = [q for q in u if d in values[q]]
        if not places:
            return None
        if len(places) == 1 and _assign(values, places[0], d) is None:
            return None
    return values


def _parse(puzzle: str) -> Values | None:
    values: Values = {s: DIGITS for s in SQUARES}
    for s, ch in zip(SQUARES, puzzle):
        if ch in DIGITS and _assign(values, s, ch) is None:
            return None
    return values


def _count(values: Values | None, limit: int) -> int:
    if values is None:
        return 0
    if all(len(values[s]) == 1 for s in SQUARES):
        return 1
    _, s = min((len(values[s]), s) for s in SQUARES if len(values[s]) > 1)
    found = 0
    for d in values[s]:
        found += _count(_assign(values.copy(), s, d), limit - found)
        if found >= limit:
            break
    return found


def count_solutions(puzzle: str, limit: int = 2) -> int:
    """Number of solutions of an 81-character puzzle, counting no further than ``limit``."""
    return _count(_parse(puzzle), limit)
