"""What is wrong with a player's grid: wrong digits, lost pencil marks, conflicting entries.

A player's state is the puzzle's givens, the digits they entered, and (maybe) their own
pencil marks. Against the puzzle's one solution we can say exactly which entered digit is
wrong and which removed pencil mark was the solution digit. When the givens cannot be
told from the entries, or the puzzle has several solutions, we can still tell when no
solution fits the grid, and point at the entries (or pencil marks) that cause it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Sequence

from engine.analysis import Analysis, Status, analyse
from engine.cells import ALL_DIGITS, CELL_NAMES, N_CELLS, PEERS, Cell, Digit, Mask
from engine.grid import find_clashes
from engine.notation import cell_list_words
from engine.search import find_solutions, solvable_within

if TYPE_CHECKING:  # the JSON records' types (engine.records imports typing_extensions before 3.12)
    from engine.records import MistakeRecord

MistakeKind = Literal["wrong_digit", "removed_candidate", "conflict", "no_solution", "pencil_marks"]

# Nodes of search per check when looking for the entries to blame (a cell search settles
# nearly every grid with a player's entries in far fewer): a work bound, so that a grid
# whose contradiction lies deep gets the same, quick answer on every machine. A check that
# does not settle within it proves nothing, and nothing is claimed from it.
CHECK_NODES = 300


@dataclass(frozen=True)
class Mistake:
    """One thing wrong in the player's grid, with a sentence that says it."""

    kind: MistakeKind
    cells: tuple[Cell, ...]
    text: str  # the whole truth, solution digit included
    digit: Digit | None = None  # the entered digit, or the removed pencil mark
    solution: Digit | None = None  # the solution digit of the cell, when known
    discreet: str = ""  # the same without the solution digit ("" when text names none)

    def message(self, reveal: bool = False) -> str:
        """What to tell the player: the solution digit only when they asked for it."""
        return self.text if reveal or not self.discreet else self.discreet

    @property
    def reveals(self) -> bool:
        """The full text names a solution digit."""
        return bool(self.discreet)

    def to_json(self, reveal: bool = True) -> MistakeRecord:
        """``reveal`` False leaves out the solution digit (``solution``, and ``digit`` for a
        lost pencil mark, are then null)."""
        hide = self.reveals and not reveal
        return {
            "kind": self.kind,
            "cells": [CELL_NAMES[c] for c in self.cells],
            "digit": None if hide and self.kind == "removed_candidate" else self.digit,
            "solution": None if hide else self.solution,
            "text": self.message(reveal),
        }


@dataclass(frozen=True)
class PlayerState:
    """Givens, entered digits and pencil marks (None: no pencil marks were given).

    ``givens_known`` is False when the input could not tell givens from entries: every
    digit then counts as a given.
    """

    givens: tuple[Digit, ...]
    entered: tuple[Digit, ...]
    candidates: tuple[Mask, ...] | None
    givens_known: bool

    @property
    def values(self) -> tuple[Digit, ...]:
        return tuple(g or e for g, e in zip(self.givens, self.entered))

    @property
    def givens_mask(self) -> int:
        return sum(1 << c for c, v in enumerate(self.givens) if v)


@dataclass(frozen=True)
class Diagnosis:
    """The puzzle's analysis (of the givens) and the mistakes found."""

    puzzle: Analysis
    mistakes: tuple[Mistake, ...]

    @property
    def solution(self) -> tuple[Digit, ...] | None:
        return self.puzzle.solution

    @property
    def broken_puzzle(self) -> bool:
        """The givens themselves have no solution: nothing the player did is to blame."""
        return self.puzzle.status is Status.NONE and not self.mistakes


def diagnose(state: PlayerState) -> Diagnosis:
    """Compare the player's grid with the puzzle's solution (or with any solution)."""
    puzzle = analyse(state.givens)
    if puzzle.status is Status.UNIQUE and puzzle.solution is not None:
        found = wrong_digits(state, puzzle.solution) + removed_marks(state, puzzle.solution)
        return Diagnosis(puzzle, found)
    if puzzle.status is Status.NONE and state.givens_known:
        return Diagnosis(puzzle, ())
    digits_only = state.values == state.givens  # then the analysis already searched them
    digits_solvable = puzzle.status is not Status.NONE if digits_only else _solvable(state.values, None)
    if digits_solvable and (state.candidates is None or _solvable(state.values, state.candidates)):
        return Diagnosis(puzzle, ())
    return Diagnosis(puzzle, conflicts(state, digits_solvable))


