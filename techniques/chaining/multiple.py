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

from typing import Callable, Iterator, NamedTuple, Sequence

from engine.cells import CELL_NAMES, MASK_COUNT, MASK_DIGITS, N_CELLS, UNITS, UNITS_OF
from engine.position import Position
from engine.step import Candidate, Step
from engine.technique import BaseTechnique, Declaration
from techniques.chaining.hints import ChainHint, chain_difficulty, chain_words, conclusion_words, removal_of
from techniques.chaining.nodes import CELL_RULE, Links, Node, cell_of, digit_of, node, node_name
from techniques.chaining.propagation import Advanced, Budget, Run, propagate

#: Propagated nodes one producer call may take (a bound on work, never time).
NODE_BOUND = 20_000_000

RunFrom = Callable[[Node], Run]
_SUFFIX = {1: " (+)", 2: " (+ Forcing Chains)", 3: " (+ Multiple Forcing Chains)", 4: " (+ Dynamic Forcing Chains)"}


def nested_suffix(level: int) -> str:
    if level >= 5:
        return " (+ Dynamic Forcing Chains" + nested_suffix(level - 3) + ")"
    return _SUFFIX.get(level, "")


class Target(NamedTuple):
    """A branch's conclusion: a node reached by a run, with its causes (its own, for the
    node a contradiction ends on)."""

    run: Run
    node: Node
    causes: tuple[Node, ...]


def target(run: Run, n: Node) -> Target:
    return Target(run, n, run.causes(n))


def chain_of(t: Target) -> list[Node]:
    """The nodes a branch rests on, breadth first from its conclusion (SE's getChain)."""
    run = t.run
    result: list[Node] = []
    done: set[Node] = set()
    level: list[tuple[Node, tuple[Node, ...]]] = [(t.node, t.causes)]
    while level:
        following: list[tuple[Node, tuple[Node, ...]]] = []
        for n, causes in level:
            if n not in done:
                done.add(n)
                result.append(n)
                following.extend((c, run.causes(c)) for c in causes)
        level = following
    return result


def main_path(t: Target) -> tuple[Node, ...]:
    """From the assumption to the conclusion along first causes, for the explanation."""
    out = [t.node]
    causes = t.causes
    while causes:
        out.append(causes[0])
        causes = t.run.causes(causes[0])
    out.reverse()
    return tuple(out)


def complexity_of(targets: Sequence[Target]) -> int:
    """SE's complexity: the nodes each branch rests on, plus each distinct inner chain."""
    flat = 0
    nested = 0
    seen: set[object] = set()
    for t in targets:
        chain = chain_of(t)
        flat += len(chain)
        if t.run.nested:
            for n in chain:
                inner = t.run.nested.get(n)
                if inner is not None and inner.identity not in seen:
                    seen.add(inner.identity)
                    nested += inner.complexity
    return flat + nested


class RunsBasis:
    """The branches of a hint built from runs, for use inside a nested chain. ``root_rule``:
    the rule SE gives each branch's assumption (the cell for cell forcing chains, the house
    for region forcing chains, none otherwise)."""

    def __init__(self, targets: tuple[Target, ...], root_rule: int) -> None:
        self.targets = targets
        self.root_rule = root_rule

    def ons(self) -> list[tuple[Node, int]]:
        out = []
        for t in self.targets:
            rules = t.run.rule
            for n in chain_of(t):
                if n & 1:
                    out.append((n, rules.get(n, self.root_rule)))
        return out

    def identity(self) -> object:
        """The targets and every node they rest on, in order (SE's FullChain)."""
        return tuple((t.node, tuple(chain_of(t))) for t in self.targets)


