"""SE's forcing chains built from whole propagations: Nishio (7.5), multiple (8.0), dynamic
(8.5), and dynamic with inner rules (8.5 + 0.5 per level, 9.5 from level 2), plus the
length bonus.

For each cell (row order) with more than two candidates (dynamic: more than one), and
each of its digits, SE propagates "the digit is there" and "it is not" (``propagation``):

* contradiction (dynamic, Nishio): an assumption that contradicts itself is false;
* double (dynamic, three or more candidates): a state forced by both assumptions holds;
* region (not Nishio): for each house where the digit has two places (multiple: two or
  more), met from its first place: a state forced by the digit in each place holds;
* cell (not Nishio): a state forced by every candidate of the cell holds.

Complexity: the nodes the conclusion rests on, summed over its branches, plus each
distinct inner chain's own complexity.
"""

from __future__ import annotations

from typing import Callable, Final, Iterator

from engine.cache import StateMemo
from engine.cells import CELL_NAMES, MASK_COUNT, MASK_DIGITS, N_CELLS, UNIT_HALVES, UNITS, UNITS_OF, first_of_halves, half_count, half_indices
from engine.position import Position
from engine.step import Candidate, Step
from engine.stop import WorkLimitReached, budgeted
from engine.technique import BaseTechnique, Declaration
from techniques.se_chains.hints import ChainHint, chain_difficulty, chain_words, conclusion_words, removal_of
from techniques.se_chains.nodes import CELL_RULE, BoxedNode, Links, Node, cell_of, digit_of, node, node_name, split
from techniques.se_chains.branches import RunsBasis, Target, complexity_of, main_path, target
from techniques.se_chains.levels import LEVEL_RUNS, LevelTable, NestedRules, level_run
from techniques.se_chains.propagation import Advanced, Budget, Run, propagate
from techniques.se_chains.run_memo import KeptRuns, RunMemo
from techniques.se_chains.walk_memo import InnerSearch

#: Propagated nodes one producer call may take (a bound on work, never time).
NODE_BOUND: Final = 20_000_000

_SUFFIX: Final = {1: " (+)", 2: " (+ Forcing Chains)", 3: " (+ Multiple Forcing Chains)", 4: " (+ Dynamic Forcing Chains)"}


def nested_suffix(level: int) -> str:
    if level >= 5:
        return " (+ Dynamic Forcing Chains" + nested_suffix(level - 3) + ")"
    return _SUFFIX.get(level, "")


class _Best:
    """What a search for SE's choice alone has found: the best hint so far, and the most
    nodes a hint may rest on to beat it (or tie it with a smaller sort key)."""

    __slots__ = ("hint", "limit")

    def __init__(self) -> None:
        self.hint: ChainHint | None = None
        self.limit = UNLIMITED

    def offer(self, hint: ChainHint) -> None:
        if self.hint is None or hint.key < self.hint.key:
            self.hint = hint
            self.limit = hint.complexity


#: No bound on a hint's complexity (a search for every hint).
UNLIMITED: Final = 10**9


class BestSoFar(Exception):
    """A listing's work bound stopped the search for SE's hint after ``hint`` was found."""

    def __init__(self, hint: ChainHint, bound: WorkLimitReached) -> None:
        super().__init__("work bound reached")
        self.hint, self.bound = hint, bound


#: Nishio runs by (start, limit or -1, the places of the start's digit): what a run
#: finds and the nodes it took (read only: runs are never changed once made).
_NISHIO_RUNS: Final[StateMemo[tuple[int, int, int], tuple[Run, int]]] = StateMemo()


