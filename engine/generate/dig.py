"""Making one candidate puzzle: a random solution grid, then clues taken away.

Everything here draws its randomness from the ``random.Random`` it is given, so a
candidate is a function of its generator's seed alone (see ``engine.generate.run``).

Clues are removed one symmetry orbit at a time, in random order; an orbit stays out when
the puzzle still has only the one solution. One pass over the orbits gives a minimal
puzzle: a clue that could not be removed then cannot be removed later either, since
removing other clues only adds solutions.

Uniqueness after a removal is settled cheaply when it can be: a removal that leaves an
*unavoidable set* of the solution without a clue fails at once (the digits of such a set
can be rearranged into another solution; those of two digits are found up front), and one
whose removed cells are still forced by the clues alone (all eight other digits among a
cell's peers, or no other place for its digit in one of its houses) succeeds at once.
Otherwise search looks for a solution that differs in a removed cell, bounded by nodes (a
search that runs out counts as "not unique": the clue stays, and the answer is the same
on every machine).
"""

from __future__ import annotations

import random
from typing import Sequence

from engine.cells import N_CELLS, PEER_MASK, PEERS, UNITS, UNITS_OF, Cell, CellSet, Digit, Mask, cells_of
from engine.search import solvable_from_marks, solve

#: Nodes a search for a second solution may use before the clue is kept anyway.
SECOND_SOLUTION_NODES = 20_000

_DIAGONAL_BOXES = (0, 4, 8)


