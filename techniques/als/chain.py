"""ALS Chain (HoDoKu's ALS-XY-Chain): almost locked sets linked one after another.

Sets A, B, C, ..., E form a chain when each is linked to the next by a restricted common
(RC), and two links in a row use different RCs. If a digit Z were missing from A, A
would be locked and hold the first RC, which B then cannot hold; B is locked and holds
the second RC, which C cannot hold, and so on, until E is locked and holds Z. So Z is in
A or in E, and cells seeing every Z of both lose it. Four sets or more; with two or three
this is ALS-XZ or ALS-XY-Wing.

The search works on statements "set X misses digit x" (one node per set and digit): an
RC y between X and Y (y != x) leads from "X misses x" to "Y misses y". Which nodes each
node reaches within k links is computed once per grid as bit sets, so a chain is only
spelled out (shortest first, no set twice) for the start and end pairs that eliminate.
"""

from __future__ import annotations

from functools import reduce
from operator import or_
from typing import Iterator

from engine.cells import MASK_DIGITS, bit_indices, cells_of
from engine.grid import Grid
from engine.stop import checkpoint
from engine.step import Candidate, Link, Step
from engine.technique import BaseTechnique, Declaration
from techniques.als.steps import Eliminations, as_candidates, common_targets, highlights, rc_link
from techniques.shared import cell_names, digit_words, removal_words
from techniques.als.sets import Als, AlsIndex, als_index, als_text

#: The longest chain, in RCs (links): six links join seven sets. HoDoKu's "all steps"
#: search stops at six links too, and every ALS Chain of its regression library fits (two
#: need all six). The reach tables take one pass per link, so this bounds the work per grid.
MAX_LINKS = 6
#: Chains have at least three links (four sets).
MIN_LINKS = 3
#: Most search nodes spent spelling out one chain. The reach tables count walks, which
#: may use a set twice; when only such walks exist the search for a simple chain could
#: wander, so it gives up after this many nodes (the elimination is then not reported).
MAX_PATH_NODES = 5_000

_CHAIN = (
    "Each set here is an almost locked set (one digit more than cells: once one of its digits is ruled "
    "out, it holds all the others), and the places of each link digit in one set all see its places in "
    "the next. Suppose A = {a} held no {z}: {walk}. So {z_each} in A or in {last}. Remove {removals}{why}."
)


class _Reach:
    """The node graph of one grid with, per node, the nodes it reaches in 1..k links.

    Node ``9 * x + d - 1`` is "set x misses d". Tables are lists indexed by node.
    """

    def __init__(self, index: AlsIndex) -> None:
        n = len(index.alses)
        every_ninth = ((1 << (9 * n)) - 1) // 0x1FF
        digit_nodes = [0] + [every_ninth << (d - 1) for d in range(1, 10)]
        succ_all = [0] * n
        # by_digit[x]: (p, sets linked to x by the RC digit p)
        linked: list[dict[int, list[int]]] = [{} for _ in range(n)]
        for rc in index.rcs:
            if rc.overlap:  # HoDoKu's default: linked sets may not share cells
                continue
            succ_all[rc.first] |= rc.digits << (9 * rc.second)
            succ_all[rc.second] |= rc.digits << (9 * rc.first)
            for p in MASK_DIGITS[rc.digits]:
                linked[rc.first].setdefault(p, []).append(rc.second)
                linked[rc.second].setdefault(p, []).append(rc.first)
        self.by_digit = [sorted(own.items()) for own in linked]
        self._beyond: dict[tuple[int, int], int] = {}
        self.digits = [MASK_DIGITS[als.digits] for als in index.alses]
        self.succ = [0] * (9 * n)
        for x in range(n):
            for d in self.digits[x]:
                self.succ[9 * x + d - 1] = succ_all[x] & ~digit_nodes[d]
        # within[k][v]: nodes reached from v by walks of 1..k links; the longest walk
        # needed is MAX_LINKS - 1 links after the first (the first link is fixed by the start).
        self.within: list[list[int]] = [[], self.succ]
        for _ in range(2, MAX_LINKS - 1):
            prev = self.within[-1]
            level = [0] * (9 * n)
            for x in range(n):
                through = self._through(x, prev)
                for d in self.digits[x]:
                    level[9 * x + d - 1] = self.succ[9 * x + d - 1] | reduce(or_, (g for p, g in through if p != d), 0)
            self.within.append(level)

    def _through(self, x: int, table: list[int]) -> list[tuple[int, int]]:
        """(p, what the nodes "Y misses p" reach) for the sets Y linked to x by p."""
        return [(p, reduce(or_, (table[9 * y + p - 1] for y in ys), 0)) for p, ys in self.by_digit[x]]

    def beyond_first(self, v: int, k: int) -> int:
        """Nodes reached from v by walks of 2..k links."""
        found = self._beyond.get((v, k))
        if found is None:
            x, d = divmod(v, 9)
            found = reduce(or_, (g for p, g in self._through(x, self.within[k - 1]) if p != d + 1), 0)
            self._beyond[(v, k)] = found
        return found

    def successors(self, v: int) -> Iterator[int]:
        """The nodes one link after v, ascending."""
        yield from bit_indices(self.succ[v])


