"""Conformance with HoDoKu's regression library, by HoDoKu's own rule.

For each line: build the position, find *all* steps of the technique, keep those with the
line's code and candidate digits; pass if one has exactly the listed eliminations (or
placements). A ``-x`` line passes when none is kept. The library is GPL data: it is read
from ../shared/reference/hodoku when present and never copied into this repository.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from engine.cells import CELL_NAMES
from engine.formats import parse_library
from engine.step import Step
from engine.technique import Technique
from techniques import CATALOG
from techniques.options import options_for_library_code, with_options
from tests.conftest import REFERENCE

REGLIB = REFERENCE / "hodoku" / "reglib-1.3.txt"

#: Step families whose reglib "candidates" field holds the eliminated digits rather than
#: the digits of the pattern (REGLIB-FORMAT.md).
ELIMINATED_DIGIT_FAMILIES = ("07", "09", "11", "13")
#: Exceptions inside those families: HoDoKu writes the pattern's digits (Remote Pair: the pair).
PATTERN_DIGIT_CODES = ("0703",)
#: HoDoKu pairs two 2-String Kites through the same box cells even on different digits and
#: writes only the first (lower) kite's digit.
FIRST_DIGIT_CODES = ("0404",)
# Variants that need one of HoDoKu's options (Empty Rectangles with two places in the box,
# overlapping ALSs, ALS nodes in grouped chains) get the user's option of the same meaning:
# techniques.options declares each option with the library variants it serves.
#: Step families whose reglib "candidates" field is empty (BUG+1 lists no digits).
EMPTY_DIGIT_FAMILIES = ("0610",)
#: Variants we do not run, with the reason.
SKIPPED_VARIANTS: dict[str, str] = {}
#: Lines HoDoKu 2.2.0 fails itself (its jar passes 1,106 of 1,112; SOURCES.md): five ALS
#: chains its forward-only search does not find. We search as HoDoKu does, so we miss them
#: too; strict, so finding one again is reported.
HODOKU_MISSES = {
    1445: "ALS chain HoDoKu 2.2's forward search does not find",
    1453: "ALS chain HoDoKu 2.2's forward search does not find",
    1454: "ALS chain HoDoKu 2.2's forward search does not find",
    1455: "ALS chain HoDoKu 2.2's forward search does not find",
    1459: "ALS chain HoDoKu 2.2's forward search does not find",
}


@dataclass(frozen=True)
class Case:
    number: int  # line number in the file
    code: str  # "0300", "0402-1", "0606-x"
    digits: str
    text: str

    @property
    def base(self) -> str:
        return self.code.split("-")[0]

    @property
    def variant(self) -> str:
        return self.code.split("-")[1] if "-" in self.code else ""


def load_cases() -> list[Case]:
    if not REGLIB.exists():
        return []
    cases = []
    for number, raw in enumerate(REGLIB.read_text(encoding="ascii").splitlines(), 1):
        line = raw.strip()
        if line.startswith(":"):
            fields = line.split(":")
            cases.append(Case(number, fields[1], fields[2], line))
    return cases


CASES = load_cases()


def step_code_for(case: Case) -> str | None:
    return CATALOG.library_codes.get(case.base)


def technique_for(case: Case, code: str) -> Technique:
    """The technique of ``code`` with the options the line's variant needs."""
    return with_options(CATALOG, options_for_library_code(case.code)).by_code(code)


def key_digits(step: Step, case: Case) -> str:
    """What HoDoKu compares the candidates field with."""
    if step.placements and not step.eliminations and case.base.startswith("00"):
        return "".join(str(d) for d, _ in step.placements)
    if case.base in EMPTY_DIGIT_FAMILIES:
        return ""
    if case.base[:2] in ELIMINATED_DIGIT_FAMILIES and case.base not in PATTERN_DIGIT_CODES:
        return "".join(sorted({str(d) for d, _ in step.eliminations}))
    if case.base in FIRST_DIGIT_CODES:
        return str(min(step.digits))
    return "".join(str(d) for d in sorted(step.digits))


def effect_text(cands: tuple[tuple[int, int], ...] | list[tuple[int, int]]) -> list[str]:
    return sorted(f"{d}{CELL_NAMES[c][1]}{CELL_NAMES[c][3]}" for d, c in cands)


@pytest.mark.skipif(not CASES, reason=f"HoDoKu's reglib not present at {REGLIB}")
@pytest.mark.parametrize(
    "case",
    [
        pytest.param(c, marks=pytest.mark.xfail(strict=True, reason=HODOKU_MISSES[c.number]))
        if c.number in HODOKU_MISSES
        else c
        for c in CASES
    ],
    ids=[f"L{c.number}-{c.code}" for c in CASES],
)
def test_reglib_line(case: Case) -> None:
    if case.code in SKIPPED_VARIANTS:
        pytest.skip(SKIPPED_VARIANTS[case.code])
    code = step_code_for(case)
    if code is None:
        pytest.skip(f"technique {case.base} is not implemented yet")
    technique = technique_for(case, code)
    puzzle = parse_library(case.text)
    assert puzzle.library is not None
    grid = puzzle.to_grid()
    # by_code maps a sub-type code (e.g. sc1) to its technique; keep only that sub-type.
    kept = [s for s in technique.find(grid) if s.code == code and key_digits(s, case) == case.digits]
    if case.variant == "x":
        assert not kept, f"fail case found: {[str(s) for s in kept]}"
        return
    expected = (effect_text(puzzle.library.eliminations), effect_text(puzzle.library.placements))
    found = [(effect_text(s.eliminations), effect_text(s.placements)) for s in kept]
    assert expected in found, f"expected {expected}; found {[str(s) for s in kept] or 'nothing'}"
