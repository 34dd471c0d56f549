"""Naked and hidden subsets (techniques/subsets/subsets.py): a house's sets are remembered
from one position to the next by the house's candidates."""

from __future__ import annotations

from engine.grid import Grid
from techniques import by_code
from techniques.subsets import subsets
from tests.conftest import HODOKU

#: royle17 (in puzzles/): its hodoku path takes naked and hidden subsets along the way.
PUZZLE = "5..17.....3....2.....6.........248..1.............3....28........4.....6...7...5."
CODES = ("l2", "l3", "n2", "n3", "n4", "h2", "h3", "h4")


def _forget() -> None:
    subsets._NAKED_SETS.results.clear()
    subsets._HIDDEN_SETS.results.clear()


def _listings(forget: bool) -> list[list[tuple[str, str]]]:
    """Each subset technique's steps at each position of the puzzle's solve, the memo
    emptied before each search or carried along from the positions before."""
    steps = HODOKU.solve(Grid.from_string(PUZZLE)).steps
    grid = Grid.from_string(PUZZLE)
    _forget()
    out = []
    for step in steps:
        for code in CODES:
            if forget:
                _forget()
            out.append([(str(s), s.explanation) for s in by_code(code).find(grid)])
        grid.apply(step)
    return out


def test_remembered_sets_give_the_steps_of_a_fresh_search_along_a_solve() -> None:
    """At every position of a solve, each subset technique lists the same steps with the
    memo the positions before filled as with an empty one."""
    remembered = _listings(forget=False)
    assert remembered == _listings(forget=True)
    assert sum(map(len, remembered)) > 20
