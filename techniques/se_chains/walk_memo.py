"""A memo of SE's forcing-chain and cycle walks from one position to the next.

A walk's outcome depends only on the implications of the nodes it visits (and of its
start's "off" node), so a walk made in one position holds in another one where none of
those changed. ``WalkMemo`` keeps each walk of a search with the position it was made
in; when a nested chain asks for forcing chains and cycles in position after position
(each a little further reduced), only the walks that pass where something changed are
walked again, and each pass's implications are computed again only for the nodes whose
implications changed since the previous position.
"""

from __future__ import annotations

import threading
from typing import Collection, Final

from engine.cells import HALF_BITS, LOW_HALF, MASK_COUNT, MASK_DIGITS, N_CELLS, UNIT_HALVES, UNITS_OF
from engine.position import Position
from techniques.se_chains.array_walks import Marks
from techniques.se_chains.nodes import NODES, BoxedNode, Links, Node
from techniques.se_chains.propagation import Run
from techniques.se_chains.walks import N_NODES, PassGraph, Walked
from techniques.se_order import HOUSE_CELLS


def visits(source: Node, seen: list[Node], seen_off: list[Node]) -> tuple[Collection[Node], ...]:
    """The nodes the walks from ``source`` (on) depend on: those they visited (the walk's
    and, with X links, the forcing walk's from ``source`` off), and ``source`` off (what
    implies the start). Kept as they are: a memo compares them with what changed
    (``WalkMemo.get``) instead of turning each walk into a set."""
    if seen_off:
        return (seen, seen_off)
    return (seen, [source ^ 1])


