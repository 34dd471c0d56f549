"""Which forcing chain HoDoKu 2.2 takes, and what it calls it.

HoDoKu finds forcing chains with the same tables as :mod:`techniques.forcing.link_tables`
(direct links, groups included; a chain's length is its number of nodes, one more than
its distance in the table) and checks them in a fixed order:

1. every premise (cells ascending, digits ascending, "is d" before "is not d") on its own:
   a contradiction proves the premise false. The checks, in order: (a) the premise leads
   to its own negation; (b) for each digit, the first cell where it is both set and
   removed; (c) for each pair of digits, the first cell where both are set; (d) a digit
   set twice in a row, then a column, then a box; (e) cells left without candidates;
   (f) a digit removed from every cell of a row, column or box where it is still
   *allowed* (no placed digit sees the cell; a cell that lost the candidate to a
   technique stops the check);
2. every candidate: "is d" and "is not d" leading to the same fact (a verity);
3. every cell, then every row, column and box and digit: all candidates of the cell, or
   all places of the digit, leading to the same fact (a verity).

One step is kept per effect and kind (contradiction, verity): the one with the shortest
chains (summed), the first found among equals. HoDoKu then takes placements before
eliminations, a placement by its cell, an elimination by cell and digit. For one
placement a contradiction is taken before a verity, whatever their lengths; for one
elimination the shorter, the contradiction on a tie.

The "in ..." of a contradiction names the cell or house of the broken rule, except after
(a): there HoDoKu prints whatever cell its scratch set last held, which is the first cell
of box 9 where 9 is still allowed (or, when there is none, a cell from the check before).
``hodoku_forcing_chain`` reproduces that text too, so that the ``hodoku`` profile's path
reads like HoDoKu's; the explanation always shows the chain itself.
"""

from __future__ import annotations

from typing import Final, Iterator, Mapping, NamedTuple, Protocol

from engine.cells import BOXES, CELL_NAMES, COLS, COMPILED, N_CELLS, PEER_MASK, ROWS, UNITS, Unit, bit_indices, first_cell, halves
from engine.grid import Grid
from engine.step import Step
from engine.stop import budgeted
from engine.technique import BaseTechnique
from techniques.forcing.conclusions import ChainProver, Conclusion, NetProver, Spread, fully_open, open_cells, premises
from techniques.forcing.hodoku_nets import NetTables
from techniques.forcing.steps import make_step
from techniques.forcing.link_tables import CANDIDATE_BITS, candidate_cells
from techniques.forcing.node_sets import NO_PLACES, Places, cells_holding_all, clash, node_set
from techniques.forcing.propagation import Clash, Conflict
from techniques.forcing.truth import Truth, truth_of
from techniques.forcing.words import Narrator
from techniques.shared import allowed_places, candidate_at, candidate_index, candidate_literal, false_literal, is_true, node_of, true_literal

#: HoDoKu's house order for its checks: rows ("lines"), columns, boxes.
HOUSES: Final[tuple[tuple[Unit, ...], ...]] = (ROWS, COLS, BOXES)


class Reach(Protocol):
    """What one premise forces, as HoDoKu's checks read it: node bit sets of true and
    false nodes, and the distance of each (a chain closure, or a net's)."""

    @property
    def on(self) -> int: ...

    @property
    def off(self) -> int: ...

    def distance(self, node: int, on: bool) -> int: ...


class Tables(Protocol):
    """Every premise's closure (``ChainProver`` for chains, ``hodoku_nets`` for nets)."""

    @property
    def closures(self) -> Mapping[int, Reach]: ...


class Derivation(NamedTuple):
    """One way HoDoKu proves a fact: its total chain length, the conclusion, and the
    text after "in" (contradictions only)."""

    length: int
    conclusion: Conclusion
    where: str = ""