def wrong_digits(state: PlayerState, solution: Sequence[Digit]) -> tuple[Mistake, ...]:
    """Entered digits that differ from the solution."""
    return tuple(
        Mistake(
            "wrong_digit", (c,), f"{CELL_NAMES[c]} holds {d} but the solution has {solution[c]} there.", d, solution[c],
            discreet=f"{CELL_NAMES[c]} holds {d}, which is not the solution there.",
        )  # fmt: skip
        for c, d in enumerate(state.entered)
        if d and d != solution[c]
    )


def removed_marks(state: PlayerState, solution: Sequence[Digit]) -> tuple[Mistake, ...]:
    """Empty cells whose pencil marks lack the solution digit, where no entered digit in
    a peer explains it (that entry is reported as wrong instead)."""
    if state.candidates is None:
        return ()
    values = state.values
    found = []
    for c in range(N_CELLS):
        digit = solution[c]
        if values[c] or state.candidates[c] >> (digit - 1) & 1:
            continue
        if any(values[p] == digit for p in PEERS[c]):
            continue
        text = f"{CELL_NAMES[c]} has lost its pencil mark {digit}, but {digit} is the solution there."
        discreet = f"{CELL_NAMES[c]} has lost a pencil mark it needs: the solution digit there is no longer marked."
        found.append(Mistake("removed_candidate", (c,), text, digit, digit, discreet))
    return tuple(found)


def conflicts(state: PlayerState, digits_solvable: bool | None = None) -> tuple[Mistake, ...]:
    """Why no solution fits the grid: equal digits in a house, else the entries (then the
    pencil marks) whose removal alone makes the grid solvable again, else a set of entries
    that cannot all be right."""
    values = state.values
    clashes = find_clashes(values)
    if clashes:
        return tuple(
            Mistake("conflict", (a, b), f"{CELL_NAMES[a]} and {CELL_NAMES[b]} both hold {values[a]} ({unit.long_name}).", values[a])
            for a, b, unit in clashes
        )
    if not (_solvable(values, None) if digits_solvable is None else digits_solvable):
        return _suspect_entries(state)
    return _suspect_marks(state)


def _suspect_entries(state: PlayerState) -> tuple[Mistake, ...]:
    values = state.values
    removable = [c for c in range(N_CELLS) if values[c] and (state.entered[c] or not state.givens_known)]
    suspects = tuple(c for c in removable if solvable_within(_cleared(values, c), CHECK_NODES))
    if len(suspects) == 1:
        text = f"No solution fits these digits; {CELL_NAMES[suspects[0]]} ({values[suspects[0]]}) is wrong: without it the grid can be solved."
    elif suspects:
        text = f"No solution fits these digits; removing any one of {cell_list_words(suspects)} makes the grid solvable again, so one of them is wrong."
    else:
        return (_unsolvable_core(values, removable),)
    return (Mistake("no_solution", suspects, text),)


def _unsolvable_core(values: Sequence[Digit], removable: Sequence[Cell]) -> Mistake:
    """More than one digit is wrong: a set of entries that cannot all be right.

    Each entry is dropped in turn while the rest still has no solution (proved within the
    work bound); the entries that remain are needed for the contradiction, so at least one
    of them is wrong. Where a check does not settle, the entry stays: the claim stays true.
    """
    current = list(values)
    core = []
    for cell in removable:
        trial = _cleared(current, cell)
        if solvable_within(trial, CHECK_NODES) is False:
            current = trial
        else:
            core.append(cell)
    text = "No solution fits these digits, and no single one of them is to blame: more than one is wrong."
    if core:
        named = ", ".join(f"{CELL_NAMES[c]} ({values[c]})" for c in core)
        text += f" These cannot all be right, since no solution has them all: {named}. Check them first."
    return Mistake("no_solution", tuple(core), text)


def _suspect_marks(state: PlayerState) -> tuple[Mistake, ...]:
    assert state.candidates is not None
    marks = state.candidates
    values = state.values
    suspects = tuple(
        c for c in range(N_CELLS) if not values[c] and _solvable(values, marks[:c] + (ALL_DIGITS,) + marks[c + 1 :])
    )
    if not suspects:
        text = "The digits can still be completed, but your pencil marks rule out every solution."
    else:
        text = f"The digits can still be completed, but your pencil marks rule out every solution: check the marks of {cell_list_words(suspects)}."
    return (Mistake("pencil_marks", suspects, text),)


def _cleared(values: Sequence[Digit], cell: Cell) -> list[Digit]:
    out = list(values)
    out[cell] = 0
    return out


def _solvable(values: Sequence[Digit], candidates: Sequence[Mask] | None) -> bool:
    return bool(find_solutions(values, 1, candidates))
