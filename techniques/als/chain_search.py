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

A set reached again (with the same link digits) from the same start and first digit,
with as many cells as before, leads only to chains no better than those already found,
so the walk does not repeat it; a work budget bounds a pathological position.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Iterator

from engine.cells import MASK_DIGITS, cells_of
from engine.step import Candidate
from engine.stop import checkpoint
from techniques.als.sets import AlsIndex, RestrictedCommon

#: Most links HoDoKu's chains may have (its ``MAX_RC``).
MAX_LINKS: Final = 50
#: Fewest links: three (four sets); two are an ALS-XY-Wing, one an ALS-XZ.
MIN_LINKS: Final = 3
#: Search nodes per grid before giving up (deterministic work bound).
BUDGET: Final = 200_000


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


def next_actual(previous: int, rc_digits: int) -> int:
    """The actual digits (a mask) of a link with RC digits ``rc_digits`` after a link whose
    actual digits are ``previous``. HoDoKu's checkRC compares only the first (lowest) of
    two previous actual digits (it takes it twice), so that is all that is removed."""
    return rc_digits & ~(previous & -previous)


class _Search:
    def __init__(self, index: AlsIndex) -> None:
        self.index = index
        self.size = [als.size for als in index.alses]
        #: per set: (rc, second set, its RC digits) of the links to later sets
        self.forward: list[list[tuple[RestrictedCommon, int, int]]] = [[] for _ in index.alses]
        for rc in index.rcs:
            if not rc.overlap:
                self.forward[rc.first].append((rc, rc.second, rc.digits))
        self.found: dict[tuple[Candidate, ...], Found] = {}
        self.left = BUDGET

    def run(self) -> None:
        for start, rcs in enumerate(self.forward):
            checkpoint()  # the user's stop switch, between starts
            # What a chain clears depends on its start, its first link's digit and its end:
            # chains from one start with one first digit share what they have reached.
            best: dict[int, dict[tuple[int, int, int], int]] = {}
            targets: dict[int, int] = {}
            for rc, second, digits in rcs:
                for digit in MASK_DIGITS[digits]:  # a doubly linked first RC: each digit in turn
                    if self.left <= 0:
                        return
                    actual = 1 << (digit - 1)
                    chain = [(rc, actual)]
                    self._walk(start, targets, chain, second, actual, self.size[start] + self.size[second], best.setdefault(actual, {}))

    def _targets(self, start: int, end: int, known: dict[int, int]) -> int:
        """The digits ``end`` shares with ``start`` that some cell could lose (seeing all
        their places in both): a quick test before computing eliminations (cached in
        ``known`` per start)."""
        mask = known.get(end)
        if mask is None:
            a, e = self.index.alses[start], self.index.alses[end]
            mask = 0
            for z in MASK_DIGITS[a.digits & e.digits]:
                if a.sees_all[z] & e.sees_all[z]:
                    mask |= 1 << (z - 1)
            known[end] = mask
        return mask

    def _walk(
        self,
        start: int,
        targets: dict[int, int],
        chain: list[tuple[RestrictedCommon, int]],
        last: int,
        actual: int,
        cells: int,
        best: dict[tuple[int, int, int], int],
    ) -> None:
        self.left -= 1
        key = (last, actual, min(len(chain), MIN_LINKS))
        if best.get(key, cells + 1) <= cells or self.left <= 0:
            return  # reached before with as few cells: nothing new below
        best[key] = cells
        if len(chain) >= MIN_LINKS and self._targets(start, last, targets) & ~(chain[0][1] | actual):
            self._record(start, chain, cells)
        if len(chain) >= MAX_LINKS:
            return
        for rc, second, digits in self.forward[last]:
            following = digits & ~(actual & -actual)
            if following:
                chain.append((rc, following))
                self._walk(start, targets, chain, second, following, cells + self.size[second], best)
                chain.pop()

    def _record(self, start: int, chain: list[tuple[RestrictedCommon, int]], cells: int) -> None:
        a, e = self.index.alses[start], self.index.alses[chain[-1][0].second]
        spare = chain[0][1] | chain[-1][1]
        out = []
        for z in MASK_DIGITS[a.digits & e.digits & ~spare]:
            out += [Candidate(z, c) for c in cells_of(a.sees_all[z] & e.sees_all[z])]
        if not out:
            return
        eliminations = tuple(out)
        known = self.found.get(eliminations)
        if known is None or known.cells > cells:
            # a set already listed keeps its place (HoDoKu replaces the step in its list)
            links = tuple(Link(rc, MASK_DIGITS[actual]) for rc, actual in chain)
            self.found[eliminations] = Found(eliminations, start, links, cells)


def hodoku_chains(index: AlsIndex) -> Iterator[Found]:
    """The chains HoDoKu keeps, one per set of eliminations, in the order it found them."""
    search = _Search(index)
    search.run()
    yield from search.found.values()
