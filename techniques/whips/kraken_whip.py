"""Kraken Whip: one of a few candidates is true (a cell's candidates, or a digit's places in
a house); whichever it is, a candidate elsewhere is false, because it sees that member or
because, with that member placed, a whip rules it out. So it is false.

A Kraken Cell or House (:mod:`techniques.krakens`) follows an AIC from each member to the
target; here each branch is a whip (:mod:`techniques.whips.whip`) in the position with its
member placed: suppose the target as well, and one cell (or a house's digit) after another
is left with a single option, each forced by the one before and ruled out partly by the
member or what the chain showed earlier, until one has no option at all. A whip remembers
what an AIC cannot, so this reaches positions where neither a kraken of chains nor a whip
alone does (Easter Monster's, AI Escargot's, Cheese's forcing positions); each branch is
still one line of reasoning, where a forcing net branches and joins anywhere.

**Grouped Kraken Whip** does the same with grouped whips as the branches (a digit's two or
three places in one box-line segment may be a link of the chain).

Bounds: truth sets of at most :data:`MAX_MEMBERS` members; each branch is a whip of at most
``MAX_LENGTH`` variables, found by a quick look of ``QUICK_NODES`` nodes, then shortened by
full searches (the Whip's bounds: :mod:`techniques.whips.search`). The candidates a member's
placing leaves in singles reach of a contradiction are the only targets tried.
"""

from __future__ import annotations

from typing import Callable, Iterator

from engine.cells import CELL_NAMES, bit_indices, common_units
from engine.grid import Grid
from engine.step import Candidate, Group, Highlights, Link, Step
from engine.stop import checkpoint
from engine.technique import BaseTechnique, Declaration
from techniques.krakens.truths import TruthSet, cell_truths, house_truths
from techniques.whips.grouped import HOUSE_LOWS, GroupedSearch, segment_bound
from techniques.whips.grouped_whip import node_kills, node_name, node_sentence
from techniques.whips.search import MAX_LENGTH, QUICK_NODES, SEES, SPARED, VARIABLES, Path, Settled, WhipSearch, alive
from techniques.whips.slots import CANDIDATE_BITS, FIELD, MARKS, crowded, nonzero, slot_variables
from techniques.whips.whip import emptied

#: A truth set of at most this many members: each member is one more branch to follow.
MAX_MEMBERS = 4
#: The steps' whip variables (members counted) are bounded by each of these in turn.
BOUNDS = (24, MAX_MEMBERS * (MAX_LENGTH + 1))

#: A branch: the variables of a whip, each with the node it is left with (a candidate set:
#: one candidate, or a group's two or three; 0: none, the last).
Branch = list[tuple[int, int]]


#: Rounds of singles and groups (``GroupedSearch.rounds``) that spend a work unit
#: (``engine.stop``) in a Grouped Kraken Whip's branches: its g-whip searches and the tests
#: of which targets a member reaches run them by the ten thousand, about 20 a millisecond
#: (pure build), and a listing spent 1.5-4 s on 1,000 units without them.
KRAKEN_ROUNDS_PER_UNIT = 20


