"""The whip search over one grid's candidates, as bit sets of the 729 (cell, digit) pairs.

A *variable* is a cell (it must hold one of its candidates) or a digit in a house (it must
go to one of its places): 81 + 243 of them. Candidate ``cell * 9 + digit - 1`` is in four.
"""

from __future__ import annotations

from typing import Iterable

from engine.cells import N_CELLS, PEER_MASK, UNITS, UNITS_OF, bit_indices
from engine.grid import Grid
from techniques.whips.slots import CANDIDATE_AT, CANDIDATE_BITS, FIELD, GUARDS, MARK, MARKS, ONES, SLOT_BITS, at_most_one, spread

#: The longest whip, in variables (its last one is the one emptied).
MAX_LENGTH = 20
#: Search nodes per search before it is given up (bounded by work, never by time).
MAX_NODES = 4000
#: Nodes of the first, quick look from every target (most whips are found within it).
QUICK_NODES = 500
#: The quick look tries whips of at most this many variables first: a deep search finds
#: long whips first, even from a target that has a short one.
QUICK_LENGTH = 10
N_VARIABLES = N_CELLS + 9 * len(UNITS)

Path = list[tuple[int, int]]


def _variables() -> tuple[int, ...]:
    out = [sum(1 << (cell * 9 + d) for d in range(9)) for cell in range(N_CELLS)]
    for unit in UNITS:
        for d in range(9):
            out.append(sum(1 << (c * 9 + d) for c in unit.cells))
    return tuple(out)


