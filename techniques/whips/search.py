"""The whip search over one grid's candidates, as bit sets of the 729 (cell, digit) pairs.

A *variable* is a cell (it must hold one of its candidates) or a digit in a house (it must
go to one of its places): 81 + 243 of them. Candidate ``cell * 9 + digit - 1`` is in four.
"""

from __future__ import annotations

from typing import Final, Iterable

from engine.cells import N_CELLS, PEER_MASK, UNITS, UNITS_OF, bit_indices
from engine.grid import Grid
from techniques.whips.slots import CANDIDATE_AT, FIELD, MARK, MARKS, N_SLOTS, SLOT_BITS, spread

#: The longest whip, in variables (its last one is the one emptied).
MAX_LENGTH: Final = 20
#: Search nodes per search before it is given up (bounded by work, never by time).
MAX_NODES: Final = 4000
#: Nodes of the first, quick look from every target (most whips are found within it).
QUICK_NODES: Final = 500
#: The quick look tries whips of at most this many variables first: a deep search finds
#: long whips first, even from a target that has a short one.
QUICK_LENGTH: Final = 10
N_VARIABLES: Final = N_CELLS + 9 * len(UNITS)

Path = list[tuple[int, int]]


def _variables() -> tuple[int, ...]:
    out = [sum(1 << (cell * 9 + d) for d in range(9)) for cell in range(N_CELLS)]
    for unit in UNITS:
        for d in range(9):
            out.append(sum(1 << (c * 9 + d) for c in unit.cells))
    return tuple(out)


