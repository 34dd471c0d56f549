"""ALS-XZ and ALS-XY-Wing: two or three almost locked sets joined by restricted commons.

ALS-XZ: sets A and B share a restricted common X (every X of A sees every X of B), so at
most one of them holds X, and the other, missing X, holds all its other digits. A digit Z
that both hold is therefore in A or in B, and any cell seeing every Z of both cannot be Z.
When A and B share two restricted commons (doubly linked), each set misses one of them,
so both are locked: every other digit of A is in A, and of B in B.

ALS-XY-Wing: C is linked to A by X and to B by Y. C misses at most one digit, so it holds X
or Y, which locks A or B; a digit Z held by A and B is then in one of them.
"""

from __future__ import annotations

from bisect import bisect_right

from typing import Final, Iterator

from engine.cells import MASK_COUNT, MASK_DIGITS, cells_of
from engine.grid import Grid
from engine.stop import checkpoint
from engine.step import Candidate, Step, candidate
from engine.technique import BaseTechnique, Declaration
from techniques.als.steps import (
    Eliminations,
    as_candidates,
    als_words,
    common_targets,
    digits_text,
    highlights,
    rc_link,
)
from techniques.shared import digit_words, removal_words
from techniques.als.sets import Als, AlsIndex, RestrictedCommon, als_index, als_text

_LOCKED: Final = "each has one digit more than cells, so a set that loses one of its digits holds all the others"
_XZ: Final = (
    "A = {a} and B = {b} are almost locked sets: " + _LOCKED + ". Every {x} in A sees every {x} in B, so "
    "A or B has no {x} and holds {z}: {z_each} in A or in B. Remove {removals}{why}."
)
_XZ_DOUBLE: Final = (
    "A = {a} and B = {b} are almost locked sets ({locked}) linked by both {x}: every {x1} in A sees every "
    "{x1} in B, and the same for {x2}. Neither set can lose both, so A loses one and B the other, each set "
    "holds all its other digits, and {x} each sit in A or B. Remove {removals}{why}."
)
_XY: Final = (
    "A = {a}, B = {b} and C = {c} are almost locked sets: " + _LOCKED + ". C can lose only one digit, so "
    "it holds one of {links}, which takes that digit from A (for {x}) or from B (for {y}): either A or B "
    "holds {z}. Remove {removals}{why}."
)


def _meets(a: Als, b: Als, digits: int) -> bool:
    """Whether some cell sees every place of one of ``digits`` in both sets (cheap test)."""
    for z in MASK_DIGITS[digits & a.seen_digits & b.seen_digits]:
        if a.sees_all[z] & b.sees_all[z]:
            return True
    return False


def see_why(eliminations: tuple[Candidate, ...], scope: str) -> str:
    """The end of a removal sentence: why the cells cannot hold the digit."""
    digits = {d for d, _ in eliminations}
    if len(digits) > 1:
        return f": each of those cells sees every place its digit has in {scope}"
    verb = "sees" if len(eliminations) == 1 else "see"
    return f", which {verb} every {eliminations[0].digit} in {scope}"


class AlsXz(BaseTechnique):
    """Two ALS with a restricted common X: a digit Z held by both is in one of them."""

    declaration = Declaration("Almost Locked Set XZ-Rule", "axz", library="0901")

    def find(self, grid: Grid) -> Iterator[Step]:
        """In HoDoKu's order: restricted commons by their first set, then their second (in
        the order ``als_index`` lists the sets); overlapping sets are never used."""
        index = als_index(grid)
        seen: set[tuple[Candidate, ...]] = set()
        for rc in index.rcs:
            if rc.overlap:
                continue
            a, b = index.alses[rc.first], index.alses[rc.second]
            if MASK_COUNT[rc.digits] == 1 and not _meets(a, b, a.digits & b.digits & ~rc.digits):
                continue
            eliminations, z_digits = self._eliminations(a, b, rc.digits)
            key = tuple(sorted(set(eliminations)))
            if eliminations and key not in seen:
                seen.add(key)
                yield self._make(grid, a, b, rc.digits, eliminations, z_digits)

    @staticmethod
    def _eliminations(a: Als, b: Als, x: int) -> tuple[tuple[Candidate, ...], int]:
        """What the pair removes, in HoDoKu's order (for each restricted common: the other
        common digits ascending, cells ascending; then, doubly linked, what A and then B
        lock), and the digits Z to name (none when the sets lock each other)."""
        out: list[Candidate] = []
        z_digits = 0
        for digit in MASK_DIGITS[x]:
            for z, cells in common_targets(a, b, a.digits & b.digits & ~(1 << (digit - 1))).items():
                out += [candidate(z, c) for c in cells_of(cells)]
                z_digits |= 1 << (z - 1)
        if MASK_COUNT[x] > 1:
            locked = False
            for own, other in ((a, b), (b, a)):
                for d in MASK_DIGITS[own.digits & ~x]:
                    cells = own.sees_all[d] & ~other.cells
                    locked = locked or bool(cells)
                    out += [candidate(d, c) for c in cells_of(cells)]
            if locked:
                z_digits = 0  # as HoDoKu: no Z when the doubly linked sets lock each other
        return tuple(out), z_digits

    def _make(self, grid: Grid, a: Als, b: Als, x: int, eliminations: tuple[Candidate, ...], z_digits: int) -> Step:
        detail = f"A={als_text(a)}, B={als_text(b)}, X={digits_text(x)}" + (f", Z={digits_text(z_digits)}" if z_digits else "")
        return self.step(
            detail,
            eliminations=eliminations,
            explanation=self._explain(a, b, x, eliminations),
            highlights=highlights(grid.cands, (a,), (b,), [rc_link(a, b, d) for d in MASK_DIGITS[x]]),
            digits=MASK_DIGITS[a.digits | b.digits],
        )

    @staticmethod
    def _explain(a: Als, b: Als, x: int, eliminations: tuple[Candidate, ...]) -> str:
        removed = sorted({d for d, _ in eliminations})
        if MASK_COUNT[x] > 1:
            x1, x2 = MASK_DIGITS[x][:2]
            return _XZ_DOUBLE.format(
                a=als_words(a),
                b=als_words(b),
                locked=_LOCKED,
                x=digit_words(MASK_DIGITS[x]),
                x1=x1,
                x2=x2,
                removals=removal_words(eliminations),
                why=see_why(eliminations, "the set or sets that must hold it"),
            )
        return _XZ.format(
            a=als_words(a),
            b=als_words(b),
            x=MASK_DIGITS[x][0],
            z=digit_words(removed),
            z_each=f"{removed[0]} is" if len(removed) == 1 else f"each of {digit_words(removed)} is",
            removals=removal_words(eliminations),
            why=see_why(eliminations, "both sets"),
        )