def _all_but(row: list[int]) -> list[int]:
    """out[i]: the OR of every entry of row but the i-th (prefix and suffix ORs)."""
    n = len(row)
    prefix = [0] * (n + 1)
    suffix = [0] * (n + 1)
    for i in range(n):
        prefix[i + 1] = prefix[i] | row[i]
        suffix[n - 1 - i] = suffix[n - i] | row[n - 1 - i]
    return [prefix[i] | suffix[i + 1] for i in range(n)]


class AlsChain(BaseTechnique):
    """Four or more ALS linked by restricted commons: a digit held by the first and the last
    set is in one of them."""

    declaration = Declaration("Almost Locked Set Chain", "ach", library="0903")

    def find(self, grid: Grid) -> Iterator[Step]:
        index = als_index(grid)
        ends = self._ends(index)
        if not any(any(per_digit) for per_digit in ends):
            return
        reach = _Reach(index)
        options = self._candidates(index, reach, ends)
        # HoDoKu's order (most eliminations, then lowest cells) needs no chain, so chains are
        # spelled out lazily: the solver, wanting one step, builds one.
        for elims, starts in sorted(options.values(), key=lambda item: _order(item[0])):
            path = _shortest(index, reach, starts)
            if path is not None:
                yield self._make(grid, index, path, elims)

    @staticmethod
    def _ends(index: AlsIndex) -> list[list[int]]:
        """ends[a][z]: the nodes "E misses e" (e != z) such that some cell sees every z of
        set a and of E: where a chain from a, missing z, would eliminate."""
        seeing: dict[tuple[int, int], int] = {}
        for e, als in enumerate(index.alses):
            for z in MASK_DIGITS[als.digits]:
                others = (als.digits & ~(1 << (z - 1))) << (9 * e)
                for t in cells_of(als.sees_all[z]):
                    seeing[(z, t)] = seeing.get((z, t), 0) | others
        out = []
        for a, als in enumerate(index.alses):
            per_digit = [0] * 10
            for z in MASK_DIGITS[als.digits]:
                per_digit[z] = reduce(or_, (seeing[(z, t)] for t in cells_of(als.sees_all[z])), 0) & ~(0x1FF << (9 * a))
            out.append(per_digit)
        return out

    @staticmethod
    def _candidates(index: AlsIndex, reach: _Reach, ends: list[list[int]]) -> dict[object, tuple[Eliminations, list[_Start]]]:
        """Every elimination set some chain gives, with its possible starts.

        A chain read backwards is a chain too (same two spare digits), so only chains
        ending in a later set than they start are looked at.
        """
        out: dict[object, tuple[Eliminations, list[_Start]]] = {}
        effects: dict[tuple[int, int, int], object] = {}
        for a, links in enumerate(index.links):
            checkpoint()
            if not any(ends[a]):
                continue
            good_without = _all_but(ends[a])
            later = -1 << (9 * (a + 1))
            reached: dict[int, int] = {}
            for rc in links:
                if not rc.overlap:
                    for x1 in MASK_DIGITS[rc.digits]:
                        if good_without[x1] & later:
                            v = 9 * rc.other(a) + x1 - 1
                            reached[x1] = reached.get(x1, 0) | reach.beyond_first(v, MAX_LINKS - 1)
            for x1, nodes in reached.items():
                for end in bit_indices(nodes & good_without[x1] & later):
                    e_als, e = divmod(end, 9)
                    spare = (1 << (x1 - 1)) | (1 << e)
                    key = effects.get((a, e_als, spare))
                    if key is None:
                        elims = common_targets(index.alses[a], index.alses[e_als], ~spare)
                        key = effects[(a, e_als, spare)] = tuple(sorted(elims.items()))
                        out.setdefault(key, (elims, []))
                    out[key][1].append((a, x1, end))
        return out

    def _make(self, grid: Grid, index: AlsIndex, path: list[tuple[int, int]], elims: Eliminations) -> Step:
        alses = [index.alses[x] for x, _ in path]
        eliminations = as_candidates(elims)
        zs = "".join(str(d) for d in sorted(elims))
        parts = [als_text(alses[0])] + [f"-{d}- {als_text(als)}" for (_, d), als in zip(path[1:], alses[1:])]
        links: list[Link] = [rc_link(p, q, d) for p, q, (_, d) in zip(alses, alses[1:], path[1:])]
        return self.step(
            f"{zs}- {' '.join(parts)} -{zs}",
            eliminations=eliminations,
            explanation=_explain(alses, [d for _, d in path], sorted(elims), eliminations),
            highlights=highlights(grid.cands, alses[::2], alses[1::2], links),
            digits=tuple(sorted(elims)),
        )


