"""The g-whip search: a whip whose chain may also pass through a *group*, a digit of a house
left in two or three places of one box-line segment (so in one of them: every candidate
that sees all of them is ruled out), as Denis Berthier's g-whips do.

A node is a candidate set: one candidate (a fact), two or three (a group); the path gives
each variable with the node it is left with (0: none, the last). Groups are found for every
linked variable at once on the slots (:mod:`techniques.whips.slots`): a house's digit whose
places fall in one of its three segments (a line's three boxes, a box's three rows or
three columns).
"""

from __future__ import annotations

from typing import Iterable

from engine.cells import N_CELLS, bit_indices
from engine.stop import checkpoint
from techniques.whips.search import MAX_NODES, SEES, SPARED, VARIABLES, VARIABLES_OF, DepthFirst, Linked, Settled, WhipSearch
from techniques.whips.slots import CANDIDATE_AT, FIELD, MARK, MARKS, ONES, SLOT_BITS, crowded, spread

#: A node: a candidate set (one candidate, or a group's two or three).
GPath = list[tuple[int, int]]

_BOX_SLOTS = range(N_CELLS, N_CELLS + 9)


def _lows(variables: range) -> int:
    return sum(1 << (SLOT_BITS * v) for v in variables)


#: The lowest bit of every house variable's slot; of every box's.
HOUSE_LOWS = _lows(range(N_CELLS, len(CANDIDATE_AT)))
#: In every slot: the lowest bit of each run of three places (a line's boxes, a box's rows);
#: the first three places (a box's columns start there).
TRIPLES = ONES * 0b001001001
FIRST_THREE = ONES * 0b111


#: Boxes come first among the houses: the box variables are the first 81 after the cells.
BOX_LOWS = _lows(range(N_CELLS, 2 * N_CELLS))


def segment_bound(touched: int) -> int:
    """The lowest bit of every slot of ``touched`` whose places lie in one segment: in one
    run of three, or (boxes) in one column of three (stray bits between: mask them)."""
    runs = (touched | touched >> 1 | touched >> 2) & TRIPLES
    columns = (touched | touched >> 3 | touched >> 6) & FIRST_THREE
    return (ONES & ~crowded(runs)) | (BOX_LOWS & ~crowded(columns))


