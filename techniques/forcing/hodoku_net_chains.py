"""How long HoDoKu 2.2 says a forcing net's chain is: the number it compares to choose.

HoDoKu keeps, for one effect, the derivation whose chains have the fewest entries in
total. A net's chain is counted from HoDoKu's own expanded table of the premise, so the
count follows how that table was filled, not the shortest way through the net:

* **Expansion.** The premise's table starts as its own table (the playout of
  :mod:`techniques.forcing.hodoku_nets`). Then its entries are taken in order, the new
  ones too, and each brings in the own entries of its own table, at its distance plus
  theirs. An entry already there keeps its place; one that came by expansion moves to
  the newer source only when that is strictly shorter. A table holds at most
  ``TABLE_SIZE`` entries.
* **The main chain** runs back from the target through each entry's first reason. An
  expanded entry is followed in its source's own table, back to that source, then on in
  the premise's table. Every further reason met on the way (other than the start of the
  table it is in) begins a branch.
* **A branch** runs back the same way in the premise's table and stops at the first
  entry that is on the main chain (only cells the main chain passed are looked at).
  It counts its own entries and one separator, when it ends on the main chain, and again
  for each further time the main chain passes that entry.

``chain_nodes`` gives that count for one target; the forcing net checks in
:mod:`techniques.forcing.hodoku_order` add them up per derivation.
"""

from __future__ import annotations

from collections import Counter
from itertools import islice
from typing import Callable, Final, Protocol


#: HoDoKu's capacity of one table, and of one chain or branch.
TABLE_SIZE: Final = 1000
#: HoDoKu keeps a table entry's distance in 9 bits (compared before it is cut).
DISTANCE_MASK: Final = 0x1FF
#: How many branches HoDoKu records for one chain.
MAX_BRANCHES: Final = 200


class OwnTable(Protocol):
    """One literal's own table (``hodoku_nets.Table``): entries by position (``entries``),
    each with its distance (``by_position``) and reasons (positions, the first reason
    first)."""

    @property
    def index(self) -> dict[int, int]: ...

    @property
    def entries(self) -> list[int]: ...

    @property
    def by_position(self) -> list[int]: ...

    @property
    def reasons(self) -> list[list[int]]: ...

    def literals(self) -> list[int]: ...


class Expansion:
    """HoDoKu's expanded table of one premise: entries in order, each with its distance
    and its source (the literal whose own table brought it; -1 for the premise's own).
    ``node_cells`` gives a node's cells (a bit set)."""

    def __init__(self, own: OwnTable, table_of: Callable[[int], OwnTable], node_cells: Callable[[int], int]) -> None:
        self.own = own
        self.table_of = table_of
        self.node_cells = node_cells
        self.literals = own.literals()
        self.distance = list(own.by_position)
        self.source = [-1] * len(self.literals)
        self.index = dict(own.index)
        self._expand()

    def _expand(self) -> None:
        lits, distance, source, index = self.literals, self.distance, self.source, self.index
        j = 1
        while j < len(lits) and len(lits) < TABLE_SIZE:
            via = lits[j]
            base = distance[j]
            table = self.table_of(via)
            for lit, step in islice(zip(table.entries, table.by_position), 1, None):  # its own entries, in order
                new = base + step
                at = index.get(lit)
                if at is None:
                    if len(lits) < TABLE_SIZE:
                        index[lit] = len(lits)
                        lits.append(lit)
                        distance.append(new & DISTANCE_MASK)
                        source.append(via)
                elif source[at] >= 0 and distance[at] > new:
                    source[at], distance[at] = via, new & DISTANCE_MASK
            j += 1

    def chain_nodes(self, target: int) -> int:
        """How many entries HoDoKu's chain from the premise to ``target`` holds, its
        branches and their separators included (0 when the table lacks the target)."""
        at = self.index.get(target)
        if at is None:
            return 0
        branches: list[int] = []
        main = self._walk(at, branches, None)
        on_main = Counter(main.lits)  # a chain through expanded tables may pass a node twice
        total = len(main.lits)
        for start in branches:
            begin = self.index.get(start)
            walked = [start] if begin is None else self._walk(begin, None, main).lits
            total += len(walked) * on_main[walked[-1]]  # told again at each pass of its end
        return total

    def _walk(self, at: int, branches: list[int] | None, main: _Walked | None) -> _Walked:
        """Back from the entry at ``at`` through first reasons (see the module text).
        ``branches`` collects further reasons (main chain); ``main`` stops a branch."""
        walked = _Walked(self.literals[at])
        lits, reasons = self.literals, self.own.reasons
        inside = False  # in a source's own table, not the premise's
        while at != 0 and len(walked.lits) < TABLE_SIZE:
            if not inside and self.source[at] >= 0:
                table = self.table_of(self.source[at])
                position = table.index.get(lits[at])
                if position is None:
                    break
                lits, reasons, at, inside = table.literals(), table.reasons, position, True
            first, *more = reasons[at]
            at, lit = first, lits[first]
            if main is None:
                walked.add(lit, self.node_cells(lit >> 1))
            else:
                walked.lits.append(lit)
                if main.cells >> _first_cell(self.node_cells(lit >> 1)) & 1 and lit in main.lits:
                    return walked
            if branches is not None:
                branches += [lits[r] for r in more[:4] if r and len(branches) < MAX_BRANCHES]
            if inside and at == 0:
                at = self.index[lits[0]]
                lits, reasons, inside = self.literals, self.own.reasons, False
        return walked


class _Walked:
    """A walked chain: its literals from the start back, and the cells passed (a bit set)."""

    def __init__(self, start: int) -> None:
        self.lits = [start]
        self.cells = 0

    def add(self, lit: int, cells: int) -> None:
        self.lits.append(lit)
        self.cells |= cells


def _first_cell(cells: int) -> int:
    """The lowest cell of a node's cells: the one HoDoKu files it under."""
    return (cells & -cells).bit_length() - 1
