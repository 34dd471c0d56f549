"""Death Blossom: a stem cell whose every digit is tied to an almost locked set (a petal).

For each candidate d of the stem cell there is a petal: an ALS holding d whose cells with d
all see the stem. Whatever the stem holds, that digit leaves its petal, which then holds
all its other digits. A digit Z held by every petal (and not by the stem) is therefore in
some petal, and a cell seeing every Z of every petal cannot be Z.

HoDoKu enables it only on request; so does the hodoku profile.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Iterator

from engine.cells import CELL_NAMES, MASK_COUNT, MASK_DIGITS, N_CELLS, cells_of
from engine.grid import Grid
from engine.stop import checkpoint
from engine.step import Candidate, Link, Step
from engine.technique import BaseTechnique, Declaration
from techniques.als.steps import Eliminations, RankKey, add_eliminations, as_candidates, als_words, highlights, rank_key, ranked
from techniques.shared import digit_words, removal_words
from techniques.als.sets import Als, AlsIndex, als_index, als_text

#: Most petal choices tried per grid. The search for each stem and digit Z keeps only
#: petals that hold Z and drops a branch as soon as no cell sees every Z so far: without
#: overlap a grid needs a few thousand (HoDoKu's library at most about 2,000), with
#: overlap allowed up to about 40,000 on our test positions. The cap only stops a
#: pathological grid from running away.
MAX_COMBINATIONS = 50_000

_BLOSSOM = (
    "The stem {stem} can only be {stem_digits}. Each of these digits has a petal, an almost locked set "
    "(one digit more than cells) whose places for that digit all see {stem}: {petals}. Whatever {stem} "
    "holds leaves its petal, which then holds all its other digits, {z} among them, so {z_each} in one of "
    "the petals. Remove {removals}{why}."
)


class DeathBlossom(BaseTechnique):
    """A stem cell and one ALS per stem candidate: a digit all petals hold is in one of them.

    ``overlap``: petals may share cells (HoDoKu's "allow overlapping ALS" option).
    """

    declaration = Declaration("Death Blossom", "db", library="0904")

    def __init__(self, overlap: bool = False) -> None:
        super().__init__()
        self.overlap = overlap

    def find(self, grid: Grid) -> Iterator[Step]:
        index = als_index(grid)
        petals = _petals(index)
        found: list[tuple[RankKey, tuple[int, tuple[int, ...], Eliminations]]] = []
        budget = [MAX_COMBINATIONS]
        for stem in range(N_CELLS):
            if grid.values[stem] or MASK_COUNT[grid.cands[stem]] < 2:
                continue
            checkpoint()
            options = [petals.get((stem, d), []) for d in MASK_DIGITS[grid.cands[stem]]]
            if not all(options):
                continue
            for combo in self._combinations(grid, index, stem, options, budget):
                elims = _eliminations(grid, index, stem, combo)
                if elims:
                    found.append((rank_key(as_candidates(elims), [index.alses[p] for p in combo]), (stem, combo, elims)))
        yield from ranked(found, lambda item: self._make(grid, index, *item))

    def _combinations(
        self, grid: Grid, index: AlsIndex, stem: int, options: list[list[int]], budget: list[int]
    ) -> Iterator[tuple[int, ...]]:
        """Petal choices (one per stem digit) that eliminate, each once."""
        seen: set[tuple[int, ...]] = set()
        for z in MASK_DIGITS[~grid.cands[stem] & 0x1FF]:
            bit = 1 << (z - 1)
            narrowed = [[p for p in opts if index.alses[p].digits & bit and index.alses[p].sees_all[z]] for opts in options]
            if not all(narrowed):
                continue
            for combo in self._search(index, z, narrowed, 0, grid.cells_with[z], 0, (), budget):
                if combo not in seen:
                    seen.add(combo)
                    yield combo

    def _search(
        self,
        index: AlsIndex,
        z: int,
        options: list[list[int]],
        depth: int,
        targets: int,
        used: int,
        chosen: tuple[int, ...],
        budget: list[int],
    ) -> Iterator[tuple[int, ...]]:
        """Depth-first over the stem digits; ``targets``: cells that still see every Z so far."""
        if depth == len(options):
            yield chosen
            return
        for p in options[depth]:
            if budget[0] <= 0:
                return
            budget[0] -= 1
            als = index.alses[p]
            narrowed = targets & als.sees_all[z]
            if not narrowed or (not self.overlap and als.cells & used):
                continue
            yield from self._search(index, z, options, depth + 1, narrowed, used | als.cells, (*chosen, p), budget)

    def _make(self, grid: Grid, index: AlsIndex, stem: int, combo: tuple[int, ...], elims: Eliminations) -> Step:
        petals = [index.alses[p] for p in combo]
        stem_digits = MASK_DIGITS[grid.cands[stem]]
        eliminations = as_candidates(elims)
        parts = ", ".join(f"-{d}- {als_text(als)}" for d, als in zip(stem_digits, petals))
        links = [_stem_link(stem, d, als) for d, als in zip(stem_digits, petals)]
        shown = highlights(grid.cands, petals, (), links)
        stem_cands = tuple(Candidate(d, stem) for d in stem_digits)
        return self.step(
            f"{CELL_NAMES[stem]}, {parts}",
            eliminations=eliminations,
            explanation=_explain(stem, stem_digits, petals, sorted(elims), eliminations),
            highlights=replace(shown, alt=stem_cands, cells=(stem, *shown.cells)),
            digits=tuple(sorted(set(stem_digits) | set(elims))),
        )


def _eliminations(grid: Grid, index: AlsIndex, stem: int, combo: tuple[int, ...]) -> Eliminations:
    """Every digit all petals hold (not the stem's): the cells seeing all its places in them."""
    petals = [index.alses[p] for p in combo]
    common = 0x1FF & ~grid.cands[stem]
    for als in petals:
        common &= als.digits
    elims: Eliminations = {}
    for z in MASK_DIGITS[common]:
        targets = grid.cells_with[z]
        for als in petals:
            targets &= als.sees_all[z]
        add_eliminations(elims, z, targets)
    return elims


def _petals(index: AlsIndex) -> dict[tuple[int, int], list[int]]:
    """(stem cell, digit) -> the ALS holding the digit whose places for it all see the cell."""
    out: dict[tuple[int, int], list[int]] = {}
    for p, als in enumerate(index.alses):
        for d in MASK_DIGITS[als.digits]:
            for cell in cells_of(als.sees_all[d]):
                out.setdefault((cell, d), []).append(p)
    return out


def _stem_link(stem: int, digit: int, als: Als) -> Link:
    nearest = min(cells_of(als.holding[digit]), key=lambda c: (abs(c // 9 - stem // 9) + abs(c % 9 - stem % 9), c))
    return Link(Candidate(digit, stem), Candidate(digit, nearest), False)


def _explain(stem: int, stem_digits: tuple[int, ...], petals: list[Als], zs: list[int], eliminations: tuple[Candidate, ...]) -> str:
    name = CELL_NAMES[stem]
    if len(zs) == 1:
        verb = "sees" if len(eliminations) == 1 else "see"
        why = f", which {verb} every {zs[0]} of every petal"
    else:
        why = ": each of those cells sees every place its digit has in the petals"
    return _BLOSSOM.format(
        stem=name,
        stem_digits=digit_words(stem_digits, "or"),
        petals="; ".join(f"for {d}, {als_words(als)}" for d, als in zip(stem_digits, petals)),
        z=digit_words(zs),
        z_each=f"{zs[0]} is" if len(zs) == 1 else f"each of {digit_words(zs)} is",
        removals=removal_words(eliminations),
        why=why,
    )


DEATH_BLOSSOM = DeathBlossom()
#: HoDoKu's "allow overlapping ALS" option (reglib 0904-2); not in the registry.
DEATH_BLOSSOM_OVERLAP = DeathBlossom(overlap=True)