def hodoku_forcing_chain(technique: BaseTechnique, grid: Grid, ours: NetProver | None = None) -> Step | None:
    """The forcing chain step HoDoKu takes in ``grid``, as HoDoKu names it. ``ours``: our
    own nets of the grid, when the caller has them: a chain reaches nothing a net does not
    (see ``_Bound``), so only the premises whose net breaks a rule are tested. Without
    them, the premises a solution meets are left out: they break no rule (see
    :mod:`techniques.forcing.truth`)."""
    prover = ChainProver(grid)
    tested = _premises_by_fact(grid)
    breaks = prover.breaks
    if ours is not None and fully_open(grid):
        bound = _Bound(ours)
        tested = (premise for premise in tested if bound.breaks(premise))
        breaks = prover.breaks_alone  # a few premises: their closures alone
    else:
        truth = truth_of(grid)
        tested = (premise for premise in tested if not truth.meets(premise))
    # The first fact in HoDoKu's order (a contradiction's: chains' verities add none).
    fact = next((premise ^ 1 for premise in tested if breaks(premise)), None)
    chosen = None if fact is None else _derivation(prover, grid, fact)
    if chosen is None:
        return None
    c = chosen.conclusion
    proofs = [prover.proof(p, e) for p, e in zip(c.premises, c.ends)]
    return make_step(technique, "Chain", c, proofs, Narrator(grid, prover.tables.node_cells), where=chosen.where or None)


def hodoku_forcing_net(technique: BaseTechnique, grid: Grid, ours: NetProver | None = None) -> Step | None:
    """The forcing net step HoDoKu takes in ``grid``, as HoDoKu names it: the same checks
    and choice as for chains, on HoDoKu's net tables (:mod:`techniques.forcing.hodoku_nets`).
    None when HoDoKu's nets find nothing (HoDoKu would guess there) or, which should not
    happen, when our own nets cannot spell out its proof. ``ours``: our own nets of the
    grid, when the caller has them: they bound which premises HoDoKu's checks need (see
    ``_Bound``) and explain the step."""
    tables = NetTables(grid)
    bound = _Bound(ours) if ours is not None and fully_open(grid) else None
    fact = _first_net_fact(tables, grid, bound)
    return None if fact is None else _in_our_words(technique, grid, _derivation(tables, grid, fact), ours)


def _premises_by_fact(grid: Grid) -> Iterator[int]:
    """Every premise, in HoDoKu's order of the facts their contradictions prove
    (``_fact_key``): "is not d" (a placement) cell by cell, then "is d" (an
    elimination) by cell and digit. The first premise that breaks a rule gives the first
    such fact without testing the rest."""
    for make in (false_literal, true_literal):
        for cell in range(N_CELLS):
            for digit in grid.candidates(cell):
                yield make(candidate_index(cell, digit))


def _derivation(tables: Tables, grid: Grid, fact: int) -> Derivation:
    """How HoDoKu proves ``fact``: its shortest contradiction or verity (see ``_pick``)."""
    contradiction = _shortest(_contradictions(tables, grid, fact ^ 1))
    if contradiction is not None and is_true(fact):
        return contradiction  # a placement takes it whatever a verity's length
    verity = _shortest_verity(tables, grid, fact, None if contradiction is None else contradiction.length)
    return _pick(fact, contradiction, verity)


def _first_net_fact(tables: NetTables, grid: Grid, bound: _Bound | None) -> int | None:
    """The first fact in HoDoKu's order (``_fact_key``) that its net checks reach: the
    negation of a premise that breaks a rule, or what both values of a candidate, every
    candidate of a cell or every place of a digit in a house lead to (a premise's own
    cell left out for the first kind). With a ``bound``, only the premises it leaves open
    are tested, and an either-or only for the facts it leaves open (the others cannot
    give a fact).

    Tables are made for the premises the answer needs only (see :mod:`techniques.forcing.
    truth`): the rule checks skip the premises a solution meets and stop at the first that
    breaks; then each either-or's premises are met one by one, in the facts a solution
    meets up to the first fact so far, and left as soon as they agree on none. Every
    either-or whose premises all lead to the fact found has all their tables made
    (``_verity_cases`` counts on it). Under a work budget, every premise's table is
    made first, in order, as the budget has always counted them."""
    if budgeted():
        for premise in premises(grid):
            tables.reach(premise)
    truth = truth_of(grid)
    first = _first_contradiction(tables, grid, bound, truth)
    return _first_verity(tables, _either_ors(grid), truth, first, bound)


