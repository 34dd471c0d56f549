"""Remote Pair: a chain of cells that all hold the same two digits, each seeing the next.

Along such a chain the two digits alternate, so two cells an odd number of steps apart hold
different digits: between them they hold both, and a cell that sees both of them can hold
neither. HoDoKu requires at least four cells (with two or three it is a Naked Pair or an
XY-Wing's business) and pairs at least three steps apart.
"""

from __future__ import annotations

from typing import Iterator

from engine.cells import ALL_CELLS, CELL_NAMES, MASK_COUNT, MASK_DIGITS, PEER_MASK, Cell, CellSet, Mask, cells_of
from engine.grid import Grid
from engine.notation import cell_list_words, compact_cells, words_list
from engine.step import Candidate, Highlights, Link, Step
from engine.technique import BaseTechnique, Level
from techniques.shared import candidates, removal_words

#: Longest chain searched, in cells (HoDoKu's default chain length limit allows about ten).
MAX_CELLS = 10

_TEXT = (
    "{cells} all hold only {x} and {y}, and each sees the next, so the two digits alternate along the chain: "
    "{even} hold one of them and {odd} the other. A cell that sees a cell of each group (three or more steps "
    "apart) sees both {x} and {y}, so it can hold neither: remove {removals}."
)


class RemotePair(BaseTechnique):
    """Four or more cells with the same two candidates, chained cell to cell: a cell seeing
    two of them an odd number of steps apart can hold neither digit."""

    def __init__(self) -> None:
        super().__init__("Remote Pair", "rp", 2800, 110, Level.HARD)

    def find(self, grid: Grid) -> Iterator[Step]:
        groups: dict[Mask, list[Cell]] = {}
        for cell in range(81):
            if MASK_COUNT[grid.cands[cell]] == 2:
                groups.setdefault(grid.cands[cell], []).append(cell)
        seen: set[tuple[Candidate, ...]] = set()
        for mask, cells in sorted(groups.items()):
            if len(cells) < 4:
                continue
            # Shorter chains first, so a step is shown with the shortest chain that makes it.
            for chain in sorted(_chains(cells), key=len):
                step = self._make(grid, mask, chain)
                if step is not None and step.eliminations not in seen:
                    seen.add(step.eliminations)
                    yield step

    def _make(self, grid: Grid, mask: Mask, chain: tuple[Cell, ...]) -> Step | None:
        targets = 0
        for i, start in enumerate(chain):
            for end in chain[i + 3 :: 2]:
                targets |= PEER_MASK[start] & PEER_MASK[end]
        targets &= ALL_CELLS & ~sum(1 << c for c in chain)
        x, y = MASK_DIGITS[mask]
        eliminations = tuple(sorted(candidates(grid, x, targets) + candidates(grid, y, targets)))
        if not eliminations:
            return None
        text = _TEXT.format(
            cells=words_list([CELL_NAMES[c] for c in chain]),
            x=x,
            y=y,
            even=words_list([CELL_NAMES[c] for c in chain[0::2]]),
            odd=words_list([CELL_NAMES[c] for c in chain[1::2]]),
            removals=_removals(grid, x, y, targets),
        )
        # HoDoKu labels each link with the digit the next cell cannot take if the first is x.
        labels = [y if i % 2 == 0 else x for i in range(len(chain) - 1)]
        parts = [compact_cells([chain[0]])] + [f"-{d}- {compact_cells([c])}" for d, c in zip(labels, chain[1:])]
        return self.step(
            f"{x}/{y} " + " ".join(parts),
            eliminations=eliminations,
            explanation=text,
            highlights=Highlights(
                pattern=tuple(Candidate(d, c) for c in chain for d in (x, y)),
                links=tuple(
                    Link(Candidate(d, a), Candidate(d, b), False) for d, a, b in zip(labels, chain, chain[1:])
                ),
                cells=chain,
            ),
            digits=(x, y),
        )


def _removals(grid: Grid, x: int, y: int, targets: CellSet) -> str:
    """``8 and 9 from r1c7`` when both digits go from the same cells, else digit by digit."""
    with_x, with_y = grid.cells_with[x] & targets, grid.cells_with[y] & targets
    if with_x == with_y:
        return f"{x} and {y} from {cell_list_words(list(cells_of(with_x)))}"
    return removal_words(candidates(grid, x, targets) + candidates(grid, y, targets))


def _chains(cells: list[Cell]) -> list[tuple[Cell, ...]]:
    """Every simple path through ``cells`` where each cell sees the next, with an even number
    of cells from four to MAX_CELLS, by start cell (each path is found in both directions)."""
    members: CellSet = sum(1 << c for c in cells)
    found: list[tuple[Cell, ...]] = []

    def extend(path: tuple[Cell, ...], used: CellSet) -> None:
        if len(path) >= 4 and len(path) % 2 == 0:
            found.append(path)
        if len(path) < MAX_CELLS:
            for nxt in cells_of(PEER_MASK[path[-1]] & members & ~used):
                extend(path + (nxt,), used | 1 << nxt)

    for start in cells:
        extend((start,), 1 << start)
    return found


REMOTE_PAIR = RemotePair()
