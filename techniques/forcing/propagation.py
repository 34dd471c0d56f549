"""What follows from one assumption: propagation with a record of every reason.

Forcing chains and nets start from an assumption ("r1c2 is 4", or "r1c2 is not 4") and
follow what it forces. Here a *branch* makes the assumption on a copy of the candidates
and keeps placing singles (and, when asked, locked candidates) until nothing more
follows or a rule breaks. Every fact it derives is an :class:`Event` that names its rule
and the earlier events it rests on, so the reasoning can be replayed in words afterwards.
(The candidates a placement removes from its cell and its peers are not events of their
own: the placement is recorded as their cause, which keeps branches cheap.)

Facts are literals about candidates, numbered as everywhere in the techniques
(``techniques.shared``): a candidate digit-major, ``(digit - 1) * 81 + cell``, and a literal
``2 * candidate`` ("r1c2 is 4") or ``2 * candidate + 1`` ("r1c2 is not 4").

Bounds: a branch ends after at most 81 placements and 729 eliminations, because every
event removes a candidate for good; nested probing (depth 2) is bounded separately by
:class:`Budget`.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from enum import IntEnum
from typing import Callable, Final, NamedTuple, TypeAlias

from engine.cells import (
    BOXES,
    LINES,
    MASK_DIGITS,
    N_CELLS,
    PEER_MASK,
    UNITS,
    UNITS_OF,
    Cell,
    CellSet,
    Digit,
    bit_indices,
)
from engine.grid import Grid
from engine.stop import checkpoint
from techniques.shared import candidate_index, candidate_literal


class Rule(IntEnum):
    """Why a fact holds inside a branch."""

    PREMISE = 0  # the assumption itself
    FILLED = 1  # not d: the cell got another digit (chains only; nets record the placement)
    SEEN = 2  # not d: a peer got d, in house ``unit`` (likewise)
    NAKED = 3  # d: the cell's last candidate
    HIDDEN = 4  # d: the last place for d in ``unit``
    LOCKED = 5  # not d: d in ``unit`` is confined to its crossing with ``other``
    PROBE = 6  # not d: assuming d leads to a contradiction (nested net, ``proof``)


class Event(NamedTuple):
    """One derived fact: ``lit`` (see module doc) because of ``rule`` and ``ants``."""

    lit: int
    rule: Rule
    unit: int  # the house the rule works in, -1 if none
    other: int  # the second house of a locked-candidates rule, -1 if none
    ants: tuple[int, ...]  # indexes of the events this one rests on
    proof: Proof | None = None  # PROBE: the inner branch that broke a rule


class Clash(IntEnum):
    """The kinds of broken rule."""

    EMPTY_CELL = 0  # a cell without candidates
    NO_PLACE = 1  # a house without a place for a digit
    BOTH = 2  # a candidate forced true and false at once (chains only)
    TWICE = 3  # a digit set twice in a house (HoDoKu's check; chains only)


class Conflict(NamedTuple):
    """A broken rule at ``cell`` or in house ``unit`` (-1 when not about a house) for
    ``digit`` (0 when not about one digit); ``ants`` are the facts that break it."""

    clash: Clash
    cell: Cell
    unit: int
    digit: Digit
    ants: tuple[int, ...]


class Proof(NamedTuple):
    """What one branch needs to reach its end: the facts in order, each resting only on
    earlier ones (``ants`` index into ``events``), and the end: a broken rule, or the
    index of the concluded fact."""

    events: tuple[Event, ...]
    end: Conflict | int
    fact: int = -1  # the concluded literal, when ``end`` is the event that caused it


def extract(
    log: list[Event], roots: tuple[int, ...], end: Conflict | int, floor: int = 0, fact: int = -1
) -> tuple[Proof, tuple[int, ...]]:
    """The part of ``log`` that ``roots`` rest on, as a proof re-indexed from 0.

    Events below ``floor`` belong to an enclosing branch: they are not copied, and are
    returned as the second value (the outer facts a nested proof relies on).
    """
    needed: set[int] = set()
    outer: set[int] = set()
    stack = list(roots)
    while stack:
        i = stack.pop()
        if i < floor:
            outer.add(i)
        elif i not in needed:
            needed.add(i)
            stack.extend(log[i].ants)
    order = sorted(needed)
    new_index = {old: new for new, old in enumerate(order)}
    events = tuple(_reindexed(log[i], new_index, floor) for i in order)
    if isinstance(end, Conflict):
        end = end._replace(ants=tuple(new_index[a] for a in end.ants if a >= floor))
    else:
        end = new_index[end]
    return Proof(events, end, fact), tuple(sorted(outer))


def _reindexed(event: Event, new_index: dict[int, int], floor: int) -> Event:
    """``event`` with its antecedents' new indexes (those from ``floor`` on). Made
    directly: a named tuple's ``_replace`` costs several times as much, once per event
    of every proof told."""
    lit, rule, unit, other, ants, proof = event
    return Event(lit, rule, unit, other, tuple([new_index[a] for a in ants if a >= floor]), proof)


class BranchOutcome(Exception):
    """Raised inside a branch when a rule breaks."""

    def __init__(self, conflict: Conflict) -> None:
        super().__init__("contradiction")
        self.conflict = conflict


@dataclass
class Budget:
    """The limit for nested probing, shared by every branch of one search: ``probes``
    inner branches left (work, never time, so that results do not depend on the machine)."""

    probes: int

    def spend(self) -> bool:
        """Take one probe; False once the budget is gone."""
        checkpoint()
        self.probes -= 1
        return self.probes >= 0


class Root:
    """The position every branch starts from (never changed)."""

    __slots__ = ("cands", "values", "cells_with", "placed")

    def __init__(self, grid: Grid) -> None:
        self.cands = grid.cands[:]
        self.values = grid.values[:]
        self.cells_with = grid.cells_with[:]
        self.placed = [grid.placed_mask(u) for u in UNITS]


class Branch:
    """One assumption followed to its end on a copy of the root's candidates.

    ``locked``: also apply locked candidates inside the branch. ``depth`` 2: when singles
    and locked candidates are exhausted, try each remaining candidate in a depth-1 branch
    of its own and remove it when that breaks a rule (a nested net), within ``budget``.
    """

    __slots__ = (
        "root", "cands", "values", "cells_with", "placed", "log", "elim_at", "place_at",
        "queue", "locked", "depth", "budget", "dirty",
    )

    def __init__(self, root: Root, locked: bool, depth: int = 1, budget: Budget | None = None, state: Root | Branch | None = None) -> None:
        source = root if state is None else state  # whose candidates to start from
        self.root = root
        self.cands: list[int] = source.cands[:]
        self.values: list[int] = source.values[:]
        self.cells_with: list[int] = source.cells_with[:]
        self.placed: list[int] = source.placed[:]
        self.log: list[Event] = []
        self.elim_at: dict[int, int] = {}  # candidate index -> event that removed it
        self.place_at: dict[Cell, int] = {}  # cell -> event that filled it
        self.queue: deque[int] = deque()
        self.locked = locked
        self.depth = depth
        self.budget = budget
        self.dirty = [0] * 9  # per digit: houses whose places changed (for locked candidates)

    def child(self) -> Branch:
        """A depth-1 copy sharing the log, for an inner probe (its events are dropped after)."""
        other = Branch(self.root, self.locked, 1, None, self)
        other.log = self.log
        other.elim_at = dict(self.elim_at)
        other.place_at = dict(self.place_at)
        return other

    # --- mutation -------------------------------------------------------------------

    def assume(self, cell: Cell, digit: Digit, on: bool) -> None:
        event = Event(candidate_literal(cell, digit, on), Rule.PREMISE, -1, -1, ())
        if on:
            self._place(cell, digit, event)
        else:
            self._eliminate(cell, digit, event)
        self.run()

    def _place(self, cell: Cell, digit: Digit, event: Event) -> None:
        eid = len(self.log)
        self.log.append(event)
        self.place_at[cell] = eid
        b = 1 << (digit - 1)
        self.values[cell] = digit
        for u in UNITS_OF[cell]:
            self.placed[u] |= b
        # What a placement removes (its cell's other digits, the digit from its peers) is
        # not logged as events of its own: the placement is their recorded cause.
        for other in MASK_DIGITS[self.cands[cell] & ~b]:
            self._remove(cell, other, eid)
        self.cands[cell] = 0
        self.cells_with[digit] &= ~(1 << cell)
        peers = self.cells_with[digit] & PEER_MASK[cell]
        while peers:
            low = peers & -peers
            peers ^= low
            self._remove(low.bit_length() - 1, digit, eid)

    def _eliminate(self, cell: Cell, digit: Digit, event: Event) -> None:
        """Remove a candidate for a reason of its own (an assumption, locked candidates, a
        nested trial), logged as an event."""
        if self.cands[cell] >> (digit - 1) & 1:
            self.log.append(event)
            self._remove(cell, digit, len(self.log) - 1)

    def _remove(self, cell: Cell, digit: Digit, cause: int) -> None:
        b = 1 << (digit - 1)
        cands = self.cands
        mask = cands[cell]
        if not mask & b:
            return
        self.elim_at[(digit - 1) * 81 + cell] = cause  # candidate_index, inlined: the hot path
        mask ^= b
        cands[cell] = mask
        cw = self.cells_with[digit] & ~(1 << cell)
        self.cells_with[digit] = cw
        self.dirty[digit - 1] |= _UNIT_BITS[cell]
        queue = self.queue
        if not self.values[cell]:
            if not mask:
                raise BranchOutcome(Conflict(Clash.EMPTY_CELL, cell, -1, 0, self._cell_reasons(cell, 0)))
            if not mask & (mask - 1):
                queue.append(cell)
        placed = self.placed
        for u in UNITS_OF[cell]:
            if placed[u] & b:
                continue
            places = cw & UNIT_MASKS[u]
            if not places & (places - 1):
                if not places:
                    raise BranchOutcome(Conflict(Clash.NO_PLACE, -1, u, digit, self._unit_reasons(u, digit, -1)))
                queue.append(100 + u * 9 + digit - 1)

    def run(self) -> None:
        """Follow the branch until nothing more follows (or a rule breaks)."""
        self._drain()
        while self.depth > 1 and self._probe_pass():
            pass

    def _drain(self) -> None:
        """Place singles (and apply locked candidates) until nothing more follows."""
        while True:
            queue = self.queue
            while queue:
                item = queue.popleft()
                if item < 100:
                    if self.values[item]:
                        continue
                    digit = MASK_DIGITS[self.cands[item]][0]
                    ants = self._cell_reasons(item, digit)
                    self._place(item, digit, Event(candidate_literal(item, digit, True), Rule.NAKED, -1, -1, ants))
                else:
                    u, d0 = divmod(item - 100, 9)
                    if self.placed[u] >> d0 & 1:
                        continue
                    places = self.cells_with[d0 + 1] & UNITS[u].mask
                    cell = places.bit_length() - 1
                    ants = self._unit_reasons(u, d0 + 1, cell)
                    self._place(cell, d0 + 1, Event(candidate_literal(cell, d0 + 1, True), Rule.HIDDEN, u, -1, ants))
            if not (self.locked and self._locked_candidates()):
                return

    def _probe_pass(self) -> bool:
        """Try every remaining candidate in a depth-1 branch; remove those that break a
        rule. True if anything was removed; stops early when the budget runs out."""
        assert self.budget is not None
        changed = False
        for cell in range(N_CELLS):
            for digit in MASK_DIGITS[self.cands[cell]]:
                if self.values[cell] or not self.cands[cell] >> (digit - 1) & 1:
                    continue
                if not self.budget.spend():
                    return False
                mark = len(self.log)
                try:
                    self.child().assume(cell, digit, True)
                except BranchOutcome as out:
                    proof, outer = extract(self.log, out.conflict.ants, out.conflict, floor=mark)
                    del self.log[mark:]
                    event = Event(candidate_literal(cell, digit, False), Rule.PROBE, -1, -1, outer, proof)
                    self._eliminate(cell, digit, event)
                    self._drain()
                    changed = True
                else:
                    del self.log[mark:]
        return changed

    def _locked_candidates(self) -> bool:
        """Pointing and claiming in the houses whose places changed since the last sweep
        (no other house can have a new one); True if it removed anything."""
        return sweep_locked_candidates(self.dirty, self.placed, self.cells_with, self._confine)

    def _confine(self, digit: Digit, inside: int, outside: int, mask: CellSet, targets: CellSet) -> None:
        """The places of ``digit`` in house ``inside`` all lie where it crosses house
        ``outside`` (cells ``mask``): remove the digit from the rest of it, ``targets``."""
        ants = self._unit_reasons(inside, digit, -1, mask)
        for cell in bit_indices(targets):
            event = Event(candidate_literal(cell, digit, False), Rule.LOCKED, inside, outside, ants)
            self._eliminate(cell, digit, event)

    # --- reasons --------------------------------------------------------------------

    def _cell_reasons(self, cell: Cell, keep: Digit) -> tuple[int, ...]:
        """The eliminations that emptied the cell of every root candidate but ``keep``."""
        at = self.elim_at
        return tuple(dict.fromkeys(at[candidate_index(cell, d)] for d in MASK_DIGITS[self.root.cands[cell]] if d != keep))

    def _unit_reasons(self, unit: int, digit: Digit, keep: Cell, outside: CellSet = 0) -> tuple[int, ...]:
        """The eliminations that took ``digit`` from every root place in ``unit`` except
        ``keep`` and the cells of ``outside``."""
        at = self.elim_at
        places = self.root.cells_with[digit] & UNITS[unit].mask & ~outside
        if keep >= 0:
            places &= ~(1 << keep)
        reasons = []
        base = (digit - 1) * 81
        while places:
            low = places & -places
            reasons.append(at[base + low.bit_length() - 1])
            places ^= low
        return tuple(dict.fromkeys(reasons))


UNIT_MASKS: Final[tuple[CellSet, ...]] = tuple(u.mask for u in UNITS)


#: _CROSSING[house] = the houses of the other kind crossing it (lines for a box, boxes for a line).
_CROSSING: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(o.number for o in (LINES if u.number < 9 else BOXES) if o.mask & u.mask) for u in UNITS
)
#: CONFINING[house][cell] = for a cell of the house, the houses of the other kind through
#: it (its row, then its column, for a box; its box, for a line) that cross the house, as
#: (house, its cells, its cells outside the first house): where the house's places of a
#: digit may all lie when they include the cell (in _CROSSING's order).
CONFINING: Final[tuple[tuple[tuple[tuple[int, CellSet, CellSet], ...], ...], ...]] = tuple(
    tuple(
        tuple((o, UNITS[o].mask, UNITS[o].mask & ~UNITS[u].mask) for o in _CROSSING[u] if UNITS[o].mask >> cell & 1) if UNITS[u].mask >> cell & 1 else ()
        for cell in range(N_CELLS)
    )
    for u in range(len(UNITS))
)
#: UNIT_BITS[cell] = the cell's three houses as a 27-bit set.
_UNIT_BITS: Final[tuple[int, ...]] = tuple(sum(1 << u for u in UNITS_OF[c]) for c in range(N_CELLS))


#: Removes a digit confined to where two houses cross: (digit, the house, the house it
#: crosses, the crossing's cells, the cells of the crossed house it goes from).
Confine: TypeAlias = Callable[[Digit, int, int, CellSet, CellSet], None]


def sweep_locked_candidates(dirty: list[int], placed: list[int], cells_with: list[int], confine: Confine) -> bool:
    """Pointing and claiming (a :class:`Branch`'s or a sweep's): in the houses of
    ``dirty[d - 1]`` (a bit set of houses per digit d, emptied as they are looked at; a
    confinement may mark more), each digit not placed there (``placed``: per house, its
    placed digits) whose places all lie in one crossing is removed from the rest of the
    crossed house by ``confine``, which updates ``cells_with`` in place. True if it removed
    anything."""
    changed = False
    for d0 in range(9):
        while dirty[d0]:
            units = dirty[d0]
            dirty[d0] = 0
            b = 1 << d0
            cw = cells_with[d0 + 1]
            while units:  # bit_indices, inlined
                low = units & -units
                units ^= low
                u = low.bit_length() - 1
                if placed[u] & b:
                    continue
                places = cw & UNIT_MASKS[u]
                # a crossing has three cells: more places cannot all lie in one
                if not places or places.bit_count() > 3:
                    continue
                # The house of the other kind holding them all, if any, holds the first.
                for outside, mask, rest in CONFINING[u][(places & -places).bit_length() - 1]:
                    if places & ~mask:
                        continue
                    targets = cw & rest
                    if targets:
                        confine(d0 + 1, u, outside, mask, targets)
                        changed = True
                        cw = cells_with[d0 + 1]
                    break
    return changed
