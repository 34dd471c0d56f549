"""Forcing chains and nets in words: the assumption, what it forces, the conclusion.

A proof is walked in order. Its placements are the main implications ("r3c5 is 4, the
last place for 4 in box 2"); eliminations are left implicit when a placement explains
them (a placed digit leaves its row, column and box), and spelled out when they need a
rule of their own (locked candidates, a nested trial). Long walks keep their start and
end and say how many facts are skipped in between.
"""

from __future__ import annotations

from typing import Callable

from engine.cells import CELL_NAMES, UNITS, CellSet, Digit, cells_of
from engine.grid import Grid
from engine.notation import compact_cells, words_list
from engine.step import Candidate, Link
from techniques.shared import candidate_at, cell_names, digit_words, is_true, node_of
from techniques.forcing.propagation import Clash, Conflict, Event, Proof, Rule

#: A walk longer than this many clauses is shortened to its first and last clauses.
MAX_CLAUSES = 24
_HEAD, _TAIL = 8, 12
#: Placements shown of a nested trial inside a depth-2 net.
INNER_CLAUSES = 3

Describe = Callable[[int], tuple[Digit, CellSet]]


def candidate_node(node: int) -> tuple[Digit, CellSet]:
    """A candidate node's digit and (one-cell) cell set."""
    cell, digit = candidate_at(node)
    return digit, 1 << cell


def fact_words(lit: int, describe: Describe = candidate_node) -> str:
    """``r1c2 is 4``, ``r1c2 is not 4``; a group: ``4 is in r1c12``."""
    digit, cells = describe(node_of(lit))
    where = compact_cells(cells_of(cells))
    if cells & (cells - 1):
        return f"{digit} is {'' if is_true(lit) else 'not '}in {where}"
    return f"{where} is {'' if is_true(lit) else 'not '}{digit}"