#: _CELL_ONS[cell]: the on nodes of the cell's nine candidates.
_CELL_ONS: Final[tuple[tuple[Node, ...], ...]] = tuple(tuple(((cell * 9 + d) << 1) | 1 for d in range(9)) for cell in range(N_CELLS))
#: _PEER_ONS[candidate]: the on nodes of the candidate's digit in the cells its cell sees.
_PEER_ONS: Final[tuple[tuple[Node, ...], ...]] = tuple(
    tuple(((other * 9 + cand % 9) << 1) | 1 for other in HOUSE_CELLS[cand // 9]) for cand in range(9 * N_CELLS)
)


def changed_nodes(before_cands: list[int], before_with: list[int], cands: list[int], cells_with: list[int]) -> list[bool]:
    """The nodes whose implications differ between two positions, as a flag per node.

    A candidate in one position only changes its own two nodes; when it is in the later
    one only, also the on nodes that now imply it off (its cell's, its digit's in the
    cells that see it). An off node also changes when its cell is a two-candidate cell in
    one position and not the same one in the other, or when its digit has two places in
    one of its houses in either position and not the same ones in both. (An on node that
    lost an implication had it to a node that is gone, which a walk through the on node
    visited: that node's change covers it.)"""
    out = [False] * N_NODES
    for cell in range(N_CELLS):
        before, now = before_cands[cell], cands[cell]
        if before == now:
            continue
        gone, added = before & ~now, now & ~before
        base = cell * 9
        for d in MASK_DIGITS[gone]:
            n = (base + d - 1) << 1
            out[n] = True
            out[n | 1] = True
        for d in MASK_DIGITS[added]:
            cand = base + d - 1
            out[cand << 1] = True
            for n in _CELL_ONS[cell]:
                out[n] = True
            for n in _PEER_ONS[cand]:
                out[n] = True
        if MASK_COUNT[before] == 2 or MASK_COUNT[now] == 2:
            for d in MASK_DIGITS[before | now]:
                out[(base + d - 1) << 1] = True
    for digit in range(1, 10):
        before, now = before_with[digit], cells_with[digit]
        if before == now:
            continue
        # As halves (``engine.cells.halves``): compiled, every operation on an 81-bit set
        # makes an object and ``int.bit_count`` is a method call.
        before_low, before_high = before & LOW_HALF, before >> HALF_BITS
        now_low, now_high = now & LOW_HALF, now >> HALF_BITS
        units = 0
        differ = before_low ^ now_low
        while differ:
            low = differ & -differ
            units |= _UNIT_BITS[low.bit_length() - 1]
            differ ^= low
        differ = before_high ^ now_high
        while differ:
            low = differ & -differ
            units |= _UNIT_BITS[HALF_BITS + low.bit_length() - 1]
            differ ^= low
        shift = digit - 1
        while units:
            low = units & -units
            unit_low, unit_high = UNIT_HALVES[low.bit_length() - 1]
            units ^= low
            was_low, was_high = before_low & unit_low, before_high & unit_high
            is_low, is_high = now_low & unit_low, now_high & unit_high
            if _two(was_low, was_high) or _two(is_low, is_high):
                both = was_low | is_low
                while both:
                    low = both & -both
                    out[((low.bit_length() - 1) * 9 + shift) << 1] = True
                    both ^= low
                both = was_high | is_high
                while both:
                    low = both & -both
                    out[((HALF_BITS + low.bit_length() - 1) * 9 + shift) << 1] = True
                    both ^= low
    return out


def _two(low: int, high: int) -> bool:
    """Whether a cell set given as halves holds exactly two cells."""
    if low:
        rest = low & (low - 1)
        if rest:
            return not high and not rest & (rest - 1)
        return high != 0 and not high & (high - 1)
    rest = high & (high - 1)
    return rest != 0 and not rest & (rest - 1)


#: _UNIT_BITS[cell]: the cell's three houses, as a set of house numbers.
_UNIT_BITS: Final[tuple[int, ...]] = tuple(sum(1 << u for u in UNITS_OF[cell]) for cell in range(N_CELLS))


def lost_links(before_cands: list[int], cands: list[int], out: list[bool]) -> None:
    """Flag in ``out`` the on nodes that implied, off, a candidate of the earlier position
    the later one has lost (its cell's, its digit's in the cells that see it): their
    implications changed too, though a walk need not know (``changed_nodes``)."""
    for cell in range(N_CELLS):
        gone = before_cands[cell] & ~cands[cell]
        if gone:
            for n in _CELL_ONS[cell]:
                out[n] = True
            for d in MASK_DIGITS[gone]:
                for n in _PEER_ONS[cell * 9 + d - 1]:
                    out[n] = True


class Positions:
    """The positions of a sequence of searches (generations): the last few kept, and
    which nodes' implications changed between each of them and the current one."""

    KEEP = 8

    def __init__(self) -> None:
        self.generation = -1
        self.views: dict[int, tuple[list[int], list[int]]] = {}
        self.current: tuple[list[int], list[int]] = ([], [])
        #: By kept generation: a flag per node, whether its implications changed since.
        self._changed: dict[int, list[bool]] = {}

    def begin(self, position: Position) -> None:
        """A search in a new position starts."""
        self.generation += 1
        view = (position.cands[:], position.cells_with[:])
        self.views[self.generation] = view
        self.views.pop(self.generation - self.KEEP, None)
        self.current = view
        self._changed = {}

    def changes(self, generation: int) -> list[bool]:
        """Whether each node's implications differ between a kept generation's position
        and the current one (a flag per node)."""
        changed = self._changed.get(generation)
        if changed is None:
            view = self.views[generation]
            current = self.current
            changed = self._changed[generation] = changed_nodes(view[0], view[1], current[0], current[1])
        return changed

    def stale(self, generation: int) -> list[Node] | None:
        """The nodes whose implication lists differ between a kept generation's position
        and the current one (None: that position is not kept)."""
        if generation not in self.views:
            return None
        flags = self.changes(generation)[:]
        lost_links(self.views[generation][0], self.current[0], flags)
        found: list[BoxedNode] = [NODES[n] for n in range(N_NODES) if flags[n]]  # the nodes' own objects (no object made per node)
        return found

    def holds(self, generation: int, visited: tuple[Collection[Node], ...]) -> bool:
        """Whether what a search made in a generation's position, depending only on the
        implications of ``visited``, holds in the current one."""
        if generation == self.generation:
            return True
        flags = self._changed.get(generation)
        if flags is None:
            if generation not in self.views:
                return False
            flags = self.changes(generation)
        # A flag per node read for each visited node: cheaper than a set lookup (walks
        # visit a few dozen nodes, a position changes a hundred or more).
        for nodes in visited:
            if isinstance(nodes, list):
                listed: list[Node] = nodes  # a walk's nodes: read as a list (no iterator)
                for n in listed:
                    if flags[n]:
                        return False
            else:
                for n in nodes:
                    if flags[n]:
                        return False
        return True


class _Record:
    """A kept walk: what it found, the nodes it depends on, and the last position (a
    generation) it held in (changed in place when it holds again)."""

    __slots__ = ("generation", "visited", "walked")

    def __init__(self, generation: int, visited: tuple[Collection[Node], ...], walked: Walked) -> None:
        self.generation = generation
        self.visited = visited
        self.walked = walked


class WalkMemo:
    """The walks of a search of forcing chains and cycles, kept from one position to the
    next: a walk is walked again only where something it visited changed.

    Each walk is kept with the position (a generation) it last held in; the few most
    recent positions are kept to compare with."""

    def __init__(self) -> None:
        #: By key (pass number * N_NODES + start): the walk kept, if any.
        self.records: list[_Record | None] = [None] * (_PASS_COUNT * N_NODES)
        self.positions = Positions()
        #: Each pass's implications (by pass number) in the position of a generation.
        self.graphs: dict[int, tuple[int, PassGraph]] = {}
        #: The walks' scratch arrays (``array_walks.kept_walk``).
        self.marks = Marks()

    def begin(self, position: Position) -> None:
        """A search in a new position starts."""
        self.positions.begin(position)

    def graph(self, index: int, position: Position, y_links: bool, x_links: bool) -> PassGraph:
        """Pass ``index``'s implications in the current position: those of the previous
        position's, where they did not change."""
        graph = PassGraph(position, y_links, x_links)
        last = self.graphs.get(index)
        generation = self.positions.generation
        if last is not None:
            stale = self.positions.stale(last[0]) if last[0] == generation - 1 else None
            if stale is not None:
                graph.take(last[1], stale)
        self.graphs[index] = (generation, graph)
        return graph

    def get(self, key: int, depth: int) -> Walked | None:
        """What the walks ``key`` of ``depth`` links find in the current position, if kept
        walks say."""
        record = self.records[key]
        if record is None or not record.walked.serves(depth):
            return None
        positions = self.positions
        if record.generation != positions.generation:
            if not positions.holds(record.generation, record.visited):
                return None
            record.generation = positions.generation
        return record.walked

    def put(self, key: int, visited: tuple[Collection[Node], ...], walked: Walked) -> None:
        record = self.records[key]
        if record is None:
            self.records[key] = _Record(self.positions.generation, visited, walked)
        else:
            record.generation, record.visited, record.walked = self.positions.generation, visited, walked


#: Forcing Chains & Cycles' passes (X, Y, both): the memo's keys are pass * N_NODES + start.
_PASS_COUNT: Final = 3


class InnerSearch:
    """What one thread's searches of an inner chaining producer keep from one position to
    the next: the implications (``nodes.Links``), taken from the previous position's where
    they did not change, and (static chains) each start's run, used again while nothing
    it reached changed."""

    def __init__(self, y_links: bool) -> None:
        self.y_links = y_links
        self.positions = Positions()
        self.links = Links([], [], y_links)
        self._links_generation = -2
        self.runs: dict[Node, tuple[int, tuple[Collection[Node], ...], Run, int]] = {}

    def begin(self, position: Position) -> None:
        """A search in a new position starts: its implications."""
        positions = self.positions
        positions.begin(position)
        links = Links(position.cands, position.cells_with, self.y_links)
        stale = positions.stale(self._links_generation) if self._links_generation == positions.generation - 1 else None
        if stale is not None:
            links.take(self.links, stale)
        self.links, self._links_generation = links, positions.generation

    def run(self, start: Node) -> tuple[Run, int] | None:
        """The run from ``start`` kept, if it holds here, with the nodes it spent."""
        record = self.runs.get(start)
        if record is None or not self.positions.holds(record[0], record[1]):
            return None
        self.runs[start] = (self.positions.generation, record[1], record[2], record[3])
        return record[2], record[3]

    def put(self, start: Node, run: Run, spent: int) -> None:
        self.runs[start] = (self.positions.generation, (run.on.keys(), run.off.keys()), run, spent)


class InnerMemo:
    """An inner chaining producer's ``InnerSearch``, per thread."""

    def __init__(self, y_links: bool) -> None:
        self.y_links = y_links
        self.kept: dict[int, InnerSearch] = {}

    def begin(self, position: Position) -> InnerSearch:
        """A search in ``position`` starts: what this thread's searches keep."""
        thread = threading.get_ident()
        found = self.kept.get(thread)
        if found is None:
            found = self.kept[thread] = InnerSearch(self.y_links)
        found.begin(position)
        return found