def _first_contradiction(tables: NetTables, grid: Grid, bound: _Bound | None, truth: Truth) -> int | None:
    """The first fact in HoDoKu's order that a premise's net check proves false (its
    negation), among the premises ``bound`` leaves open that no solution meets."""
    breaks = _RuleCheck(grid).breaks
    for premise in _premises_by_fact(grid):
        if truth.meets(premise) or bound is not None and not bound.breaks(premise):
            continue
        on, off = tables.reach(premise)
        if breaks(premise, on, off):
            return premise ^ 1
    return None


def _first_verity(tables: NetTables, cases: list[EitherOr], truth: Truth, first: int | None, bound: _Bound | None) -> int | None:
    """The first fact in HoDoKu's order that all premises of an either-or lead to, if it
    comes before ``first`` (else ``first``). With a ``bound``, the facts looked for are
    those our branches agree on too (see ``_Bound.agreed``): the same facts in the end,
    but an either-or is left after fewer of HoDoKu's tables, often none."""
    known = tables.reaches_so_far()
    on_limit, off_limit = _up_to(first)
    for lits, skip in cases:  # none is empty (see _either_ors)
        keep = _outside(skip)
        on, off = truth.on & keep & on_limit, truth.off & keep & off_limit
        if bound is not None:
            agreed_on, agreed_off = bound.agreed(lits)
            on, off = on & agreed_on, off & agreed_off
        if not on | off:
            continue  # nothing to look for (most either-ors under a bound): no order needed
        for lit in sorted(lits, key=lambda lit: lit not in known):  # tables made first
            if not on | off:
                break
            lit_on, lit_off = tables.reach(lit)
            on, off = on & lit_on, off & lit_off
        if on | off:
            fact = _least_fact(on, off)
            if first is None or _fact_key(fact) < _fact_key(first):
                first = fact
                on_limit, off_limit = _up_to(first)
    return first


def _up_to(fact: int | None) -> tuple[int, int]:
    """The true and the false nodes whose facts come no later than ``fact`` in HoDoKu's
    order (None: all of them)."""
    if fact is None:
        return CANDIDATE_BITS, CANDIDATE_BITS
    cell, digit = candidate_at(node_of(fact))
    if is_true(fact):
        return _EACH_DIGIT * ((2 << cell) - 1), 0
    return CANDIDATE_BITS, _EACH_DIGIT * ((1 << cell) - 1) | _DIGITS_UP_TO[digit] << cell


def _least_fact(on: int, off: int) -> int:
    """The first fact in HoDoKu's order of true nodes ``on`` and false nodes ``off``: a
    placement in the first cell (the least digit, should a broken grid give two), else
    the first elimination."""
    if on:
        return true_literal(min(bit_indices(on), key=lambda node: (node % N_CELLS, node)))
    return false_literal(min(bit_indices(off), key=lambda node: (node % N_CELLS, node)))


#: Per digit plane, the cell set's bit 0 (times a cell set: that set in every plane).
_EACH_DIGIT: Final = sum(1 << (d * N_CELLS) for d in range(9))
#: The planes of digits 1 to d (index d), each holding cell 0 only.
_DIGITS_UP_TO: Final = tuple(sum(1 << (e * N_CELLS) for e in range(d)) for d in range(10))


#: An either-or of a verity: its premises, and the cell whose facts it leaves out (-1: none).
EitherOr = tuple[list[int], int]


def _either_ors(grid: Grid) -> list[EitherOr]:
    """The either-ors HoDoKu's verities come from: both values of a candidate (its own
    cell left out), every candidate of an open cell, every place of a digit in a house
    (where the house still misses the digit). Literals are made inline (``true_literal`` of a
    ``candidate_index``): this runs for every forcing net the solve asks for."""
    cases: list[EitherOr] = []
    for cell in range(N_CELLS):
        yes = [((d - 1) * N_CELLS + cell) << 1 for d in grid.candidates(cell)]
        if yes:
            cases += [([lit, lit | 1], cell) for lit in yes]
            cases.append((yes, -1))
    cells_with = grid.cells_with
    for masks in _HOUSE_MASKS_BY_KIND:
        for mask in masks:
            for d in range(1, 10):
                places = cells_with[d] & mask
                if places:
                    plane = (d - 1) * N_CELLS
                    cases.append(([(plane + c) << 1 for c in bit_indices(places)], -1))
    return cases