class MultipleChaining(BaseTechnique):
    """SE's Nishio, multiple, dynamic and nested forcing chains (see the module docstring)."""

    def __init__(self, multiple: bool, dynamic: bool, nishio: bool, level: int = 0, advanced: Advanced | None = None) -> None:
        name, code = _names(multiple, dynamic, nishio, level)
        super().__init__(Declaration(name, code, profile="se"))
        self.multiple, self.dynamic, self.nishio, self.nesting = multiple, dynamic, nishio, level
        self.advanced = advanced
        self.base = _base(multiple, dynamic, nishio, level)
        self.prefix = "Dynamic " if level > 0 or (dynamic and not nishio) else ("Nishio " if nishio else "")
        self.suffix = " Chains" + nested_suffix(level)

    def find(self, grid: Position) -> Iterator[Step]:
        """Every hint, in the order SE sorts them (easiest, then least complex, first), one
        per set of removals."""
        found = self.hints(grid, Budget(NODE_BOUND))
        found.sort(key=lambda h: h.key)
        seen: set[object] = set()
        for hint in found:
            if hint.effect not in seen:
                seen.add(hint.effect)
                yield hint.to_step()

    def hints(self, position: Position, budget: Budget) -> list[ChainHint]:
        """Every hint in SE's order of discovery, on this position."""
        runs: dict[Node, Run] = {}
        cands, cells_with = position.cands, position.cells_with
        links = Links(cands, cells_with, not self.nishio)

        def run_from(start: Node) -> Run:
            found = runs.get(start)
            if found is None:
                found = propagate(
                    position, (start,), dynamic=self.dynamic, y_links=not self.nishio, budget=budget, advanced=self.advanced,
                    links=links,
                )
                if start & 1:
                    runs[start] = found  # an "on" run is asked for again by region chains
            return found

        out: list[ChainHint] = []
        for cell in range(N_CELLS):
            count = MASK_COUNT[cands[cell]]
            if count > 2 or (count > 1 and self.dynamic):
                out.extend(self._cell_hints(cands, cells_with, cell, run_from))
        return out

    def _cell_hints(self, cands: list[int], cells_with: list[int], cell: int, run_from: RunFrom) -> Iterator[ChainHint]:
        count = MASK_COUNT[cands[cell]]
        per_value: list[Run] = []
        for digit in MASK_DIGITS[cands[cell]]:
            start = node(cell, digit, True)
            on_run = run_from(start)
            if self.dynamic or self.nishio:  # static runs use neither contradictions nor doubles
                off_run = run_from(start ^ 1)
                if on_run.contradiction:
                    yield self._binary(cands, start, on_run.contradiction, on_run, absurd=True)
                if off_run.contradiction:
                    hint = self._binary(cands, start ^ 1, off_run.contradiction, off_run, absurd=True)
                    if hint.removals:
                        yield hint
                if count >= 3 and self.dynamic and not self.nishio:
                    yield from self._doubles(cands, start, on_run, off_run)
            if not self.nishio:
                yield from self._regions(cands, cells_with, cell, digit, on_run, run_from)
            per_value.append(on_run)
        if not self.nishio and (count == 2 or (self.multiple and count > 2)):
            yield from self._cell_reductions(cands, cell, per_value)

    def _binary(self, cands: list[int], source: Node, pair: tuple[tuple[Node, tuple[Node, ...]], tuple[Node, tuple[Node, ...]]], run: Run, absurd: bool) -> ChainHint:
        (on_node, on_causes), (off_node, off_causes) = pair
        targets = (Target(run, on_node, on_causes), Target(run, off_node, off_causes))
        result = source ^ 1  # the assumption is false
        placement, removals = removal_of(result, cands)
        kind = "Forcing" if self.nishio else "Contradiction Forcing"

        def text(chains: tuple[tuple[Node, ...], ...]) -> str:
            return (
                f"If {node_name(source)}, then {chain_words(chains[0])} and {chain_words(chains[1])}: "
                f"{CELL_NAMES[cell_of(on_node)]} would both be and not be {digit_of(on_node)}. So "
                f"{conclusion_words(placement, () if placement else removals)}."
            )

        return self._hint(kind, 7, placement, removals, targets, text)

    def _doubles(self, cands: list[int], source: Node, on_run: Run, off_run: Run) -> Iterator[ChainHint]:
        for n in on_run.on:
            if n in off_run.on:
                placement, removals = removal_of(n, cands)
                if removals:
                    yield self._double(source, n, on_run, off_run, placement, removals)
        for n in on_run.off:
            if n in off_run.off:
                yield self._double(source, n, on_run, off_run, None, (Candidate(digit_of(n), cell_of(n)),))

    def _double(self, source: Node, n: Node, on_run: Run, off_run: Run, placement: Candidate | None, removals: tuple[Candidate, ...]) -> ChainHint:
        targets = (target(on_run, n), target(off_run, n))

        def text(chains: tuple[tuple[Node, ...], ...]) -> str:
            return (
                f"Whether {node_name(source)} or not, {node_name(n)}: {chain_words(chains[0])}; "
                f"{chain_words(chains[1])}. So {conclusion_words(placement, () if placement else removals)}."
            )

        return self._hint("Double Forcing", 1, placement, removals, targets, text)

    def _regions(self, cands: list[int], cells_with: list[int], cell: int, digit: int, on_run: Run, run_from: RunFrom) -> Iterator[ChainHint]:
        for u in UNITS_OF[cell]:
            places = cells_with[digit] & UNITS[u].mask
            count = places.bit_count()
            if not (count == 2 or (self.multiple and count > 2)):
                continue
            cells = [c for c in UNITS[u].cells if places >> c & 1]
            if cells[0] != cell:
                continue
            runs = [on_run if c == cell else run_from(node(c, digit, True)) for c in cells]
            where = (f"{digit} in {UNITS[u].long_name}", f"{digit} in {UNITS[u].name}")
            yield from self._common(cands, runs, "Region Forcing", 6, where, UNITS_OF[cell].index(u) + 1)

    def _cell_reductions(self, cands: list[int], cell: int, runs: list[Run]) -> Iterator[ChainHint]:
        yield from self._common(cands, runs, "Cell Forcing", 5, (f"the candidates of {CELL_NAMES[cell]}", CELL_NAMES[cell]), CELL_RULE)

    def _common(
        self, cands: list[int], runs: list[Run], kind: str, sort_key: int, where: tuple[str, str], root_rule: int
    ) -> Iterator[ChainHint]:
        """Hints for the states every run reaches: on states first, then off states.
        ``where``: what the branches start from, in words and in short."""
        what, source = where
        first, rest = runs[0], runs[1:]
        for on in (True, False):
            common = set(first.on if on else first.off)
            for r in rest:
                common.intersection_update(r.on if on else r.off)
            if not common:
                continue
            for n in first.on if on else first.off:
                if n in common:
                    placement, removals = removal_of(n, cands)
                    if removals:
                        targets = tuple(target(r, n) for r in runs)
                        yield self._hint(kind, sort_key, placement, removals, targets, _common_text(what, n, placement, removals), root_rule, source)

    def _hint(
        self, kind: str, sort_key: int, placement: Candidate | None, removals: tuple[Candidate, ...], targets: tuple[Target, ...],
        text: Callable[[tuple[tuple[Node, ...], ...]], str], root_rule: int = -1, source: str = "",
    ) -> ChainHint:
        complexity = complexity_of(targets)
        name = self.prefix + kind + self.suffix

        def words() -> tuple[tuple[tuple[Node, ...], ...], str]:
            chains = tuple(main_path(t) for t in targets)
            return chains, text(chains)

        return ChainHint(
            name, self.code, chain_difficulty(self.base, complexity), complexity, sort_key, placement, removals,
            words, RunsBasis(targets, root_rule), source,
        )


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


NISHIO_FORCING_CHAINS = MultipleChaining(multiple=False, dynamic=True, nishio=True)
MULTIPLE_FORCING_CHAINS = MultipleChaining(multiple=True, dynamic=False, nishio=False)
DYNAMIC_FORCING_CHAINS = MultipleChaining(multiple=True, dynamic=True, nishio=False)
