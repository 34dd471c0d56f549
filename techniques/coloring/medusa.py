"""3D Medusa: colouring across digits (SudokuWiki's six rules).

Join two candidates when exactly one of them is true: the two candidates of a cell that
has only two, or the two places of a digit in a house that has only two. In a connected
cluster of such links the candidates alternate, so colour them in two colours: all of one
colour are true, all of the other false. The rules:

1. two candidates of one colour in a cell: that colour is false;
2. one digit twice in a house in one colour: that colour is false;
3. a cell with a candidate of each colour: its other candidates are false;
4. a candidate seeing the same digit in both colours is false;
5. a candidate seeing its digit in one colour, in a cell holding a candidate of the other
   colour, is false;
6. a cell all of whose candidates see their digit in one colour would be emptied by that
   colour: it is false.

A false colour is removed; otherwise the candidates rules 3-5 find are. Clusters of one
digit are Simple Colors and are left to it.
"""

from __future__ import annotations

from typing import Final, Iterator

from engine.cells import MASK_COUNT, MASK_DIGITS, N_CELLS, PEER_MASK, UNITS, CellSet, Digit, cells_of
from engine.grid import Grid
from engine.step import Candidate, Highlights, Step
from engine.technique import BaseTechnique, Declaration
from techniques.shared import cell_names, grouped_removals

Colours = dict[Digit, CellSet]  # digit -> cells with that digit in one colour


def _links(grid: Grid) -> dict[int, list[int]]:
    """Strong links between candidates as ints (``cell * 9 + digit - 1``: in order of
    cell, then digit): bivalue cells and conjugate pairs."""
    graph: dict[int, list[int]] = {}

    def join(a: int, b: int) -> None:
        graph.setdefault(a, []).append(b)
        graph.setdefault(b, []).append(a)

    cands = grid.cands
    for cell in range(N_CELLS):
        if MASK_COUNT[cands[cell]] == 2:
            x, y = MASK_DIGITS[cands[cell]]
            join(cell * 9 + x - 1, cell * 9 + y - 1)
    for unit in UNITS:
        for digit in range(1, 10):
            if grid.place_count(digit, unit) != 2:  # the grid's count: no cell set made
                continue
            places = grid.cells_with[digit] & unit.mask
            if places:
                a, b = cells_of(places)
                join(a * 9 + digit - 1, b * 9 + digit - 1)
    return graph


def clusters(grid: Grid) -> Iterator[tuple[Colours, Colours]]:
    """Two-coloured clusters spanning two digits or more, in order of their first node."""
    graph = _links(grid)
    seen: set[int] = set()
    for start in sorted(graph):
        if start in seen:
            continue
        colour = {start: 0}
        queue = [start]
        ok = True
        for node in queue:
            for other in graph[node]:
                if other not in colour:
                    colour[other] = colour[node] ^ 1
                    queue.append(other)
                elif colour[other] == colour[node]:
                    ok = False  # an odd loop: only in a broken position
        seen.update(colour)
        digits = 0
        for node in colour:
            digits |= 1 << (node % 9)
        if ok and digits & (digits - 1):
            sides: tuple[Colours, Colours] = ({}, {})
            for node, side in colour.items():
                digit, cell = node % 9 + 1, node // 9
                sides[side][digit] = sides[side].get(digit, 0) | 1 << cell
            yield sides


def _seen(cells: CellSet) -> CellSet:
    out = 0
    while cells:
        low = cells & -cells
        out |= PEER_MASK[low.bit_length() - 1]
        cells ^= low
    return out


def seen_by_digit(colours: Colours) -> list[CellSet]:
    """Per digit (index 1-9), the cells that see one of its places in ``colours``."""
    seen = [0] * 10
    for digit, cells in colours.items():
        seen[digit] = _seen(cells)
    return seen


def _cells(colours: Colours) -> CellSet:
    out = 0
    for cells in colours.values():
        out |= cells
    return out


def false_colour(grid: Grid, side: Colours, other: Colours, seen: list[CellSet]) -> str | None:
    """Why a colour is false (rules 1, 2, 6), or None (``seen``: ``seen_by_digit(side)``)."""
    cells = list(side.values())
    for i, a in enumerate(cells):
        for b in cells[i + 1 :]:
            if a & b:
                return f"{cell_names(a & b)} would hold two of its digits at once"
    for digit, places in side.items():
        if _sees_another(places):  # the houses are looked at only to say which
            for unit in UNITS:
                if (places & unit.mask).bit_count() > 1:
                    return f"{digit} would be twice in {unit.long_name}"
    # rule 6: a cell none of whose candidates escapes the colour's view of its digit
    escapes = 0
    for digit in range(1, 10):
        escapes |= grid.cells_with[digit] & ~seen[digit]
    emptied = _open_cells(grid) & ~(_cells(side) | _cells(other)) & ~escapes
    if emptied:
        return f"{cell_names([(emptied & -emptied).bit_length() - 1])} would have no candidate left"
    return None


