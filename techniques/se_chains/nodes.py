"""Chain nodes as ints, and the direct implications between them in a position.

A node is a candidate with a state: "on" (the digit is in the cell) or "off" (it is
not), numbered ``(cell * 9 + digit - 1) * 2 + on``. SE's implications, in its order:

* on -> off: the cell's other candidates (digits ascending; only with Y links), then the
  digit's other places in the cell's block, row and column (SE's house order);
* off -> on: the cell's other candidate when it has two (Y links), then the digit's other
  place in each of the block, row and column where it has two (X links).
"""

from __future__ import annotations

from typing import Any, Final, Iterable, TypeAlias

from engine.cells import CELL_NAMES, HALF_BITS, LOW_HALF, MASK_COUNT, MASK_DIGITS, UNIT_HALVES, UNITS_OF, Cell, CellSet, Digit
from techniques.se_order import HOUSE_CELLS
from techniques.se_places import places_table

Node = int
#: A node held as the Python int object it already is, in the inner loops of the
#: propagations and walks. Compiled (mypyc), a value typed ``int`` is unboxed when read
#: from a list or tuple and boxed into a new object (an allocation, above 256) each time it
#: goes into a list, a dict or a set; typed ``Any``, the object read moves as it is (a
#: dict-based propagation loop takes a third less time per node, measured). Arithmetic
#: on such a node would go through Python's generic operators: it is done on a copy typed
#: ``Node`` (unboxed), or read from ``OPPOSITE``.
BoxedNode: TypeAlias = Any

#: Why an on node holds: its cell has no other candidate left, or its digit has no other
#: place left in the cell's block, row or column (SE's "causes").
CELL_RULE, BLOCK_RULE, ROW_RULE, COLUMN_RULE = 0, 1, 2, 3


#: NODES[n]: node ``n`` as an object, made once (to put in a list without making one).
NODES: Final[tuple[BoxedNode, ...]] = tuple(range(2 * 9 * 81))
#: OPPOSITE[n]: node ``n`` in the other state, as an object (``n ^ 1`` would make one).
OPPOSITE: Final[tuple[BoxedNode, ...]] = tuple(n ^ 1 for n in range(2 * 9 * 81))


def node(cell: Cell, digit: Digit, on: bool) -> Node:
    return ((cell * 9 + digit - 1) << 1) | on


def cell_of(n: Node) -> Cell:
    return (n >> 1) // 9


def digit_of(n: Node) -> Digit:
    return (n >> 1) % 9 + 1


def is_on(n: Node) -> bool:
    return bool(n & 1)


def node_name(n: Node) -> str:
    """``r1c2=5`` for an on node, ``r1c2<>5`` for an off node."""
    return f"{CELL_NAMES[cell_of(n)]}{'=' if n & 1 else '<>'}{digit_of(n)}"


def on_to_off(cands: list[int], n: Node, y_links: bool) -> list[Node]:
    """The off nodes an on node implies, in SE's order."""
    cand = n >> 1
    cell = cand // 9  # not divmod: a generic call and a tuple, compiled
    shift = cand - cell * 9
    base = cell * 9
    out: list[BoxedNode] = [NODES[(base + d - 1) << 1] for d in MASK_DIGITS[cands[cell] & ~(1 << shift)]] if y_links else []
    b = 1 << shift
    for other in HOUSE_CELLS[cell]:
        if cands[other] & b:
            out.append(NODES[(other * 9 + shift) << 1])
    return out


def other_place(places: int, cell: Cell) -> Cell:
    """Of a house's two places for a digit, the one that is not ``cell`` (the first one if
    neither is, as SE takes it)."""
    first = (places & -places).bit_length() - 1
    if first != cell:
        return first
    return (places & (places - 1)).bit_length() - 1


