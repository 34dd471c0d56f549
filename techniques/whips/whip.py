"""Whip: suppose a candidate true; one cell (or one house's places of a digit) after
another is left with a single option, each forced by the one before and ruled out partly by
what the chain showed earlier, until a cell or a house has no option at all. So the
candidate is false.

The forum's and Denis Berthier's *whip*: an alternating chain like an AIC, but one that
remembers. At each step the variable (a cell, or a digit in a house) loses one candidate to
the previous fact (the chain's continuity) and its others to the supposed candidate or any
earlier fact; what is left is the next fact. The last variable loses everything. Drawn as
one chain, plus a thin link from an earlier fact to each other candidate it removes, it is
one line of reasoning a person follows with a pencil; a forcing net may branch and join
anywhere. Every AIC that removes a candidate seeing both its ends is a whip; a whip needs
no almost locked sets and no uniqueness. Search: :mod:`techniques.whips.search` (whips of
at most ``MAX_LENGTH`` variables; the first step is the shortest a quick look finds,
shortened as far as a full search can).
"""

from __future__ import annotations

from typing import Iterator

from engine.cells import CELL_NAMES, N_CELLS, UNIT_LONG_NAMES, UNIT_NAMES, bit_indices
from engine.grid import Grid
from engine.step import Candidate, Highlights, Link, Step
from engine.stop import checkpoint
from engine.technique import BaseTechnique, Declaration
from techniques.shared import cell_names, digit_words
from techniques.whips.search import MAX_LENGTH, MAX_NODES, QUICK_LENGTH, QUICK_NODES, SEES, VARIABLES, Path, WhipSearch, alive


def _candidate(k: int) -> Candidate:
    cell, d = divmod(k, 9)
    return Candidate(d + 1, cell)


def _fact(k: int) -> str:
    cell, d = divmod(k, 9)
    return f"{CELL_NAMES[cell]}={d + 1}"


class Whip(BaseTechnique):
    """A chain of forced cells that remembers (see the module docstring)."""

    declaration = Declaration("Whip", "wh")

    def find(self, grid: Grid) -> Iterator[Step]:
        """A short whip first, cheaply: a quick search (``QUICK_NODES``) from every target
        for whips of at most ``QUICK_LENGTH`` variables; the targets with the shortest of
        those are shortened as far as a full search (``MAX_NODES``) can, and the shortest is
        given (then the lowest target), then the others, shortened. Then the same with quick
        searches of up to ``MAX_LENGTH`` variables from the targets left, then with full
        ones: each batch shortest first, each only when the solver asks for more."""
        live = alive(grid)
        search = self.search(live)
        targets = [t for t in bit_indices(live) if search.contradicts(t)]
        found: set[int] = set()
        for length, nodes in ((QUICK_LENGTH, QUICK_NODES), (MAX_LENGTH, QUICK_NODES), (MAX_LENGTH, MAX_NODES)):
            batch = self._whips(search, [t for t in targets if t not in found], length, nodes)
            found.update(batch)
            yield from self._batch(search, batch)

    def search(self, live: int) -> WhipSearch:
        """The search this kind of whip is found with."""
        return WhipSearch(live)

    @staticmethod
    def _whips(search: WhipSearch, targets: list[int], length: int, nodes: int) -> dict[int, Path]:
        """Target -> a whip of at most ``length`` variables that a search of at most
        ``nodes`` nodes finds from it (not yet the shortest)."""
        found: dict[int, Path] = {}
        for target in targets:
            checkpoint()
            path = search.whip(target, length, nodes)
            if path is not None:
                found[target] = path
        return found

    def _batch(self, search: WhipSearch, found: dict[int, Path]) -> Iterator[Step]:
        """The targets whose whips are the shortest found, shortened, then the others."""
        least = min((len(path) for path in found.values()), default=0)
        first = {t: search.shorten(t, path) for t, path in found.items() if len(path) == least}
        yield from self._steps(search.live, first)
        yield from self._steps(search.live, {t: search.shorten(t, p) for t, p in found.items() if t not in first})

    def _steps(self, live: int, whips: dict[int, Path]) -> Iterator[Step]:
        for target, path in sorted(whips.items(), key=lambda item: (len(item[1]), item[0])):
            yield self._step(live, target, path)

    def _step(self, live: int, target: int, path: Path) -> Step:
        facts = [target] + [k for _, k in path if k >= 0]
        links: list[Link] = []
        sentences = []
        for i, (v, k) in enumerate(path):
            others = VARIABLES[v] & live & ~(1 << k if k >= 0 else 0)
            by = {gone: _ruled_out_by(facts[: i + 1], gone) for gone in bit_indices(others)}
            for gone, f in by.items():
                links.append(Link(_candidate(f), _candidate(gone), False))
            if k >= 0:  # the candidate the last fact removed, so the one left
                continuity = next(gone for gone, f in by.items() if f == facts[i])
                links.append(Link(_candidate(continuity), _candidate(k), True))
            sentences.append(_sentence(v, k, by))
        removed = _candidate(target)
        explanation = (
            f"Suppose {CELL_NAMES[removed.cell]} were {removed.digit}. "
            + " ".join(sentences)
            + f" So {CELL_NAMES[removed.cell]} is not {removed.digit}: remove {removed.digit} from {CELL_NAMES[removed.cell]}."
        )
        return self.step(
            f"{_fact(target)} -> " + " -> ".join(_fact(k) for k in facts[1:]) + f" -> {emptied(path[-1][0])} empty",
            eliminations=(removed,),
            explanation=explanation,
            highlights=Highlights(pattern=tuple(_candidate(k) for k in facts[1:]), fins=(removed,), links=tuple(dict.fromkeys(links))),
            digits=(removed.digit,),
        )


def _ruled_out_by(facts: list[int], gone: int) -> int:
    """The fact that rules ``gone`` out: the chain's last one when it does (the chain's
    continuity), else the earliest."""
    if SEES[facts[-1]] >> gone & 1:
        return facts[-1]
    return next(f for f in facts if SEES[f] >> gone & 1)


def emptied(v: int) -> str:
    if v < N_CELLS:
        return CELL_NAMES[v]
    unit, d = divmod(v - N_CELLS, 9)
    return f"{d + 1} in {UNIT_NAMES[unit]}"


def _sentence(v: int, k: int, by: dict[int, int]) -> str:
    """``Then r4c5 can only be 7 (r1c5=3 removes 3, r4c2=8 removes 8).``"""
    removes: dict[int, list[int]] = {}
    for gone, f in by.items():
        removes.setdefault(f, []).append(gone)
    if v < N_CELLS:
        why = ", ".join(f"{_fact(f)} removes {digit_words([g % 9 + 1 for g in gone])}" for f, gone in removes.items())
        if k < 0:
            return f"Then {CELL_NAMES[v]} has no candidate left ({why})."
        return f"Then {CELL_NAMES[v]} can only be {k % 9 + 1} ({why})."
    unit, d = divmod(v - N_CELLS, 9)
    why = ", ".join(f"{_fact(f)} removes {cell_names([g // 9 for g in gone])}" for f, gone in removes.items())
    if k < 0:
        return f"Then {d + 1} has no place left in {UNIT_LONG_NAMES[unit]} ({why})."
    return f"Then {d + 1} can only go to {CELL_NAMES[k // 9]} in {UNIT_LONG_NAMES[unit]} ({why})."


WHIP = Whip()