def _sees_another(cells: CellSet) -> bool:
    """Some two of these cells see each other."""
    for cell in cells_of(cells):
        if cells & PEER_MASK[cell]:
            return True
    return False


def _open_cells(grid: Grid) -> CellSet:
    """The cells with candidates."""
    out = 0
    for digit in range(1, 10):
        out |= grid.cells_with[digit]
    return out


def uncoloured_removals(grid: Grid, a: Colours, b: Colours, seen_a: list[CellSet], seen_b: list[CellSet]) -> tuple[Candidate, ...]:
    """Rules 3, 4 and 5: candidates outside the cluster that one colour or the other rules
    out (``seen_a``, ``seen_b``: each colour's ``seen_by_digit``)."""
    out: list[Candidate] = []
    cells_a, cells_b = _cells(a), _cells(b)
    both = cells_a & cells_b
    for digit in range(1, 10):
        free = grid.cells_with[digit] & ~(a.get(digit, 0) | b.get(digit, 0))
        hit = free & (both | (seen_a[digit] & seen_b[digit]) | (seen_a[digit] & cells_b) | (seen_b[digit] & cells_a))
        if hit:
            out += (Candidate(digit, c) for c in cells_of(hit))
    return tuple(sorted(out))


def colour_words(grid: Grid, side: Colours) -> str:
    """``5 in r1c2 and r3c4, 7 in r1c2``."""
    return ", ".join(f"{d} in {cell_names(cells)}" for d, cells in sorted(side.items()))


_TEXT: Final = (
    "Join candidates of which exactly one is true: the two candidates of a cell that has only two, and the two "
    "places of a digit in a house that has only two. Along these links the candidates take turns, so they split "
    "into two groups, one all true and the other all false: {a} ({a_name}), and {b} ({b_name}). {reason}"
)


class Medusa(BaseTechnique):
    """Candidates of several digits joined by strong links and 2-coloured: a colour that
    breaks a rule is false, and candidates both colours rule out are false."""

    declaration = Declaration("3D Medusa", "3dm")

    def find(self, grid: Grid) -> Iterator[Step]:
        for a, b in clusters(grid):
            seen_a, seen_b = seen_by_digit(a), seen_by_digit(b)
            for side, other, seen, name in ((a, b, seen_a, "A"), (b, a, seen_b, "B")):
                why = false_colour(grid, side, other, seen)
                if why is not None:
                    gone = tuple(sorted(Candidate(d, c) for d, cells in side.items() for c in cells_of(cells)))
                    yield self._make(grid, a, b, gone, f"If group {name} were true, {why}: so group {name} is false. Remove {grouped_removals(gone)}.")
                    break
            else:
                gone = uncoloured_removals(grid, a, b, seen_a, seen_b)
                if gone:
                    text = (
                        f"Each of {grouped_removals(gone).replace(' from ', ' in ')} is ruled out by a true candidate "
                        f"whichever group is true: it sees its digit in both groups, or sees it in one group and shares "
                        f"its cell with a candidate of the other. Remove them."
                    )
                    yield self._make(grid, a, b, gone, text)

    def _make(self, grid: Grid, a: Colours, b: Colours, gone: tuple[Candidate, ...], reason: str) -> Step:
        side_a = tuple(sorted(Candidate(d, c) for d, cells in a.items() for c in cells_of(cells)))
        side_b = tuple(sorted(Candidate(d, c) for d, cells in b.items() for c in cells_of(cells)))
        text = _TEXT.format(a=colour_words(grid, a), a_name="A", b=colour_words(grid, b), b_name="B", reason=reason)
        digits = tuple(sorted(set(a) | set(b)))
        return self.step(
            f"{len(side_a) + len(side_b)} candidates of {','.join(map(str, digits))}",
            eliminations=gone,
            explanation=text,
            highlights=Highlights(pattern=side_a, alt=side_b, colors=(side_a, side_b)),
            digits=digits,
        )


MEDUSA: Final = Medusa()
