"""Diagnosing a player's grid, and choosing and wording the hint."""

from __future__ import annotations

from typing import Iterator

from engine.analysis import Status
from engine.cells import ALL_DIGITS, CELL_NAMES, PEERS, mask_of, parse_cell_name
from engine.diagnosis import PlayerState, diagnose
from engine.search import find_solutions
from engine.grid import Grid
from engine.hints import Hint, choose_step, hint_sentence, houses_words, where_to_look
from engine.step import Candidate, Highlights, Step
from engine.technique import BaseTechnique, Declaration

PUZZLE = "030050040008010500460000012070502080000603000040109030250000098001020600080060020"
SOLUTION = "137256849928314567465897312673542981819673254542189736256731498391428675784965123"
GIVENS = tuple(int(ch) for ch in PUZZLE)
NOTHING = (0,) * 81


def cell(name: str) -> int:
    return parse_cell_name(name)


def entered(**digits: int) -> tuple[int, ...]:
    out = [0] * 81
    for name, digit in digits.items():
        out[cell(name)] = digit
    return tuple(out)


def full_marks(values: tuple[int, ...]) -> list[int]:
    """Every candidate the values allow (even when that leaves a house without a place)."""
    return [0 if values[c] else ALL_DIGITS & ~mask_of({values[p] for p in PEERS[c] if values[p]}) for c in range(81)]


def test_a_wrong_entry_is_named_with_the_solution_digit() -> None:
    state = PlayerState(GIVENS, entered(r1c1=1, r1c3=9), None, True)
    diagnosis = diagnose(state)
    assert [m.text for m in diagnosis.mistakes] == ["r1c3 holds 9 but the solution has 7 there."]
    assert diagnosis.mistakes[0].to_json() == {"kind": "wrong_digit", "cells": ["r1c3"], "digit": 9, "solution": 7, "text": "r1c3 holds 9 but the solution has 7 there."}


def test_a_lost_pencil_mark_is_named() -> None:
    marks = full_marks(GIVENS)
    marks[cell("r1c1")] &= ~1  # the player rubbed out the 1, the solution digit
    marks[cell("r1c3")] &= ~(1 << 8)  # and a 9, which is fine
    diagnosis = diagnose(PlayerState(GIVENS, NOTHING, tuple(marks), True))
    assert [(m.kind, m.text) for m in diagnosis.mistakes] == [
        ("removed_candidate", "r1c1 has lost its pencil mark 1, but 1 is the solution there.")
    ]


def test_a_mark_lost_because_of_a_wrong_entry_is_not_blamed_twice() -> None:
    values = entered(r4c1=1)  # wrong (6): it rules 1 out of r1c1, whose solution is 1
    marks = tuple(full_marks(tuple(g or e for g, e in zip(GIVENS, values))))
    diagnosis = diagnose(PlayerState(GIVENS, values, marks, True))
    assert [m.kind for m in diagnosis.mistakes] == ["wrong_digit"]


def test_equal_digits_in_a_house_conflict() -> None:
    values = list(GIVENS)
    values[cell("r1c1")] = 3  # r1c2 holds 3 already
    diagnosis = diagnose(PlayerState(tuple(values), NOTHING, None, False))
    assert [m.text for m in diagnosis.mistakes] == ["r1c1 and r1c2 both hold 3 (row 1)."]


def test_without_known_givens_a_wrong_digit_is_found_as_a_suspect() -> None:
    values = list(GIVENS)
    values[cell("r1c1")] = 9  # allowed by the clues, but the solution has 1
    diagnosis = diagnose(PlayerState(tuple(values), NOTHING, None, False))
    (mistake,) = diagnosis.mistakes
    assert mistake.kind == "no_solution" and cell("r1c1") in mistake.cells
    assert "r1c1" in mistake.text


def test_marks_that_rule_out_every_solution_of_a_non_unique_grid() -> None:
    values = list(GIVENS)
    for name in ("r1c2", "r2c3"):  # two clues fewer: several solutions
        values[cell(name)] = 0
    marks = [ALL_DIGITS] * 81
    marks[cell("r1c1")] = 1 << 4  # only a 5, which no solution has there... nor can it: 5 is in row 1
    state = PlayerState(tuple(values), NOTHING, tuple(marks), False)
    diagnosis = diagnose(state)
    assert diagnosis.puzzle.status is Status.MULTIPLE
    assert [m.kind for m in diagnosis.mistakes] == ["pencil_marks"]
    assert diagnosis.mistakes[0].cells == (cell("r1c1"),)


def test_a_broken_puzzle_is_not_the_players_fault() -> None:
    values = list(GIVENS)
    values[cell("r1c1")] = 9
    diagnosis = diagnose(PlayerState(tuple(values), NOTHING, None, True))
    assert diagnosis.broken_puzzle and diagnosis.mistakes == ()