class _Search:
    """One producer call: the position, its implications, the runs made so far (an "on"
    run is asked for again by region chains), the work bound, and for a search of SE's
    choice alone the best hint so far."""

    def __init__(self, chaining: MultipleChaining, position: Position, budget: Budget, best: _Best | None, memo: InnerSearch | None = None) -> None:
        self.chaining = chaining
        self.position = position
        self.cands, self.cells_with = position.cands, position.cells_with
        self.links = Links(self.cands, self.cells_with, not chaining.nishio) if memo is None else memo.links
        #: Static runs kept from earlier positions (a search of every hint, inner to a
        #: nested one), else None.
        self.memo = memo if best is None and not chaining.dynamic else None
        self.budget = budget
        self.best = best
        self.runs: dict[Node, Run] = {}
        #: The runs the nesting levels leave each other on this position (a top-level
        #: search of nested chains, outside work budgets), else None.
        self.levels: LevelTable | None = None
        if best is not None and chaining.advanced is not None and not budgeted():
            self.levels = LEVEL_RUNS.at(position)
        #: Runs kept from earlier searches for SE's choice (``run_memo``; not Nishio's,
        #: kept by their digit's places, nor nested chains'), else None.
        self.kept: KeptRuns | None = None
        if best is not None and chaining.advanced is None and not chaining.nishio:
            self.kept = chaining.kept_runs.begin(self.cands)

    def run_from(self, start: Node) -> Run:
        found = self.runs.get(start)
        if found is None:
            chaining = self.chaining
            if self.memo is not None:
                found = self._kept_run(self.memo, start)
            elif self.levels is None or chaining.advanced is None:
                found = self._propagate(start)
            else:
                found = level_run(
                    self.levels, chaining.nesting, start, self.budget, lambda: self._propagate(start),
                    lambda run, extra: self._propagate(start, (run, extra)), chaining.advanced,
                )
            if start & 1:
                self.runs[start] = found
        return found

    def _kept_run(self, memo: InnerSearch, start: Node) -> Run:
        """A static run: kept from an earlier position where nothing it reached changed
        (spending what it spent then), or made and kept."""
        kept = memo.run(start)
        if kept is not None:
            self.budget.spend(kept[1])
            return kept[0]
        before = self.budget.used
        found = self._propagate(start)
        memo.put(start, found, self.budget.used - before)
        return found

    def _propagate(self, start: Node, resume: tuple[Run, Advanced] | None = None) -> Run:
        chaining = self.chaining
        if chaining.nishio:
            return self._nishio_run(start)
        kept = self.kept
        if kept is None:
            return propagate(
                self.position, (start,), dynamic=chaining.dynamic, y_links=True, budget=self.budget,
                advanced=chaining.advanced, links=self.links, limit=self.limit(), resume=resume,
            )
        limit = self.limit()
        found = kept.get(start, limit)
        if found is not None:
            self.budget.spend(found[1])
            return found[0]
        before = self.budget.used
        run = propagate(self.position, (start,), dynamic=chaining.dynamic, y_links=True, budget=self.budget, links=self.links, limit=limit, rules=False)
        kept.put(start, limit, run, self.budget.used - before)
        return run

    def _nishio_run(self, start: Node) -> Run:
        """A Nishio run: X links only and no inner rules, so it reads the places of its
        start's digit and nothing else (``propagation``: on -> off and off -> on within one
        digit). Kept by those places, the start and the limit (``_NISHIO_RUNS``), spending
        what it spent when made."""
        limit = self.limit()
        key = (start, -1 if limit is None else limit, self.cells_with[digit_of(start)])
        kept = _NISHIO_RUNS.get(key)
        if kept is not None:
            self.budget.spend(kept[1])
            return kept[0]
        before = self.budget.used
        run = propagate(self.position, (start,), dynamic=True, y_links=False, budget=self.budget, links=self.links, limit=limit, rules=False)
        _NISHIO_RUNS.put(key, (run, self.budget.used - before))
        return run

    def limit(self) -> int | None:
        """The most nodes a hint may rest on to matter (None: any, until a first hint is
        found)."""
        return None if self.best is None or self.best.hint is None else self.best.limit


