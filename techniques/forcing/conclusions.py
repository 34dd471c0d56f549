"""Forcing chains and nets: what the branches of all assumptions prove together.

Two kinds of conclusion, as in HoDoKu:

* **contradiction**: one assumption leads to a broken rule (a cell without candidates, a
  house without a place for a digit, or a candidate both true and false), so it is false;
* **verity**: every branch of an either-or leads to the same fact, so the fact holds. The
  either-ors are a candidate being true or false, the candidates of a cell, and the places
  of a digit in a house. In nets, a branch that breaks a rule is impossible and is left out.

Each conclusion carries a cost (how many facts its explanation needs), so the simplest
comes first. A *prover* (chains or nets) finds the conclusions of one grid and turns
their branches back into proofs for the text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Final, Iterable, Iterator, Literal, Mapping, NamedTuple

from engine.cells import COMPILED, MASK_DIGITS, N_CELLS, UNITS, BoxedInt, bit_indices, halves
from engine.grid import Grid
from engine.stop import checkpoint
from techniques.forcing.link_tables import CANDIDATE_BITS, Closure, KnownClosure, LinkTables, candidate_cells, link_tables, lone_reach
from techniques.shared import N_CANDIDATES, candidate_at, candidate_index, candidate_literal, false_literal, is_true, node_of, true_literal
from techniques.forcing.node_sets import NO_PLACES, Places, cells_holding_all, node_set
from techniques.forcing.sweep import Swept, removal_alone, swept
from techniques.forcing.propagation import (
    Branch,
    BranchOutcome,
    Budget,
    Clash,
    Conflict,
    Event,
    Proof,
    Root,
    Rule,
    extract,
)

#: Verity conclusions whose exact cost is worked out before sorting (the rest keep the
#: estimate): extracting a net's proof is the expensive part of ranking.
EXACT_COSTS: Final = 40


class Spread(NamedTuple):
    """The either-or of a verity: a candidate true or false (``where`` is its true
    literal), the candidates of a cell, or the places of ``digit`` in a house."""

    kind: Literal["pair", "cell", "house"]
    where: int
    digit: int = 0


@dataclass(frozen=True)
class Conclusion:
    """A fact (a literal: true to place, false to remove) and why.

    ``premises`` are the branch assumptions (literals); ``ends`` says for each how it ends:
    a broken rule, or the literal of the concluded fact. ``spread`` names the either-or of a
    verity; None for a contradiction.
    """

    fact: int
    premises: tuple[int, ...]
    ends: tuple[Conflict | int, ...]
    cost: int
    spread: Spread | None = None

    @property
    def contradiction(self) -> bool:
        return self.spread is None

    def key(self) -> tuple[int, int, int, int]:
        # Placements before eliminations, as HoDoKu sorts its chains and nets (a placement
        # settles much more); then the shortest explanation, contradictions before
        # verities, and the fact itself for a fixed order.
        return (0 if is_true(self.fact) else 1, self.cost, 0 if self.contradiction else 1, self.fact)


def premises(grid: Grid) -> list[int]:
    """Every candidate, true and false, cell by cell (HoDoKu's table order)."""
    out = []
    for cell in range(N_CELLS):
        for digit in grid.candidates(cell):
            node = candidate_index(cell, digit)
            out += [true_literal(node), false_literal(node)]
    return out


def either_ors(grid: Grid) -> Iterator[tuple[Spread, list[int]]]:
    """The either-ors of a verity with their branch assumptions (literals that are true)."""
    for cell in range(N_CELLS):
        for digit in grid.candidates(cell):
            node = candidate_index(cell, digit)
            yield Spread("pair", true_literal(node)), [true_literal(node), false_literal(node)]
    for cell in range(N_CELLS):
        if grid.cands[cell]:
            yield Spread("cell", cell), [candidate_literal(cell, d, True) for d in grid.candidates(cell)]
    for unit in UNITS[9:] + UNITS[:9]:  # rows, columns, then boxes, as HoDoKu checks them
        for digit in grid.missing_digits(unit):
            places = grid.cells_with[digit] & unit.mask
            if places & (places - 1):
                cells = bit_indices(places)
                yield Spread("house", unit.number, digit), [candidate_literal(c, digit, True) for c in cells]


def _facts(on: int, off: int) -> list[int]:
    """The literals of bit sets of true and false candidates: the true ones first."""
    return [true_literal(n) for n in bit_indices(on)] + [false_literal(n) for n in bit_indices(off)]


def best(conclusions: Iterable[Conclusion]) -> list[Conclusion]:
    """One conclusion per fact (the cheapest), in order."""
    chosen: dict[int, Conclusion] = {}
    for c in conclusions:
        old = chosen.get(c.fact)
        if old is None or c.key() < old.key():
            chosen[c.fact] = c
    return sorted(chosen.values(), key=Conclusion.key)


# --- forcing chains ----------------------------------------------------------------------


class ChainProver:
    """All closures of one grid, and their chains on demand."""

    def __init__(self, grid: Grid) -> None:
        self.grid = grid
        self.tables = link_tables(grid)
        self._candidates = node_set(grid.cells_with)
        checkpoint(2 * self._candidates.bit_count())  # the work charged is a closure per premise, as before
        #: Every literal's closure at once (``LinkTables.closed_groups``), made when first
        #: needed: a step choice that tests a few premises only does without it.
        self._groups: tuple[list[BoxedInt], list[tuple[int, int]]] | None = None
        self._closures: ChainClosures | None = None
        self._open = open_cells(grid)
        self._houses_by_digit: list[list[tuple[int, int]]] | None = None
        self._halves: tuple[list[list[tuple[int, int]]], list[tuple[int, int]]] | None = None
        # Interpreted, the same tests on whole node sets (techniques.forcing.node_sets).
        self._all_places = NO_PLACES if COMPILED else Places(self._candidates)
        self._lacking = CANDIDATE_BITS & ~self._all_places.places
        #: Candidates a closure must take off to empty a cell or a house (see fewest_to_empty).
        self._fewest = fewest_to_empty(grid)

    @property
    def closures(self) -> ChainClosures:
        """The closures by premise (see :class:`ChainClosures`)."""
        if self._closures is None:
            group_of, reach = self._closed_groups()
            self._closures = ChainClosures(self.tables, self.grid, self._candidates, group_of, reach)
        return self._closures

    def _closed_groups(self) -> tuple[list[BoxedInt], list[tuple[int, int]]]:
        if self._groups is None:
            self._groups = self.tables.closed_groups()
        return self._groups

    @property
    def _houses(self) -> list[list[tuple[int, int]]]:
        """Per digit: (number, cells) of the houses where it still has places (made when
        first asked for: the step choice asks only whether a rule breaks)."""
        if self._houses_by_digit is None:
            cells_with = self.grid.cells_with
            self._houses_by_digit = [[(u.number, u.mask) for u in UNITS if cells_with[d] & u.mask] for d in range(10)]
        return self._houses_by_digit

    def _places_and_holders(self) -> tuple[list[list[tuple[int, int]]], list[tuple[int, int]]]:
        """Per digit, the places of the digit in those houses, and the cells holding it,
        as halves (see engine.cells.HALF_BITS): the compiled rule checks' (made once)."""
        if self._halves is None:
            cells_with = self.grid.cells_with
            places = [[halves(cells_with[d] & mask) for _, mask in houses] for d, houses in enumerate(self._houses)]
            self._halves = (places, [halves(cells) for cells in cells_with])
        return self._halves

    def proof(self, premise: int, end: Conflict | int) -> Proof:
        """The chains from ``premise`` to the end's facts, merged (shared starts once)."""
        return chain_proof(self.tables, self.closures[premise], end)

    def conclusions(self) -> list[Conclusion]:
        """Every contradiction, simplest first.

        Verities are not searched: a chain read backwards is a chain again, so a verity
        (each case of an either-or leads to Y) is always matched by a contradiction just
        as long (not-Y rules out every case). The contradiction is reported, as HoDoKu
        does when two forms tie.
        """
        found: list[Conclusion] = []
        for lit, closure in self.closures.items():
            conflict = self._conflict(closure)
            if conflict is not None:
                found.append(Conclusion(lit ^ 1, (lit,), (conflict[1],), conflict[0]))
        return best(found)

    def breaks(self, premise: int) -> bool:
        """Whether the closure of ``premise`` breaks a rule (its negation is a fact of
        :meth:`conclusions`; HoDoKu's step choice asks this, without the proof)."""
        group_of, reach = self._closed_groups()
        group: int = group_of[premise]
        on, off = reach[group] if group >= 0 else lone_reach(premise)
        return self._breaks(on, off)

    def breaks_alone(self, premise: int) -> bool:
        """:meth:`breaks`, the premise's closure followed on its own (level by level):
        cheaper than every literal's at once when only a few premises are asked about
        (those a bound leaves open, say)."""
        closure = self.tables.closure(premise >> 1, not premise & 1)
        return self._breaks(closure.on, closure.off)

    def _breaks(self, on: int, off: int) -> bool:
        """Whether :meth:`_broken_rules` finds any (without making them) in the closure of
        true nodes ``on`` and false nodes ``off``."""
        if on & off & CANDIDATE_BITS:
            return True
        if (off & CANDIDATE_BITS).bit_count() < self._fewest:
            return False  # too few candidates off to empty a cell or a house (a lone premise's)
        if not COMPILED:
            return self.sets_break(off)
        # On halves of the cell sets (see engine.cells.HALF_BITS): a test per house.
        empty_low, empty_high = halves(self._open)
        places, with_digit = self._places_and_holders()
        for digit in range(1, 10):
            off_low, off_high = halves(candidate_cells(off, digit))
            with_low, with_high = with_digit[digit]
            empty_low &= ~(with_low & ~off_low)
            empty_high &= ~(with_high & ~off_high)
            if not off_low | off_high:
                continue
            for low, high in places[digit]:
                if not (low & ~off_low or high & ~off_high):
                    return True  # every place of the digit in a house is off
        return bool(empty_low or empty_high)

    def sets_break(self, off: int) -> bool:
        """Whether removing ``off`` leaves a cell without candidates or a house without a
        place for a digit, tested on the whole node set at once (as interpreted code does
        it fastest)."""
        return bool(cells_holding_all(off | self._lacking) & self._open) or self._all_places.emptied(off)

    def _cost(self, closure: KnownClosure, lits: Iterable[int]) -> int:
        return sum(closure.distance(node_of(lit), is_true(lit)) for lit in lits)

    def _conflict(self, closure: KnownClosure) -> tuple[int, Conflict] | None:
        """The cheapest broken rule in a closure (ants: the literals that break it), the
        first found among equals."""
        options = [(self._cost(closure, c.ants), c) for c in self._broken_rules(closure)]
        return min(options, key=lambda option: option[0]) if options else None

    def _broken_rules(self, closure: KnownClosure) -> Iterator[Conflict]:
        """Every rule a closure breaks: candidates both true and false, then houses left
        without a place for a digit (digit by digit), then cells left without candidates."""
        for node in bit_indices(closure.on & closure.off & CANDIDATE_BITS):
            cell, digit = candidate_at(node)
            yield Conflict(Clash.BOTH, cell, -1, digit, (true_literal(node), false_literal(node)))
        grid = self.grid
        empty = self._open
        for digit in range(1, 10):
            off = candidate_cells(closure.off, digit)
            cw = grid.cells_with[digit]
            empty &= off | ~cw
            if not off:
                continue
            left = cw & ~off
            for unit, mask in self._houses[digit]:
                if not left & mask:
                    yield Conflict(Clash.NO_PLACE, -1, unit, digit, tuple(candidate_literal(c, digit, False) for c in bit_indices(cw & mask)))
        for cell in bit_indices(empty):
            yield Conflict(Clash.EMPTY_CELL, cell, -1, 0, tuple(candidate_literal(cell, d, False) for d in grid.candidates(cell)))

    def verities(self) -> list[Conclusion]:
        """Every chain verity (for tests of the claim above; never needed to solve)."""
        found: list[Conclusion] = []
        for spread, lits in either_ors(self.grid):
            closures = [self.closures[lit] for lit in lits]
            on, off = CANDIDATE_BITS, CANDIDATE_BITS
            for closure in closures:
                on &= closure.on
                off &= closure.off
            for fact in _facts(on, off):
                if fact not in lits:
                    cost = sum(self._cost(closure, (fact,)) for closure in closures)
                    found.append(Conclusion(fact, tuple(lits), tuple(fact for _ in lits), cost, spread))
        return found


def fully_open(grid: Grid) -> bool:
    """Whether every open cell keeps two candidates or more and every digit missing from a
    house two places or more: no single (HoDoKu's tables place those from the start, our
    branches do not) and nothing emptied (the grid refuses to lose a house's last place for
    a digit; a cell without candidates is looked for here)."""
    if grid.oldest_naked_single() is not None or grid.has_hidden_single():
        return False
    values, cands = grid.values, grid.cands
    return all(values[cell] or cands[cell] for cell in range(N_CELLS))


def fewest_to_empty(grid: Grid) -> int:
    """How many candidates at least must be removed to leave some empty cell without
    candidates or some house without a place for a digit it has places for: 2 in a
    :func:`fully_open` grid (the forcing chains' grids), else 0 (no bound)."""
    return 2 if fully_open(grid) else 0


class ChainClosures(Mapping[int, KnownClosure]):
    """The closures of a grid's premises (every candidate, true and false), by premise, in
    the order of :func:`premises`. Each is made when first looked up, and kept (its levels
    are found once, when a chain is traced or counted): the step choice reads most
    premises' bit sets only (:meth:`ChainProver.breaks`), and those of a few closures.
    Nothing here refers back to the prover (no reference cycle to collect)."""

    def __init__(self, tables: LinkTables, grid: Grid, candidates: int, group_of: list[BoxedInt], reach: list[tuple[int, int]]) -> None:
        self.tables = tables
        self.grid = grid
        self.candidates = candidates  # the grid's candidates, as node bits
        self.group_of = group_of  # as LinkTables.closed_groups gives them
        self.reach = reach
        self.made: dict[int, KnownClosure] = {}

    def __getitem__(self, premise: int) -> KnownClosure:
        closure = self.made.get(premise)
        if closure is None:
            node = premise >> 1
            if node >= N_CANDIDATES or not self.candidates >> node & 1:
                raise KeyError(premise)
            group: int = self.group_of[premise]
            on, off = self.reach[group] if group >= 0 else lone_reach(premise)
            closure = self.made[premise] = KnownClosure(self.tables, node, not premise & 1, on, off)
        return closure

    def __iter__(self) -> Iterator[int]:
        return iter(premises(self.grid))

    def __len__(self) -> int:
        return 2 * self.candidates.bit_count()


def chain_proof(tables: LinkTables, closure: Closure | KnownClosure, end: Conflict | int) -> Proof:
    """The chains of one closure to the end's facts (a broken rule's, or one concluded
    literal), merged into one proof: a start they share is told once."""
    targets = end.ants if isinstance(end, Conflict) else (end,)
    events: list[Event] = []
    at: dict[int, int] = {}
    for target in targets:
        path = tables.path(closure, node_of(target), is_true(target))
        local: list[int] = []
        for event in path:
            if event.lit not in at:
                at[event.lit] = len(events)
                events.append(event._replace(ants=tuple(local[a] for a in event.ants)))
            local.append(at[event.lit])
    if isinstance(end, Conflict):
        return Proof(tuple(events), end._replace(ants=tuple(at[t] for t in targets)))
    return Proof(tuple(events), at[end], end)


def open_cells(grid: Grid) -> int:
    """The cells without a value, as a cell set."""
    cells = 0
    for c in range(N_CELLS):
        if not grid.values[c]:
            cells |= 1 << c
    return cells


# --- forcing nets ------------------------------------------------------------------------


class NetProver:
    """The depth-1 branches of every assumption of one grid, and their proofs on demand.

    Interpreted, every assumption is first only swept (:func:`techniques.forcing.sweep.sweep`:
    where it ends, without the record of why). A branch with its record is followed for
    the assumptions that break a rule, and for those whose proofs or positions a verity
    asks for (a tenth of them on a hard grid), when it asks. Compiled, where the record
    costs little and a branch followed twice costs more than the sweep saves, every
    branch is followed at once."""

    def __init__(self, grid: Grid, only: Iterable[int] | None = None) -> None:
        """Every assumption's end, or ``only`` those (followed in full at once, to explain
        a conclusion found otherwise; the work charged is the same)."""
        self.grid = grid
        self.root = Root(grid)
        #: The branches followed with their record so far, by premise.
        self.branches: dict[int, Branch] = {}
        self.conflicts: dict[int, Conflict] = {}
        #: Set by :meth:`conclusions`: something follows at depth 1 (a net or a mere chain).
        self.settled = False
        self.on: dict[int, int] = {}
        self.off: dict[int, int] = {}
        if only is not None:
            checkpoint(len(premises(grid)))
            for lit in dict.fromkeys(only):
                self._follow(lit)
            return
        if COMPILED:  # compiled, a branch's record costs little: each followed at once
            for lit in premises(grid):
                checkpoint()
                self._follow(lit)
            return
        on, off = self.on, self.off
        alike = same_ends(self.root)
        ends: dict[int, tuple[int, int] | None] = {}  # by the first literal of each class
        for cell in range(N_CELLS):  # the premises, in order (see premises())
            digits = grid.candidates(cell)
            self._sweep_cell(cell, digits, alike, ends)
            for digit in digits:
                node = candidate_index(cell, digit)
                for lit in (true_literal(node), false_literal(node)):
                    end = ends[alike.get(lit, lit)]
                    if end is None:
                        self._follow(lit)  # it breaks a rule: which one, and why
                    else:
                        on[lit], off[lit] = end

    def _sweep_cell(self, cell: int, digits: tuple[int, ...], alike: dict[int, int], ends: dict[int, tuple[int, int] | None]) -> None:
        """The ends of the premises of ``cell`` (its ``digits``) not in ``ends`` yet (one
        per class of ``alike``, see :func:`same_ends`): "is not" first, then "is", each
        carried on from the end of an "is not" of another digit of the cell it implies
        (the one that places most), and broken when one of those breaks."""
        root = self.root
        ends_of_not: dict[int, Swept | None] = {}
        nodes = [candidate_index(cell, digit) for digit in digits]
        for digit, node in zip(digits, nodes):
            checkpoint()
            lit = false_literal(node)
            first = alike.get(lit, lit)
            if first in ends:
                continue
            alone = removal_alone(root, cell, digit)
            if alone is not None:
                ends[first] = alone
                continue
            state = ends_of_not[digit] = swept(root, cell, digit, False)
            ends[first] = None if state is None else state.ends()
        for digit, node in zip(digits, nodes):
            checkpoint()
            lit = true_literal(node)
            first = alike.get(lit, lit)
            if first in ends:
                continue
            after: Swept | None = None
            broken = False
            for other, state in ends_of_not.items():
                if other == digit:
                    continue
                if state is None:
                    broken = True
                    break
                if after is None or state.placed_nodes.bit_count() > after.placed_nodes.bit_count():
                    after = state
            if broken:
                ends[first] = None
                continue
            state = swept(root, cell, digit, True, after)
            ends[first] = None if state is None else state.ends()

    def _follow(self, lit: int) -> None:
        branch = Branch(self.root, locked=True)
        self.branches[lit] = branch
        cell, digit = candidate_at(node_of(lit))
        try:
            branch.assume(cell, digit, is_true(lit))
        except BranchOutcome as out:
            self.conflicts[lit] = out.conflict
            return
        self.on[lit] = sum(1 << candidate_index(c, branch.values[c]) for c in branch.place_at)
        self.off[lit] = sum(1 << i for i in branch.elim_at)

    def _branch(self, premise: int) -> Branch:
        """The premise's branch with its record, followed when first asked for."""
        branch = self.branches.get(premise)
        if branch is None:
            self._follow(premise)
            branch = self.branches[premise]
        return branch

    def proof(self, premise: int, end: Conflict | int) -> Proof:
        branch = self._branch(premise)
        if isinstance(end, Conflict):
            return extract(branch.log, end.ants, end)[0]
        eid = self._position(premise, end)
        return extract(branch.log, (eid,), eid, fact=end)[0]

    def conclusions(self) -> Iterator[Conclusion]:
        """Net conclusions, simplest first; those that are mere chains are left to the
        Forcing Chain. Only the best estimates are ranked exactly, the rest follow lazily."""
        found = []
        for lit, conflict in self.conflicts.items():
            proof = self.proof(lit, conflict)
            if is_net(proof):
                found.append(Conclusion(lit ^ 1, (lit,), (conflict,), len(proof.events)))
        estimates = []
        for spread, lits in either_ors(self.grid):
            estimates += self._verities(spread, lits)
        estimates.sort(key=Conclusion.key)
        self.settled = bool(self.conflicts or estimates)
        found += [e for c in estimates[:EXACT_COSTS] if (e := self._exact(c)) is not None]
        done = set()
        for placing in (True, False):  # placements first, as in Conclusion.key
            for c in best(c for c in found if is_true(c.fact) == placing):
                done.add(c.fact)
                yield c
            for c in estimates[EXACT_COSTS:]:
                if is_true(c.fact) == placing and c.fact not in done and (exact := self._exact(c)) is not None:
                    done.add(c.fact)
                    yield exact

    def _verities(self, spread: Spread, lits: list[int]) -> list[Conclusion]:
        conflicts, ends_on, ends_off = self.conflicts, self.on, self.off
        live = []
        on, off = CANDIDATE_BITS, CANDIDATE_BITS
        for lit in lits:
            if lit not in conflicts:
                live.append(lit)
                on &= ends_on[lit]
                off &= ends_off[lit]
                if not on and not off:
                    return []  # the branches agree on nothing (most either-ors)
        if not live:
            return []  # every branch breaks a rule: the grid itself is broken
        out = []
        dead_cost = sum(len(self.branches[lit].log) for lit in lits if lit in self.conflicts)
        for fact in _facts(on, off):
            if fact in lits and len(live) > 1:
                continue
            ends = tuple(self.conflicts.get(lit, fact) for lit in lits)
            estimate = dead_cost + sum(self._position(lit, fact) + 1 for lit in live)
            out.append(Conclusion(fact, tuple(lits), ends, estimate, spread))
        return out

    def _position(self, premise: int, fact: int) -> int:
        """The index of the event in the premise's branch that derived ``fact``."""
        branch = self._branch(premise)
        cell, _ = candidate_at(node_of(fact))
        return branch.place_at[cell] if is_true(fact) else branch.elim_at[node_of(fact)]

    def _exact(self, c: Conclusion) -> Conclusion | None:
        """The conclusion with its true cost, or None when it is only a chain."""
        proofs = [self.proof(p, e) for p, e in zip(c.premises, c.ends)]
        if not any(is_net(proof) for proof in proofs):
            return None
        return Conclusion(c.fact, c.premises, c.ends, sum(len(p.events) for p in proofs), c.spread)


def same_ends(root: Root) -> dict[int, int]:
    """Literals whose sweeps end in the same place, each mapped to one literal of its
    class (literals in no class are left out): "is d" and "is not e" in a cell with two
    candidates d and e, and "is d" in one cell and "is not d" in the other where a house
    has two places for d (a strong link), and so on along chains of such links.

    Why: a sweep ends in the largest position, below its start, where none of its rules
    (singles and locked candidates, in houses and cells that lost something) applies;
    the order it applies them in does not matter, nor whether it breaks a rule. (If a
    rule applies in a position, it applies in any position with fewer candidates, or that
    one breaks a rule: so every position closed under the rules and below the start lies
    below each step of the sweep.) Each end of a linked pair holds the other's
    assumption: "is not e" leaves d, a single; "is d" takes e. So each end is closed and
    below the other's start, and the two are one."""
    parent: dict[int, int] = {}
    for cell in range(N_CELLS):
        mask = root.cands[cell]
        if mask.bit_count() == 2 and not root.values[cell]:
            d, e = MASK_DIGITS[mask]
            _join(parent, true_literal(candidate_index(cell, d)), false_literal(candidate_index(cell, e)))
            _join(parent, false_literal(candidate_index(cell, d)), true_literal(candidate_index(cell, e)))
    for u, unit in enumerate(UNITS):
        for d in range(1, 10):
            places = root.cells_with[d] & unit.mask
            if places.bit_count() == 2 and not root.placed[u] >> (d - 1) & 1:
                a, b = bit_indices(places)
                _join(parent, true_literal(candidate_index(a, d)), false_literal(candidate_index(b, d)))
                _join(parent, false_literal(candidate_index(a, d)), true_literal(candidate_index(b, d)))
    return {lit: _root_of(parent, lit) for lit in parent}


def _root_of(parent: dict[int, int], lit: int) -> int:
    while parent[lit] != lit:
        parent[lit] = parent[parent[lit]]
        lit = parent[lit]
    return lit


def _join(parent: dict[int, int], a: int, b: int) -> None:
    """Puts literals ``a`` and ``b`` in one class (union-find)."""
    parent.setdefault(a, a)
    parent.setdefault(b, b)
    ra, rb = _root_of(parent, a), _root_of(parent, b)
    if ra != rb:
        parent[rb] = ra


def is_net(proof: Proof) -> bool:
    """True if some fact rests on two or more facts together (a chain never does)."""
    return any(len(e.ants) > 1 or e.rule is Rule.PROBE for e in proof.events)


def nested_contradictions(
    grid: Grid, budget: Budget, satisfiable: Callable[[int, int], bool] = lambda cell, digit: False
) -> Iterator[tuple[Conclusion, Proof]]:
    """Depth-2 nets: assumptions that break a rule once every candidate left inside the
    branch is itself tried. Cells with fewer candidates are tried first (a failure there
    settles more); the budget bounds the whole search. Assumptions that ``satisfiable``
    says some solution meets are skipped: they can never break a rule."""
    root = Root(grid)
    order = sorted(range(N_CELLS), key=lambda c: (grid.cands[c].bit_count(), c))
    for cell in order:
        for digit in grid.candidates(cell):
            if budget.probes <= 0:
                return
            checkpoint()
            if satisfiable(cell, digit):
                continue
            branch = Branch(root, locked=True, depth=2, budget=budget)
            try:
                branch.assume(cell, digit, True)
            except BranchOutcome as out:
                proof = extract(branch.log, out.conflict.ants, out.conflict)[0]
                lit = candidate_literal(cell, digit, True)
                yield Conclusion(lit ^ 1, (lit,), (out.conflict,), len(proof.events)), proof

