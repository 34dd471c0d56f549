"""One solution of a grid, as the forcing searches use it: to look in fewer places.

Every rule a forcing chain or net follows is sound: whatever it derives from an assumption
holds in each solution that meets the assumption. So, for any solution S of the grid:

* an assumption S meets never breaks a rule (everything it leads to holds in S), and a
  search for contradictions need not follow it;
* a fact that a contradiction or a verity proves holds in every solution, S included, so
  a search for them need only look at the facts S meets ("is d" where S has d, "is not d"
  where it does not).

The steps found are the same: only the work changes, whichever solution S is. A grid
without a solution gives no shortcut (:data:`NO_TRUTH`).

Finding S costs a search. The puzzle's solution stays a solution of every position a
sound solve reaches from it, so the last one found is tried first.
"""

from __future__ import annotations

from typing import Final, Sequence

from engine.cells import N_CELLS
from engine.grid import Grid
from engine.search import find_solutions
from techniques.forcing.link_tables import CANDIDATE_BITS
from techniques.shared import candidate_index


class Truth:
    """The candidates of one solution of a grid, as node bit sets (see
    :mod:`techniques.forcing.link_tables`): ``on``, the candidates it keeps (one per open
    cell), and ``off``, the others. With no solution, both are every node and no literal
    is met."""

    def __init__(self, on: int, off: int, known: bool) -> None:
        self.on = on
        self.off = off
        self.known = known

    def meets(self, lit: int) -> bool:
        """Whether the solution meets the literal (``true_literal``/``false_literal``):
        then it breaks no rule."""
        return self.known and bool((self.off if lit & 1 else self.on) >> (lit >> 1) & 1)


NO_TRUTH: Final = Truth(CANDIDATE_BITS, CANDIDATE_BITS, False)

#: The solution found last (the grids of one solve share it).
_last: list[Sequence[int] | None] = [None]


def truth_of(grid: Grid) -> Truth:
    """A solution of ``grid`` as a :class:`Truth` (:data:`NO_TRUTH` when it has none)."""
    solution = _last[0]
    if solution is None or not _meets_grid(solution, grid):
        found = find_solutions(grid.values, 1, grid.cands)
        if not found:
            return NO_TRUTH
        solution = _last[0] = found[0]
    on = off = 0
    values, cands = grid.values, grid.cands
    for cell in range(N_CELLS):
        if values[cell]:
            continue
        digit = solution[cell]
        on |= 1 << candidate_index(cell, digit)
        others = cands[cell] & ~(1 << (digit - 1))
        while others:
            low = others & -others
            off |= 1 << candidate_index(cell, low.bit_length())
            others ^= low
    return Truth(on, off, True)


def _meets_grid(solution: Sequence[int], grid: Grid) -> bool:
    """Whether a solution (of some grid) is one of ``grid``: it keeps its values and, in
    each open cell, one of its candidates."""
    values, cands = grid.values, grid.cands
    for cell in range(N_CELLS):
        value, digit = values[cell], solution[cell]
        if value:
            if value != digit:
                return False
        elif not cands[cell] >> (digit - 1) & 1:
            return False
    return True
