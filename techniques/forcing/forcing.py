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

import time
from typing import Iterator

from engine.cells import CELL_NAMES, UNITS, Cell
from engine.grid import Grid
from engine.search import find_solutions
from engine.notation import words_list
from engine.step import Candidate, Highlights, Link, Step
from engine.technique import BaseTechnique, Level
from techniques.forcing.conclusions import ChainProver, Conclusion, NetProver, nested_contradictions
from techniques.forcing.link_tables import N_CANDIDATES
from techniques.forcing.propagation import Budget, Clash, Conflict, Proof, Rule
from techniques.forcing.words import Describe, Narrator, fact_words, links

#: Depth-2 nets: at most this many inner trials per search. One depth-2 branch tries each
#: candidate left in it (a few hundred); on the hardest lists (SE 11+, Easter Monster,
#: Golden Nugget) the first contradiction came within ~3,000 trials, so this leaves a wide
#: margin while keeping a fruitless search to a few seconds.
MAX_PROBES = 20_000
#: ... and at most this many seconds, whatever the machine (a safety net only: the trial
#: count is what keeps results the same from run to run).
MAX_SECONDS = 10.0


class ForcingChain(BaseTechnique):
    """An assumption followed through direct links breaks a rule (so it is false), or
    every case of an either-or leads to the same fact (so it holds)."""

    def __init__(self) -> None:
        super().__init__("Forcing Chain", "fc", 8500, 500, Level.EXTREME, subcodes=("fcc", "fcv"))

    def find(self, grid: Grid) -> Iterator[Step]:
        prover = ChainProver(grid)
        for conclusion in prover.conclusions():
            proofs = [prover.proof(p, e) for p, e in zip(conclusion.premises, conclusion.ends)]
            yield make_step(self, "Chain", conclusion, proofs, Narrator(grid, prover.tables.node_cells))


class ForcingNet(BaseTechnique):
    """Like a forcing chain, but singles and locked candidates may combine several facts
    inside a branch; nested one level deeper when that is not enough."""

    def __init__(self) -> None:
        super().__init__("Forcing Net", "fn", 8600, 700, Level.EXTREME, subcodes=("fnc", "fnv"))

    def find(self, grid: Grid) -> Iterator[Step]:
        prover = NetProver(grid)
        for conclusion in prover.conclusions():
            proofs = [prover.proof(p, e) for p, e in zip(conclusion.premises, conclusion.ends)]
            yield make_step(self, "Net", conclusion, proofs, Narrator(grid))
        if prover.settled:
            return  # depth 1 proves something (if only a chain): no need to go deeper
        budget = Budget(MAX_PROBES, time.monotonic() + MAX_SECONDS)
        for conclusion, proof in nested_contradictions(grid, budget, SolutionCover(grid).satisfiable):
            yield make_step(self, "Net", conclusion, [proof], Narrator(grid))


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


def make_step(
    technique: BaseTechnique, kind: str, c: Conclusion, proofs: list[Proof], words: Narrator, where: str | None = None
) -> Step:
    """The step of one conclusion: name, HoDoKu-style detail, effect, words, highlights.
    ``where`` replaces the place a contradiction is said to be "in" (HoDoKu's text)."""
    digit, cell = (c.fact >> 1) // 81 + 1, (c.fact >> 1) % 81
    fact = Candidate(digit, cell)
    name = f"Forcing {kind} {'Contradiction' if c.contradiction else 'Verity'}"
    code = technique.code + ("c" if c.contradiction else "v")
    if c.contradiction:
        conflict = c.ends[0]
        assert isinstance(conflict, Conflict)
        if where is None:
            where = UNITS[conflict.unit].name if conflict.unit >= 0 else CELL_NAMES[conflict.cell]
        detail = f"in {where}"
        walk = words.walk(proofs[0])
        text = f"Suppose {fact_words(c.premises[0])}. Then {walk}. That cannot be, so {fact_words(c.fact)}."
    else:
        detail = ""
        text = verity_words(c, proofs, words)
    return technique.step(
        detail,
        placements=(fact,) if c.fact & 1 else (),
        eliminations=() if c.fact & 1 else (fact,),
        explanation=text,
        highlights=_highlights(c, proofs, words.describe),
        digits=(digit,),
        name=name,
        code=code,
    )


def verity_words(c: Conclusion, proofs: list[Proof], words: Narrator) -> str:
    """Every case of the either-or, then the common fact (or the one case left)."""
    parts = [either_or_words(c)]
    for premise, proof in zip(c.premises, proofs):
        if premise == c.fact:
            continue  # the one case that does not break a rule: said at the end
        if isinstance(proof.end, Conflict):
            parts.append(f"If {fact_words(premise)}: {words.walk(proof)}, which cannot be.")
        else:
            parts.append(f"If {fact_words(premise)}: {words.walk(proof)}.")
    if c.fact in c.premises:
        parts.append(f"Only one case is left: {fact_words(c.fact)}.")
    else:
        dead = any(isinstance(e, Conflict) for e in c.ends)
        parts.append(f"{'In every possible case' if dead else 'Either way'}, {fact_words(c.fact)}.")
    return " ".join(parts)


def either_or_words(c: Conclusion) -> str:
    assert c.spread is not None
    if c.spread.kind == "pair":
        return f"Either {fact_words(c.premises[0])} or it is not."
    digits = [str((p >> 1) // 81 + 1) for p in c.premises]
    cells = [CELL_NAMES[(p >> 1) % 81] for p in c.premises]
    if c.spread.kind == "cell":
        return f"{cells[0]} must be {words_list(digits, 'or')}."
    return f"{digits[0]} must go in {words_list(cells, 'or')} ({UNITS[c.spread.where].long_name})."


def _highlights(c: Conclusion, proofs: list[Proof], describe: Describe) -> Highlights:
    pattern = tuple(Candidate((p >> 1) // 81 + 1, (p >> 1) % 81) for p in c.premises if p >> 1 < N_CANDIDATES)
    placed: list[Candidate] = []
    all_links: list[Link] = []
    for proof in proofs:
        all_links += links(proof, describe)
        for event in proof.events[1:]:
            node = event.lit >> 1
            if event.lit & 1 and node < N_CANDIDATES and event.rule is not Rule.PREMISE:
                placed.append(Candidate(node // 81 + 1, node % 81))
    cells: tuple[Cell, ...] = ()
    units: tuple[int, ...] = ()
    if c.contradiction:
        conflict = c.ends[0]
        assert isinstance(conflict, Conflict)
        cells = (conflict.cell,) if conflict.cell >= 0 else ()
        units = (conflict.unit,) if conflict.unit >= 0 else ()
    elif c.spread is not None and c.spread.kind == "cell":
        cells = (c.spread.where,)
    elif c.spread is not None and c.spread.kind == "house":
        units = (c.spread.where,)
    return Highlights(
        pattern=pattern,
        alt=tuple(dict.fromkeys(placed)),
        links=tuple(dict.fromkeys(all_links)),
        units=units,
        cells=cells,
    )


FORCING_CHAIN = ForcingChain()
FORCING_NET = ForcingNet()