class _Bound:
    """Our own nets bound HoDoKu's: in a grid without singles, whatever HoDoKu's net
    tables (or its chains' links) reach from a premise, our net's branch (singles and
    locked candidates, played to the end) reaches too, or it breaks a rule. (Each entry
    of a HoDoKu table follows by a single, a placement or a box-line group's link from
    entries before it; a branch that holds those entries and has nothing left to play
    holds the entry too, or has emptied a cell or a house.
    ``tests/test_forcing_hodoku_bound.py`` checks it on real grids.) So a premise whose
    branch breaks no rule breaks none of HoDoKu's checks, and an either-or whose branches
    (the broken ones left out) agree on nothing outside its cell gives HoDoKu no verity:
    HoDoKu's tables are needed for the rest only."""

    def __init__(self, ours: NetProver) -> None:
        self.ours = ours

    def breaks(self, premise: int) -> bool:
        return premise in self.ours.conflicts

    def agreed(self, lits: list[int]) -> tuple[int, int]:
        """The true and the false candidates every branch of ``lits`` that breaks no rule
        leads to: what HoDoKu's tables of those premises can agree on (all candidates
        when every branch breaks one). A verity's fact is among them, and holds in every
        solution: an either-or none of whose agreed facts a solution meets (outside the
        cell a pair leaves out) gives HoDoKu no verity."""
        on, off = CANDIDATE_BITS, CANDIDATE_BITS
        ours_on, ours_off, conflicts = self.ours.on, self.ours.off, self.ours.conflicts
        for lit in lits:
            if lit not in conflicts:
                on &= ours_on[lit]
                off &= ours_off[lit]
        return on, off


class _RuleCheck:
    """Whether a premise's closure breaks any rule HoDoKu checks (``_contradictions``, all
    of (a) to (f), without finding which first): the whole-grid sets built once."""

    def __init__(self, grid: Grid) -> None:
        # Cell sets as halves (see engine.cells.HALF_BITS): the tests per house and digit
        # then make no int objects.
        self.open_cells = halves(open_cells(grid))
        self.cells_with = [halves(cells) for cells in grid.cells_with]
        allowed = allowed_places(grid)
        #: per digit, the allowed places of each house that has any
        self.house_places = [[halves(m & allowed[d]) for m in _HOUSE_MASKS if m & allowed[d]] for d in range(10)]
        # Interpreted, the same tests on whole node sets (techniques.forcing.node_sets).
        self.allowed = NO_PLACES if COMPILED else Places(node_set(allowed))
        self.lacking = CANDIDATE_BITS & ~node_set(grid.cells_with)
        self.open = open_cells(grid)

    def breaks(self, premise: int, on: int, off: int) -> bool:
        """Whether the closure of ``premise``, true nodes ``on`` and false nodes ``off``,
        breaks a rule."""
        node = premise >> 1
        if (off if not premise & 1 else on) >> node & 1:  # (a) the premise's own negation
            return True
        if on & off & CANDIDATE_BITS:  # (b) a candidate set and removed
            return True
        if not COMPILED:
            return self.sets_break(on & CANDIDATE_BITS, off)
        seen_low = seen_high = 0
        empty_low, empty_high = self.open_cells
        cells_with, house_places = self.cells_with, self.house_places
        for d in range(1, 10):
            on_d = (on >> _DIGIT_SHIFT[d]) & _ALL_CELLS
            on_low, on_high = halves(on_d)
            off_low, off_high = halves((off >> _DIGIT_SHIFT[d]) & _ALL_CELLS)
            if on_d:
                if seen_low & on_low or seen_high & on_high:  # (c) two digits set in one cell
                    return True
                seen_low |= on_low
                seen_high |= on_high
                if on_d & (on_d - 1):  # (d) a digit set twice in a house
                    for x in bit_indices(on_d):
                        if on_d & PEER_MASK[x]:
                            return True
            with_low, with_high = cells_with[d]
            empty_low &= (off_low | ~with_low) & ~on_low
            empty_high &= (off_high | ~with_high) & ~on_high
            if off_low | off_high:
                for low, high in house_places[d]:  # (f) a house without a place for a digit
                    if not (low & ~off_low or high & ~off_high):
                        return True
        return bool(empty_low or empty_high)  # (e) an open cell without candidates

    def sets_break(self, on: int, off: int) -> bool:
        """Checks (c) to (f) of :meth:`breaks` on each whole node set at once (candidates
        ``on``), as interpreted code does them fastest."""
        empty = cells_holding_all((off | self.lacking) & ~on) & self.open  # (e)
        return clash(on) or bool(empty) or self.allowed.emptied(off)  # (c) and (d), (f)


