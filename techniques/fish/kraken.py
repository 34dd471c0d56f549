"""Kraken Fish: a finned fish whose fins reach their target through chains.

A finned fish (n rows whose candidates for a digit lie in n columns, apart from the fins,
or the same with rows and columns swapped) says: either a fin is true, or the fish
holds. When it holds, the n base lines put their digit in the n cover lines, one in each.
A plain finned fish only removes the digit from cover cells that see every fin; a Kraken
fish follows chains (HoDoKu's direct links: two-candidate cells, two-place houses and
box-line groups, each fact resting on one earlier fact) from the fins instead:

* **Type 1**: a cover cell outside the base lines cannot hold the digit when the fish
  holds; if a chain from every fin rules it out too, it goes.
* **Type 2**: when the fish holds, each cover line gets its digit in one of its base
  cells. So one of those cells or a fin holds the digit; a candidate (any digit) that a
  chain from each of them rules out goes.

HoDoKu has the technique (off in its default configuration). Here: basic fish of two to
four lines with one to :data:`MAX_FINS` fins, chains of at most :data:`MAX_LINKS` links
(longer ones are a forcing chain's business, not a fish's). Steps come smallest fish
first, type 1 before type 2, then the shortest chains.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from itertools import combinations
from typing import Final, Iterator

from engine.cells import CELL_NAMES, COLS, MASK_COUNT, MASK_DIGITS, ROWS, UNITS, BoxedInt, CellSet, Digit, Unit, bit_indices, boxed, cells_of
from engine.cache import StateMemo, remembered
from engine.grid import Grid
from engine.step import Candidate, Highlights, Link, Step, candidate
from engine.stop import checkpoint
from engine.technique import BaseTechnique, Declaration
from techniques.fish.search import Fish, Shape
from techniques.fish.words import fish_detail, house_words
from techniques.forcing.conclusions import chain_proof
from techniques.forcing.propagation import Proof
from techniques.forcing.link_tables import CANDIDATE_BITS, Closure, LinkTables, link_tables
from techniques.forcing.words import Narrator, links
from techniques.shared import N_CANDIDATES, candidate_at, candidate_index, candidate_literal, cell_names, grouped_removals

MAX_FINS: Final = 3
MAX_SIZE: Final = 4
MAX_LINKS: Final = 12
_SIZE_NAMES: Final = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}


@dataclass(frozen=True)
class _Kraken:
    """One finding: the fish, its type, the premises (candidates of ``digit`` one of
    which is true) and the candidates every premise's chain rules out."""

    fish: Fish
    kind: int  # 1 or 2
    cover: int  # type 2: the cover line whose base cells are premises (-1 for type 1)
    premises: tuple[int, ...]  # cells holding the fish digit
    targets: tuple[int, ...]  # candidate indexes
    cost: int  # links in all the chains

    def key(self) -> tuple[int, int, int, int]:
        return (len(self.fish.base), self.kind, self.cost, len(self.premises))


class KrakenFish(BaseTechnique):
    """A finned fish and chains from its fins (type 1) or from a cover line and its fins
    (type 2) to the candidates they rule out (see the module docstring)."""

    declaration = Declaration(
        "Kraken Fish",
        "kf",
        subcodes={"kf1": "0371", "kf2": "0372"},
        subnames={"kf1": "Kraken Fish Type 1", "kf2": "Kraken Fish Type 2"},
    )

    def find(self, grid: Grid) -> Iterator[Step]:
        search = _Search(grid)
        for size in range(2, MAX_SIZE + 1):
            found: list[_Kraken] = []
            for shape in _finned_fish(grid, size):
                found += search.krakens(shape)
            found.sort(key=_Kraken.key)
            seen: set[tuple[int, tuple[int, ...]]] = set()
            for kraken in found:
                effect = (kraken.kind, kraken.targets)
                if effect not in seen:
                    seen.add(effect)
                    yield self._step(search, kraken)

    def _step(self, search: _Search, kraken: _Kraken) -> Step:
        fish = kraken.fish
        removals = tuple(candidate(d, c) for c, d in (candidate_at(t) for t in kraken.targets))
        proofs: dict[int, list[Proof]] = {}
        chains: list[Link] = []
        for cell in kraken.premises:
            closure = search.closure(cell, fish.digit)
            for target in kraken.targets:
                proof = chain_proof(search.tables, closure, candidate_literal(*candidate_at(target), False))
                proofs.setdefault(cell, []).append(proof)
                chains += links(proof, search.tables.node_cells)
        return self.step(
            f"{_fish_name(fish)}: {fish_detail([fish])}",
            eliminations=removals,
            explanation=_explain(search, kraken, proofs, removals),
            highlights=Highlights(
                pattern=_candidates(fish.digit, fish.cells & ~fish.fins),
                fins=_candidates(fish.digit, fish.fins),
                alt=_candidates(fish.digit, sum(1 << c for c in kraken.premises) & ~fish.fins) if kraken.kind == 2 else (),
                links=tuple(dict.fromkeys(chains)),
                units=fish.base,
                cover_units=fish.cover,
            ),
            digits=(fish.digit,),
            name=f"Kraken Fish Type {kraken.kind}",
            code=f"kf{kraken.kind}",
        )