def house_pair(low: int, high: int, u: int) -> int:
    """Of a cell set given as halves (``engine.cells.halves``), the cells it has in house
    ``u`` when there are exactly two, as ``first * 81 + second`` (first < second), else
    -1. Compiled, a cell set above 62 bits makes an object per operation and
    ``int.bit_count`` is a method call: the halves make none."""
    unit_low, unit_high = UNIT_HALVES[u]
    lo = low & unit_low
    hi = high & unit_high
    if lo:
        first = lo & -lo
        rest = lo ^ first
        if rest:
            if hi or rest & (rest - 1):
                return -1
            return (first.bit_length() - 1) * 81 + rest.bit_length() - 1
        if not hi or hi & (hi - 1):
            return -1
        return (first.bit_length() - 1) * 81 + HALF_BITS + hi.bit_length() - 1
    if not hi:
        return -1
    first = hi & -hi
    rest = hi ^ first
    if not rest or rest & (rest - 1):
        return -1
    return (HALF_BITS + first.bit_length() - 1) * 81 + HALF_BITS + rest.bit_length() - 1


def split(cells: CellSet) -> tuple[int, int]:
    """``engine.cells.halves``, kept here so the chains' hot loops call no other module."""
    return cells & LOW_HALF, cells >> HALF_BITS


def off_to_on(cands: list[int], cells_with: list[int], n: Node, y_links: bool, x_links: bool) -> list[tuple[Node, int]]:
    """The on nodes an off node implies, each with the rule it comes from, in SE's order,
    each node once."""
    cand = n >> 1
    cell = cand // 9  # not divmod: a generic call and a tuple, compiled
    shift = cand - cell * 9
    out: list[tuple[BoxedNode, int]] = []
    if y_links:
        mask = cands[cell]
        if MASK_COUNT[mask] == 2:
            rest = mask & ~(1 << shift)
            if rest == mask:  # SE takes the lower candidate when the node's digit has gone
                rest = mask & -mask
            out.append((NODES[((cell * 9 + rest.bit_length() - 1) << 1) | 1], CELL_RULE))
    if x_links:
        low, high = split(cells_with[shift + 1])
        for kind, u in enumerate(UNITS_OF[cell]):
            pair = house_pair(low, high, u)
            if pair >= 0:
                first = pair // 81  # not divmod: a generic call and a tuple, compiled
                second = pair - first * 81
                target: Node = (((second if first == cell else first) * 9 + shift) << 1) | 1
                fresh = True
                for seen, _ in out:
                    earlier: Node = seen
                    if earlier == target:
                        fresh = False
                if fresh:
                    out.append((NODES[target], kind + 1))
    return out


class Links:
    """SE's implications in one position, each computed once: for a producer that starts
    many propagations from the same position (on -> off lists with Y links as asked, off ->
    on lists with X links always, as SE's propagation uses them). The lists computed so
    far (None before) are read in place by the propagations."""

    __slots__ = ("cands", "cells_with", "y_links", "offs_of", "ons_of", "_places")

    def __init__(self, cands: list[int], cells_with: list[int], y_links: bool) -> None:
        self.cands = cands
        self.cells_with = cells_with
        self.y_links = y_links
        size = 2 * 9 * 81
        self.offs_of: list[list[Node] | None] = [None] * size
        self.ons_of: list[list[tuple[Node, int]] | None] = [None] * size
        self._places: list[int] | None = None

    def places(self) -> list[int]:
        """The position's places table (``se_places.places_table``: by house * 9 + digit
        - 1, the positions the digit's places have in the house), made once."""
        found = self._places
        if found is None:
            found = self._places = places_table(self.cells_with)
        return found

    def offs(self, n: Node) -> list[Node]:
        found = self.offs_of[n]
        if found is None:
            found = self.offs_of[n] = on_to_off(self.cands, n, self.y_links)
        return found

    def ons(self, n: Node) -> list[tuple[Node, int]]:
        found = self.ons_of[n]
        if found is None:
            found = self.ons_of[n] = off_to_on(self.cands, self.cells_with, n, self.y_links, True)
        return found

    def take(self, other: Links, stale: Iterable[Node]) -> None:
        """Use the implications ``other`` (with the same Y links, in another position) has
        computed, but for the nodes in ``stale``: all those whose implications differ."""
        self.offs_of = offs_of = other.offs_of[:]
        self.ons_of = ons_of = other.ons_of[:]
        for n in stale:
            offs_of[n] = ons_of[n] = None