_HOUSE_MASKS_BY_KIND: Final = tuple(tuple(unit.mask for unit in units) for units in HOUSES)
_HOUSE_MASKS: Final[tuple[int, ...]] = tuple(mask for masks in _HOUSE_MASKS_BY_KIND for mask in masks)
_ALL_CELLS: Final = (1 << N_CELLS) - 1
_DIGIT_SHIFT: Final = (0, *((d - 1) * N_CELLS for d in range(1, 10)))


def _outside(cell: int) -> int:
    """The candidate nodes of every cell but ``cell`` (-1: all of them)."""
    return _OUTSIDE[cell] if cell >= 0 else CANDIDATE_BITS


_OUTSIDE: Final = tuple(CANDIDATE_BITS & ~sum(1 << candidate_index(cell, d) for d in range(1, 10)) for cell in range(N_CELLS))


def _in_our_words(technique: BaseTechnique, grid: Grid, chosen: Derivation, ours: NetProver | None = None) -> Step | None:
    """HoDoKu's net step, explained by our own nets (``ours``, or made for its premises;
    they reach everything HoDoKu's do): HoDoKu's fact, kind and place of contradiction,
    our branches as the proof."""
    c = chosen.conclusion
    prover = ours if ours is not None else NetProver(grid, only=c.premises)
    ends: list[Conflict | int] = []
    for premise in c.premises:
        if premise in prover.conflicts:
            ends.append(prover.conflicts[premise])
        elif not c.contradiction and premise in prover.on and _derives(prover, premise, c.fact):
            ends.append(c.fact)
        else:
            return None
    ours_conclusion = Conclusion(c.fact, c.premises, tuple(ends), c.cost, c.spread)
    proofs = [prover.proof(p, e) for p, e in zip(ours_conclusion.premises, ours_conclusion.ends)]
    where = chosen.where or (_place(c.ends[0]) if c.contradiction else None)
    return make_step(technique, "Net", ours_conclusion, proofs, Narrator(grid), where=where)


def _derives(prover: NetProver, premise: int, fact: int) -> bool:
    found = prover.on[premise] if is_true(fact) else prover.off[premise]
    return bool(found >> node_of(fact) & 1)


def _place(end: Conflict | int) -> str | None:
    """Where a broken rule is, as HoDoKu names it (its house, else its cell)."""
    if not isinstance(end, Conflict):
        return None
    return UNITS[end.unit].name if end.unit >= 0 else CELL_NAMES[end.cell]


def _fact_key(lit: int) -> tuple[int, int, int]:
    """HoDoKu's order of single-effect steps: placements first, by cell; eliminations by
    cell, then digit."""
    cell, digit = candidate_at(node_of(lit))
    return (0, cell, 0) if is_true(lit) else (1, cell, digit)


def _shortest(found: Iterator[Derivation]) -> Derivation | None:
    best: Derivation | None = None
    for d in found:
        if best is None or d.length < best.length:
            best = d
    return best


def _pick(fact: int, contradiction: Derivation | None, verity: Derivation | None) -> Derivation:
    if contradiction is None or verity is None:
        chosen = contradiction or verity
        assert chosen is not None, "a fact HoDoKu's checks cannot reach"
        return chosen
    if is_true(fact) or contradiction.length <= verity.length:
        return contradiction
    return verity


class _Sets:
    """A closure as HoDoKu's per-digit cell sets (index 0 unused)."""

    def __init__(self, closure: Reach) -> None:
        self.closure = closure
        self.on = [0] + [candidate_cells(closure.on, d) for d in range(1, 10)]
        self.off = [0] + [candidate_cells(closure.off, d) for d in range(1, 10)]

    def nodes(self, cell: int, digit: int, on: bool) -> int:
        """The chain length to a candidate: its distance plus one."""
        return self.closure.distance(candidate_index(cell, digit), on) + 1


