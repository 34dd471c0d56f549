"""HoDoKu's ALS Chain search: forward along its list of sets, depth first.

HoDoKu starts a chain at every almost locked set in turn (in ``als_index`` order) and
follows restricted commons only to later sets, so every chain climbs the list. Each link
has *actual* RC digits: the first link uses one of its RC digits (both tried in turn when
it has two); every further link uses its RC digits minus the previous link's actual ones
(HoDoKu's ``RestrictedCommon.checkRC``, including its habit of comparing only the first
of two actual digits), and the chain stops where none is left. From the fourth set on,
each chain is checked: digits the first and last sets share, other than the first link's
and the last link's actual digits, are removed from cells that see all their places in
both sets. HoDoKu keeps one chain per set of eliminations, the one with the fewest cells
(the first found among equals), in the place the first chain for those eliminations took.

A set reached again from the same start with as many cells as before leads only to
chains no better than those already found, so the walk does not repeat it; a work budget
bounds a pathological position.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from engine.cells import MASK_DIGITS, cells_of
from engine.step import Candidate
from techniques.als.sets import AlsIndex, RestrictedCommon

#: Most links HoDoKu's chains may have (its ``MAX_RC``).
MAX_LINKS = 50
#: Fewest links: three (four sets); two are an ALS-XY-Wing, one an ALS-XZ.
MIN_LINKS = 3
#: Search nodes per grid before giving up (deterministic work bound).
BUDGET = 200_000


@dataclass(frozen=True)
class Link:
    """A link of a chain: its restricted common and the digits it actually uses."""

    rc: RestrictedCommon
    actual: tuple[int, ...]

    @property
    def target(self) -> int:
        return self.rc.second


@dataclass
class Found:
    """The chain kept for one set of eliminations."""

    eliminations: tuple[Candidate, ...]  # sorted: digit, then cell
    start: int
    links: tuple[Link, ...]
    cells: int


def _rc_digits(rc: RestrictedCommon) -> tuple[int, int]:
    digits = MASK_DIGITS[rc.digits]
    return (digits[0], digits[1] if len(digits) > 1 else 0)


def next_actual(previous: Link, rc: RestrictedCommon) -> tuple[int, ...]:
    """The actual digits of ``rc`` after ``previous`` (HoDoKu's checkRC: with two actual
    digits before, it compares the first one twice)."""
    c21, c22 = _rc_digits(rc)
    c11 = previous.actual[0]
    c12 = previous.actual[0] if len(previous.actual) == 2 else 0
    if not c12:
        if not c22:
            return () if c11 == c21 else (c21,)
        if c11 == c22:
            return (c21,)
        return (c22,) if c11 == c21 else (c21, c22)
    if not c22:
        return () if c21 in (c11, c12) else (c21,)
    if {c11, c12} == {c21, c22}:
        return ()
    if c22 in (c11, c12):
        return (c21,)
    return (c22,) if c21 in (c11, c12) else (c21, c22)


class _Search:
    def __init__(self, index: AlsIndex) -> None:
        self.index = index
        self.forward: list[list[RestrictedCommon]] = [[] for _ in index.alses]
        for rc in index.rcs:
            if not rc.overlap:
                self.forward[rc.first].append(rc)
        self.found: dict[tuple[Candidate, ...], Found] = {}
        self.left = BUDGET

    def run(self) -> None:
        for start, rcs in enumerate(self.forward):
            for rc in rcs:
                for digit in MASK_DIGITS[rc.digits]:  # a doubly linked first RC: each digit in turn
                    if self.left <= 0:
                        return
                    first = Link(rc, (digit,))
                    size = self.index.alses[start].size + self.index.alses[rc.second].size
                    self._walk(start, [first], size, {})

    def _walk(self, start: int, chain: list[Link], cells: int, best: dict[tuple[int, tuple[int, ...], int], int]) -> None:
        self.left -= 1
        last = chain[-1]
        key = (last.target, last.actual, min(len(chain), MIN_LINKS))
        if best.get(key, cells + 1) <= cells or self.left <= 0:
            return  # reached before with as few cells: nothing new below
        best[key] = cells
        if len(chain) >= MIN_LINKS:
            self._record(start, chain, cells)
        if len(chain) >= MAX_LINKS:
            return
        for rc in self.forward[last.target]:
            actual = next_actual(last, rc)
            if actual:
                chain.append(Link(rc, actual))
                self._walk(start, chain, cells + self.index.alses[rc.second].size, best)
                chain.pop()

    def _record(self, start: int, chain: list[Link], cells: int) -> None:
        a, e = self.index.alses[start], self.index.alses[chain[-1].target]
        spare = 0
        for digit in (*chain[0].actual, *chain[-1].actual):
            spare |= 1 << (digit - 1)
        out = []
        for z in MASK_DIGITS[a.digits & e.digits & ~spare]:
            out += [Candidate(z, c) for c in cells_of(a.sees_all[z] & e.sees_all[z])]
        if not out:
            return
        eliminations = tuple(out)
        known = self.found.get(eliminations)
        if known is None or known.cells > cells:
            # a set already listed keeps its place (HoDoKu replaces the step in its list)
            self.found[eliminations] = Found(eliminations, start, tuple(chain), cells)


def hodoku_chains(index: AlsIndex) -> Iterator[Found]:
    """The chains HoDoKu keeps, one per set of eliminations, in the order it found them."""
    search = _Search(index)
    search.run()
    yield from search.found.values()