class MultipleChaining(BaseTechnique):
    """SE's Nishio, multiple, dynamic and nested forcing chains (see the module docstring)."""

    def __init__(self, multiple: bool, dynamic: bool, nishio: bool, level: int = 0, advanced: NestedRules | None = None) -> None:
        name, code = _names(multiple, dynamic, nishio, level)
        super().__init__(Declaration(name, code, profile="se"))
        self.multiple, self.dynamic, self.nishio, self.nesting = multiple, dynamic, nishio, level
        self.advanced = advanced
        self.base = _base(multiple, dynamic, nishio, level)
        self.prefix = "Dynamic " if level > 0 or (dynamic and not nishio) else ("Nishio " if nishio else "")
        self.suffix = " Chains" + nested_suffix(level)
        self.kept_runs = RunMemo()

    def find(self, grid: Position) -> Iterator[Step]:
        """Every hint, in the order SE sorts them (easiest, then least complex, first), one
        per set of removals. The first one (the step SE takes) comes from a search that
        skips what cannot beat the best hint found so far; the rest, if asked for, from a
        search of every hint. A listing's work bound (``engine.stop.work_limit``) that stops
        that search leaves the hints found so far: they come in the same order, then the
        bound is passed on (the listing is cut)."""
        try:
            best = self._best(grid, Budget(NODE_BOUND))
        except BestSoFar as stopped:
            yield stopped.hint.to_step()
            raise stopped.bound from None
        if best is None:
            return
        yield best.to_step()
        found: list[ChainHint] = []
        spent: WorkLimitReached | None = None
        try:
            self.hints(grid, Budget(NODE_BOUND), found)
        except WorkLimitReached as bound:
            spent = bound
        found.sort(key=lambda h: h.key)
        seen: set[object] = {best.effect}
        for hint in found:
            if hint.effect not in seen:
                seen.add(hint.effect)
                yield hint.to_step()
        if spent is not None:
            raise spent

    def hints(self, position: Position, budget: Budget, out: list[ChainHint] | None = None, memo: InnerSearch | None = None) -> list[ChainHint]:
        """Every hint in SE's order of discovery, on this position (appended to ``out``,
        as they are found, when given). ``memo``: what earlier searches of a sequence
        keep for this one (begun on this position; Y links unless Nishio)."""
        return self._search(_Search(self, position, budget, None, memo), [] if out is None else out)

    def _best(self, position: Position, budget: Budget) -> ChainHint | None:
        """The hint SE takes (the first of every hint, sorted). Stopped by a listing's
        work bound, the best hint found until then comes with the bound
        (:class:`BestSoFar`)."""
        best = _Best()
        try:
            self._search(_Search(self, position, budget, best), [])
        except WorkLimitReached as bound:
            if best.hint is None:
                raise
            raise BestSoFar(best.hint, bound) from None
        return best.hint

    def _search(self, search: _Search, out: list[ChainHint]) -> list[ChainHint]:
        cands = search.cands
        for cell in range(N_CELLS):
            count = MASK_COUNT[cands[cell]]
            if count > 2 or (count > 1 and self.dynamic):
                for hint in self._cell_hints(search, cell):
                    if search.best is None:
                        out.append(hint)
                    else:
                        search.best.offer(hint)
        return out

    def _cell_hints(self, search: _Search, cell: int) -> Iterator[ChainHint]:
        cands = search.cands
        count = MASK_COUNT[cands[cell]]
        per_value: list[Run] = []
        for digit in MASK_DIGITS[cands[cell]]:
            start = node(cell, digit, True)
            on_run = search.run_from(start)
            if self.dynamic or self.nishio:  # static runs use neither contradictions nor doubles
                off_run = search.run_from(start ^ 1)
                if on_run.contradiction:
                    hint = self._binary(search, start, on_run.contradiction, on_run)
                    if hint is not None:
                        yield hint
                if off_run.contradiction:
                    hint = self._binary(search, start ^ 1, off_run.contradiction, off_run)
                    if hint is not None and hint.removals:
                        yield hint
                if count >= 3 and self.dynamic and not self.nishio:
                    yield from self._doubles(search, start, on_run, off_run)
            if not self.nishio:
                yield from self._regions(search, cell, digit, on_run)
            per_value.append(on_run)
        if not self.nishio and (count == 2 or (self.multiple and count > 2)):
            yield from self._common(search, per_value, "Cell Forcing", 5, cell, 0, -1, CELL_RULE)

    def _binary(self, search: _Search, source: Node, pair: tuple[tuple[Node, tuple[Node, ...]], tuple[Node, tuple[Node, ...]]], run: Run) -> ChainHint | None:
        (on_node, on_causes), (off_node, off_causes) = pair
        targets = (Target(run, on_node, on_causes), Target(run, off_node, off_causes))
        limit = search.limit()
        if limit is not None and run.bounded and run.reach(on_causes) + run.reach(off_causes) + 2 > limit:
            return None
        result = source ^ 1  # the assumption is false
        placement, removals = removal_of(result, search.cands)
        kind = "Forcing" if self.nishio else "Contradiction Forcing"

        def text(chains: tuple[tuple[Node, ...], ...]) -> str:
            return (
                f"If {node_name(source)}, then {chain_words(chains[0])} and {chain_words(chains[1])}: "
                f"{CELL_NAMES[cell_of(on_node)]} would both be and not be {digit_of(on_node)}. So "
                f"{conclusion_words(placement, () if placement else removals)}."
            )

        return self._hint(search, kind, 7, placement, removals, targets, text)

    def _doubles(self, search: _Search, source: Node, on_run: Run, off_run: Run) -> Iterator[ChainHint]:
        limit = search.limit() if on_run.bounded and off_run.bounded else None  # runs made before a first hint have no depths
        ons: dict[BoxedNode, tuple[Node, ...]] = on_run.on
        other_ons: dict[BoxedNode, tuple[Node, ...]] = off_run.on
        if _meet([ons, other_ons]):
            for n in ons:
                if n in other_ons:
                    if limit is not None and on_run.depth_of(n) + off_run.depth_of(n) > limit:
                        continue
                    placement, removals = removal_of(n, search.cands)
                    if removals:
                        hint = self._double(search, source, n, on_run, off_run, placement, removals)
                        if hint is not None:
                            yield hint
        offs: dict[BoxedNode, tuple[Node, ...]] = on_run.off
        other_offs: dict[BoxedNode, tuple[Node, ...]] = off_run.off
        if _meet([offs, other_offs]):
            for n in offs:
                if n in other_offs:
                    if limit is not None and on_run.depth_of(n) + off_run.depth_of(n) > limit:
                        continue
                    hint = self._double(search, source, n, on_run, off_run, None, (Candidate(digit_of(n), cell_of(n)),))
                    if hint is not None:
                        yield hint

    def _double(
        self, search: _Search, source: Node, n: Node, on_run: Run, off_run: Run, placement: Candidate | None, removals: tuple[Candidate, ...]
    ) -> ChainHint | None:
        targets = (target(on_run, n), target(off_run, n))

        def text(chains: tuple[tuple[Node, ...], ...]) -> str:
            return (
                f"Whether {node_name(source)} or not, {node_name(n)}: {chain_words(chains[0])}; "
                f"{chain_words(chains[1])}. So {conclusion_words(placement, () if placement else removals)}."
            )

        return self._hint(search, "Double Forcing", 1, placement, removals, targets, text)

    def _regions(self, search: _Search, cell: int, digit: int, on_run: Run) -> Iterator[ChainHint]:
        low, high = split(search.cells_with[digit])  # halves: no object per test (see split)
        for u in UNITS_OF[cell]:
            unit_low, unit_high = UNIT_HALVES[u]
            lo, hi = low & unit_low, high & unit_high
            count = half_count(lo, hi)
            if not (count == 2 or (self.multiple and count > 2)):
                continue
            if first_of_halves(lo, hi) != cell:
                continue  # met from its first place (a house's cells are in ascending order)
            cells = half_indices(lo, hi)  # ascending, as the house's cells
            runs = [on_run if c == cell else search.run_from(node(c, digit, True)) for c in cells]
            yield from self._common(search, runs, "Region Forcing", 6, cell, digit, u, UNITS_OF[cell].index(u) + 1)

    def _common(
        self, search: _Search, runs: list[Run], kind: str, sort_key: int, cell: int, digit: int, unit: int, root_rule: int
    ) -> Iterator[ChainHint]:
        """Hints for the states every run reaches: on states first, then off states. The
        branches start from the places of ``digit`` in house ``unit``, or from the
        candidates of ``cell`` (``unit`` -1): named only for a hint (``_where``), most
        searches find none."""
        limit = search.limit() if all(r.bounded for r in runs) else None  # runs made before a first hint have no depths
        two = len(runs) == 2
        for on in (True, False):
            reached: list[dict[BoxedNode, tuple[Node, ...]]] = [r.on if on else r.off for r in runs]
            if not _meet(reached):
                continue  # no node reached by every run (most searches): found reading the fewest
            second, beyond = reached[1], reached[2:]
            for n in reached[0]:
                if n in second and (two or _in_all(n, beyond)):
                    if limit is not None and _depth_sum(runs, n) > limit:
                        continue
                    placement, removals = removal_of(n, search.cands)
                    if removals:
                        what, source = _where(cell, digit, unit)
                        targets = tuple(target(r, n) for r in runs)
                        hint = self._hint(search, kind, sort_key, placement, removals, targets, _common_text(what, n, placement, removals), root_rule, source)
                        if hint is not None:
                            yield hint

    def _hint(
        self, search: _Search, kind: str, sort_key: int, placement: Candidate | None, removals: tuple[Candidate, ...],
        targets: tuple[Target, ...], text: Callable[[tuple[tuple[Node, ...], ...]], str], root_rule: int = -1, source: str = "",
    ) -> ChainHint | None:
        complexity = complexity_of(targets)
        limit = search.limit()
        if limit is not None and complexity > limit:
            return None
        name = self.prefix + kind + self.suffix

        def words() -> tuple[tuple[tuple[Node, ...], ...], str]:
            chains = tuple(main_path(t) for t in targets)
            return chains, text(chains)

        return ChainHint(
            name, self.code, chain_difficulty(self.base, complexity), complexity, sort_key, placement, removals,
            words, RunsBasis(targets, root_rule), source,
        )