def _contradictions(prover: Tables, grid: Grid, premise: int) -> Iterator[Derivation]:
    """HoDoKu's checks of one premise, in its order (see the module text), with lengths
    and names (``_RuleCheck`` says only whether one fires)."""
    sets = _Sets(prover.closures[premise])
    pc, pd = candidate_at(node_of(premise))
    if (sets.off if is_true(premise) else sets.on)[pd] >> pc & 1:  # (a)
        length = sets.nodes(pc, pd, not is_true(premise))
        yield _broken(premise, length, Clash.BOTH, pc, -1, pd, _both(pc, pd), _stale_cell(prover, grid, premise))
    for d in range(1, 10):  # (b)
        both = sets.on[d] & sets.off[d]
        if both:
            x = first_cell(both)
            yield _broken(premise, sets.nodes(x, d, True) + sets.nodes(x, d, False), Clash.BOTH, x, -1, d, _both(x, d))
    for d in range(1, 10):  # (c) two digits set in one cell: the second is set and removed
        for e in range(d + 1, 10):
            both = sets.on[d] & sets.on[e]
            if both:
                x = first_cell(both)
                yield _broken(premise, sets.nodes(x, d, True) + sets.nodes(x, e, True), Clash.BOTH, x, -1, e, _both(x, e))
    yield from _twice(premise, sets)  # (d)
    yield from _empty_cells(premise, sets, grid)  # (e)
    yield from _no_place(premise, sets, grid)  # (f)


def _broken(premise: int, length: int, clash: Clash, cell: int, unit: int, digit: int, ants: tuple[int, ...], where: str = "") -> Derivation:
    """A contradiction of ``premise``: the rule its chains break."""
    conflict = Conflict(clash, cell, unit, digit, ants)
    return Derivation(length, Conclusion(premise ^ 1, (premise,), (conflict,), length), where)


def _both(cell: int, digit: int) -> tuple[int, int]:
    return (candidate_literal(cell, digit, True), candidate_literal(cell, digit, False))


def _twice(premise: int, sets: _Sets) -> Iterator[Derivation]:
    """(d) a digit set twice in a row, then a column, then a box."""
    for units in HOUSES:
        for d in range(1, 10):
            for unit in units:
                twice = unit.mask & sets.on[d]
                if twice & (twice - 1):
                    cells = bit_indices(twice)
                    length = sum(sets.nodes(x, d, True) for x in cells)
                    yield _broken(premise, length, Clash.TWICE, -1, unit.number, d, tuple(candidate_literal(x, d, True) for x in cells))


def _empty_cells(premise: int, sets: _Sets, grid: Grid) -> Iterator[Derivation]:
    """(e) cells that lose every candidate (and are not set)."""
    empty = (1 << N_CELLS) - 1
    for d in range(1, 10):
        empty &= (sets.off[d] | ~grid.cells_with[d]) & ~sets.on[d]
    for x in bit_indices(empty):
        if not grid.values[x]:
            digits = grid.candidates(x)
            length = sum(sets.nodes(x, d, False) for d in digits)
            yield _broken(premise, length, Clash.EMPTY_CELL, x, -1, 0, tuple(candidate_literal(x, d, False) for d in digits))


def _no_place(premise: int, sets: _Sets, grid: Grid) -> Iterator[Derivation]:
    """(f) a digit removed from every cell of a house where it is still allowed."""
    allowed = allowed_places(grid)
    for units in HOUSES:
        for d in range(1, 10):
            for unit in units:
                places = unit.mask & allowed[d]
                if places and places & sets.off[d] == places:
                    cells = bit_indices(places)
                    length = sum(sets.nodes(x, d, False) for x in cells)
                    yield _broken(premise, length, Clash.NO_PLACE, -1, unit.number, d, tuple(candidate_literal(x, d, False) for x in cells))


