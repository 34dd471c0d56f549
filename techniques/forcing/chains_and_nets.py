"""Forcing Chain and Forcing Net (HoDoKu's last resorts before Brute Force).

Both make an assumption about one candidate and follow what it forces:

* a **Forcing Chain** follows direct links only (HoDoKu's tables: two-candidate cells,
  two-place houses and box-line groups), so every fact rests on exactly one earlier fact;
* a **Forcing Net** places singles and applies locked candidates inside the branch, so a
  fact may rest on several earlier ones together. When no such net proves anything, it
  goes one level deeper (stronger than HoDoKu): inside each branch, every remaining
  candidate is itself tried, and removed when that trial breaks a rule (trial and error
  of depth two, D. Berthier's T&E(2)). Nearly every known puzzle yields to this, the
  hardest lists included; only the very rare puzzles of depth three (mith's T&E(3)
  collection) still need a Brute Force step.

An assumption that breaks a rule is false (Contradiction); a fact that every case of an
either-or forces is true (Verity). See :mod:`techniques.forcing.conclusions`.
"""

from __future__ import annotations

from typing import Final, Iterator

from engine.grid import Grid
from engine.search import find_solutions
from engine.step import Step
from engine.stop import budgeted
from engine.technique import BaseTechnique, Declaration
from techniques.forcing.conclusions import ChainProver, NetProver, nested_contradictions
from techniques.forcing.hodoku_order import hodoku_forcing_chain, hodoku_forcing_net
from techniques.forcing.propagation import Budget
from techniques.forcing.steps import make_step
from techniques.forcing.words import Narrator

#: Depth-2 nets: at most this many inner trials per search, the only bound (no clock: the
#: same position gets the same steps on every machine). One depth-2 branch tries each
#: candidate left in it (a few hundred); on the hardest lists (SE 11+, Easter Monster,
#: Golden Nugget) the first contradiction came within ~3,000 trials, so this leaves a wide
#: margin while keeping a fruitless search to a few seconds.
MAX_PROBES = 20_000


class ForcingChain(BaseTechnique):
    """An assumption followed through direct links breaks a rule (so it is false), or
    every case of an either-or leads to the same fact (so it holds)."""

    declaration = Declaration(
        "Forcing Chain",
        "fc",
        subcodes={"fcc": "1301", "fcv": "1302"},
        subnames={"fcc": "Forcing Chain Contradiction", "fcv": "Forcing Chain Verity"},
    )

    def find(self, grid: Grid) -> Iterator[Step]:
        prover = ChainProver(grid)
        for conclusion in prover.conclusions():
            proofs = [prover.proof(p, e) for p, e in zip(conclusion.premises, conclusion.ends)]
            yield make_step(self, "Chain", conclusion, proofs, Narrator(grid, prover.tables.node_cells))

    def hodoku_step(self, grid: Grid) -> Step | None:
        """The step HoDoKu 2.2 takes, as it names it (its checks and order, see
        ``techniques.forcing.hodoku_order``), for the ``hodoku`` profile's policy. Where
        HoDoKu's nets found nothing last (see ``_Hunch``), our nets of the grid, which the
        Forcing Net will ask for next, tell which premises can break."""
        ours = _HUNCH.nets(grid) if _HUNCH.finds_nothing and not budgeted() else None
        return hodoku_forcing_chain(self, grid, ours)


