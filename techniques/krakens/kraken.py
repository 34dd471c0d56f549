"""Kraken Cell, Kraken House, Kraken Tridagon: one of a few candidates is true, and a short
chain from each of them reaches the same conclusion.

A *truth set* (:mod:`techniques.krakens.truths`) is a few candidates of which one must be
true: a cell's candidates, a digit's places in a house, a tridagon's guardians. A kraken
follows a branch from each member (:mod:`techniques.krakens.branches`: an alternating chain
of at most twelve implications through candidates, box-line groups and almost locked sets).
When every branch rules out the same candidate, it goes; when every branch makes the same
candidate true, it is placed. Whichever member is the true one, its branch holds, so the
conclusion does. The picture is the truth set with one chain hanging from each member
(hence the name: the forum's "kraken cell" and "kraken row/column/box"; Denis Berthier's
"ORk-forcing chains" from a tridagon's guardians).

A kraken of a cell is what HoDoKu calls a Forcing Chain Verity, kept short and drawn as
chains a person can follow; longer or branching proofs are left to the forcing chains and
nets. Steps come smallest picture first: fewest links in all the branches plus the cells
of the pattern, placements before eliminations when equal. No uniqueness is assumed.
"""

from __future__ import annotations

from typing import Final, Iterator, NamedTuple

from engine.cells import CELL_NAMES, bit_indices
from engine.grid import Grid
from engine.step import Candidate, Group, Highlights, Link, Step
from engine.stop import checkpoint
from engine.technique import BaseTechnique, Declaration
from techniques.hodoku_chains.notation import Chain, chain_links
from techniques.krakens.branches import Branches, branches
from techniques.krakens.truths import TruthSet, TruthSource, cell_truths, house_truths, tridagon_truths
from techniques.krakens.words import Because, branch_groups, branch_words
from techniques.shared import grouped_removals, is_true


class _Found(NamedTuple):
    cost: int
    order: int  # the truth set's place in its source's order
    literal: int  # the conclusion: a single candidate's "is" or "is not" literal
    truth: TruthSet

    def key(self) -> tuple[int, int, int, int]:
        return (self.cost + self.truth.cells, not is_true(self.literal), self.order, self.literal)


