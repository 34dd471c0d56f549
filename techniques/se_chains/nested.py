"""SE's nested forcing chains: dynamic chains that call other rules when they get stuck.

At level 1 ("Dynamic Forcing Chains (+)", 9.0 and up), when a dynamic propagation has
nothing left to follow, SE runs pointing/claiming, hidden pairs, naked pairs and X-Wings
on the reduced position; level 2 ("+ Forcing Chains", 9.5) adds its forcing chains and
cycles, level 3 ("+ Multiple Forcing Chains", 10.0) multiple forcing chains too; level 4
("+ Dynamic Forcing Chains", 10.5) uses dynamic forcing chains instead, level 5 (11.0)
adds level-2 nested chains. The rules are tried in that order until one of them removes
something that depends on the run: each removal becomes an off node whose causes are the
candidates the rule needed gone (its "parents"), and the propagation goes on.

An inner chain counts for its whole complexity, once per distinct chain.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Callable, Final

from engine.cells import HALF_BITS, LOW_HALF, UNITS, UNITS_OF
from engine.position import CandidateView, Position
from techniques.se_chains.contradictions import Quiet, quiet
from techniques.se_chains.cycles import FORCING_CHAINS_AND_CYCLES
from techniques.se_chains.hints import ChainBasis, ChainHint
from techniques.se_chains.multiple import MultipleChaining
from techniques.se_chains.nodes import CELL_RULE, Node, node
from techniques.se_chains.propagation import Advanced, Budget, Nested, Run
from techniques.se_chains.walk_memo import InnerMemo, WalkMemo
from techniques.fish.se_fish import fish_patterns
from techniques.intersections.se_locking import locked_sets
from techniques.subsets.se_subsets import hidden_sets, naked_sets

Offs = list[tuple[Node, tuple[Node, ...], "Nested | None"]]
Rule = Callable[[Position, CandidateView, Run, Budget], Offs]


class InnerChain:
    """A chain used inside another one: its complexity, and what SE compares to count one
    chain once (made when first asked for: most inner chains never end up in a step)."""

    __slots__ = ("complexity", "basis", "_identity")

    def __init__(self, complexity: int, basis: ChainBasis) -> None:
        self.complexity = complexity
        self.basis = basis
        self._identity: object = None

    @property
    def identity(self) -> object:
        if self._identity is None:
            self._identity = self.basis.identity()
        return self._identity


def _stored(parents: list[Node], run: Run) -> tuple[Node, ...]:
    """The parents as the run holds them, each once, in order."""
    return tuple(dict.fromkeys(p for p in parents if p in run.off))


def _removed(initial: Position, view: CandidateView, digit: int, cells: tuple[int, ...]) -> list[Node]:
    """Off nodes for the cells where ``digit`` was a candidate when the run started and is
    gone now, in the given order."""
    b = 1 << (digit - 1)
    return [node(c, digit, False) for c in cells if initial.cands[c] & b and not view.cands[c] & b]


def _lost(initial: Position, view: CandidateView) -> list[int]:
    """For each digit, the cells where the run has removed it (a rule can only depend on the
    run through those)."""
    before, now = initial.cells_with, view.cells_with  # read once (a protocol's attribute is a generic lookup, compiled)
    return [before[d] & ~now[d] if d else 0 for d in range(10)]


#: _HOUSE_BITS[cell]: the cell's three houses, as a set of house numbers.
_HOUSE_BITS: Final[tuple[int, ...]] = tuple(sum(1 << u for u in UNITS_OF[cell]) for cell in range(81))


def _houses_of(cells: int) -> int:
    """The houses (as a set of house numbers) holding any of ``cells`` (read as halves,
    ``engine.cells.halves``: small ints only)."""
    out = 0
    low, high = cells & LOW_HALF, cells >> HALF_BITS
    while low:
        bit = low & -low
        out |= _HOUSE_BITS[bit.bit_length() - 1]
        low ^= bit
    while high:
        bit = high & -high
        out |= _HOUSE_BITS[HALF_BITS + bit.bit_length() - 1]
        high ^= bit
    return out


def _locking(initial: Position, view: CandidateView, run: Run, budget: Budget) -> Offs:
    out: Offs = []
    for first, second, digit, _ in locked_sets(view, _lost(initial, view)):
        targets = view.cells_with[digit] & UNITS[second].mask & ~UNITS[first].mask
        if targets:
            outside = tuple(c for c in UNITS[first].cells if not UNITS[second].mask >> c & 1)
            parents = _stored(_removed(initial, view, digit, outside), run)
            if parents:
                out.extend((node(c, digit, False), parents, None) for c in range(81) if targets >> c & 1)
    return out


def _hidden_pairs(initial: Position, view: CandidateView, run: Run, budget: Budget) -> Offs:
    out: Offs = []
    lost = _lost(initial, view)
    for u, digit_mask, union, _ in hidden_sets(view, 2, houses=_houses_of(_union(lost))):
        cells = [c for c in UNITS[u].cells if union >> c & 1]
        removals = [(c, d) for c in cells for d in range(1, 10) if view.cands[c] >> (d - 1) & 1 and not digit_mask >> (d - 1) & 1]
        if not removals:
            continue
        others = [c for c in UNITS[u].cells if not union >> c & 1]
        found = [node(c, d, False) for c in others for d in range(1, 10) if digit_mask >> (d - 1) & 1 and initial.cands[c] >> (d - 1) & 1]
        parents = _stored(found, run)
        if parents:
            out.extend((node(c, d, False), parents, None) for c, d in removals)
    return out


def _naked_pairs(initial: Position, view: CandidateView, run: Run, budget: Budget) -> Offs:
    out: Offs = []
    for _, chosen, union, removals in naked_sets(view, 2, _houses_of(_union(_lost(initial, view)))):
        found = [node(c, d, False) for c in chosen for d in range(1, 10) if initial.cands[c] >> (d - 1) & 1 and not union >> (d - 1) & 1]
        parents = _stored(found, run)
        if parents:
            out.extend((node(r.cell, r.digit, False), parents, None) for r in sorted(removals, key=lambda r: (r.cell, r.digit)))
    return out


def _x_wings(initial: Position, view: CandidateView, run: Run, budget: Budget) -> Offs:
    out: Offs = []
    lost = _lost(initial, view)
    for digit, bases, covers, targets in fish_patterns(view, 2, sum(1 << (d - 1) for d in range(1, 10) if lost[d])):
        covered = 0
        for u in covers:
            covered |= UNITS[u].mask
        found = [n for u in bases for n in _removed(initial, view, digit, tuple(c for c in UNITS[u].cells if not covered >> c & 1))]
        parents = _stored(found, run)
        if parents:
            out.extend((node(c, digit, False), parents, None) for c in targets)
    return out


def _union(masks: list[int]) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


def rule_parents(hint: ChainHint, initial: Position, view: CandidateView) -> list[Node]:
    """The candidates an inner chain needed gone (SE's getRuleParents of a chaining hint):
    for each on state of its chains, the cell's candidates (cell rule) or the digit's places
    in the house (house rule) that were there when the run started and are gone now."""
    assert hint.basis is not None
    found: dict[Node, None] = {}
    for n, rule in hint.basis.ons():
        if rule < 0:
            continue
        cand = n >> 1
        cell = cand // 9  # not divmod: a generic call and a tuple, compiled
        shift = cand - cell * 9
        if rule == CELL_RULE:
            gone = initial.cands[cell] & ~view.cands[cell]
            for d in range(9):
                if gone >> d & 1:
                    found[(cell * 9 + d) << 1] = None
        else:
            for c in UNITS[UNITS_OF[cell][rule - 1]].cells:
                if initial.cands[c] >> shift & 1 and not view.cands[c] >> shift & 1:
                    found[(c * 9 + shift) << 1] = None
    return list(found)


class _Kept:
    """An inner producer's hints for the last few positions it was asked about, per
    thread: the runs of one nested search often get stuck in the same position (the hints
    are a function of the position's candidates alone). Of each position's hints only the
    first (in SE's sorted order) of each set of removals is kept: the rule takes no other,
    and a position's hints are thousands for a hundred or so sets of removals, which a long
    process would otherwise hold (and the cycle collector walk) long after the search."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.kept: dict[int, OrderedDict[tuple[int, ...], list[ChainHint]]] = {}

    def hints(self, view: CandidateView, budget: Budget, inner: Callable[[CandidateView, Budget], list[ChainHint]]) -> list[ChainHint]:
        kept = self.kept.setdefault(threading.get_ident(), OrderedDict())
        key = tuple(view.cands)
        found = kept.get(key)
        if found is None:
            found = kept[key] = _first_per_effect(sorted(inner(view, budget), key=lambda h: h.key))
            if len(kept) > self.size:
                kept.popitem(last=False)
        else:
            kept.move_to_end(key)
        return found


def _first_per_effect(hints: list[ChainHint]) -> list[ChainHint]:
    """The first hint of each set of removals, in the given order."""
    out: list[ChainHint] = []
    seen: set[frozenset[tuple[int, int]]] = set()
    for hint in hints:
        effect = frozenset((r.cell, r.digit) for r in hint.removals)
        if effect not in seen:
            seen.add(effect)
            out.append(hint)
    return out


def _chaining(inner: Callable[[CandidateView, Budget], list[ChainHint]], size: int) -> Rule:
    """A rule made of an inner chaining producer: all its hints, in SE's sorted order, one
    per set of removals (kept for the ``size`` positions last asked about)."""
    kept = _Kept(size)

    def rule(initial: Position, view: CandidateView, run: Run, budget: Budget) -> Offs:
        out: Offs = []
        for hint in kept.hints(view, budget, inner):
            parents = _stored(rule_parents(hint, initial, view), run)
            if parents:
                assert hint.basis is not None
                marker = InnerChain(hint.complexity, hint.basis)
                for r in sorted(hint.removals, key=lambda r: (r.cell, r.digit)):
                    out.append((node(r.cell, r.digit, False), parents, marker))
        return out

    return rule


_BASIC: Final[tuple[Rule, ...]] = (_locking, _hidden_pairs, _naked_pairs, _x_wings)


class _Walks:
    """The walks of the inner forcing chains and cycles of one nested search (the
    positions of its runs all come from one starting position), per thread: kept from one
    position to the next, so each inner search only walks where its position changed.
    With them, the starting position when no node fails in it (``contradictions.Quiet``:
    then a position of the search with no new strong link has none either)."""

    def __init__(self) -> None:
        self.memos: dict[int, tuple[tuple[int, ...], WalkMemo, Quiet | None]] = {}

    def start(self, initial: Position) -> None:
        """The nested search now under way starts from ``initial`` (a new one: new walks)."""
        key = tuple(initial.cands)
        thread = threading.get_ident()
        kept = self.memos.get(thread)
        if kept is None or kept[0] != key:
            self.memos[thread] = (key, WalkMemo(), quiet(initial))

    def memo(self) -> WalkMemo:
        return self.memos[threading.get_ident()][1]

    def origin(self) -> Quiet | None:
        return self.memos[threading.get_ident()][2]


#: How many positions' inner hints each inner chaining rule keeps (multiple and dynamic
#: chains' hints hold their runs, so fewer of them).
_KEEP_CYCLES, _KEEP_CHAINS = 256, 16


def _inner_rules(level: int) -> tuple[Rule, ...]:
    walks = _Walks()

    def cycles(view: CandidateView, budget: Budget) -> list[ChainHint]:
        return FORCING_CHAINS_AND_CYCLES.hints(view, walks.memo(), walks.origin())

    cycles_rule = _chaining(cycles, _KEEP_CYCLES)

    def cycles_from(initial: Position, view: CandidateView, run: Run, budget: Budget) -> Offs:
        walks.start(initial)
        return cycles_rule(initial, view, run, budget)

    if level < 4:
        inner: list[Rule] = []
        if level >= 2:
            inner.append(cycles_from)
        if level >= 3:
            inner.append(_chaining(_with_links(MultipleChaining(multiple=True, dynamic=False, nishio=False)), _KEEP_CHAINS))
        return _BASIC + tuple(inner)
    rules = [_chaining(_with_links(MultipleChaining(multiple=True, dynamic=True, nishio=False)), _KEEP_CHAINS)]
    if level >= 5:
        rules.append(_chaining(_with_links(nested_forcing_chains(level - 3)), _KEEP_CHAINS))
    return _BASIC + tuple(rules)


def _with_links(chaining: MultipleChaining) -> Callable[[CandidateView, Budget], list[ChainHint]]:
    """An inner chaining producer's hints, each search taking the implications of the
    previous one's position where they did not change, and (static chains) the runs of
    earlier ones where nothing they reached changed."""
    memo = InnerMemo(not chaining.nishio)

    def hints(view: CandidateView, budget: Budget) -> list[ChainHint]:
        return chaining.hints(view, budget, memo=memo.begin(view))

    return hints


def rule_count(level: int) -> int:
    """How many inner rules a level has: the basic ones, then (levels 2-3) cycles and
    static chains or (levels 4-5) dynamic and nested chains, in ``_inner_rules``' order."""
    return len(_BASIC) + (level - 1 if level < 4 else level - 3)


class Nesting:
    """The rules a nested run calls when stuck (SE's getAdvancedPotentials)."""

    def __init__(self, level: int) -> None:
        self.level = level
        self._rules: tuple[Rule, ...] | None = None

    def __call__(self, initial: Position, work: list[int], work_with: list[int], places: list[int], run: Run, budget: Budget) -> Offs:
        return self._first(0, initial, work, work_with, places, run, budget)

    def beyond(self, level: int) -> Advanced:
        """The rules this level adds to those of a lower ``level`` it begins with
        (``levels.BASE_LEVEL``)."""
        skip = rule_count(level)

        def rules(initial: Position, work: list[int], work_with: list[int], places: list[int], run: Run, budget: Budget) -> Offs:
            return self._first(skip, initial, work, work_with, places, run, budget)

        return rules

    def _first(
        self, skip: int, initial: Position, work: list[int], work_with: list[int], places: list[int], run: Run, budget: Budget
    ) -> Offs:
        """What the first of the rules (after ``skip`` of them) that finds anything finds
        (on a view that carries the run's places table)."""
        if self._rules is None:
            self._rules = _inner_rules(self.level)
        view = CandidateView(work, work_with, initial.values, [initial.empty_in(u) for u in range(27)], places)
        for rule in self._rules[skip:]:
            found = rule(initial, view, run, budget)
            if found:
                return found
        return []


def nested_forcing_chains(level: int) -> MultipleChaining:
    """SE's dynamic forcing chains with inner rules of the given level (1 to 5)."""
    return MultipleChaining(multiple=True, dynamic=True, nishio=False, level=level, advanced=Nesting(level))


DYNAMIC_PLUS_FORCING_CHAINS: Final = nested_forcing_chains(1)
NESTED_FORCING_CHAINS: Final = tuple(nested_forcing_chains(level) for level in (2, 3, 4, 5))