class AlsXyWing(BaseTechnique):
    """ALS C linked to A by X and to B by Y: a digit Z held by A and B is in one of them.

    ``overlap``: let A, B and C share cells (HoDoKu's "allow overlap" option; the restricted
    commons never sit in shared cells, and neither A nor B may lie inside the other).
    """

    declaration = Declaration("Almost Locked Set XY-Wing", "axy", library="0902")

    def __init__(self, overlap: bool = False) -> None:
        super().__init__()
        self.overlap = overlap

    def find(self, grid: Grid) -> Iterator[Step]:
        """In HoDoKu's order: pairs of restricted commons (the first before the second in
        the ``als_index`` order) that join three sets; C is the set they share, A the
        other set of the first, B of the second."""
        index = als_index(grid)
        rcs = [rc for rc in index.rcs if self.overlap or not rc.overlap]
        touching: list[list[int]] = [[] for _ in index.alses]
        for n, rc in enumerate(rcs):
            touching[rc.first].append(n)
            touching[rc.second].append(n)
        seen: set[tuple[Candidate, ...]] = set()
        for i, rc1 in enumerate(rcs):
            checkpoint()
            # The RCs after this one that touch its sets (ascending lists; none but this
            # one touches both, since a pair of sets has one RC entry).
            after = touching[rc1.first][bisect_right(touching[rc1.first], i) :] + touching[rc1.second][bisect_right(touching[rc1.second], i) :]
            after.sort()
            for j in after:
                wing = self._wing(index, rc1, rcs[j])
                if wing is not None:
                    c, elims = wing
                    step = self._make(grid, index, c, rc1, rcs[j], elims)
                    if step.effect[1] not in seen:
                        seen.add(step.effect[1])
                        yield step

    def _wing(self, index: AlsIndex, rc1: RestrictedCommon, rc2: RestrictedCommon) -> tuple[int, Eliminations] | None:
        """The middle set C and the eliminations of the wing two RCs make, if any."""
        if rc1.digits == rc2.digits and MASK_COUNT[rc1.digits] == 1:
            return None  # the same single link: C could miss it and lock neither wing
        # The set both RCs touch (they share exactly one: see find).
        c = rc1.first if rc1.first in (rc2.first, rc2.second) else rc1.second
        a, b = index.alses[rc1.other(c)], index.alses[rc2.other(c)]
        if (not self.overlap and a.cells & b.cells) or (a.cells | b.cells) in (a.cells, b.cells):
            return None
        z = a.seen_digits & b.seen_digits & ~(rc1.digits | rc2.digits)
        if not z or not _meets(a, b, z):
            return None
        return c, common_targets(a, b, z)

    def _make(self, grid: Grid, index: AlsIndex, c: int, rc1: RestrictedCommon, rc2: RestrictedCommon, elims: Eliminations) -> Step:
        a, b = index.alses[rc1.other(c)], index.alses[rc2.other(c)]
        eliminations = as_candidates(elims)
        middle = index.alses[c]
        links = [rc_link(a, middle, d) for d in MASK_DIGITS[rc1.digits]] + [rc_link(b, middle, d) for d in MASK_DIGITS[rc2.digits]]
        text = _XY.format(
            a=als_words(a),
            b=als_words(b),
            c=als_words(middle),
            links=digit_words(MASK_DIGITS[rc1.digits | rc2.digits]),
            x=digit_words(MASK_DIGITS[rc1.digits], "or"),
            y=digit_words(MASK_DIGITS[rc2.digits], "or"),
            z=digit_words(sorted(elims)),
            removals=removal_words(eliminations),
            why=see_why(eliminations, "A and B"),
        )
        detail = (
            f"A={als_text(a)}, B={als_text(b)}, C={als_text(middle)}, "
            f"X,Y={digits_text(rc1.digits | rc2.digits)}, Z={digits_text(sum(1 << (d - 1) for d in elims))}"
        )
        return self.step(
            detail,
            eliminations=eliminations,
            explanation=text,
            highlights=highlights(grid.cands, (a, b), (middle,), links),
            digits=MASK_DIGITS[a.digits | b.digits | middle.digits],
        )


ALS_XZ: Final = AlsXz()
ALS_XY_WING: Final = AlsXyWing()
#: HoDoKu's "allow overlapping ALS" option (reglib 0902-2); not in the registry.
ALS_XY_WING_OVERLAP: Final = AlsXyWing(overlap=True)