VARIABLES: Final = _variables()
#: Candidate -> the variables it is in, ascending: its cell, then its digit in each of the
#: cell's houses (in unit order).
VARIABLES_OF: Final[tuple[tuple[int, ...], ...]] = tuple(
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
SEES: Final = tuple(_sees(k) for k in range(9 * N_CELLS))
#: Candidate -> its SEES spread over the variables' slots (:mod:`techniques.whips.slots`),
#: complemented: what a fact leaves of the slots is one ``&``.
SPARED: Final = tuple(~spread(SEES[k]) for k in range(9 * N_CELLS))
#: Candidate -> its bit in a set of candidates (one shift fewer per search node).
BIT: Final = tuple(1 << k for k in range(9 * N_CELLS))


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
        self._counted: Counted | None = None

    @property
    def counted(self) -> Counted:
        """The plain whip search's tables (:class:`Counted`)."""
        if self._counted is None:
            self._counted = Counted(self)
        return self._counted

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
        """See :func:`leads_to_contradiction` (each variable a fact touches looked at once;
        on the plain search's counts, :class:`Counted`: the same answer as :meth:`settle`'s
        run, which any order of the singles gives)."""
        return _Search(self, 0, 0).contradicts(target)

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


class Counted:
    """One grid's tables for the plain whip search, which keeps a count of open candidates
    per variable and updates it fact by fact (undone on the way back), where a test on
    whole-grid bit sets would make and free a long int per operation: each candidate
    open or not, each variable's count, and per fact (made when first needed) the live
    candidates it rules out and the variables it takes one from, in the search's order
    (:meth:`WhipSearch.links`)."""

    __slots__ = ("search", "open", "count", "ruled_out_at", "linked_at", "met")

    def __init__(self, search: WhipSearch) -> None:
        self.search = search
        live = search.live
        self.open = [False] * (9 * N_CELLS)
        for k in bit_indices(live):
            self.open[k] = True
        self.count = [(VARIABLES[v] & live).bit_count() for v in range(N_SLOTS)]
        self.ruled_out_at: list[list[int] | None] = [None] * (9 * N_CELLS)
        self.linked_at: list[list[int] | None] = [None] * (9 * N_CELLS)
        self.met = [False] * N_SLOTS  # per variable: already in the list being made (linked)

    def ruled_out(self, k: int) -> list[int]:
        """The live candidates a fact ``k`` rules out, ascending."""
        found = self.ruled_out_at[k]
        if found is None:
            found = self.ruled_out_at[k] = bit_indices(SEES[k] & self.search.live)
        return found

    def linked(self, k: int) -> list[int]:
        """The variables a fact ``k`` takes a live candidate from, in the search's order
        (:meth:`WhipSearch.links`' order, without the candidates it keeps per variable)."""
        found = self.linked_at[k]
        if found is None:
            found = []
            met = self.met
            for gone in self.ruled_out(k):
                for v in VARIABLES_OF[gone]:
                    if not met[v]:
                        met[v] = True
                        found.append(v)
            for v in found:
                met[v] = False
            self.linked_at[k] = found
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
    counts of open candidates per variable (:class:`Counted`), set fact by fact and undone
    on the way back."""

    def __init__(self, grid: WhipSearch, length: int, nodes: int) -> None:
        super().__init__(length, nodes)
        self.tables = tables = grid.counted
        self.open = list(tables.open)
        self.count = list(tables.count)
        self.held = [False] * N_SLOTS  # the variables that hold a fact

    def run(self, target: int) -> Path | None:
        self._assume(target)
        facts = 1 << target
        if self._enter(facts, target, self.length) and self._grow(target, facts, self.length):
            return list(self.path)
        return None

    def _enter(self, facts: int, last: int, left: int) -> bool:
        """:meth:`DepthFirst.visit` of the node (``facts``, ``last``), before its fact is
        assumed: a node it turns away costs no count to set and undo."""
        self.nodes += 1
        state = (facts, last)
        if self.nodes > self.budget or self.seen.get(state, -1) >= left:
            return False
        self.seen[state] = left
        return True

    def contradicts(self, target: int) -> bool:
        """Do singles alone, from ``target`` true, empty a variable? (The counts are left
        where the run stops.)"""
        tables, open_, count, held = self.tables, self.open, self.count, self.held
        self._assume(target)
        todo = [target]
        while todo:
            for v in tables.linked(todo.pop()):
                left = count[v]
                if left > 1 or held[v]:
                    continue
                if not left:
                    return True
                for k in CANDIDATE_AT[v]:
                    if open_[k]:
                        self._assume(k)
                        todo.append(k)
                        break
        return False

    def _assume(self, k: int) -> list[int]:
        """Make ``k`` a fact: the open candidates it rules out closed (returned), its
        variables held."""
        open_, count, held = self.open, self.count, self.held
        closed = []
        for gone in self.tables.ruled_out(k):
            if open_[gone]:
                open_[gone] = False
                closed.append(gone)
                for v in VARIABLES_OF[gone]:
                    count[v] = count[v] - 1
        for v in VARIABLES_OF[k]:
            held[v] = True
        return closed

    def _retract(self, k: int, closed: list[int]) -> None:
        """Undo :meth:`_assume` (no other fact held ``k``'s variables: it would rule ``k``
        out)."""
        open_, count, held = self.open, self.count, self.held
        for gone in closed:
            open_[gone] = True
            for v in VARIABLES_OF[gone]:
                count[v] = count[v] + 1
        for v in VARIABLES_OF[k]:
            held[v] = False

    def _grow(self, last: int, facts: int, left: int) -> bool:
        """One node, already visited (:meth:`_enter`): the variables ``last`` took a
        candidate from that hold no fact and have at most one candidate left (none, when
        this is the whip's last variable), in the search's order. Each child is visited
        before its fact is assumed (:meth:`_enter` written out: the hot loop)."""
        count, held = self.count, self.held
        if left > 1:
            order = [v for v in self.tables.linked(last) if count[v] <= 1 and not held[v]]
        else:
            order = [v for v in self.tables.linked(last) if count[v] == 0]
        open_, seen, below = self.open, self.seen, left - 1
        for v in order:
            if count[v] == 0:
                self.path.append((v, -1))
                return True
            self.nodes += 1
            if self.nodes > self.budget:
                continue  # spent: only an emptied variable later in the order still ends a whip
            k = -1
            for c in CANDIDATE_AT[v]:
                if open_[c]:
                    k = c
                    break
            after = facts | BIT[k]
            state = (after, k)
            if seen.get(state, -1) >= below:
                continue
            seen[state] = below
            self.path.append((v, k))
            closed = self._assume(k)
            if self._grow(k, after, below):
                return True
            self._retract(k, closed)
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
