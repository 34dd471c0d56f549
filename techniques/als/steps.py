"""Building ALS steps: eliminations, ranking, words and highlights shared by the ALS techniques."""

from __future__ import annotations

from typing import Callable, Iterable, Iterator, Sequence, TypeVar

from engine.cells import COL_OF, MASK_DIGITS, ROW_OF, CellSet, Digit, Mask, cells_of
from engine.step import Candidate, Group, Highlights, Link, Step, candidate
from techniques.shared import cell_names, digit_words
from techniques.als.sets import Als

#: digit -> the cells losing it.
Eliminations = dict[Digit, CellSet]
RankKey = tuple[int, int, int, int]
T = TypeVar("T")

_COUNT_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def add_eliminations(elims: Eliminations, digit: Digit, cells: CellSet) -> None:
    if cells:
        elims[digit] = elims.get(digit, 0) | cells


def common_targets(a: Als, b: Als, digits: Mask) -> Eliminations:
    """For each of ``digits`` held by both sets: the cells outside both that see every
    place of the digit in either set (the digit is known to be in one of them)."""
    elims: Eliminations = {}
    for z in MASK_DIGITS[digits & a.digits & b.digits]:
        add_eliminations(elims, z, a.sees_all[z] & b.sees_all[z])
    return elims


def as_candidates(elims: Eliminations) -> tuple[Candidate, ...]:
    return tuple(candidate(d, c) for d in sorted(elims) for c in cells_of(elims[d]))


def rank_key(eliminations: tuple[Candidate, ...], alses: Sequence[Als]) -> RankKey:
    """HoDoKu's order for ALS steps: most eliminations first, then the lowest cells
    eliminated, then fewer sets, then fewer cells in the sets."""
    return (
        -len(eliminations),
        sum(c * 10 + d for d, c in eliminations),
        len(alses),
        sum(a.size for a in alses),
    )


def ranked(found: list[tuple[RankKey, T]], build: Callable[[T], Step]) -> Iterator[Step]:
    """Steps in rank order (ties: order found), each effect once. Steps are built only when
    asked for: the solver wants the first one, and text and explanations cost."""
    found.sort(key=lambda item: item[0])
    seen: set[tuple[tuple[Candidate, ...], tuple[Candidate, ...]]] = set()
    for _, payload in found:
        step = build(payload)
        if step.effect not in seen:
            seen.add(step.effect)
            yield step


def als_words(als: Als) -> str:
    """``r1c1, r1c2 and r1c4 (1, 2, 4 and 5)`` for sentences."""
    return f"{cell_names(als.cells)} ({digit_words(MASK_DIGITS[als.digits])})"


def size_words(als: Als) -> str:
    """``two cells, three digits``."""
    n = als.size
    return f"{_COUNT_WORDS[n]} cell{'s' if n > 1 else ''} with {_COUNT_WORDS[n + 1]} digits"


def digits_text(digits: Mask) -> str:
    """``1,4``: digits as HoDoKu lists them after X= and Z=."""
    return ",".join(str(d) for d in MASK_DIGITS[digits])


def rc_link(a: Als, b: Als, digit: Digit) -> Link:
    """A weak link between the closest places of ``digit`` in two sets (HoDoKu draws one)."""
    pairs = ((x, y) for x in cells_of(a.holding[digit]) for y in cells_of(b.holding[digit]))
    x, y = min(pairs, key=lambda p: ((ROW_OF[p[0]] - ROW_OF[p[1]]) ** 2 + (COL_OF[p[0]] - COL_OF[p[1]]) ** 2, p))
    return Link(candidate(digit, x), candidate(digit, y), False)


def als_candidates(alses: Iterable[Als], grid_cands: Sequence[Mask]) -> tuple[Candidate, ...]:
    """Every candidate inside the given sets."""
    out: set[Candidate] = set()
    for als in alses:
        for c in cells_of(als.cells):
            out.update(candidate(d, c) for d in MASK_DIGITS[grid_cands[c]])
    return tuple(sorted(out))


def highlights(
    grid_cands: Sequence[Mask], pattern: Sequence[Als], alt: Sequence[Als], links: Sequence[Link]
) -> Highlights:
    """Sets shown in two roles (alternating along a chain), RC links, and all their cells."""
    cells: CellSet = 0
    for als in (*pattern, *alt):
        cells |= als.cells
    return Highlights(
        pattern=als_candidates(pattern, grid_cands),
        alt=als_candidates(alt, grid_cands),
        links=tuple(links),
        cells=tuple(cells_of(cells)),
        groups=tuple(Group("als", als_candidates((als,), grid_cands)) for als in (*pattern, *alt)),
    )