def random_solution(rng: random.Random) -> list[Digit]:
    """A random solution grid: boxes 1, 5 and 9 filled at random (any such fill can be
    completed), completed by search, then shuffled by a random relabelling of the digits,
    of the rows within bands, the bands, the columns within stacks, the stacks, and a
    random transposition (each keeps a solution a solution)."""
    values = [0] * N_CELLS
    for box in _DIAGONAL_BOXES:
        digits = list(range(1, 10))
        rng.shuffle(digits)
        for cell, digit in zip(UNITS[box].cells, digits):
            values[cell] = digit
    completed = solve(values)
    if completed is None:  # cannot happen: the three diagonal boxes never clash
        raise RuntimeError("a fill of boxes 1, 5 and 9 could not be completed")
    labels = list(range(1, 10))
    rng.shuffle(labels)
    rows = _line_order(rng)
    cols = _line_order(rng)
    transpose = rng.random() < 0.5
    grid = [labels[completed[rows[r] * 9 + cols[c]] - 1] for r in range(9) for c in range(9)]
    return [grid[c % 9 * 9 + c // 9] for c in range(N_CELLS)] if transpose else grid


def _line_order(rng: random.Random) -> list[int]:
    """A random order of the nine lines that keeps each band (stack) together."""
    bands = [0, 1, 2]
    rng.shuffle(bands)
    order: list[int] = []
    for band in bands:
        inner = [0, 1, 2]
        rng.shuffle(inner)
        order += [band * 3 + i for i in inner]
    return order


def two_digit_unavoidable_sets(solution: Sequence[Digit]) -> list[CellSet]:
    """The minimal unavoidable sets of two digits: for digits a and b, the cells holding
    them, split into the groups that must swap a and b together (a cell's partner in each
    of its houses is the cell holding the other digit). Swapping one group gives another
    solution, so a puzzle needs a clue in each group."""
    where = [[0] * 10 for _ in UNITS]  # where[unit][digit]: the cell holding it
    for u, unit in enumerate(UNITS):
        for cell in unit.cells:
            where[u][solution[cell]] = cell
    found: list[CellSet] = []
    for a in range(1, 10):
        for b in range(a + 1, 10):
            group: dict[Cell, Cell] = {}
            for cells in where:
                first, second = _root(group, cells[a]), _root(group, cells[b])
                if first != second:
                    group[first] = second
            sets: dict[Cell, CellSet] = {}
            for cells in where[:9]:  # the boxes hold every cell of a and b once
                for cell in (cells[a], cells[b]):
                    root = _root(group, cell)
                    sets[root] = sets.get(root, 0) | 1 << cell
            found += sets.values()
    return found


def line_pair_unavoidable_sets(solution: Sequence[Digit]) -> list[CellSet]:
    """Unavoidable sets of two rows of one band (or two columns of one stack): reading the
    two lines across, the digit of one maps to the digit of the other; each cycle of that
    map is a set of positions whose digits the two lines can swap (the rows keep their
    digits, and so do the columns and, within one band, the boxes)."""
    found: list[CellSet] = []
    for first, second in _LINE_PAIRS:
        follow = {solution[a]: (solution[b], a, b) for a, b in zip(first, second)}
        seen: set[Digit] = set()
        for start in follow:
            digit, cells = start, 0
            while digit not in seen:
                seen.add(digit)
                digit, a, b = follow[digit]
                cells |= 1 << a | 1 << b
            if cells and cells.bit_count() > 4:  # two-cycles are two-digit sets
                found.append(cells)
    return found


_LINE_PAIRS = tuple(
    (UNITS[kind + band * 3 + i].cells, UNITS[kind + band * 3 + j].cells)
    for kind in (9, 18)
    for band in range(3)
    for i, j in ((0, 1), (0, 2), (1, 2))
)


def _root(group: dict[Cell, Cell], cell: Cell) -> Cell:
    while cell in group:
        cell = group[cell]
    return cell


class Digger:
    """Removes clues from a solution grid, keeping exactly one solution."""

    def __init__(self, solution: Sequence[Digit]) -> None:
        self.solution = tuple(solution)
        self.values = list(solution)
        # where[d]: the clue cells holding d (81-bit set); filled: every clue cell
        self.where = [0] * 10
        for cell, digit in enumerate(solution):
            self.where[digit] |= 1 << cell
        self.filled = (1 << N_CELLS) - 1
        # seen[cell][digit]: clues holding the digit among the cell's peers; marks[cell]: the
        # digits none of them holds (for the search: the clues cleared from their peers)
        self._seen = [[0] * 10 for _ in range(N_CELLS)]
        for cell in range(N_CELLS):
            for peer in PEERS[cell]:
                self._seen[cell][solution[peer]] += 1
        self._marks: list[Mask] = [0] * N_CELLS
        self._unavoidable: list[list[CellSet]] = [[] for _ in range(N_CELLS)]  # by cell
        for cells in two_digit_unavoidable_sets(solution) + line_pair_unavoidable_sets(solution):
            for cell in cells_of(cells):
                self._unavoidable[cell].append(cells)

    @property
    def clues(self) -> int:
        return self.filled.bit_count()

    def try_remove(self, orbit: Sequence[Cell]) -> bool:
        """Remove the clues of an orbit if the puzzle keeps one solution; say whether it did."""
        for cell in orbit:
            self._set(cell, 0)
        filled = self.filled
        if not any(not cells & filled for cell in orbit for cells in self._unavoidable[cell]):
            if all(self._forced(cell) for cell in orbit) or not any(self._other_solution(cell) for cell in orbit):
                return True
        for cell in orbit:
            self._set(cell, self.solution[cell])
        return False

    def dig(self, orbits: Sequence[Sequence[Cell]], rng: random.Random, target: int = 0) -> list[Digit]:
        """Remove orbits in random order while the puzzle keeps one solution, never going
        below ``target`` clues (0: as far as possible, giving a minimal puzzle)."""
        order = list(orbits)
        rng.shuffle(order)
        for orbit in order:
            if self.clues - len(orbit) < target:
                continue
            self.try_remove(orbit)
            if target and self.clues == target:
                break
        return list(self.values)

    def _set(self, cell: Cell, digit: Digit) -> None:
        old = self.values[cell] or self.solution[cell]
        self.values[cell] = digit
        step = 1 if digit else -1
        bit = 1 << (old - 1)
        seen, marks = self._seen, self._marks
        for peer in PEERS[cell]:
            counts = seen[peer]
            counts[old] += step
            if counts[old] == (1 if digit else 0):
                marks[peer] ^= bit
        if digit:
            self.where[old] |= 1 << cell
            self.filled |= 1 << cell
            marks[cell] = 0
        else:
            self.where[old] &= ~(1 << cell)
            self.filled &= ~(1 << cell)
            counts = seen[cell]
            marks[cell] = sum(1 << (d - 1) for d in range(1, 10) if not counts[d])

    def _forced(self, cell: Cell) -> bool:
        """Whether the clues alone force the solution's digit into an empty cell: a naked
        single (the other eight digits are clues among its peers) or a hidden single (no
        other empty cell of one of its houses can take the digit)."""
        values = self.values
        seen = 0
        for peer in PEERS[cell]:
            seen |= 1 << values[peer]
        if seen | 1 << self.solution[cell] | 1 == 0x3FF:  # bit 0 is the empty cells' 0
            return True
        blocked = self.filled
        clues = self.where[self.solution[cell]]
        while clues:
            low = clues & -clues
            blocked |= PEER_MASK[low.bit_length() - 1]
            clues ^= low
        alone = 1 << cell
        return any(UNITS[u].mask & ~blocked == alone for u in UNITS_OF[cell])

    def _other_solution(self, cell: Cell) -> bool:
        """Whether some solution (maybe) puts another digit in ``cell``."""
        marks = self._marks
        kept = marks[cell]
        marks[cell] = kept & ~(1 << (self.solution[cell] - 1))
        try:
            return solvable_from_marks(self.values, marks, SECOND_SOLUTION_NODES) is not False
        finally:
            marks[cell] = kept