VARIABLES = _variables()
#: Candidate -> the variables it is in, ascending: its cell, then its digit in each of the
#: cell's houses (in unit order).
VARIABLES_OF: tuple[tuple[int, ...], ...] = tuple(
    (k // 9, *(N_CELLS + 9 * unit + k % 9 for unit in sorted(UNITS_OF[k // 9]))) for k in range(9 * N_CELLS)
)


def _sees(k: int) -> int:
    cell, d = divmod(k, 9)
    out = VARIABLES[cell] & ~(1 << k)
    peers = PEER_MASK[cell]
    while peers:
        low = peers & -peers
        out |= 1 << ((low.bit_length() - 1) * 9 + d)
        peers ^= low
    return out


#: Candidate -> the candidates it rules out when true (its cell's others, its digit's peers).
SEES = tuple(_sees(k) for k in range(9 * N_CELLS))
#: Candidate -> its SEES spread over the variables' slots (:mod:`techniques.whips.slots`),
#: complemented: what a fact leaves of the slots is one ``&``.
SPARED = tuple(~spread(SEES[k]) for k in range(9 * N_CELLS))


def alive(grid: Grid) -> int:
    """The grid's candidates as one bit set."""
    out = 0
    for cell in range(N_CELLS):
        mask = grid.cands[cell]
        if mask:
            out |= mask << (cell * 9)
    return out


def leads_to_contradiction(live: int, target: int) -> bool:
    """Do singles alone, from ``target`` true, empty a variable? (Every whip is such a run,
    so a target that passes this test is the only one worth a whip search.)"""
    return WhipSearch(live).contradicts(target)


class WhipSearch:
    """Whip searches in one grid: what a fact takes from which variable is worked out once
    per candidate and shared by every target's searches."""

    def __init__(self, live: int) -> None:
        self.live = live
        self.slots = spread(live)
        self._links: dict[int, tuple[tuple[int, int], ...]] = {}
        self._linked: dict[int, Linked] = {}

    def links(self, k: int) -> tuple[tuple[int, int], ...]:
        """The variables ``k`` true takes a live candidate from, each with its candidates."""
        found = self._links.get(k)
        if found is None:
            live = self.live
            out: dict[int, int] = {}
            for gone in bit_indices(SEES[k] & live):  # the order the search tries them in
                for v in VARIABLES_OF[gone]:
                    if v not in out:
                        out[v] = VARIABLES[v] & live
            found = self._links[k] = tuple(out.items())
        return found

    def linked(self, k: int) -> Linked:
        """The variables ``k`` true takes a live candidate from, as slots (see
        :class:`Linked`)."""
        found = self._linked.get(k)
        if found is None:
            found = self._linked[k] = Linked(self.links(k))
        return found

    def contradicts(self, target: int) -> bool:
        """See :func:`leads_to_contradiction` (each variable a fact touches looked at once)."""
        return self._run(self.live & ~SEES[target], 1 << target, [target], ()) is None

    def settle(self, target: int) -> Settled | None:
        """The singles run of :meth:`contradicts` to its end (None: it empties a variable)."""
        run = self._run(self.live & ~SEES[target], 1 << target, [target], ())
        if run is None:
            return None
        open_, facts = run
        slots, touched = self.slots, 0
        for fact in bit_indices(facts):
            slots = slots & SPARED[fact] | MARKS[fact]
            touched |= self.linked(fact).lows
        return Settled(open_, facts, slots, touched)

    def contradicts_after(self, settled: Settled, placed: int, variables: list[int]) -> bool:
        """Does the run that ``settled`` ended empty a variable once ``placed`` is placed as
        well? ``variables``: those of its touched ones that ``placed`` leaves with at most
        one option (looked at first; nothing else changes until a new fact)."""
        first = [(v, VARIABLES[v] & self.live) for v in variables]
        return self._run(settled.open & ~SEES[placed], settled.facts | 1 << placed, [], first) is None

    def _run(self, open_: int, facts: int, todo: list[int], first: Iterable[tuple[int, int]]) -> tuple[int, int] | None:
        """Singles: the variables of ``first``, then those each new fact touches; None when
        one empties, else what is open and the facts at the end (the same in any order)."""
        pairs = first
        while True:
            for _, candidates in pairs:
                rest = candidates & open_
                if rest & facts:
                    continue
                if not rest:
                    return None
                if not rest & (rest - 1):
                    facts |= rest
                    k = rest.bit_length() - 1
                    open_ &= ~SEES[k]
                    todo.append(k)
            if not todo:
                return open_, facts
            pairs = self.links(todo.pop())

    def whip(self, target: int, length: int, nodes: int = MAX_NODES) -> Path | None:
        """A whip of at most ``length`` variables that rules ``target`` out, if a search of
        at most ``nodes`` nodes finds one: its variables in order, each with the candidate
        it is left with (-1: none, the last)."""
        return _Search(self, length, nodes).run(target)

    def shorten(self, target: int, path: Path) -> Path:
        """``path`` or a shorter whip from ``target``: shorter ones are looked for until
        none is found."""
        while len(path) > 1:
            shorter = self.whip(target, len(path) - 1)
            if shorter is None:
                break
            path = shorter
        return path


class Settled:
    """Where a singles run from a target ends without a contradiction: the candidates still
    open, the facts, the slots it leaves (the facts marked), the lowest slot bits of the
    variables the facts touched (only a removal there can force more), and (g-whips) the
    groups it used."""

    __slots__ = ("open", "facts", "slots", "touched", "groups")

    def __init__(self, open_: int, facts: int, slots: int, touched: int, groups: frozenset[int] = frozenset()) -> None:
        self.open, self.facts, self.slots, self.touched, self.groups = open_, facts, slots, touched, groups


class Linked:
    """The variables one fact takes a live candidate from: their slots' candidate and mark
    bits, their slots' lowest bits, eleventh bits and marks, and each variable's place in
    :meth:`WhipSearch.links`' order (the order the search tries them in, so the whips found
    do not depend on the layout)."""

    __slots__ = ("fields", "lows", "guards", "marks", "rank")

    def __init__(self, links: tuple[tuple[int, int], ...]) -> None:
        self.rank = {v: i for i, (v, _) in enumerate(links)}
        self.lows = sum(1 << (SLOT_BITS * v) for v in self.rank)
        self.guards = self.lows << (SLOT_BITS - 1)
        self.fields = self.lows * FIELD
        self.marks = self.lows * MARK

    def in_order(self, pick: int) -> list[int]:
        """The variables whose slots' lowest bits ``pick`` holds, in the search's order."""
        order = []
        while pick:
            low = pick & -pick
            order.append(low.bit_length() // SLOT_BITS)
            pick ^= low
        if len(order) > 1:
            order.sort(key=self.rank.__getitem__)
        return order

    def guarded_in_order(self, pick: int) -> list[int]:
        """:meth:`in_order` of the variables whose slots' eleventh bits ``pick`` holds
        (taken from the top: one operation fewer per variable)."""
        order = []
        while pick:
            top = pick.bit_length() - 1
            order.append(top // SLOT_BITS)
            pick ^= 1 << top
        if len(order) > 1:
            order.sort(key=self.rank.__getitem__)
        return order


class DepthFirst:
    """What a depth-first whip search from one target keeps: the longest whip it may find,
    its node budget, the states met (with how many variables were left then) and the path
    so far. Shared by the plain search and the grouped one (techniques.whips.grouped)."""

    def __init__(self, length: int, nodes: int) -> None:
        self.length = length
        self.budget = nodes
        self.nodes = 0
        self.seen: dict[tuple[int, int], int] = {}
        self.path: Path = []  # (variable, what it forces: a candidate, a group; none: -1 or 0)

    def visit(self, state: tuple[int, int], left: int) -> bool:
        """Count one node; False when the budget is spent or ``state`` was met before with
        as many variables left (nothing new can follow from it)."""
        self.nodes += 1
        if self.nodes > self.budget or self.seen.get(state, -1) >= left:
            return False
        self.seen[state] = left
        return True


#: Every slot's candidate bits (its mark left out).
_CANDIDATES = ONES * CANDIDATE_BITS


class _Search(DepthFirst):
    """Depth-first search for a whip of at most ``length`` variables from one target."""

    def __init__(self, grid: WhipSearch, length: int, nodes: int) -> None:
        super().__init__(length, nodes)
        self.grid = grid

    def run(self, target: int) -> Path | None:
        slots = self.grid.slots & SPARED[target] | MARKS[target]
        if self._grow(slots, target, 1 << target, self.length):
            return list(self.path)
        return None

    def _grow(self, slots: int, last: int, facts: int, left: int) -> bool:
        """``slots``: the live candidates no fact rules out (the facts among them), spread,
        with the variables that hold a fact marked."""
        if not self.visit((facts, last), left):
            return False
        linked = self.grid.linked(last)
        # the variables left with at most one candidate (all of them: a variable that holds
        # a fact holds its candidate and its mark), or none (the last)
        if left > 1:
            pick = at_most_one(slots) & linked.guards
        else:
            pick = (GUARDS - (slots & _CANDIDATES)) & linked.guards
        if not pick:
            return False
        for v in linked.guarded_in_order(pick):
            field = slots >> (SLOT_BITS * v) & FIELD
            if not field:
                self.path.append((v, -1))
                return True
            k = CANDIDATE_AT[v][field.bit_length() - 1]
            self.path.append((v, k))
            if self._grow(slots & SPARED[k] | MARKS[k], k, facts | 1 << k, left - 1):
                return True
            self.path.pop()
        return False


def shortest_whip(live: int, target: int) -> Path | None:
    """A shortest whip (at most :data:`MAX_LENGTH` variables) that rules ``target`` out."""
    search = WhipSearch(live)
    if not search.contradicts(target) or search.whip(target, MAX_LENGTH) is None:
        return None
    for length in range(1, MAX_LENGTH + 1):
        found = search.whip(target, length)
        if found is not None:
            return found
    return None  # pragma: no cover - the longest search found one
