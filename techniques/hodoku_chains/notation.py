"""Words for chains: HoDoKu's chain notation, a walk along the chain in words, highlights.

A chain here is a list of (node, true?) pairs, start first. In HoDoKu's notation each cell
is named once; the link into it shows its digit, ``=d=`` when the link makes it true and
``-d-`` when it makes it false (``r1c5 =1= r9c5 -1- r9c3``): a switch between two digits
inside one cell is not written.
"""

from __future__ import annotations

from typing import Sequence

from engine.cells import CELL_NAMES, MASK_DIGITS, CellSet, cells_of, first_cell
from engine.grid import Grid
from engine.notation import words_list
from engine.step import Candidate, Group, Highlights, Link
from techniques.hodoku_chains.link_graph import Node

Chain = Sequence[tuple[Node, bool]]


def chain_string(chain: Chain) -> str:
    """``r1c5 =1= r9c5 -1- r9c3 =1= r8c1``."""
    first, _ = chain[0]
    out = [first.name]
    last = first.cell
    for node, true in chain[1:]:
        if node.cell == last:
            continue
        last = node.cell
        mark = "=" if true else "-"
        out.append(f"{mark}{node.digit}{mark} {node.name}")
    return " ".join(out)


def digits_text(eliminations: Sequence[Candidate]) -> str:
    """``1/2/5``: the eliminated digits, as HoDoKu heads chain steps with them."""
    return "/".join(str(d) for d in sorted({d for d, _ in eliminations}))


def node_words(node: Node) -> str:
    if node.als:
        names = [CELL_NAMES[c] for c in cells_of(node.cells)]
        return f"the almost locked set {words_list(names)}"
    if node.is_group:
        return words_list([CELL_NAMES[c] for c in cells_of(node.cells)], "or")
    return CELL_NAMES[node.cell]


def literal_words(node: Node, true: bool) -> str:
    """``r1c5 is 1``, ``r1c5 is not 1``, ``1 is in r1c5 or r1c6``, ``r1c5 and r1c6 are not 1``."""
    d = node.digit
    if node.als:
        rest = [str(x) for x in MASK_DIGITS[node.als] if x != d]
        return f"{node_words(node)} loses {d} and must hold {words_list(rest)}"
    if node.is_group:
        names = [CELL_NAMES[c] for c in cells_of(node.cells)]
        return f"{d} is in {words_list(names, 'or')}" if true else f"{words_list(names)} are not {d}"
    return f"{CELL_NAMES[node.cell]} is {d}" if true else f"{CELL_NAMES[node.cell]} is not {d}"


def walk_words(chain: Chain) -> str:
    """The chain after its first literal, in words: ``r9c5 is 1, so r9c3 is not 1, so it is 4``
    (``it``: the same cell as the step before)."""
    parts = []
    before = chain[0][0]
    for node, true in chain[1:]:
        if node.is_plain and before.is_plain and node.cell == before.cell:
            parts.append(f"it is {node.digit}" if true else f"it is not {node.digit}")
        else:
            parts.append(literal_words(node, true))
        before = node
    return ", so ".join(parts)


def which_see(cells: CellSet) -> str:
    """``r4c2, which sees`` or ``r4c2 and r5c2, which see``."""
    names = [CELL_NAMES[c] for c in cells_of(cells)]
    return f"{words_list(names)}, which {'sees' if len(names) == 1 else 'see'}"


def chain_links(grid: Grid, chain: Chain) -> tuple[Link, ...]:
    """Highlights: one link per implication, strong when it makes its end true. Groups and
    almost locked sets are shown by their first candidate of the digit."""
    cands = [_anchor(grid, node) for node, _ in chain]
    return tuple(Link(cands[i], cands[i + 1], chain[i + 1][1]) for i in range(len(chain) - 1))


def chain_candidates(grid: Grid, chain: Chain) -> tuple[Candidate, ...]:
    """Every candidate the chain runs through (all cells of groups and sets)."""
    out: list[Candidate] = []
    for node, _ in chain:
        digits = MASK_DIGITS[node.als] if node.als else (node.digit,)
        for c in cells_of(node.cells):
            out += [Candidate(d, c) for d in digits if grid.cands[c] >> (d - 1) & 1]
    return tuple(sorted(set(out)))


def chain_groups(grid: Grid, chain: Chain) -> tuple[Group, ...]:
    """The chain's group nodes (the digit in each of their cells) and almost locked sets
    (every candidate of their cells), each once, in chain order."""
    out: dict[Group, None] = {}
    for node, _ in chain:
        if node.als:
            digits = MASK_DIGITS[node.als]
        elif node.is_group:
            digits = (node.digit,)
        else:
            continue
        members = tuple(Candidate(d, c) for c in cells_of(node.cells) for d in digits if grid.cands[c] >> (d - 1) & 1)
        out[Group("als" if node.als else "group", members)] = None
    return tuple(out)


def chain_highlights(grid: Grid, chain: Chain) -> Highlights:
    """A chain's candidates, links, group nodes and almost locked sets."""
    return Highlights(pattern=chain_candidates(grid, chain), links=chain_links(grid, chain), groups=chain_groups(grid, chain))


def _anchor(grid: Grid, node: Node) -> Candidate:
    with_digit = node.cells & grid.cells_with[node.digit] if node.digit else 0
    return Candidate(node.digit, first_cell(with_digit or node.cells))
