"""Exocet links: what an Exocet's targets and base cells say about each other, as links a
kraken's branches may cross (:mod:`techniques.krakens.pattern_links`).

An Exocet (:mod:`techniques.patterns.exocet`, Junior or Senior) proves that its two
targets hold the two digits of its two base cells, one each. So, for a base digit d:

* **the targets hold different digits**: if one target is d, the other is not d (even
  when the two do not share a house);
* **a target's digit is in a base cell**: if a target is d and only one base cell can
  hold d, that base cell is d; the other way round, if that base cell is not d, no target
  is d;
* **a base cell's digit is in a target**: if a base cell is d and only one target can
  hold d, that target is d; the other way round, if that target is not d, no base cell
  is d;
* **a target's digit is in its mirror** (Junior Exocet): the two cells of the other
  target's box, in the band's line that neither the base nor this target uses, outside the
  other target's cross-line. (The digit is in the base line in the base box and in this
  target's line in this target's box, so the other box takes it in the third line; not in
  the other target's cross-line, whose cells there are the other target, which holds the
  other base value, and companions, which hold no base digit.) If the target is d, then d
  is in the mirror cell that can hold it, or in the two as a group; if not there, the
  target is not d.

Each is an implication between two candidates and its contrapositive, sound wherever the
Exocet is (its conditions are read off the position). The strong players draw them in
their chains after an Exocet ("the targets are the base digits").
"""

from __future__ import annotations

from typing import Final

from engine.cache import per_grid_version
from engine.cells import CELL_NAMES, MASK_DIGITS, Cell, Digit
from engine.grid import Grid
from engine.notation import words_list
from engine.step import Candidate
from techniques.hodoku_chains.link_graph import Node, candidate_node
from techniques.krakens.pattern_links import LinkedGraph, Pattern, PatternLink
from techniques.patterns.exocet import Exocet, find_exocets, mirror_cells
from techniques.shared import digit_words, false_literal, true_literal

#: At most this many Exocets of one position add their links (the hardest lists have one
#: or two; a bound on work in odd positions).
MAX_EXOCETS: Final = 8


def exocets_of(grid: Grid) -> tuple[Exocet, ...]:
    """The position's Junior, then Senior Exocets (at most :data:`MAX_EXOCETS`)."""
    found: list[Exocet] = []
    for senior in (False, True):
        for exocet in find_exocets(grid, senior):
            found.append(exocet)
            if len(found) >= MAX_EXOCETS:
                return tuple(found)
    return tuple(found)


@per_grid_version(size=2)
def exocet_graph(grid: Grid) -> LinkedGraph | None:
    """The grid's kraken graph with its Exocets' links; None without an Exocet (cached per
    grid version; read-only)."""
    exocets = exocets_of(grid)
    if not exocets:
        return None
    linked = LinkedGraph.of(grid)
    for exocet in exocets:
        pattern = _pattern(grid, exocet)
        for digit in MASK_DIGITS[exocet.digits]:
            _add_digit(linked, grid, exocet, pattern, digit)
        if exocet.junior:
            _add_mirrors(linked, grid, exocet, pattern)
    return linked


def exocet_words(exocet: Exocet) -> str:
    """``r1c2 and r1c3 (digits 1, 2 and 4) are the base cells of a Junior Exocet ...``."""
    kind = "Junior" if exocet.junior else "Senior"
    base = words_list([CELL_NAMES[c] for c in exocet.base])
    targets = words_list([CELL_NAMES[c] for c in exocet.targets])
    digits = digit_words(MASK_DIGITS[exocet.digits])
    return (
        f"{base} (digits {digits}) are the base cells of a {kind} Exocet with targets {targets}: "
        f"the targets hold the two digits of the base cells, one each (see {kind} Exocet)."
    )


def _pattern(grid: Grid, exocet: Exocet) -> Pattern:
    cells = (*exocet.base, *exocet.targets)
    candidates = tuple(Candidate(d, c) for c in cells for d in MASK_DIGITS[grid.cands[c] & exocet.digits])
    return Pattern(exocet_words(exocet), cells, candidates)


def _add_digit(linked: LinkedGraph, grid: Grid, exocet: Exocet, pattern: Pattern, d: Digit) -> None:
    targets = [t for t in exocet.targets if grid.cands[t] >> (d - 1) & 1]
    bases = [b for b in exocet.base if grid.cands[b] >> (d - 1) & 1]
    if not targets or not bases:
        return  # d is no base value: the Exocet itself removes it
    index = linked.built.graph.index

    def on(cell: Cell) -> int:
        return true_literal(index[candidate_node(d, cell)])

    def add(a: int, b: int, why: str, back: str) -> None:
        linked.add(a, b, PatternLink(why, pattern), PatternLink(back, pattern))

    names = words_list([CELL_NAMES[t] for t in exocet.targets])
    if len(targets) == 2:
        why = f"the targets {names} hold different digits"
        add(on(targets[0]), false_literal(index[candidate_node(d, targets[1])]), why, why)
    # (cells holding d on one side, on the other, why, why the contrapositive): when the
    # other side has one cell holding d, d on this side puts d there
    sides = (
        (targets, bases, "a target holds a digit of the base cells, and only {} of them can be {}",
         "{1} is then in neither base cell, and the targets hold only the base cells' digits"),
        (bases, targets, "the base cells' digits are in the targets, and only {} of them can be {}",
         "{1} is then in neither target, and the targets hold the base cells' digits"),
    )
    for sources, others, why, back in sides:
        if len(others) == 1:
            for cell in sources:
                add(on(cell), on(others[0]), why.format(CELL_NAMES[others[0]], d), back.format(CELL_NAMES[others[0]], d))


def _add_mirrors(linked: LinkedGraph, grid: Grid, exocet: Exocet, pattern: Pattern) -> None:
    """Each target's digit is in its mirror (see the module docstring)."""
    index = linked.built.graph.index
    for i, target in enumerate(exocet.targets):
        mirror = mirror_cells(exocet, i)
        names = words_list([CELL_NAMES[c] for c in mirror], "or")
        for d in MASK_DIGITS[grid.cands[target] & exocet.digits]:
            if any(grid.values[c] == d for c in mirror):
                continue
            holders = [c for c in mirror if grid.cands[c] >> (d - 1) & 1]
            if not holders:
                continue  # the Exocet itself removes d from the target
            # one cell, or both as a group node (which the graph has unless the digit has
            # no other place in the box or line, when nothing links to it anyway)
            node = candidate_node(d, holders[0]) if len(holders) == 1 else Node(d, sum(1 << c for c in holders))
            if node not in index:
                continue
            linked.add(
                true_literal(index[candidate_node(d, target)]),
                true_literal(index[node]),
                PatternLink(f"a target's digit must also be in its mirror, {names}", pattern, mirror),
                PatternLink(f"{d} is then not in the mirror {names} of {CELL_NAMES[target]}, where that target's digit must be", pattern, mirror),
            )