def _verity_cases(prover: Tables, grid: Grid, fact: int) -> Iterator[tuple[list[int], Spread]]:
    """The either-ors whose every case leads to ``fact``, in HoDoKu's order: candidate by
    candidate (true and false), then cell by cell, then house by house (rows, columns,
    boxes; digit by digit)."""
    node, on = node_of(fact), is_true(fact)
    fact_cell, _ = candidate_at(node)
    bit = 1 << node
    # The premises whose closure holds the fact, each tested once (a case asks about
    # several, and a premise is in three or four cases).
    leads = {p for p, closure in prover.closures.items() if (closure.on if on else closure.off) & bit}
    for cell in range(N_CELLS):
        if cell == fact_cell:
            continue  # HoDoKu leaves out the premise's own cell
        for d in grid.candidates(cell):
            yes, no = candidate_literal(cell, d, True), candidate_literal(cell, d, False)
            if yes in leads and no in leads:
                yield [yes, no], Spread("pair", yes)
    for cell in range(N_CELLS):
        lits = [candidate_literal(cell, d, True) for d in grid.candidates(cell)]
        if lits and _all_lead(lits, leads):
            yield lits, Spread("cell", cell)
    for units in HOUSES:
        for unit in units:
            for d in range(1, 10):
                lits = [candidate_literal(c, d, True) for c in bit_indices(grid.cells_with[d] & unit.mask)]
                if lits and _all_lead(lits, leads):
                    yield lits, Spread("house", unit.number, d)


def _all_lead(lits: list[int], leads: set[int]) -> bool:
    for lit in lits:
        if lit not in leads:
            return False
    return True


def _shortest_verity(prover: Tables, grid: Grid, fact: int, bound: int | None) -> Derivation | None:
    """HoDoKu's verity for ``fact``: the first of the shortest, if shorter than ``bound``
    (the length of the contradiction that wins a tie; None: no contradiction). A case's
    chains are measured one by one and it is dropped once it is as long as the best so far
    or the bound (measuring a chain retraces its closure)."""
    node, on = node_of(fact), is_true(fact)
    best: Derivation | None = None
    for lits, spread in _verity_cases(prover, grid, fact):
        limit = bound if best is None else best.length
        length = 0
        for p in lits:
            length += prover.closures[p].distance(node, on) + 1
            if limit is not None and length >= limit:
                break
        else:
            best = Derivation(length, Conclusion(fact, tuple(lits), tuple(fact for _ in lits), length, spread))
    return best


def _stale_cell(prover: Tables, grid: Grid, premise: int) -> str:
    """The cell HoDoKu names after check (a): the first one its scratch set holds then.

    That set last held, in the check of the premise before, the cells of box 9 where 9 is
    allowed; when there are none, the set keeps the first cell it held before that (see
    ``_last_held``)."""
    box9 = BOXES[8].mask & allowed_places(grid)[9]
    if box9:
        return CELL_NAMES[first_cell(box9)]
    order = premises(grid)
    at = order.index(premise)
    for before in reversed(order[:at]):
        held = _last_held(prover, grid, before)
        if held >= 0:
            return CELL_NAMES[held]
    return CELL_NAMES[first_cell(grid.cells_with[9] | 1)] if at else "r1c1"


def _last_held(prover: Tables, grid: Grid, premise: int) -> int:
    """The first cell of the last non-empty set HoDoKu's checks of ``premise`` looked
    into (-1 if none): found cells of (b) and (c), every non-empty house of (d), the
    empty cells of (e), the houses of (f) that break the rule."""
    sets = _Sets(prover.closures[premise])
    held = -1
    for d in range(1, 10):
        if sets.on[d] & sets.off[d]:
            held = first_cell(sets.on[d] & sets.off[d])
    for d in range(1, 10):
        for e in range(d + 1, 10):
            if sets.on[d] & sets.on[e]:
                held = first_cell(sets.on[d] & sets.on[e])
    for units in HOUSES:
        for d in range(1, 10):
            for unit in units:
                if unit.mask & sets.on[d]:
                    held = first_cell(unit.mask & sets.on[d])
    for found in [*_empty_cells(premise, sets, grid)][:1] + [*_no_place(premise, sets, grid)]:
        conflict = found.conclusion.ends[0]
        assert isinstance(conflict, Conflict)
        if conflict.clash is Clash.EMPTY_CELL:
            held = conflict.cell
        else:
            held = first_cell(UNITS[conflict.unit].mask & allowed_places(grid)[conflict.digit])
    return held