class _Fake(BaseTechnique):
    def __init__(self, steps: list[Step]) -> None:
        super().__init__(Declaration("Fake Pattern", "fk"))
        self.steps = steps

    def find(self, grid: Grid) -> Iterator[Step]:
        yield from self.steps


def test_the_hint_prefers_placements_then_bigger_eliminations() -> None:
    small = Step("Fake Pattern", "fk", eliminations=(Candidate(1, 0),))
    big = Step("Fake Pattern", "fk", eliminations=(Candidate(1, 0), Candidate(1, 1)))
    place = Step("Fake Pattern", "fk", placements=(Candidate(1, 0),))
    grid = Grid.empty()
    assert choose_step(grid, [_Fake([]), _Fake([small, big])]) is big
    assert choose_step(grid, [_Fake([small, big, place])]) is place
    assert choose_step(grid, [_Fake([]), _Fake([])]) is None


def test_where_to_look() -> None:
    pair = Step("Naked Pair", "n2", "2,7 in r4c19", eliminations=(Candidate(2, cell("r4c5")),), highlights=Highlights(pattern=(Candidate(2, cell("r4c1")), Candidate(7, cell("r4c9")))))
    assert where_to_look(pair) == "row 4"
    single = Step("Naked Single", "n1", placements=(Candidate(4, cell("r5c5")),), highlights=Highlights(cells=(cell("r5c5"),)))
    assert where_to_look(single) == "box 5"
    wing = Step("X-Wing", "bf2", highlights=Highlights(pattern=(Candidate(4, cell("r1c3")), Candidate(4, cell("r5c9"))), units=(9, 13)))
    assert where_to_look(wing) == "rows 1 and 5"
    spread = Step("Fake", "fk", highlights=Highlights(pattern=(Candidate(4, cell("r1c1")), Candidate(4, cell("r9c9")))))
    assert where_to_look(spread) == "boxes 1 and 9"
    assert houses_words([0, 9, 11, 18]) == "box 1, rows 1 and 3 and column 1"


def test_hint_sentences_by_level() -> None:
    pair = Step(
        "Naked Pair",
        "n2",
        "2,7 in r4c19",
        eliminations=(Candidate(2, cell("r4c5")), Candidate(7, cell("r4c5"))),
        highlights=Highlights(pattern=(Candidate(2, cell("r4c1")), Candidate(7, cell("r4c1")), Candidate(2, cell("r4c9")), Candidate(7, cell("r4c9"))), units=(12,)),
        digits=(2, 7),
    )
    assert hint_sentence(pair, 1) == "Look for a Naked Pair in row 4."
    assert hint_sentence(pair, 2) == "Look for a Naked Pair on 2 and 7 in row 4 (cells r4c1 and r4c9)."
    assert hint_sentence(pair, 3) == "Naked Pair: 2,7 in r4c19 => r4c5<>2, r4c5<>7"
    wing = Step("X-Wing", "bf2", highlights=Highlights(units=(9,)))
    assert hint_sentence(wing, 1) == "Look for an X-Wing in row 1."
    data = Hint(pair, 2).to_json()
    assert data["cells"] == ["r4c1", "r4c9"] and data["digits"] == [2, 7] and "step" not in data
    assert Hint(pair, 3).to_json()["step"]["code"] == "n2"


# Inkala's puzzle with 25 solution digits entered, two of them wrong (r7c2 4, r8c1 6), no two
# equal digits in a house, and no single digit whose removal makes the grid solvable.
TWO_WRONG = "800750049003682070070490283154007096300845720007100530041900368608520010090310402"
INKALA = "800000000003600000070090200050007000000045700000100030001000068008500010090000400"


def test_two_wrong_digits_without_known_givens_name_digits_that_cannot_all_be_right() -> None:
    values = tuple(int(ch) for ch in TWO_WRONG)
    diagnosis = diagnose(PlayerState(values, NOTHING, None, False))
    (mistake,) = diagnosis.mistakes
    assert mistake.kind == "no_solution" and mistake.text.startswith("No solution fits these digits, and no single one")
    assert cell("r8c1") in mistake.cells  # one of the two wrong digits
    core = [values[c] if c in mistake.cells else 0 for c in range(81)]
    assert find_solutions(core, 1) == []  # what it claims: no solution has them all
    assert all(f"{CELL_NAMES[c]} ({values[c]})" in mistake.text for c in mistake.cells)


def test_with_known_givens_each_wrong_entry_is_named() -> None:
    givens = tuple(int(ch) for ch in INKALA)
    values = tuple(int(ch) for ch in TWO_WRONG)
    state = PlayerState(givens, tuple(0 if g else v for g, v in zip(givens, values)), None, True)
    texts = [m.text for m in diagnose(state).mistakes]
    assert texts == ["r7c2 holds 4 but the solution has 2 there.", "r8c1 holds 6 but the solution has 4 there."]