class GroupedSearch(WhipSearch):
    """g-whip searches in one grid (shares :class:`WhipSearch`'s tables)."""

    def __init__(self, live: int, rounds_per_unit: int = 0) -> None:
        super().__init__(live)
        self._links_by: dict[int, tuple[tuple[int, int], ...]] = {}
        self._linked_by: dict[int, Linked] = {}
        #: Rounds of singles and groups run so far (a node's links followed, in
        #: ``_grouped_run``), in all the searches and tests of this grid: most of their
        #: cost. With ``rounds_per_unit`` (0: none), each that many spend a work unit
        #: (``engine.stop``).
        self.rounds = 0
        self.rounds_per_unit = rounds_per_unit

    def _spend(self, rounds: int) -> None:
        """Count a run's rounds, and spend the units they complete."""
        before = self.rounds
        self.rounds = before + rounds
        if self.rounds_per_unit:
            checkpoint(self.rounds // self.rounds_per_unit - before // self.rounds_per_unit)

    def links_by(self, kills: int) -> tuple[tuple[int, int], ...]:
        """The variables a node that rules ``kills`` out takes a live candidate from, each
        with its live candidates (in the order of :meth:`WhipSearch.links`)."""
        found = self._links_by.get(kills)
        if found is None:
            out: dict[int, int] = {}
            for gone in bit_indices(kills & self.live):
                for v in VARIABLES_OF[gone]:
                    if v not in out:
                        out[v] = VARIABLES[v] & self.live
            found = self._links_by[kills] = tuple(out.items())
        return found

    def linked_by(self, kills: int) -> Linked:
        """:meth:`links_by` as slots."""
        found = self._linked_by.get(kills)
        if found is None:
            found = self._linked_by[kills] = Linked(self.links_by(kills))
        return found

    def contradicts(self, target: int) -> bool:
        """Do singles and groups alone, from ``target`` true, empty a variable?"""
        return self._grouped_run(SEES[target] & self.live, 1 << target, [SEES[target]], set(), ()) is None

    def settle(self, target: int) -> Settled | None:
        """The run of :meth:`contradicts` to its end (None: it empties a variable)."""
        groups: set[int] = set()
        run = self._grouped_run(SEES[target] & self.live, 1 << target, [SEES[target]], groups, ())
        if run is None:
            return None
        killed, facts = run
        slots = self.slots & ~spread(killed)
        touched = 0
        for fact in bit_indices(facts):
            slots |= MARKS[fact]
            touched |= self.linked_by(SEES[fact]).lows
        for group in groups:
            touched |= self.linked_by(group_kills(group)).lows
        return Settled(self.live & ~killed, facts, slots, touched, frozenset(groups))

    def contradicts_after(self, settled: Settled, placed: int, variables: list[int]) -> bool:
        """:meth:`WhipSearch.contradicts_after`, with groups."""
        first = [(v, VARIABLES[v] & self.live) for v in variables]
        killed = (self.live & ~settled.open) | SEES[placed] & self.live
        return self._grouped_run(killed, settled.facts | 1 << placed, [], set(settled.groups), first) is None

    def _grouped_run(
        self, killed: int, facts: int, todo: list[int], groups: set[int], first: Iterable[tuple[int, int]]
    ) -> tuple[int, int] | None:
        """Singles and groups (``todo``: what each new node rules out), as
        :meth:`WhipSearch._run`; None, or what is ruled out and the facts at the end."""
        live = self.live
        pairs = first
        rounds = 0
        while True:
            for v, candidates in pairs:
                rest = candidates & ~killed
                if rest & facts:
                    continue
                if not rest:
                    self._spend(rounds)
                    return None
                if not rest & (rest - 1):
                    facts |= rest
                    k = rest.bit_length() - 1
                    killed |= SEES[k] & live
                    todo.append(SEES[k])
                elif v >= N_CELLS and rest.bit_count() <= 3 and rest not in groups:  # a segment has 3
                    kills = group_kills(rest)
                    if kills and kills & live & ~killed:
                        groups.add(rest)
                        killed |= kills & live
                        todo.append(kills)
            if not todo:
                self._spend(rounds)
                return killed, facts
            rounds += 1
            pairs = self.links_by(todo.pop())

    def whip(self, target: int, length: int, nodes: int = MAX_NODES) -> GPath | None:
        """A g-whip of at most ``length`` variables that rules ``target`` out, if a search of
        at most ``nodes`` nodes finds one."""
        return _GroupedRun(self, length, nodes).run(target)


_KILLS: dict[int, int] = {}


def group_kills(group: int) -> int:
    """The candidates every candidate of ``group`` rules out."""
    found = _KILLS.get(group)
    if found is None:
        found = -1
        for k in bit_indices(group):
            found &= SEES[k]
        _KILLS[group] = found
    return found


class _GroupedRun(DepthFirst):
    """Depth-first search for a g-whip of at most ``length`` variables from one target."""

    def __init__(self, grid: GroupedSearch, length: int, nodes: int) -> None:
        super().__init__(length, nodes)
        self.grid = grid

    def run(self, target: int) -> GPath | None:
        slots = self.grid.slots & SPARED[target] | MARKS[target]
        if self._grow(slots, SEES[target], 1 << target, self.length):
            return list(self.path)
        return None

    def _grow(self, slots: int, kills: int, known: int, left: int) -> bool:
        """``kills``: what the last node rules out; ``known``: the facts and groups so far."""
        if not self.visit((known, kills), left):
            return False
        linked = self.grid.linked_by(kills)
        touched = slots & linked.fields
        free = linked.lows & ~(touched >> 9)  # a group's holders may lose all but the mark
        if left > 1:
            pick = free & (~crowded(touched) | HOUSE_LOWS & segment_bound(touched))
        else:
            pick = free & ~crowded(touched | linked.marks)
        if not pick:
            return False
        for v in linked.in_order(pick):
            field = touched >> (SLOT_BITS * v) & FIELD
            if not field:
                self.path.append((v, 0))
                return True
            node = 0
            for bit in bit_indices(field):
                node |= 1 << CANDIDATE_AT[v][bit]
            if node & (node - 1):
                if self._group(slots, v, node, known, left):
                    return True
                continue
            k = node.bit_length() - 1
            self.path.append((v, node))
            if self._grow(slots & SPARED[k] | MARKS[k], SEES[k], known | node, left - 1):
                return True
            self.path.pop()
        return False

    def _group(self, slots: int, v: int, node: int, known: int, left: int) -> bool:
        """Go on from a group (when it rules out a candidate still open): the two houses
        that hold it marked."""
        kills = group_kills(node)
        ruled_out, holders = _group_slots(node, kills)
        if not slots & ruled_out:
            return False
        self.path.append((v, node))
        if self._grow(slots & ~ruled_out | holders, kills, known | node, left - 1):
            return True
        self.path.pop()
        return False


_SLOTS: dict[int, tuple[int, int]] = {}


def _group_slots(group: int, kills: int) -> tuple[int, int]:
    """What ``group`` rules out, spread; the marks of the variables that hold all of it
    (its line's and its box's digit)."""
    found = _SLOTS.get(group)
    if found is None:
        holders = -1
        for k in bit_indices(group):
            holders &= MARKS[k]
        found = _SLOTS[group] = (spread(kills), holders)
    return found

