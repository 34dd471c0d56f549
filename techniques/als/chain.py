"""ALS Chain (HoDoKu's ALS-XY-Chain): almost locked sets linked one after another.

Sets A, B, C, ..., E form a chain when each is linked to the next by a restricted common
(RC), and two links in a row use different RCs. If a digit Z were missing from A, A
would be locked and hold the first RC, which B then cannot hold; B is locked and holds
the second RC, which C cannot hold, and so on, until E is locked and holds Z. So Z is in
A or in E, and cells seeing every Z of both lose it. Four sets or more; with two or three
this is ALS-XZ or ALS-XY-Wing.

The chains are the ones HoDoKu's search finds (``techniques.als.chain_search``): each set
later than the one before it in HoDoKu's list of sets, one chain per set of eliminations.
"""

from __future__ import annotations

from typing import Iterator

from engine.grid import Grid
from engine.step import Candidate, Link, Step
from engine.technique import BaseTechnique, Declaration
from techniques.als.chain_search import MAX_LINKS, MIN_LINKS, Found, hodoku_chains
from techniques.als.steps import Eliminations, highlights, rc_link
from techniques.shared import cell_names, digit_words, removal_words
from techniques.als.sets import Als, AlsIndex, als_index, als_text

__all__ = ["ALS_CHAIN", "MAX_LINKS", "MIN_LINKS", "AlsChain"]

_CHAIN = (
    "Each set here is an almost locked set (one digit more than cells: once one of its digits is ruled "
    "out, it holds all the others), and the places of each link digit in one set all see its places in "
    "the next. Suppose A = {a} held no {z}: {walk}. So {z_each} in A or in {last}. Remove {removals}{why}."
)


class AlsChain(BaseTechnique):
    """Four or more ALS linked by restricted commons: a digit held by the first and the last
    set is in one of them."""

    declaration = Declaration("Almost Locked Set Chain", "ach", library="0903")

    def find(self, grid: Grid) -> Iterator[Step]:
        """HoDoKu's chains (``chain_search``), most eliminations first, then in the order
        HoDoKu found them."""
        index = als_index(grid)
        found = sorted(hodoku_chains(index), key=lambda f: -len(f.eliminations))
        for chain in found:
            yield self._make_found(grid, index, chain)

    def _make_found(self, grid: Grid, index: AlsIndex, found: Found) -> Step:
        alses = [index.alses[found.start]] + [index.alses[link.target] for link in found.links]
        rcs = ["".join(map(str, link.actual)) for link in found.links]
        zs = "".join(str(d) for d in sorted({d for d, _ in found.eliminations}))
        parts = [als_text(alses[0])] + [f"-{d}- {als_text(als)}" for d, als in zip(rcs, alses[1:])]
        links: list[Link] = [rc_link(p, q, link.actual[0]) for p, q, link in zip(alses, alses[1:], found.links)]
        elims: Eliminations = {}
        for d, c in found.eliminations:
            elims[d] = elims.get(d, 0) | 1 << c
        return self.step(
            f"{zs}- {' '.join(parts)} -{zs}",
            eliminations=found.eliminations,
            explanation=_explain(alses, [0] + [link.actual[0] for link in found.links], sorted(elims), found.eliminations),
            highlights=highlights(grid.cands, alses[::2], alses[1::2], links),
            digits=tuple(sorted(elims)),
        )


def _label(index: int) -> str:
    """A set's name in the explanation: A to Z, then AA, AB, ... (chains reach 51 sets).

    >>> [_label(i) for i in (0, 25, 26, 50)]
    ['A', 'Z', 'AA', 'AY']
    """
    head, letter = divmod(index, 26)
    return (_label(head - 1) if head else "") + chr(ord("A") + letter)


def _explain(alses: list[Als], rcs: list[int], zs: list[int], eliminations: tuple[Candidate, ...]) -> str:
    labels = [_label(i) for i in range(len(alses))]
    walk = [f"A would hold {rcs[1]}"]
    for i in range(1, len(alses)):
        holds = digit_words(zs) if i == len(alses) - 1 else str(rcs[i + 1])
        walk.append(f"{labels[i]} = {cell_names(alses[i].cells)} could hold no {rcs[i]} and would hold {holds}")
    last = labels[len(alses) - 1]
    verb = "sees" if len(eliminations) == 1 else "see"
    return _CHAIN.format(
        a=cell_names(alses[0].cells),
        z=digit_words(zs, "or") if len(zs) > 1 else str(zs[0]),
        walk=", so ".join(walk),
        z_each=f"{zs[0]} is" if len(zs) == 1 else f"each of {digit_words(zs)} is",
        last=last,
        removals=removal_words(eliminations),
        why=f", which {verb} every {zs[0]} in A and {last}" if len(zs) == 1 else f": each cell sees every place its digit has in A and {last}",
    )


ALS_CHAIN = AlsChain()