class _Search:
    """The chain tables of one grid, the closures of the premises asked so far (for the
    findings' chains and costs) and what each premise rules out within MAX_LINKS links."""

    def __init__(self, grid: Grid) -> None:
        self.grid = grid
        self.tables = link_tables(grid)
        self._closures: dict[int, Closure] = {}
        self._reach: dict[int, int] = {}
        self._by_cells: list[dict[CellSet, int]] = [{} for _ in range(10)]  # per digit
        self._near = _Near(self.tables)

    def closure(self, cell: int, digit: Digit) -> Closure:
        node = candidate_index(cell, digit)
        found = self._closures.get(node)
        if found is None:
            checkpoint()
            found = self._closures[node] = self.tables.closure(node, True)
        return found

    def ruled_out(self, cell: int, digit: Digit) -> int:
        """The candidates (bits by index) a chain of at most MAX_LINKS links from ``cell``
        being ``digit`` rules out."""
        node = candidate_index(cell, digit)
        found = self._reach.get(node)
        if found is None:
            checkpoint()
            found = self._reach[node] = self._near.ruled_out(node)
        return found

    def cost(self, premises: tuple[int, ...], digit: Digit, target: int) -> int:
        return sum(self.closure(c, digit).distance(target, False) for c in premises)

    def all_rule_out(self, digit: Digit, cells: CellSet) -> int:
        """The candidates a chain from each of ``cells`` (as ``digit``) rules out (many fish
        share their fins, and the base cells of a cover line)."""
        known = self._by_cells[digit]
        found = known.get(cells)
        if found is None:
            found = CANDIDATE_BITS
            for cell in cells_of(cells):
                found &= self.ruled_out(cell, digit)
                if not found:
                    break
            known[cells] = found
        return found

    def krakens(self, shape: _Shape) -> tuple[_Kraken, ...]:
        """The krakens of one finned fish: type 1, then type 2 by cover line (a function,
        not a generator: most of the thousands of shapes a grid has give none)."""
        digit, base, cover, cells, fins, cover_cells = shape
        common = self.all_rule_out(digit, fins)  # every premise of either type includes the fins
        if not common:
            return ()
        shift = 81 * (digit - 1)  # a cell set of this digit as candidate bits
        outside = self.grid.cells_with[digit] & cover_cells & ~cells
        found: list[_Kraken] = []
        fish: Fish | None = None  # made for the first finding only: most shapes have none
        if common & (outside << shift):
            fish = _fish(shape)
            found.append(self._kraken(fish, 1, -1, tuple(cells_of(fins)), tuple(bit_indices(common & (outside << shift)))))
        for unit in cover:
            own = cells & UNITS[unit].mask & ~fins
            line = common & self.all_rule_out(digit, own)
            if line:  # neither type 1's victims nor the premises themselves
                line &= ~((outside | fins | own) << shift)
            if line:
                if fish is None:
                    fish = _fish(shape)
                found.append(self._kraken(fish, 2, unit, tuple(cells_of(own)) + tuple(cells_of(fins)), tuple(bit_indices(line))))
        return tuple(found) if found else ()

    def _kraken(self, fish: Fish, kind: int, cover: int, premises: tuple[int, ...], targets: tuple[int, ...]) -> _Kraken:
        cost = min(self.cost(premises, fish.digit, t) for t in targets)
        return _Kraken(fish, kind, cover, premises, targets, cost)


