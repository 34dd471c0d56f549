"""Kraken branches in words and pictures: the chains' own words (:mod:`techniques.hodoku_chains.
notation`), with the almost hidden set nodes of :mod:`techniques.krakens.graph` added."""

from __future__ import annotations

from typing import Callable

from engine.cells import CELL_NAMES, MASK_DIGITS, UNITS, cells_of
from engine.grid import Grid
from engine.notation import words_list
from engine.step import Candidate, Group
from techniques.hodoku_chains.link_graph import Node
from techniques.hodoku_chains.notation import Chain, chain_groups, literal_words
from techniques.krakens.graph import HIDDEN, HiddenSet, is_hidden
from techniques.shared import digit_words


def hidden_words(node: Node, hidden: HiddenSet) -> str:
    """``1 and 9 of row 6 must go in r6c1 and r6c2``."""
    digits = MASK_DIGITS[node.als & ~HIDDEN]
    cells = words_list([CELL_NAMES[c] for c in cells_of(node.cells)])
    return f"{digit_words(digits)} of {UNITS[hidden.house].long_name} must go in {cells} (a hidden set)"


#: Why one fact of a branch follows from the one before, when the link is not one of
#: the usual ones (None: a usual link, which needs no reason): (before, after) -> words.
Because = Callable[[tuple[Node, bool], tuple[Node, bool]], "str | None"]


def branch_words(chain: Chain, hidden: dict[Node, HiddenSet], because: Because | None = None) -> str:
    """``If r4c4 is 1, then r4c5 is not 1, so ... .``"""
    first, _ = chain[0]
    parts = []
    before = chain[0]
    for node, true in chain[1:]:
        if node.is_plain and before[0].is_plain and node.cell == before[0].cell:
            part = f"it is {node.digit}" if true else f"it is not {node.digit}"
        elif is_hidden(node):
            part = hidden_words(node, hidden[node])
        else:
            part = literal_words(node, true)
        reason = because(before, (node, true)) if because is not None else None
        parts.append(f"{part} ({reason})" if reason else part)
        before = (node, true)
    return f"If {literal_words(first, True)}, then {', so '.join(parts)}."


def branch_groups(grid: Grid, chain: Chain) -> tuple[Group, ...]:
    """The group, almost locked set and almost hidden set nodes of a branch."""
    out = list(chain_groups(grid, [(n, t) for n, t in chain if not is_hidden(n)]))
    for node, _ in chain:
        if is_hidden(node):
            digits = MASK_DIGITS[node.als & ~HIDDEN]
            members = tuple(Candidate(d, c) for c in cells_of(node.cells) for d in digits if grid.cands[c] >> (d - 1) & 1)
            out.append(Group("ahs", members))
    return tuple(dict.fromkeys(out))
