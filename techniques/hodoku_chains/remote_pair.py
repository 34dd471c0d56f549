"""Remote Pair: a chain of cells that all hold the same two digits, each seeing the next.

Along such a chain the two digits alternate, so two cells an odd number of steps apart hold
different digits: between them they hold both, and a cell that sees both of them can hold
neither. HoDoKu requires at least four cells (with two or three it is a Naked Pair or an
XY-Wing's business) and pairs at least three steps apart.
"""

from __future__ import annotations

from typing import Final, Iterator

from engine.cells import CELL_NAMES, MASK_COUNT, MASK_DIGITS, PEER_MASK, SINGLE_DIGIT, Cell, CellSet, Digit, cells_of, peers_by_house
from engine.grid import Grid
from engine.notation import cell_list_words, compact_cells, words_list
from engine.step import Candidate, Highlights, Link, Step
from engine.technique import BaseTechnique, Declaration
from techniques.shared import candidates, removal_words

#: Longest chain searched, in cells (HoDoKu's default chain length limit allows about ten).
MAX_CELLS: Final = 10

_TEXT: Final = (
    "{cells} all hold only {x} and {y}, and each sees the next, so the two digits alternate along the chain: "
    "{even} hold one of them and {odd} the other. A cell that sees a cell of each group (three or more steps "
    "apart) sees both {x} and {y}, so it can hold neither: remove {removals}."
)


class RemotePair(BaseTechnique):
    """Four or more cells with the same two candidates, chained cell to cell: a cell seeing
    two of them an odd number of steps apart can hold neither digit.

    The search is HoDoKu's: from each cell (in order) and each of its two digits x (the
    other is y), depth first along links in table order (row, column, box; cells
    ascending), never back into the chain, at most ten cells. A chain of an even number
    of cells, four or more, counts when some cell seeing both ends holds x; it clears x
    and y from every cell that sees two chain cells an odd number of steps apart (both
    ends only, for four cells). Each set of eliminations is kept once, with its shortest
    chain, the first found; listed most eliminations first."""

    declaration = Declaration("Remote Pair", "rp", library="0703")

    def find(self, grid: Grid) -> Iterator[Step]:
        found: dict[tuple[Candidate, ...], tuple[int, int, Step]] = {}
        holding: dict[int, int] = {}  # pair -> the cells holding exactly that pair
        for c in range(81):
            if MASK_COUNT[grid.cands[c]] == 2:
                holding[grid.cands[c]] = holding.get(grid.cands[c], 0) | 1 << c
        linked: dict[int, list[Cell]] = {}  # cell -> the cells with its pair it sees
        for start in range(81):
            same = holding.get(grid.cands[start], 0) if MASK_COUNT[grid.cands[start]] == 2 else 0
            if same.bit_count() < 4:
                continue  # a remote pair needs four cells
            for x in MASK_DIGITS[grid.cands[start]]:
                for chain in _chains(grid, start, x, same, linked):
                    step = self._make(grid, x, chain)
                    if step is not None:
                        key = tuple(sorted(step.eliminations))
                        if key not in found or found[key][1] > len(chain):
                            found[key] = (len(found), len(chain), step)
        for _, _, step in sorted(found.values(), key=lambda f: (-len(f[2].eliminations), f[1], f[0])):
            yield step

    def _make(self, grid: Grid, x: int, chain: tuple[Cell, ...]) -> Step | None:
        targets = 0
        pairs = [(0, len(chain) - 1)] if len(chain) == 4 else [(i, j) for i in range(len(chain)) for j in range(i + 3, len(chain), 2)]
        for i, j in pairs:
            targets |= PEER_MASK[chain[i]] & PEER_MASK[chain[j]]
        y = SINGLE_DIGIT[grid.cands[chain[0]] & ~(1 << (x - 1))]
        eliminations = tuple(sorted(candidates(grid, x, targets) + candidates(grid, y, targets)))
        if not eliminations:
            return None
        text = _TEXT.format(
            cells=words_list([CELL_NAMES[c] for c in chain]),
            x=min(x, y),
            y=max(x, y),
            even=words_list([CELL_NAMES[c] for c in chain[0::2]]),
            odd=words_list([CELL_NAMES[c] for c in chain[1::2]]),
            removals=_removals(grid, min(x, y), max(x, y), targets),
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
                # one class: x in the even cells and y in the odd ones; the other the reverse
                colors=tuple(
                    tuple(sorted(_candidates_at(chain[0::2], a) + _candidates_at(chain[1::2], b))) for a, b in ((x, y), (y, x))
                ),
            ),
            digits=(min(x, y), max(x, y)),
        )


def _candidates_at(cells: tuple[Cell, ...], digit: Digit) -> tuple[Candidate, ...]:
    return tuple(Candidate(digit, c) for c in cells)


def _removals(grid: Grid, x: int, y: int, targets: CellSet) -> str:
    """``8 and 9 from r1c7`` when both digits go from the same cells, else digit by digit."""
    with_x, with_y = grid.cells_with[x] & targets, grid.cells_with[y] & targets
    if with_x == with_y:
        return f"{x} and {y} from {cell_list_words(list(cells_of(with_x)))}"
    return removal_words(candidates(grid, x, targets) + candidates(grid, y, targets))


def _chains(grid: Grid, start: Cell, x: int, same: CellSet, linked: dict[Cell, list[Cell]]) -> Iterator[tuple[Cell, ...]]:
    """The chains HoDoKu's search checks from ``start`` with digit ``x``, in its order:
    those ending, after an even number (four or more) of cells, in a cell that shares
    with ``start`` a peer holding ``x``. ``same``: the cells holding the start's pair;
    ``linked`` caches each cell's links."""
    x_seeing_start = grid.cells_with[x] & PEER_MASK[start]

    def extend(path: tuple[Cell, ...], used: CellSet) -> Iterator[tuple[Cell, ...]]:
        last = path[-1]
        nexts = linked.get(last)
        if nexts is None:
            nexts = linked[last] = peers_by_house(last, same)  # either digit links them: one order
        for nxt in nexts:
            if used >> nxt & 1:
                continue  # back into the chain (to the start: a loop, which ends the search)
            chain = path + (nxt,)
            if len(chain) % 2 == 0 and len(chain) >= 4 and x_seeing_start & PEER_MASK[nxt]:
                yield chain
            if len(chain) < MAX_CELLS:
                yield from extend(chain, used | 1 << nxt)

    yield from extend((start,), 1 << start)


REMOTE_PAIR: Final = RemotePair()