class Kraken(BaseTechnique):
    """One of a few candidates is true (a cell, a house, a tridagon's guardians) and a short
    chain from each reaches the same conclusion (see the module docstring)."""

    def __init__(self, declaration: Declaration, source: TruthSource) -> None:
        super().__init__(declaration)
        self.source = source

    def find(self, grid: Grid) -> Iterator[Step]:
        search = self.branches(grid)
        if search is None:
            return
        found = sorted(self._conclusions(grid, search), key=_Found.key)
        done: set[tuple[tuple[Candidate, ...], tuple[Candidate, ...]]] = set()
        for item in found:
            # A unit per step built (its chains traced, its words written), kept or not: most
            # conclusions repeat an earlier step's effect, and a listing's work bound
            # (engine.listing) must count them too.
            checkpoint()
            step = self._step(grid, search, item)
            if step.effect not in done:
                done.add(step.effect)
                yield step

    def branches(self, grid: Grid) -> Branches | None:
        """The branch searches this kraken follows (None: nothing to search)."""
        return branches(grid)

    def known(self, grid: Grid, truth: TruthSet) -> int:
        """Conclusions of this truth set left to another technique (literal bits)."""
        return 0

    def _conclusions(self, grid: Grid, search: Branches) -> Iterator[_Found]:
        for order, truth in enumerate(self.source(grid)):
            checkpoint()
            common = -1
            for member in truth.members:
                common &= search.reach(member)
                if not common:
                    break
            if common:
                common &= ~self.known(grid, truth)
            if not common:
                continue
            members = {search.literal(m, True) for m in truth.members}
            for literal in bit_indices(common):
                if literal in members:
                    continue  # a member made true by the others' branches: a loop, not a kraken
                cost = sum(search.distance(m, literal) for m in truth.members)
                yield _Found(cost, order, literal, truth)

    def _step(self, grid: Grid, search: Branches, item: _Found) -> Step:
        truth, target = item.truth, search.candidate(item.literal)
        chains = [search.chain(m, item.literal) for m in truth.members]
        placing = is_true(item.literal)
        extra_links: list[Link] = []
        eliminations: tuple[Candidate, ...] = ()
        if placing:
            placements: tuple[Candidate, ...] = (target,)
        else:
            placements = ()
            eliminations = (target, *_also_ruled_out(grid, search, truth, chains, item.literal, extra_links))
        links = [link for chain in chains for link in chain_links(grid, chain)] + extra_links
        groups: dict[Group, None] = {}
        for chain in chains:
            groups.update(dict.fromkeys(branch_groups(grid, chain)))
        base = truth.highlights
        return self.step(
            truth.detail,
            placements=placements,
            eliminations=eliminations,
            explanation=self.explain(search, truth, chains, placements, eliminations),
            highlights=self.highlights(
                grid,
                chains,
                Highlights(
                    pattern=base.pattern,
                    fins=base.fins,
                    units=base.units,
                    cells=base.cells,
                    links=tuple(dict.fromkeys(links)),
                    groups=tuple(groups),
                ),
            ),
            digits=tuple(sorted({c.digit for c in placements + eliminations})),
        )

    def explain(
        self, search: Branches, truth: TruthSet, chains: list[Chain], placements: tuple[Candidate, ...], eliminations: tuple[Candidate, ...]
    ) -> str:
        return _explain(search, truth, chains, placements, eliminations)

    def highlights(self, grid: Grid, chains: list[Chain], drawn: Highlights) -> Highlights:
        """The step's picture, given the truth set's and the branches' (``drawn``)."""
        return drawn


def _also_ruled_out(
    grid: Grid, search: Branches, truth: TruthSet, chains: list[Chain], target: int, links: list[Link]
) -> list[Candidate]:
    """Other candidates the last fact of every branch rules out as well (one more link per
    branch, added to ``links``): the same picture removes them too."""
    graph = search.graph
    common = search.plain_off
    lasts = []
    for member, chain in zip(truth.members, chains):
        node, true = chain[-2] if len(chain) > 1 else chain[-1]
        last = graph.index[node] << 1 | (not true)
        lasts.append((node, true))
        common &= graph.out[last]
    common &= ~((1 << target) | sum(1 << (search.literal(m, True) | 1) for m in truth.members))
    extra = [search.candidate(lit) for lit in bit_indices(common)]
    for (node, true), chain in zip(lasts, chains):
        anchor = chain_links(grid, [(node, true), chain[-1]])[0].start
        links += [Link(anchor, c, False) for c in extra]
    return extra


def _explain(
    search: Branches,
    truth: TruthSet,
    chains: list[Chain],
    placements: tuple[Candidate, ...],
    eliminations: tuple[Candidate, ...],
    because: Because | None = None,
) -> str:
    branches_text = " ".join(branch_words(chain, search.hidden, because) for chain in chains)
    if placements:
        target = placements[0]
        end = f"Either way, {CELL_NAMES[target.cell]} is {target.digit}."
    else:
        first = eliminations[0]
        also = f" (the last fact of each branch also rules out {grouped_removals(eliminations[1:])})" if len(eliminations) > 1 else ""
        end = f"Either way, {CELL_NAMES[first.cell]} is not {first.digit}{also}: remove {grouped_removals(eliminations)}."
    return f"{truth.why} {branches_text} {end}"


KRAKEN_CELL: Final = Kraken(Declaration("Kraken Cell", "kc"), cell_truths)
KRAKEN_HOUSE: Final = Kraken(Declaration("Kraken House", "kh"), house_truths)
KRAKEN_TRIDAGON: Final = Kraken(Declaration("Kraken Tridagon", "ktri"), tridagon_truths)