class _Near:
    """Breadth-first searches over the link tables' literals (``2 * node``: the node true,
    ``2 * node + 1``: false) as lists of small ints, to MAX_LINKS links: what
    ``LinkTables.closure`` finds in its first MAX_LINKS + 1 levels (a literal's level there
    is its distance here), without a big int per level. A premise reaches a few dozen
    literals: walking them one by one costs less than the closure's bit-set fronts."""

    def __init__(self, tables: LinkTables) -> None:
        self.tables = tables
        # per literal, the literals one link away (made when first walked from)
        self.after: list[list[BoxedInt] | None] = [None] * (2 * len(tables.weak))
        self.stamp: list[BoxedInt] = [0] * (2 * len(tables.weak))  # == tag: met in this search
        self.tag = 0

    def ruled_out(self, node: int) -> int:
        """The candidate nodes false within MAX_LINKS links of ``node`` being true."""
        self.tag += 1
        tag = boxed(self.tag)  # one object: the stamps of this search are this object
        stamp, after = self.stamp, self.after
        start = 2 * node
        stamp[start] = tag
        front: list[BoxedInt] = [boxed(start)]
        off = 0
        for _depth in range(MAX_LINKS):
            reached: list[BoxedInt] = []
            for lit_object in front:
                lit: int = lit_object
                nexts = after[lit]
                if nexts is None:
                    nexts = after[lit] = self.tables.links_of(lit)
                for next_object in nexts:
                    n: int = next_object
                    if stamp[n] is not tag:
                        stamp[n] = tag
                        reached.append(next_object)
                        if n & 1 and n < 2 * N_CANDIDATES:
                            off |= _BIT[n >> 1]
            if not reached:
                break
            front = reached
        return off


#: 1 << n for every candidate node n.
_BIT: Final = tuple(1 << n for n in range(N_CANDIDATES))


#: A finned fish before it is worth a :class:`Fish`: digit, base and cover houses (unit
#: numbers), base candidates, fins, the cover houses' cells.
_Shape = tuple[Digit, tuple[int, ...], tuple[int, ...], CellSet, CellSet, CellSet]


def _finned_fish(grid: Grid, size: int) -> Iterator[_Shape]:
    """Basic fish of ``size`` lines with 1 to MAX_FINS fins, for every digit: rows as base
    first, then columns; covers must each hold a base candidate, and bases a covered one."""
    for digit in range(1, 10):
        everywhere = grid.cells_with[digit]
        if not everywhere:
            continue
        yield from remembered(_SHAPES, (digit, size, everywhere), partial(_digit_fish, digit, everywhere, size))


#: The finned fish of one digit and size depend on that digit's candidates alone, and most
#: steps leave most digits alone: remembered across steps.
_SHAPES: Final[StateMemo[tuple[Digit, int, CellSet], tuple[_Shape, ...]]] = StateMemo()


def _digit_fish(digit: Digit, everywhere: CellSet, size: int) -> Iterator[_Shape]:
    """The finned fish of one digit and size: rows as base lines, then columns; the base
    lines in ``combinations`` order, then their cover lines. Worked out on each line's
    positions as a 9-bit mask (a cell set made only for a fish found)."""
    for by_rows in (True, False):
        lines = _line_masks(everywhere, by_rows)
        bases, covers = (ROWS, COLS) if by_rows else (COLS, ROWS)
        spans, crossings = _SPANS[by_rows], _SPANS[not by_rows]
        usable = [i for i in range(9) if lines[i]]
        for combo in combinations(usable, size):
            masks = [lines[i] for i in combo]
            union = 0
            for m in masks:
                union |= m
            crossing = MASK_DIGITS[union]  # positions + 1, ascending
            if not size < len(crossing) <= size + MAX_FINS:
                continue
            cells = -1  # made for the first cover that fits
            for chosen in combinations(crossing, size):
                kept = 0
                for position in chosen:
                    kept |= 1 << (position - 1)
                fins = 0
                for m in masks:
                    if not m & kept:
                        break
                    fins += MASK_COUNT[m & ~kept]
                else:
                    if fins <= MAX_FINS:
                        if cells < 0:
                            lines_mask = 0
                            for i in combo:
                                lines_mask |= 1 << i
                            cells = everywhere & spans[lines_mask]
                        covered = crossings[kept]
                        base = tuple(bases[i].number for i in combo)
                        yield digit, base, tuple(covers[p - 1].number for p in chosen), cells, cells & ~covered, covered