def _depth_sum(runs: list[Run], n: BoxedNode) -> int:
    """The depths of ``n`` in these runs (bounded runs), added up: no more than the nodes
    a hint concluding ``n`` from them rests on."""
    total = 0
    for r in runs:
        total += r.depth_of(n)
    return total


def _where(cell: int, digit: int, unit: int) -> tuple[str, str]:
    """What the branches of a region (``unit``) or cell (-1) hint start from, in words and
    in short."""
    if unit < 0:
        return f"the candidates of {CELL_NAMES[cell]}", CELL_NAMES[cell]
    return f"{digit} in {UNITS[unit].long_name}", f"{digit} in {UNITS[unit].name}"


def _meet(reached: list[dict[BoxedNode, tuple[Node, ...]]]) -> bool:
    """Whether some node is in every one of ``reached`` (runs' nodes of one state), read
    from the one with the fewest: a test before reading the first in its order, which
    finds hints in SE's order but mostly finds none."""
    fewest = reached[0]
    for nodes in reached:
        if len(nodes) < len(fewest):
            fewest = nodes
    for n in fewest:
        everywhere = True
        for nodes in reached:
            if nodes is not fewest and n not in nodes:
                everywhere = False
                break
        if everywhere:
            return True
    return False


def _in_all(n: BoxedNode, reached: list[dict[BoxedNode, tuple[Node, ...]]]) -> bool:
    """Whether every run of ``reached`` (their nodes of one state) reached ``n``."""
    for nodes in reached:
        if n not in nodes:
            return False
    return True