class Branches:
    """The whip searches of one position, one per supposed member (its peers' candidates
    gone), each member's targets (what it rules out itself, or whose singles run with the
    member placed empties a variable: a whip needs one), and the branches found."""

    __slots__ = ("live", "grouped", "base", "_searches", "_settled", "_tested", "_reached", "_quick", "_short")

    def __init__(self, live: int, grouped: bool) -> None:
        self.live = live
        self.grouped = grouped
        self.base = self._search(live)
        self._searches: dict[int, WhipSearch] = {}
        self._settled: dict[int, Settled | None] = {}
        self._tested: dict[int, int] = {}
        self._reached: dict[int, int] = {}
        self._quick: dict[tuple[int, int], tuple[Branch | None, int]] = {}
        self._short: dict[tuple[int, int], Branch] = {}

    def _search(self, live: int) -> WhipSearch:
        return GroupedSearch(live, KRAKEN_ROUNDS_PER_UNIT) if self.grouped else WhipSearch(live)

    def search(self, member: int) -> WhipSearch:
        """The whip searches with ``member`` placed."""
        found = self._searches.get(member)
        if found is None:
            found = self._searches[member] = self._search(self.live & ~SEES[member])
        return found

    def reach(self, member: int, among: int) -> int:
        """The candidates of ``among`` that ``member`` rules out, or whose singles run with
        ``member`` placed empties a variable (each tested once per member)."""
        tested = self._tested.get(member, 0)
        reached = self._reached.get(member, SEES[member] & self.live)
        todo = among & ~tested & ~SEES[member] & ~(1 << member)
        if todo:
            for t in bit_indices(todo):
                if self._meets(member, t):
                    reached |= 1 << t
            self._tested[member] = tested | todo
            self._reached[member] = reached
        return reached & among

    def _meets(self, member: int, target: int) -> bool:
        """Does the singles run from ``target``, with ``member`` placed, empty a variable?
        Yes when the run from ``target`` alone does; else only when ``member`` leaves one of
        the variables that run touched with at most one option (or, g-whips, a house's
        digit newly in one segment): the run goes on from there."""
        if target not in self._settled:
            self._settled[target] = self.base.settle(target)
        settled = self._settled[target]
        if settled is None:
            return True
        touched = settled.touched
        left = (settled.slots & SPARED[member] | MARKS[member]) & touched * FIELD
        pick = touched & ~crowded(left)
        if self.grouped:
            changed = nonzero((settled.slots ^ left) & touched * CANDIDATE_BITS)
            pick |= changed & HOUSE_LOWS & segment_bound(left)
        if not pick:
            return False
        return self.base.contradicts_after(settled, member, slot_variables(pick))

    def quick(self, member: int, target: int, length: int) -> Branch | None:
        """A whip of at most ``length`` variables from ``target`` with ``member`` placed,
        if a quick look finds one (each pair searched again only with a longer bound)."""
        key = (member, target)
        known = self._quick.get(key)
        if known is not None:
            branch, tried = known
            if branch is not None or tried >= length:
                return branch if branch is not None and len(branch) <= length else None
        path = self.search(member).whip(target, length, QUICK_NODES)
        branch = None if path is None else _nodes(path, self.grouped)
        self._quick[key] = (branch, length)
        return branch

    def shortest(self, member: int, target: int, branch: Branch) -> Branch:
        """``branch`` or a shorter whip of the same pair, as short as full searches find."""
        key = (member, target)
        if key not in self._short:
            path = self.search(member).shorten(target, _as_path(branch, self.grouped))
            self._short[key] = _nodes(path, self.grouped)
        return self._short[key]


def _nodes(path: Path, grouped: bool) -> Branch:
    """A whip's path with each fact as a node (the grouped search's form already)."""
    return list(path) if grouped else [(v, 1 << k if k >= 0 else 0) for v, k in path]


def _as_path(branch: Branch, grouped: bool) -> Path:
    return list(branch) if grouped else [(v, node.bit_length() - 1 if node else -1) for v, node in branch]


class _Found:
    """A truth set and a target every member may rule out; once costed, the quick
    branches (None: the member sees the target) and their variables, members counted."""

    __slots__ = ("cost", "order", "target", "truth", "members", "need", "branches")

    def __init__(self, order: int, target: int, truth: TruthSet, members: list[int]) -> None:
        self.order, self.target, self.truth, self.members = order, target, truth, members
        self.need = sum(1 for m in members if not SEES[m] >> target & 1)
        self.cost: int | None = None
        self.branches: list[Branch | None] = []