def _line_masks(everywhere: CellSet, by_rows: bool) -> list[int]:
    """Per row (``by_rows``) or column, the positions across it holding a cell of
    ``everywhere`` (columns of a row, rows of a column), as a 9-bit mask."""
    if by_rows:
        return [(everywhere >> (9 * r)) & 0x1FF for r in range(9)]
    found = [0] * 9
    for cell in cells_of(everywhere):
        found[cell % 9] |= 1 << (cell // 9)
    return found


def _spans(lines: tuple[Unit, ...]) -> tuple[CellSet, ...]:
    """The cells of the lines of each 9-bit line mask: a mask's are its lowest line's and
    those of the mask without that line (built in one pass, not a sum per mask)."""
    out = [0] * 512
    for m in range(1, 512):
        low = m & -m
        out[m] = out[m ^ low] | lines[low.bit_length() - 1].mask
    return tuple(out)


#: By frame (True: rows), the cells of the lines of each 9-bit line mask.
_SPANS: Final = {by_rows: _spans(ROWS if by_rows else COLS) for by_rows in (True, False)}


def _fish(shape: _Shape) -> Fish:
    digit, base, cover, cells, fins, _ = shape
    sashimi = any((cells & UNITS[unit].mask & ~fins).bit_count() <= 1 for unit in base)
    return Fish(digit, base, cover, cells, fins, 0, 0, Shape.BASIC, sashimi)


def _fish_name(fish: Fish) -> str:
    return f"{'Sashimi' if fish.sashimi else 'Finned'} {_SIZE_NAMES[len(fish.base)]}"


def _candidates(digit: Digit, cells: CellSet) -> tuple[Candidate, ...]:
    return tuple(candidate(digit, c) for c in cells_of(cells))


def _explain(search: _Search, kraken: _Kraken, proofs: dict[int, list[Proof]], removals: tuple[Candidate, ...]) -> str:
    fish, digit = kraken.fish, kraken.fish.digit
    narrator = Narrator(search.grid, search.tables.node_cells)
    n_fins = fish.fins.bit_count()
    opening = (
        f"A {_fish_name(fish)} on {digit}: in {house_words(fish.base)}, {digit} can only go in "
        f"{house_words(fish.cover)}, apart from the fin{'s' if n_fins > 1 else ''} {cell_names(fish.fins)}. "
        f"Either {'a' if n_fins > 1 else 'the'} fin is {digit}, or the fish holds"
    )
    if kraken.kind == 1:
        victims = sum(1 << candidate_at(t)[0] for t in kraken.targets)
        them = "it" if victims.bit_count() == 1 else "them"
        middle = (
            f" and {cell_names(victims)} (in the cover lines) cannot be {digit}; a chain from "
            f"{'each fin' if n_fins > 1 else 'the fin'} rules {them} out as well. "
        )
    else:
        line = UNITS[kraken.cover].long_name
        own = sum(1 << c for c in kraken.premises) & ~fish.fins
        everyone = cell_names(sum(1 << c for c in kraken.premises)).replace(" and ", " or ")
        middle = f" and {line} gets its {digit} in {cell_names(own).replace(' and ', ' or ')}. So one of {everyone} is {digit}, and a chain from each rules the same candidates out. "
    cases = " ".join(f"If {CELL_NAMES[cell]} is {digit}: {narrator.walk_many(found)}." for cell, found in proofs.items())
    return opening + middle + cases + f" Either way, remove {grouped_removals(removals)}."


KRAKEN_FISH: Final = KrakenFish()
