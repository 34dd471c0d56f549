"""The ``full`` profile: every technique, in an order of our own, for the hardest puzzles.

HoDoKu and Sudoku Explainer each know only part of the techniques stepdoku has, and both
reach for forcing chains and nets once their patterns run out. This profile uses every
technique and orders them by what a person with a pencil has to hold in mind to check a
step, in seven tiers:

1. **Singles**: one cell or one house.
2. **Basic**: locked candidates and subsets of two and three (a few cells of one house).
3. **Intermediate**: quadruple subsets, X-Wing, Swordfish and Jellyfish, the single-digit
   patterns (two strong links; Empty Rectangle, Rectangle Elimination), the three-cell wings, Remote Pair, the uniqueness
   rectangles and BUG+1: each a fixed shape of a handful of cells.
4. **Advanced**: shapes that grow: finned and sashimi fish, colouring (one digit, then
   several: 3D Medusa), bent sets of four and five cells (WXYZ-, VWXYZ-Wing), Firework
   (three or four cells locked by digits confined to a row and a column), Sue de Coq,
   BUG-Lite and BUG+n, aligned pair and triple exclusion.
5. **Patterns of the hardest puzzles**: Tridagon, Junior and Senior Exocet, SK-Loop, Multi-Sector
   Locked Sets (as many rows as columns, then uneven ones: Inkala 2012's four rows and five
   columns), Franken fish: larger, but each is one picture checked by counting, with no
   chain of implications to follow.
6. **Chains**: one implication after another, shorter kinds first: X-Chain (one digit),
   XY-Chain (pairs), Nice Loops and AICs, grouped ones, then almost locked sets (ALS-XZ,
   ALS-XY-Wing, ALS Chain, Death Blossom), then Kraken fish (a finned fish whose fins each
   start a chain: one fish and a few short chains, still far less to hold than a net),
   Kraken Cell, House and Tridagon (one of a few candidates is true, a short chain from
   each), then Exocet Kraken and Tridagon Link Kraken (the same, with chains that may cross
   links an Exocet or a tridagon with two guardians proves), then the Whip (one chain of
   forced cells, each ruled out partly by what the chain showed earlier, that empties a
   cell or house: one line of reasoning, where a net branches), then the Grouped Whip (the
   same, passing through a digit's two or three places in one box-line segment), then the
   Kraken Whip and Grouped Kraken Whip (one of a cell's or a house's two to four options is
   true, and from each a whip, with that option placed, rules out the same candidate).
7. **Nets**: Forcing Chains, then Forcing Nets, whose branches a reader must hold all at
   once.

So patterns come before chains and chains before nets; inside a tier, the smaller pattern
(fewer cells, fewer digits, fewer links) comes first. The solver takes the first step of
the first technique that applies, as in the ``hodoku`` profile.

Off by default (asked for by code only): Death Blossom, Mutant fish and the largest
Franken fish (slow searches whose steps other fish, ALS chains and chains find), and
Template Set/Delete (they test every way a digit can be placed: a search, not a pattern).

Rating: each technique has a difficulty on this order's scale (1 to 100, below); a path is
rated by its hardest step (``difficulty``, and the tier it belongs to as the label) and by
how many forcing chain and net steps it needed (``forcing``): the fewer, the more of the
solution a person can follow by eye.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Iterable

from engine.grid import Grid
from engine.profiles.base import Entry, Profile
from engine.profiles.rating import Column, Rating, TechniqueCount
from engine.step import Step
from engine.technique import Catalog

TIERS = ("Singles", "Basic", "Intermediate", "Advanced", "Patterns", "Chains", "Nets", "Guess")

#: Step code -> (difficulty, tier index, used by a plain solve). In order: the order of
#: the table breaks ties of difficulty. Codes the catalog lacks are skipped.
_TABLE: dict[str, tuple[int, int, bool]] = {
    # 1. Singles
    "fh": (1, 0, True),
    "n1": (2, 0, True),
    "h1": (3, 0, True),
    # 2. Basic
    "lc1": (10, 1, True),
    "lc2": (11, 1, True),
    "l2": (12, 1, True),
    "n2": (13, 1, True),
    "h2": (14, 1, True),
    "l3": (15, 1, True),
    "n3": (16, 1, True),
    "h3": (17, 1, True),
    # 3. Intermediate
    "n4": (20, 2, True),
    "h4": (21, 2, True),
    "bf2": (22, 2, True),
    "sk": (23, 2, True),
    "2sk": (23, 2, True),
    "tf": (24, 2, True),
    "er": (24, 2, True),
    "re": (24, 2, True),
    "xy": (25, 2, True),
    "xyz": (26, 2, True),
    "w": (27, 2, True),
    "rp": (28, 2, True),
    "bf3": (29, 2, True),
    "u1": (30, 2, True),
    "u2": (30, 2, True),
    "u3": (31, 2, True),
    "u4": (31, 2, True),
    "u5": (32, 2, True),
    "u6": (32, 2, True),
    "hr": (33, 2, True),
    "ar1": (33, 2, True),
    "ar2": (33, 2, True),
    "bug1": (34, 2, True),
    "bf4": (35, 2, True),
    # 4. Advanced
    "fbf2": (40, 3, True),
    "sbf2": (40, 3, True),
    "sc": (42, 3, True),
    "fbf3": (43, 3, True),
    "sbf3": (43, 3, True),
    "wxyz": (44, 3, True),
    "mc": (45, 3, True),
    "fbf4": (46, 3, True),
    "sbf4": (46, 3, True),
    "3dm": (47, 3, True),
    "vwxyz": (48, 3, True),
    "fw": (49, 3, True),
    "bugn": (50, 3, True),
    "bugl": (51, 3, True),
    "sdc": (52, 3, True),
    "ape": (53, 3, True),
    "ate": (54, 3, True),
    # 5. Patterns of the hardest puzzles
    "tri": (60, 4, True),
    "je": (61, 4, True),
    "sje": (62, 4, True),
    "skl": (63, 4, True),
    "ff2": (63, 4, True),
    "fff2": (63, 4, True),
    "ff3": (64, 4, True),
    "fff3": (64, 4, True),
    "msls": (65, 4, True),
    "umsls": (65, 4, True),
    # 6. Chains
    "x": (70, 5, True),
    "xyc": (71, 5, True),
    "nl": (72, 5, True),
    "gnl": (74, 5, True),
    "axz": (75, 5, True),
    "axy": (76, 5, True),
    "ach": (78, 5, True),
    "db": (79, 5, False),
    "kf": (80, 5, True),
    "kc": (81, 5, True),
    "kh": (82, 5, True),
    "ktri": (83, 5, True),
    "kex": (84, 5, True),
    "ktl": (85, 5, True),
    "wh": (86, 5, True),
    "gwh": (87, 5, True),
    "kwh": (88, 5, True),
    "gkwh": (89, 5, True),
    # 7. Nets
    "fc": (90, 6, True),
    "fn": (95, 6, True),
    # Off by default
    "ff4": (66, 4, False),
    "fff4": (66, 4, False),
    "mf2": (67, 4, False),
    "mf3": (67, 4, False),
    "mf4": (67, 4, False),
    "fmf2": (68, 4, False),
    "fmf3": (68, 4, False),
    "fmf4": (68, 4, False),
    "fmf5": (69, 4, False),
    "fmf6": (69, 4, False),
    "ts": (96, 6, False),
    "td": (96, 6, False),
}
#: Forcing chains and nets: what the profile counts in ``forcing``.
FORCING_CODES = frozenset({"fc", "fcc", "fcv", "fn", "fnc", "fnv"})
BRUTE_FORCE = (100, 7)
#: A technique added after this table was written: rated as hard as a net.
UNKNOWN = (99, 6)


def difficulty(code: str) -> tuple[int, int]:
    """(difficulty, tier index) of a step code."""
    if code == "bf":
        return BRUTE_FORCE
    found = _TABLE.get(code)
    return (found[0], found[1]) if found is not None else UNKNOWN


@dataclass
class FullRater:
    """The hardest step of a path, its tier, the forcing steps, per-technique counts."""

    parents: dict[str, str]  # sub-type code -> the technique's own code
    steps: int = 0
    hardest: tuple[int, int, str] | None = None  # (difficulty, step number, name)
    tier: int = 0
    forcing: int = 0
    brute_force: int = 0
    counts: dict[str, list[Any]] = field(default_factory=dict)  # code -> [name, count, difficulty]

    def watch(self, grid: Grid | None, step: Step) -> None:
        self.steps += 1
        value, tier = difficulty(self.parents.get(step.code, step.code))
        if self.hardest is None or value > self.hardest[0]:
            self.hardest = (value, self.steps, step.technique)
            self.tier = tier
        self.forcing += step.code in FORCING_CODES
        self.brute_force += step.code == "bf"
        count = self.counts.setdefault(step.code, [step.technique, 0, value])
        count[1] += 1

    def rating(self, solved: bool) -> Rating:
        label = TIERS[self.tier] if solved else "Incomplete"
        value = self.hardest[0] if self.hardest else 0
        ordered = sorted(self.counts.items(), key=lambda item: item[1][2])
        return Rating(
            label=label,
            fields=(("tier", label), ("difficulty", value), ("forcing", self.forcing)),
            detail=f" (full profile: difficulty {value}, {self.forcing} forcing chain/net steps)",
            hardest=self.hardest[2] if self.hardest else None,
            hardest_step=self.hardest[1] if self.hardest else None,
            brute_force=self.brute_force,
            steps=self.steps,
            counts=tuple(TechniqueCount(name, code, n, (("difficulty", d),)) for code, (name, n, d) in ordered),
        )


class FullProfile(Profile):
    """Every technique, patterns before chains and chains before nets, rated by the hardest
    step and the number of forcing steps."""

    name = "full"
    title = "Full: every technique, patterns before chains before nets (stepdoku's own order)"
    technique_columns: ClassVar[tuple[Column, ...]] = (Column("tier", "Tier", 12, "<"), Column("difficulty", "Diff", 4))
    rating_columns: ClassVar[tuple[Column, ...]] = (
        Column("tier", "tier", 12, "<"),
        Column("difficulty", "diff", 4),
        Column("forcing", "forcing", 7),
    )
    count_columns: ClassVar[tuple[Column, ...]] = (Column("difficulty", "Diff", 4),)
    label_heading = "tier"

    def build_entries(self, catalog: Catalog) -> Iterable[Entry]:
        for n, (code, (value, tier, enabled)) in enumerate(_TABLE.items()):
            if code in catalog and catalog.by_code(code).code == code:
                yield Entry(catalog.by_code(code), value * 100 + n, enabled, (("tier", TIERS[tier]), ("difficulty", value)))

    def __init__(self, catalog: Catalog) -> None:
        super().__init__(catalog)
        # Sub-type code -> its technique's code, for every technique the profile knows: taken
        # from the catalog here, not in the first rating (``grade`` times each puzzle's).
        self._parents = {code: e.technique.code for e in self.entries for code in e.technique.codes}

    def rater(self) -> FullRater:
        return FullRater(dict(self._parents))

    def label_key(self, label: str) -> Any:
        names = [*TIERS, "Incomplete"]
        return names.index(label) if label in names else None
