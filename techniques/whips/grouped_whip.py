"""Grouped Whip: a whip (see :mod:`techniques.whips.whip`) that may also pass through a
*group*: when a digit of a house is left in two or three cells of one box-line segment, it
is in one of them, so it is ruled out of every cell that sees them all (the rest of that
line and box), and the chain goes on from there. Denis Berthier's g-whips: the grouped
nodes of a grouped AIC, in a chain that remembers. Search:
:mod:`techniques.whips.grouped`; found the way whips are (a short one first, cheaply), in
``full`` right after the Whip, so only where no plain whip was found.
"""

from __future__ import annotations

from typing import Iterator

from engine.cells import CELL_NAMES, N_CELLS, UNIT_LONG_NAMES, bit_indices
from engine.notation import compact_cells
from engine.step import Candidate, Group, Highlights, Link, Step
from engine.technique import Declaration
from techniques.shared import cell_names, digit_words
from techniques.whips.grouped import GroupedSearch, group_kills
from techniques.whips.search import SEES, VARIABLES, Path, WhipSearch
from techniques.whips.whip import Whip, emptied


def _candidates(node: int) -> tuple[Candidate, ...]:
    return tuple(Candidate(k % 9 + 1, k // 9) for k in bit_indices(node))


def node_name(node: int) -> str:
    """``r4c5=6``, or a group's ``r5c46=1``."""
    ks = bit_indices(node)
    return f"{compact_cells([k // 9 for k in ks])}={ks[0] % 9 + 1}"


def node_kills(node: int) -> int:
    return SEES[node.bit_length() - 1] if not node & (node - 1) else group_kills(node)


class GroupedWhip(Whip):
    """A whip whose chain may pass through a digit's two or three places in one box-line
    segment (see the module docstring)."""

    declaration = Declaration("Grouped Whip", "gwh")

    def search(self, live: int) -> WhipSearch:
        return GroupedSearch(live)

    def _steps(self, live: int, whips: dict[int, Path]) -> Iterator[Step]:
        """Only the whips with a group (one without is a Whip's, which ran before)."""
        yield from super()._steps(live, {t: path for t, path in whips.items() if any(node & (node - 1) for _, node in path)})

    def _step(self, live: int, target: int, path: Path) -> Step:
        nodes = [1 << target] + [node for _, node in path if node]
        links: list[Link] = []
        sentences = []
        for i, (v, node) in enumerate(path):
            by = {gone: _ruled_out_by(nodes[: i + 1], gone) for gone in bit_indices(VARIABLES[v] & live & ~node)}
            for gone, f in by.items():
                links.append(Link(_candidates(f)[0], _candidates(1 << gone)[0], False))
            if node:
                continuity = next(gone for gone, f in by.items() if f == nodes[i])
                links.append(Link(_candidates(1 << continuity)[0], _candidates(node)[0], True))
            sentences.append(node_sentence(v, node, by))
        removed = _candidates(1 << target)[0]
        where = CELL_NAMES[removed.cell]
        groups = tuple(Group("group", _candidates(n)) for n in nodes if n & (n - 1))
        return self.step(
            " -> ".join(node_name(n) for n in nodes) + f" -> {emptied(path[-1][0])} empty",
            eliminations=(removed,),
            explanation=f"Suppose {where} were {removed.digit}. " + " ".join(sentences) + f" So {where} is not {removed.digit}: remove {removed.digit} from {where}.",
            highlights=Highlights(
                pattern=tuple(c for n in nodes[1:] for c in _candidates(n)), fins=(removed,), links=tuple(dict.fromkeys(links)), groups=groups
            ),
            digits=(removed.digit,),
        )


def _ruled_out_by(nodes: list[int], gone: int) -> int:
    """The node that rules ``gone`` out: the chain's last one when it does, else the
    earliest."""
    if node_kills(nodes[-1]) >> gone & 1:
        return nodes[-1]
    return next(n for n in nodes if node_kills(n) >> gone & 1)


def node_sentence(v: int, node: int, by: dict[int, int]) -> str:
    """``Then 1 can only go to r5c4 or r5c6 in row 5 (...), one of r5c46=1.``"""
    removes: dict[int, list[int]] = {}
    for gone, f in by.items():
        removes.setdefault(f, []).append(gone)
    if v < N_CELLS:
        why = ", ".join(f"{node_name(f)} removes {digit_words([g % 9 + 1 for g in gone])}" for f, gone in removes.items())
        if not node:
            return f"Then {CELL_NAMES[v]} has no candidate left ({why})."
        return f"Then {CELL_NAMES[v]} can only be {(node.bit_length() - 1) % 9 + 1} ({why})."
    unit, d = divmod(v - N_CELLS, 9)
    why = ", ".join(f"{node_name(f)} removes {cell_names([g // 9 for g in gone])}" for f, gone in removes.items())
    house = UNIT_LONG_NAMES[unit]
    if not node:
        return f"Then {d + 1} has no place left in {house} ({why})."
    cells = [CELL_NAMES[k // 9] for k in bit_indices(node)]
    if len(cells) == 1:
        return f"Then {d + 1} can only go to {cells[0]} in {house} ({why})."
    places = ", ".join(cells[:-1]) + f" or {cells[-1]}"
    return f"Then {d + 1} can only go to {places} in {house} ({why}): {node_name(node)}, which rules {d + 1} out of every cell that sees them all."


GROUPED_WHIP = GroupedWhip()
