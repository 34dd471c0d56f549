"""The SE-style scale: Sudoku Explainer 1.2.1's values (1.0 to 11.9) put on another
profile's path, as an estimate of what SE would say (the ``hodoku`` profile's ``se`` field).
The ``se`` profile gives SE's own rating; this scale is the cheap estimate.

* techniques SE 1.2.1 has get SE's value (Hidden Single 1.2 in a box, 1.5 in a line, ...);
* techniques SE 1.2.1 lacks get the value of the SE producer that finds the same
  deduction: single-digit patterns, finned, Franken and Mutant fish and colouring are
  forcing X-chains (6.6 + L), Remote Pair and XY-Chain forcing Y-chains (6.6 + L), W-Wing
  and nice loops chains mixing X and Y links (7.0 + L), grouped loops, ALS moves, Sue de
  Coq, Kraken fish and forcing chains need SE's multiple forcing chains (8.0 + L), forcing
  nets its dynamic ones (8.5 + L), templates its Nishio chains (7.5);
* basic fish of size 5-7 have a complementary fish of size 4 or less, so SE finds them as
  (at most) a Jellyfish; uniqueness patterns SE lacks get its Unique Rectangle base, 4.5;
* Brute Force, a step beyond every technique we have, is 10.0 (SE needs nested dynamic
  forcing chains for the puzzles HoDoKu guesses on); HoDoKu's Give Up is SE's 20.0
  ("valid but not solvable") and Incomplete its 0.0.

SE tries singles in the order full house, hidden single in a box, hidden single in a line,
naked single. A single is rated as the easiest single SE would take in the same position
(``singles_tenths``), when the position is known.

L is SE's chain-length bonus, computed from the candidates a step highlights (the nodes
its conclusion rests on). A code not in the table (a technique added later) gets the
caller's fallback value, so a new technique is rated before it is tabled.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from engine.cells import UNITS, UnitKind
from engine.grid import Grid
from engine.step import Step
from engine.technique import SINGLE_CODES


@dataclass(frozen=True)
class SeRule:
    """A step type's SE-style value in tenths, and whether SE's chain-length bonus applies."""

    tenths: int
    chain: bool = False


X_CHAIN = SeRule(66, chain=True)  # SE: forcing X-chain
_Y_CHAIN = SeRule(66, chain=True)  # SE: forcing Y-chain
_XY_CHAIN = SeRule(70, chain=True)  # SE: chains and cycles mixing X and Y links
MULTIPLE = SeRule(80, chain=True)  # SE: cell/region/contradiction forcing chains
_DYNAMIC = SeRule(85, chain=True)  # SE: dynamic forcing chains
_UR = SeRule(45)  # SE: Unique Rectangle base

_FISH_SIZES = range(2, 8)

#: Step code (HoDoKu's short name) -> SE-style rule; every code of techniques.md is here.
SE_TABLE: dict[str, SeRule] = {
    "fh": SeRule(10),
    "n1": SeRule(23),
    "h1": SeRule(15),  # 1.2 in a box, see se_value
    "lc1": SeRule(26),
    "lc2": SeRule(28),
    "l2": SeRule(30),  # SE finds a locked pair as a Naked Pair
    "l3": SeRule(36),  # ... and a locked triple as a Naked Triplet
    "n2": SeRule(30),
    "n3": SeRule(36),
    "n4": SeRule(50),
    "h2": SeRule(34),
    "h3": SeRule(40),
    "h4": SeRule(54),
    "bf2": SeRule(32),
    "bf3": SeRule(38),
    "bf4": SeRule(52),
    "bf5": SeRule(52),
    "bf6": SeRule(52),
    "bf7": SeRule(52),
    "xy": SeRule(42),
    "xyz": SeRule(44),
    "u1": _UR,
    "u2": _UR,
    "u3": SeRule(46),  # SE: type 3 with a naked pair
    "u4": _UR,
    "u5": _UR,
    "u6": _UR,
    "hr": _UR,
    "ar1": _UR,
    "ar2": _UR,
    "bug1": SeRule(56),
    "rp": _Y_CHAIN,
    "xyc": _Y_CHAIN,
    "sk": X_CHAIN,
    "2sk": X_CHAIN,
    "d2sk": X_CHAIN,
    "tf": X_CHAIN,
    "er": X_CHAIN,
    "der": X_CHAIN,
    "x": X_CHAIN,
    "sc": X_CHAIN,
    "sc1": X_CHAIN,
    "sc2": X_CHAIN,
    "mc": X_CHAIN,
    "mc1": X_CHAIN,
    "mc2": X_CHAIN,
    "w": _XY_CHAIN,
    "nl": _XY_CHAIN,
    "cnl": _XY_CHAIN,
    "dnl": _XY_CHAIN,
    "aic": _XY_CHAIN,
    "gnl": MULTIPLE,
    "gcnl": MULTIPLE,
    "gdnl": MULTIPLE,
    "gaic": MULTIPLE,
    "sdc": MULTIPLE,
    "axz": MULTIPLE,
    "axy": MULTIPLE,
    "ach": MULTIPLE,
    "db": MULTIPLE,
    "kf": MULTIPLE,
    "kf1": MULTIPLE,
    "kf2": MULTIPLE,
    "fc": MULTIPLE,
    "fcc": MULTIPLE,
    "fcv": MULTIPLE,
    "fn": _DYNAMIC,
    "fnc": _DYNAMIC,
    "fnv": _DYNAMIC,
    "ts": SeRule(75),
    "td": SeRule(75),
    "bf": SeRule(100),
    "in": SeRule(0),
    "gu": SeRule(200),
    # stepdoku's own techniques (issue 15), which Sudoku Explainer lacks: the value of the SE
    # technique that makes the same eliminations, or of a close relative.
    "re": X_CHAIN,  # SE finds it as an X-chain, as the Empty Rectangle
    "wxyz": SeRule(46),  # after XYZ-Wing 4.4, a cell more (SukakuExplainer's place for it)
    "vwxyz": SeRule(48),
    "3dm": _XY_CHAIN,  # a loop of X and Y links in SE
    "bugn": SeRule(57),  # SE's BUG types 2-4 with several extra candidates: 5.7
    "bugl": SeRule(57),
    "tri": _DYNAMIC,  # SE needs dynamic forcing chains for what these patterns remove
    "je": _DYNAMIC,
    "sje": _DYNAMIC,
    "skl": _DYNAMIC,
    "msls": _DYNAMIC,
    "umsls": _DYNAMIC,
    "fw": MULTIPLE,  # a locked set across three or four houses: SE needs cell/region forcing chains
    "fw3": MULTIPLE,
    "fw4": MULTIPLE,
    # the krakens of cells and houses are SE's cell and region forcing chains; a tridagon's
    # guardians are a truth set only through the pattern, for which SE needs dynamic chains
    "kc": MULTIPLE,
    "kh": MULTIPLE,
    "ktri": _DYNAMIC,
    "kex": _DYNAMIC,  # an Exocet (like je/sje) or a tridagon (like ktri), then cell or region forcing chains
    "ktl": _DYNAMIC,
    # a whip's facts use the eliminations of every earlier fact: SE's dynamic forcing chains
    "wh": _DYNAMIC,
    "gwh": _DYNAMIC,
    "kwh": _DYNAMIC,
    "gkwh": _DYNAMIC,
    # Finned, sashimi, Franken and Mutant fish, and their Siamese forms (code prefixed "s"),
    # are found by SE as X-chains/cycles.
    **{f"{siamese}{kind}{n}": X_CHAIN for siamese in ("", "s") for kind in ("fbf", "sbf", "ff", "fff", "mf", "fmf") for n in _FISH_SIZES},
}

def _thresholds() -> Iterator[int]:
    """4, 6, 8, 12, 16, 24, ...: alternately times 1.5 and times 4/3."""
    value, grow = 4, True
    while True:
        yield value
        value = value * 3 // 2 if grow else value * 4 // 3
        grow = not grow


def length_bonus(nodes: int) -> int:
    """SE's chain-length bonus in tenths for a conclusion resting on ``nodes`` candidates.

    >>> [length_bonus(n) for n in (3, 6, 7, 8, 10, 14, 18)]
    [0, 0, 1, 1, 2, 3, 4]
    """
    n = nodes - 2
    bonus = 0
    for threshold in _thresholds():
        if n <= threshold:
            return bonus
        bonus += 1
    raise AssertionError("unreachable")


def _nodes(step: Step) -> int:
    h = step.highlights
    found = set(h.pattern) | set(h.alt) | set(h.fins)
    for link in h.links:
        found.update((link.start, link.end))
    return len(found)


def se_label(code: str) -> str:
    """The SE-style value of a step code as text: ``3.0``, ``1.2-1.5``, ``6.6+`` (plus a
    chain-length bonus), or ``""`` for a code not in the table."""
    rule = SE_TABLE.get(code)
    if rule is None:
        return ""
    if code == "h1":
        return "1.2-1.5"
    return f"{rule.tenths / 10:.1f}" + ("+" if rule.chain else "")


#: The highest value :func:`singles_tenths` gives.
SINGLES_MAX = 23


def singles_tenths(grid: Grid) -> int:
    """The SE value of the easiest single SE would take in a position (23 if none)."""
    if grid.has_full_house():
        return 10
    if grid.has_box_hidden_single():
        return 12
    return 15 if grid.has_hidden_single() else SINGLES_MAX


def se_tenths(step: Step, before: Grid | None = None, fallback: SeRule = MULTIPLE) -> int:
    """The SE-style difficulty of a step, in tenths (``23`` is 2.3).

    ``before``: the position the step was taken in, used to rate singles as SE would;
    ``fallback``: the rule for a code the table lacks.
    """
    if before is not None and step.code in SINGLE_CODES:
        return singles_tenths(before)
    rule = SE_TABLE.get(step.code, fallback)
    if step.code == "h1" and step.highlights.units and UNITS[step.highlights.units[0]].kind is UnitKind.BOX:
        return 12
    return rule.tenths + (length_bonus(_nodes(step)) if rule.chain else 0)