#: (start set, first RC digit, end node) of a possible chain.
_Start = tuple[int, int, int]


def _order(elims: Eliminations) -> tuple[int, int, tuple[tuple[int, int], ...]]:
    """HoDoKu's order: most eliminations first, then the lowest cells."""
    cands = as_candidates(elims)
    return (-len(cands), sum(c * 10 + d for d, c in cands), tuple(sorted(elims.items())))


def _shortest(index: AlsIndex, reach: _Reach, starts: list[_Start]) -> list[tuple[int, int]] | None:
    """The shortest chain (no set twice) for any of the starts, as (set, RC digit into it)."""
    budget = [MAX_PATH_NODES]
    firsts = [
        (a, 9 * rc.other(a) + x1 - 1, end)
        for a, x1, end in starts
        for rc in index.links[a]
        if not rc.overlap and rc.digits >> (x1 - 1) & 1
    ]
    for length in range(MIN_LINKS, MAX_LINKS + 1):
        for a, v, end in firsts:
            if not reach.beyond_first(v, length - 1) >> end & 1:
                continue
            path = _path(reach, v, end, length - 1, {a, v // 9}, budget)
            if path is not None:
                return [(a, 0)] + [(node // 9, node % 9 + 1) for node in [v, *path]]
    return None


def _path(reach: _Reach, v: int, target: int, steps: int, used: set[int], budget: list[int]) -> list[int] | None:
    """Nodes after v leading to target in at most ``steps`` links (at least two), through
    sets not yet used; the reach tables prune every branch that cannot arrive in time."""
    budget[0] -= 1
    if budget[0] < 0:
        return None
    for m in reach.successors(v):
        if m // 9 in used:
            continue
        if m == target:
            if len(used) >= 3:
                return [m]
            continue
        if steps > 1 and reach.within[steps - 1][m] >> target & 1:
            used.add(m // 9)
            rest = _path(reach, m, target, steps - 1, used, budget)
            used.discard(m // 9)
            if rest is not None:
                return [m, *rest]
    return None


def _explain(alses: list[Als], rcs: list[int], zs: list[int], eliminations: tuple[Candidate, ...]) -> str:
    labels = "ABCDEFGHIJ"
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