def _common_text(what: str, n: Node, placement: Candidate | None, removals: tuple[Candidate, ...]) -> Callable[[tuple[tuple[Node, ...], ...]], str]:
    def text(chains: tuple[tuple[Node, ...], ...]) -> str:
        branches = "; ".join(chain_words(chain) for chain in chains)
        return f"Whichever of {what} is true, {node_name(n)}: {branches}. So {conclusion_words(placement, () if placement else removals)}."

    return text


def _base(multiple: bool, dynamic: bool, nishio: bool, level: int) -> float:
    if level >= 2:
        return 9.5 + 0.5 * (level - 2)
    if level > 0:
        return 8.5 + 0.5 * level
    if nishio:
        return 7.5
    if dynamic:
        return 8.5
    return 8.0


def _names(multiple: bool, dynamic: bool, nishio: bool, level: int) -> tuple[str, str]:
    if nishio:
        return "Nishio Forcing Chains", "snfc"
    if level:
        return "Dynamic Forcing Chains" + nested_suffix(level), f"sdfc{level}"
    if dynamic:
        return "Dynamic Forcing Chains", "sdfc"
    return "Multiple Forcing Chains", "smfc"


NISHIO_FORCING_CHAINS: Final = MultipleChaining(multiple=False, dynamic=True, nishio=True)
MULTIPLE_FORCING_CHAINS: Final = MultipleChaining(multiple=True, dynamic=False, nishio=False)
DYNAMIC_FORCING_CHAINS: Final = MultipleChaining(multiple=True, dynamic=True, nishio=False)
