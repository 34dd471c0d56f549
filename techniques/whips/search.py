"""The whip search over one grid's candidates, as bit sets of the 729 (cell, digit) pairs.

A *variable* is a cell (it must hold one of its candidates) or a digit in a house (it must
go to one of its places): 81 + 243 of them. Candidate ``cell * 9 + digit - 1`` is in four.
"""

from __future__ import annotations

from typing import Iterable

from engine.cells import N_CELLS, PEER_MASK, UNITS, UNITS_OF, bit_indices
from engine.grid import Grid
from techniques.whips.slots import CANDIDATE_AT, CANDIDATE_BITS, FIELD, MARK, MARKS, N_SLOTS, PLACES, SLOT_BITS, spread

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
        self._packed: Packed | None = None

    @property
    def packed(self) -> Packed:
        """The open variables' slots side by side (the plain whip search's layout)."""
        if self._packed is None:
            self._packed = Packed(self)
        return self._packed

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
    bits, their slots' lowest bits, their marks, and each variable's place in
    :meth:`WhipSearch.links`' order (the order the search tries them in, so the whips found
    do not depend on the layout)."""

    __slots__ = ("fields", "lows", "marks", "rank")

    def __init__(self, links: tuple[tuple[int, int], ...]) -> None:
        self.rank = {v: i for i, (v, _) in enumerate(links)}
        self.lows = sum(1 << (SLOT_BITS * v) for v in self.rank)
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


class Packed:
    """The slots of one grid's open variables only, side by side (slot ``i`` is variable
    ``variables[i]``, each slot laid out as in :mod:`techniques.whips.slots`): ints a
    third narrower than one slot per variable, for the plain whip search. What a test on
    the slots finds does not depend on where the slots lie."""

    __slots__ = ("search", "variables", "place", "ones", "guards", "candidates", "slots", "marks", "spared_at", "linked_at")

    def __init__(self, search: WhipSearch) -> None:
        self.search = search
        live = search.live
        self.variables = [v for v in range(N_SLOTS) if VARIABLES[v] & live]
        self.place = [-1] * N_SLOTS
        for i, v in enumerate(self.variables):
            self.place[v] = i
        self.ones = sum(1 << (SLOT_BITS * i) for i in range(len(self.variables)))
        self.guards = self.ones << (SLOT_BITS - 1)
        self.candidates = self.ones * CANDIDATE_BITS
        self.slots = self.spread(live)
        #: candidate -> the marks of its variables' slots (0 for a candidate not live)
        self.marks = [0] * (9 * N_CELLS)
        for k in bit_indices(live):
            self.marks[k] = sum(MARK << (SLOT_BITS * self.place[v]) for v, _ in PLACES[k])
        #: candidate -> what it leaves of the slots, as an ``&`` mask (0: not made yet)
        self.spared_at = [0] * (9 * N_CELLS)
        #: fact -> the eleventh bits of its linked variables' slots, and their slots'
        #: places in the search's order (:class:`Linked`; None: not made yet)
        self.linked_at: list[tuple[int, dict[int, int]] | None] = [None] * (9 * N_CELLS)

    def spread(self, candidates: int) -> int:
        """Live candidates laid out over the open variables' slots."""
        out = 0
        place = self.place
        for k in bit_indices(candidates & self.search.live):
            for v, bit in PLACES[k]:
                out |= 1 << (SLOT_BITS * place[v] + bit)
        return out

    def spared(self, k: int) -> int:
        """What a fact ``k`` leaves of the slots, as an ``&`` mask (:data:`SPARED`)."""
        found = self.spared_at[k]
        if not found:
            found = self.spared_at[k] = ~self.spread(SEES[k])
        return found

    def linked(self, k: int) -> tuple[int, dict[int, int]]:
        """The eleventh bits of the slots of the variables a fact ``k`` takes a live
        candidate from, and each slot's place in the search's order."""
        found = self.linked_at[k]
        if found is None:
            place = self.place
            rank = {place[v]: n for n, (v, _) in enumerate(self.search.links(k))}
            guard = SLOT_BITS - 1
            found = self.linked_at[k] = (sum(1 << (SLOT_BITS * i + guard) for i in rank), rank)
        return found


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


class _Search(DepthFirst):
    """Depth-first search for a whip of at most ``length`` variables from one target, on
    the open variables' slots (:class:`Packed`)."""

    def __init__(self, grid: WhipSearch, length: int, nodes: int) -> None:
        super().__init__(length, nodes)
        self.grid = grid
        self.packed = grid.packed

    def run(self, target: int) -> Path | None:
        packed = self.packed
        slots = packed.slots & packed.spared(target) | packed.marks[target]
        if self._grow(slots, target, 1 << target, self.length):
            return list(self.path)
        return None

    def _grow(self, slots: int, last: int, facts: int, left: int) -> bool:
        """``slots``: the live candidates no fact rules out (the facts among them), spread,
        with the variables that hold a fact marked. (:meth:`DepthFirst.visit` and
        :meth:`Packed.options` written out: the search's hot loop.)"""
        self.nodes += 1
        state = (facts, last)
        if self.nodes > self.budget or self.seen.get(state, -1) >= left:
            return False
        self.seen[state] = left
        packed = self.packed
        linked = packed.linked_at[last]
        if linked is None:
            linked = packed.linked(last)
        guards, rank = linked
        every = packed.guards
        if left > 1:
            pick = (every - (slots & ((slots | every) - packed.ones))) & guards
        else:
            pick = (every - (slots & packed.candidates)) & guards
        if not pick:
            return False
        order = []
        while pick:
            top = pick.bit_length() - 1
            order.append(top // SLOT_BITS)
            pick ^= 1 << top
        if len(order) > 1:
            order.sort(key=rank.__getitem__)
        variables, spared, marks = packed.variables, packed.spared_at, packed.marks
        for i in order:
            v = variables[i]
            field = slots >> (SLOT_BITS * i) & FIELD
            if not field:
                self.path.append((v, -1))
                return True
            k = CANDIDATE_AT[v][field.bit_length() - 1]
            self.path.append((v, k))
            mask = spared[k]
            if not mask:
                mask = packed.spared(k)
            if self._grow(slots & mask | marks[k], k, facts | 1 << k, left - 1):
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