class KrakenWhip(BaseTechnique):
    """A truth set whose every member rules a candidate out, itself or by a whip (see the
    module docstring)."""

    def __init__(self, declaration: Declaration, grouped: bool) -> None:
        super().__init__(declaration)
        self.grouped = grouped

    def find(self, grid: Grid) -> Iterator[Step]:
        """Steps of at most 24 whip variables (members counted), then any (``BOUNDS``);
        within a bound the fewest branches first (a member that sees the target needs
        none), then the fewest members, the truth sets' order (cells, then houses) and the
        target; each branch shortened. Each step is given as soon as it is found: the
        solver takes the first, so the pairs after it are never searched."""
        live = alive(grid)
        branches = Branches(live, self.grouped)
        pairs = sorted(self._pairs(grid, branches), key=lambda f: (f.need, len(f.members), f.order, f.target))
        for bound in BOUNDS:
            left: list[_Found] = []
            for item in pairs:
                checkpoint()
                if self._cost(branches, item, bound) is None:
                    left.append(item)
                    continue
                paths = [None if b is None else branches.shortest(m, item.target, b) for m, b in zip(item.members, item.branches)]
                yield self._step(live, item, paths)
            pairs = left

    def _pairs(self, grid: Grid, branches: Branches) -> Iterator[_Found]:
        """Each truth set with each target that every member may rule out."""
        truths: tuple[Callable[[Grid], Iterator[TruthSet]], ...] = (cell_truths, house_truths)
        order = 0
        for source in truths:
            for truth in source(grid):
                order += 1
                if len(truth.members) > MAX_MEMBERS:
                    continue
                members = [c.cell * 9 + c.digit - 1 for c in truth.members]
                common = branches.live & ~sum(1 << m for m in members)
                for m in members:
                    common = branches.reach(m, common) if common else 0
                for target in bit_indices(common):
                    item = _Found(order, target, truth, members)
                    if item.need:  # else a plain kraken's
                        yield item

    def _cost(self, branches: Branches, item: _Found, bound: int) -> int | None:
        """The variables of the quick branches, plus one per member, if at most ``bound``
        (``item.branches`` set); None when a member has no branch within it. A member that
        sees the target needs none. A grouped step needs a group in a branch (else it is a
        Kraken Whip's)."""
        target = item.target
        need = item.need
        cost = len(item.members)
        item.branches = []
        for m in item.members:
            if SEES[m] >> target & 1:
                item.branches.append(None)
                continue
            need -= 1
            limit = min(MAX_LENGTH, bound - cost - need)
            branch = branches.quick(m, target, limit) if limit > 0 else None
            if branch is None:
                return None
            item.branches.append(branch)
            cost += len(branch)
        if self.grouped and not any(node & (node - 1) for b in item.branches if b for _, node in b):
            return None
        item.cost = cost
        return cost

    def _step(self, live: int, item: _Found, paths: list[Branch | None]) -> Step:
        target = item.target
        removed = Candidate(target % 9 + 1, target // 9)
        where = CELL_NAMES[removed.cell]
        words: list[str] = []
        lines: list[str] = []
        links: list[Link] = []
        shown: list[int] = []
        for m, path in zip(item.members, paths):
            member = f"{CELL_NAMES[m // 9]}={m % 9 + 1}"
            if path is None:
                words.append(f"If {member}, it rules out {where}={removed.digit} itself ({_shared(m, target)}).")
                lines.append(f"{member} => {where}<>{removed.digit}")
                links.append(Link(_candidate(m), removed, False))
                continue
            sentences, nodes = _branch_words(live, m, target, path, links)
            shown += nodes[1:]
            words.append(f"If {member}, suppose {where} were {removed.digit} as well. " + " ".join(sentences) + f" So with {member}, {where} is not {removed.digit}.")
            lines.append(f"{member}: " + " -> ".join(node_name(n) for n in nodes) + f" -> {emptied(path[-1][0])} empty")
        truth = item.truth
        base = truth.highlights
        pattern = base.pattern + tuple(c for n in dict.fromkeys(shown) for c in _candidates(n) if c not in base.pattern)
        groups = tuple(Group("group", _candidates(n)) for n in dict.fromkeys(shown) if n & (n - 1))
        return self.step(
            f"{truth.detail}: " + "; ".join(lines),
            eliminations=(removed,),
            explanation=f"{truth.why} " + " ".join(words) + f" Whichever it is, {where} is not {removed.digit}: remove {removed.digit} from {where}.",
            highlights=Highlights(pattern=pattern, fins=(removed,), units=base.units, cells=base.cells, links=tuple(dict.fromkeys(links)), groups=groups),
            digits=(removed.digit,),
        )


def _branch_words(live: int, member: int, target: int, path: Branch, links: list[Link]) -> tuple[list[str], list[int]]:
    """The branch's sentences (each removed candidate said by the node that removes it: the
    chain's last one when it does, else the earliest of the target, the member and the
    chain), and its nodes (the target first); its links are added to ``links``."""
    nodes = [1 << target] + [node for _, node in path if node]
    sentences = []
    for i, (v, node) in enumerate(path):
        before = [1 << target, 1 << member] + nodes[1 : i + 1]
        last = nodes[i]
        by = {gone: _ruled_out_by(before, last, gone) for gone in bit_indices(VARIABLES[v] & live & ~node)}
        for gone, f in by.items():
            links.append(Link(_candidates(f)[0], _candidate(gone), False))
        if node:
            continuity = next((gone for gone, f in by.items() if f == last), None)
            if continuity is not None:
                links.append(Link(_candidate(continuity), _candidates(node)[0], True))
        sentences.append(node_sentence(v, node, by))
    return sentences, nodes


def _ruled_out_by(before: list[int], last: int, gone: int) -> int:
    if node_kills(last) >> gone & 1:
        return last
    return next(n for n in before if node_kills(n) >> gone & 1)


def _shared(a: int, b: int) -> str:
    if a // 9 == b // 9:
        return "the same cell"
    unit = common_units(1 << (a // 9) | 1 << (b // 9))[0]
    return f"both in {unit.long_name}"


def _candidate(k: int) -> Candidate:
    return Candidate(k % 9 + 1, k // 9)


def _candidates(node: int) -> tuple[Candidate, ...]:
    return tuple(_candidate(k) for k in bit_indices(node))


KRAKEN_WHIP = KrakenWhip(Declaration("Kraken Whip", "kwh"), grouped=False)
GROUPED_KRAKEN_WHIP = KrakenWhip(Declaration("Grouped Kraken Whip", "gkwh"), grouped=True)