class ForcingNet(BaseTechnique):
    """Like a forcing chain, but singles and locked candidates may combine several facts
    inside a branch; nested one level deeper when that is not enough."""

    declaration = Declaration(
        "Forcing Net", "fn", subcodes={"fnc": "1303", "fnv": "1304"}, subnames={"fnc": "Forcing Net Contradiction", "fnv": "Forcing Net Verity"}
    )

    def find(self, grid: Grid) -> Iterator[Step]:
        return self._steps(grid, NetProver(grid))

    def _steps(self, grid: Grid, prover: NetProver) -> Iterator[Step]:
        """``find``'s steps, from the grid's nets at depth 1 (``prover``), then deeper."""
        for conclusion in prover.conclusions():
            proofs = [prover.proof(p, e) for p, e in zip(conclusion.premises, conclusion.ends)]
            yield make_step(self, "Net", conclusion, proofs, Narrator(grid))
        if prover.settled:
            return  # depth 1 proves something (if only a chain): no need to go deeper
        budget = Budget(MAX_PROBES)
        for conclusion, proof in nested_contradictions(grid, budget, SolutionCover(grid).satisfiable):
            yield make_step(self, "Net", conclusion, [proof], Narrator(grid))

    def hodoku_step(self, grid: Grid) -> Step | None:
        """The step HoDoKu 2.2 takes, as it names it (its net tables, checks and order, see
        ``techniques.forcing.hodoku_order``), for the ``hodoku`` profile's policy. Where
        HoDoKu's nets find nothing (it guesses there), our own first step."""
        if not _HUNCH.finds_nothing or budgeted():
            step = hodoku_forcing_net(self, grid)
            if step is not None:
                return step
            _HUNCH.learn(found=False)
            return next(self.find(grid), None)
        # Our nets first: they bound which of HoDoKu's tables can matter (a fifth of them
        # where HoDoKu's nets find nothing; half, where they find a step), then make our step.
        prover = _HUNCH.nets(grid)
        step = hodoku_forcing_net(self, grid, prover)
        _HUNCH.learn(found=step is not None)
        return step or next(self._steps(grid, prover), None)


class _Hunch:
    """Whether HoDoKu's nets found nothing the last time they were asked (a puzzle where
    they fail once, as on the README's, fails again and again). It only picks the faster
    of two ways to the same step: HoDoKu's tables of every premise (cheapest when they
    find one), or our own nets first (``hodoku_forcing_net``'s ``ours``), which spare most
    of those tables and which a step needs anyway when they find nothing; the Forcing
    Chain, asked just before on the same grid, makes them then, and its search is spared
    too. Never used under a work budget (the two ways spend different work). Shared by
    all solves of a process: a wrong guess costs time, never a different step."""

    def __init__(self) -> None:
        self.finds_nothing = False
        self._nets: tuple[int, NetProver] | None = None

    def learn(self, found: bool) -> None:
        if not budgeted():
            self.finds_nothing = not found

    def nets(self, grid: Grid) -> NetProver:
        """Our nets of the grid, made once per grid object and version (a version is one
        position; the nets read their grid again later, so a copy gets its own)."""
        known = self._nets
        if known is None or known[0] != grid.version or known[1].grid is not grid:
            known = self._nets = (grid.version, NetProver(grid))
        return known[1]


_HUNCH: Final = _Hunch()


class SolutionCover:
    """Which assumptions some solution of the position meets: those can never lead to a
    contradiction, so the nested search need not try them. This only saves effort; every
    step found is still a deduction that holds on its own.

    One search (two solutions at most) covers the candidates of the solutions it finds: on
    a proper puzzle that is the true candidate of every cell. When the position has several
    solutions, any other assumption is checked by a search of its own, and each solution
    found covers 81 more candidates (an empty grid is settled in a few dozen searches
    instead of a fruitless nested search).
    """

    def __init__(self, grid: Grid) -> None:
        self.grid = grid
        solutions = find_solutions(grid.values, 2, grid.cands)
        self.several = len(solutions) > 1
        self.covered = {(c, d) for solution in solutions for c, d in enumerate(solution)}

    def satisfiable(self, cell: int, digit: int) -> bool:
        if (cell, digit) in self.covered:
            return True
        if not self.several:
            return False  # one solution (or none): everything else can break a rule
        values = list(self.grid.values)
        values[cell] = digit
        found = find_solutions(values, 1, self.grid.cands)
        self.covered.update((c, d) for solution in found for c, d in enumerate(solution))
        return bool(found)


FORCING_CHAIN = ForcingChain()
FORCING_NET = ForcingNet()