class Narrator:
    """Turns the proofs of one grid into sentences (``describe`` names chain groups)."""

    def __init__(self, grid: Grid, describe: Describe = candidate_node) -> None:
        self.grid = grid
        self.describe = describe

    def walk(self, proof: Proof) -> str:
        """The facts of a proof after its assumption, joined by commas, ending with the
        end of the branch (a broken rule or the concluded fact)."""
        clauses = self._clauses(proof.events[1:])
        if isinstance(proof.end, Conflict):
            end = self.conflict(proof.end)
        else:
            target = proof.events[proof.end]
            fact = proof.fact if proof.fact >= 0 else target.lit
            said = self._clause(target) if target.lit == fact else None
            if said is not None and clauses and clauses[-1] == said:
                clauses.pop()
            end = said or self._end(proof, fact, target)
        return _joined(clauses, end)

    def walk_many(self, proofs: list[Proof]) -> str:
        """Several walks from one assumption to concluded facts, told as one: the facts
        they pass through once each, then the conclusions, those with one reason together
        (``r1c2 and r2c4 are not 1 (each sees the 1 in r2c3)``)."""
        seen: set[int] = set()
        events: list[Event] = []
        ends: dict[tuple[str, int], list[int]] = {}
        for proof in proofs:
            assert not isinstance(proof.end, Conflict)
            for i, event in enumerate(proof.events[1:], 1):
                if i != proof.end and event.lit not in seen:
                    seen.add(event.lit)
                    events.append(event)
            target = proof.events[proof.end]
            fact = proof.fact if proof.fact >= 0 else target.lit
            cell, digit = candidate_at(node_of(fact))
            said = self._end(proof, fact, target)
            reason = said.partition(" (")[2].rstrip(")")
            ends.setdefault((reason, digit if not is_true(fact) else -digit), []).append(cell)
        end = words_list([_many_end(reason, key, cells) for (reason, key), cells in ends.items()])
        return _joined(self._clauses(tuple(events)), end)

    def conflict(self, conflict: Conflict, detailed: bool = True) -> str:
        """The broken rule in words, with what was ruled out when ``detailed``."""
        if conflict.clash is Clash.EMPTY_CELL:
            digits = self.grid.candidates(conflict.cell)
            more = f" ({digit_words(digits)} {_all(len(digits))} ruled out)" if detailed and len(digits) > 1 else ""
            return f"{CELL_NAMES[conflict.cell]} has no candidate left{more}"
        if conflict.clash is Clash.NO_PLACE:
            d, unit = conflict.digit, UNITS[conflict.unit]
            places = self.grid.cells_with[d] & unit.mask
            n = places.bit_count()
            more = f" ({cell_names(places)} {_all(n)} ruled out)" if detailed and n > 1 else ""
            return f"{unit.long_name} has no place left for {d}{more}"
        if conflict.clash is Clash.TWICE:
            cells = sum(1 << candidate_at(node_of(lit))[0] for lit in conflict.ants)
            return f"{UNITS[conflict.unit].long_name} would hold {conflict.digit} twice ({cell_names(cells)})"
        return f"{CELL_NAMES[conflict.cell]} must be {conflict.digit} and cannot be {conflict.digit}"

    def _clauses(self, events: tuple[Event, ...]) -> list[str]:
        """The clauses of a walk; eliminations by the same locked candidates become one."""
        out: list[str] = []
        locked: tuple[int, int, int] | None = None
        cells: list[int] = []
        for event in events:
            cell, digit = candidate_at(node_of(event.lit))
            key = (event.unit, event.other, digit) if event.rule is Rule.LOCKED else None
            if key is not None and key == locked:
                cells.append(cell)
                reason = f"{digit} in {UNITS[event.unit].long_name} is confined to {UNITS[event.other].long_name}"
                out[-1] = f"{compact_cells(cells)} are not {digit} ({reason})"
                continue
            locked, cells = key, [cell]
            clause = self._clause(event)
            if clause is not None:
                out.append(clause)
        return out

    def _clause(self, event: Event) -> str | None:
        """One event in words, or None when it goes without saying."""
        digit, cells = self.describe(node_of(event.lit))
        fact = fact_words(event.lit, self.describe)
        if event.rule is Rule.NAKED:
            return f"{fact} (its last candidate)"
        if event.rule is Rule.HIDDEN:
            places = "places" if cells & (cells - 1) else "place"
            return f"{fact} (the last {places} for {digit} in {UNITS[event.unit].long_name})"
        if event.rule is Rule.LOCKED:
            inside, outside = UNITS[event.unit], UNITS[event.other]
            return f"{fact} ({digit} in {inside.long_name} is confined to {outside.long_name})"
        if event.rule is Rule.PROBE and event.proof is not None:
            return f"{fact} ({self._inner(event.proof)})"
        return None

    def _inner(self, proof: Proof) -> str:
        """A nested trial in a few words: ``with 3 there, r6c6 is 1, ... and row 8 has no
        place left for 9``."""
        _, digit = candidate_at(node_of(proof.events[0].lit))
        placed = [fact_words(e.lit) for e in proof.events[1:] if is_true(e.lit)]
        shown = placed[:INNER_CLAUSES]
        if len(placed) > INNER_CLAUSES:
            shown.append(f"{len(placed) - INNER_CLAUSES} more")
        assert isinstance(proof.end, Conflict)
        return f"with {digit} there, " + words_list(shown + [self.conflict(proof.end, detailed=False)])

    def _end(self, proof: Proof, fact: int, target: Event) -> str:
        """A concluded elimination with the placement behind it: ``target`` is that
        placement (nets), or the elimination itself resting on it (chains)."""
        words = fact_words(fact, self.describe)
        cause = target
        if target.lit == fact:
            if target.rule not in (Rule.SEEN, Rule.FILLED) or not target.ants:
                return words
            cause = proof.events[target.ants[0]]
        digit, cells = self.describe(node_of(cause.lit))
        where = compact_cells(cells_of(cells))
        if cells == 1 << candidate_at(node_of(fact))[0]:
            return f"{words} (it is {digit})"
        if cells & (cells - 1):
            return f"{words} (it sees all of {where}, one of which holds the {digit})"
        return f"{words} (it sees the {digit} in {where})"


def _joined(clauses: list[str], end: str) -> str:
    """The clauses of a walk, then its end; a long walk keeps its first and last clauses
    and says how many are skipped between."""
    if len(clauses) > MAX_CLAUSES:
        skipped = len(clauses) - _HEAD - _TAIL
        clauses = clauses[:_HEAD] + [f"... {skipped} more forced facts ..."] + clauses[-_TAIL:]
    return ", ".join(clauses) + ", so " + end if clauses else end


def _many_end(reason: str, key: int, cells: list[int]) -> str:
    """``r1c2 is not 1 (it is 9)``; ``r1c2 and r2c4 are not 1 (each sees the 1 in r2c3)``."""
    digit, negative = abs(key), key > 0
    if len(cells) == 1:
        fact = f"{CELL_NAMES[cells[0]]} is {'not ' if negative else ''}{digit}"
        return f"{fact} ({reason})" if reason else fact
    fact = f"{compact_cells(cells)} are {'not ' if negative else ''}{digit}"
    return f"{fact} ({reason.replace('it sees', 'each sees').replace('it is', 'each is')})" if reason else fact


def _all(n: int) -> str:
    return "are both" if n == 2 else "are all"


def links(proof: Proof, describe: Describe = candidate_node) -> list[Link]:
    """The inferences of a proof between single candidates, for highlighting."""
    out = []
    for event in proof.events:
        digit, cells = describe(node_of(event.lit))
        if cells & (cells - 1):
            continue
        end = Candidate(digit, cells.bit_length() - 1)
        for a in event.ants:
            d0, c0 = describe(node_of(proof.events[a].lit))
            if not c0 & (c0 - 1):
                out.append(Link(Candidate(d0, c0.bit_length() - 1), end, is_true(event.lit)))
    return out
