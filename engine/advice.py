"""Advice for a stuck player: diagnose their grid, then choose the hint and apply it.

``advise`` fills an ``Advice`` (what the ``hint`` command prints or returns as JSON); it
never prints. The diagnosis comes first: with mistakes, no hint is chosen unless asked.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from engine.analysis import Status, analyse
from engine.cells import ALL_DIGITS, CELL_NAMES, N_CELLS, PEERS, Cell, CellSet, Digit, Mask, mask_of
from engine.diagnosis import Diagnosis, PlayerState, diagnose
from engine.formats import BoardStyle, Layout, Puzzle, format_grid, format_library, format_line, format_values
from engine.grid import Contradiction, Grid
from engine.hints import Hint, choose_step, nothing_to_deduce
from engine.profiles import Profile
from engine.solver import BRUTE_FORCE, next_step, usable_techniques
from engine.technique import WorkBoundExceeded

if TYPE_CHECKING:  # the JSON records' types (engine.records imports typing_extensions before 3.12)
    from engine.records import AdviceRecord


@dataclass(frozen=True)
class HintOptions:
    """What the player asked for."""

    state: str
    puzzle: str | None = None
    level: int = 1
    json: bool = False
    apply: bool = False
    ignore_mistakes: bool = False
    reveal: bool = False  # name solution digits in mistake messages


@dataclass(frozen=True)
class Snapshot:
    """The player's grid as drawn, even when it breaks a rule (a ``Grid`` refuses that):
    values, and pencil marks limited to what the values allow."""

    values: tuple[Digit, ...]
    cands: tuple[Mask, ...]
    givens: CellSet

    @classmethod
    def of(cls, state: PlayerState) -> Snapshot:
        values = state.values
        cands = []
        for c in range(N_CELLS):
            allowed = 0 if values[c] else ALL_DIGITS & ~mask_of(values[p] for p in PEERS[c] if values[p])
            cands.append(allowed & state.candidates[c] if state.candidates is not None else allowed)
        return cls(values, tuple(cands), state.givens_mask)

    def is_given(self, cell: Cell) -> bool:
        return bool(self.givens >> cell & 1)


class HintStatus(StrEnum):
    """What the hint command found about a state."""

    OK = "ok"  # a hint (or a note why there is none)
    MISTAKES = "mistakes"  # the player's grid disagrees with the solution
    SOLVED = "solved"
    INVALID = "invalid"  # the puzzle itself has no solution
    ERROR = "error"  # unreadable input


@dataclass
class Advice:
    """Everything the hint command found for one state; rendering reads it."""

    source: str
    state: PlayerState
    layout: Layout
    empty_char: str
    status: HintStatus = HintStatus.OK
    diagnosis: Diagnosis | None = None
    grid: Grid | None = None  # the position, when it breaks no rule
    stopped: bool = False  # mistakes were found and no hint was asked for despite them
    uniqueness: Status | None = None
    hint: Hint | None = None
    after: Grid | None = None
    applied: str | None = None
    notes: list[str] = field(default_factory=list)
    error: str | None = None
    board: BoardStyle | None = None  # the shape of a LeetCode board, for --apply
    reveal: bool = False  # mistake messages may name solution digits (--reveal)

    def to_json(self) -> AdviceRecord:
        return {
            "status": self.status.value,
            "source": self.source,
            "state": format_line(self.state.values),
            "uniqueness": self.uniqueness.value if self.uniqueness is not None else None,
            "givens_known": self.state.givens_known,
            "mistakes": [m.to_json(self.reveal) for m in self.diagnosis.mistakes] if self.diagnosis else [],
            "hint": self.hint.to_json() if self.hint else None,
            "applied": self.applied,
            "notes": self.notes,
            "error": self.error,
        }


GIVENS_UNKNOWN = (
    "Without --puzzle every digit here counts as a given, so your entries cannot be told from the "
    "puzzle's clues. Ask again with --puzzle GIVENS (the original puzzle) to have each wrong entry named."
)


OPEN_GRID = (
    "Nothing can be deduced here: every candidate left is the digit of some solution, so no candidate can be "
    "removed and no digit placed. The grid needs more clues."
)


class StateMismatch(ValueError):
    """The state does not keep the puzzle's givens."""


def player_state(state: Puzzle, puzzle: Puzzle | None) -> PlayerState:
    """Givens, entries and pencil marks of a state, using the original puzzle if given.

    Raises:
        StateMismatch: the state holds another digit where the puzzle has a given.
    """
    if puzzle is None:
        known = any(state.entered)
        return PlayerState(state.givens, state.entered, state.candidates, known)
    clues = puzzle.values
    values = state.values
    for c in range(N_CELLS):
        if clues[c] and values[c] and clues[c] != values[c]:
            raise StateMismatch(f"the state does not match the puzzle: {CELL_NAMES[c]} is {clues[c]} in the puzzle but {values[c]} in the state")
    entered = tuple(0 if clues[c] else values[c] for c in range(N_CELLS))
    return PlayerState(tuple(clues), entered, state.candidates, True)


def advise(advice: Advice, profile: Profile, options: HintOptions) -> Advice:
    """Diagnose the state, then (unless mistakes stop us) choose and apply the hint."""
    state = advice.state
    advice.reveal = options.reveal
    diagnosis = advice.diagnosis = diagnose(state)
    advice.grid = _position(state)
    if diagnosis.broken_puzzle:
        advice.status, advice.error = HintStatus.INVALID, f"the puzzle has {diagnosis.puzzle.describe()}"
        return advice
    if diagnosis.mistakes:
        advice.status = HintStatus.MISTAKES
        if not state.givens_known:
            advice.notes.append(GIVENS_UNKNOWN)
        if not options.ignore_mistakes:
            advice.stopped = True
            return advice
        advice.notes.append("This hint is taken from your grid as it is, mistakes included, so it may lead away from the solution.")
    grid = advice.grid
    if grid is None:
        advice.notes.append("Your grid breaks a rule (a cell or house has no place left), so no step can be taken from it.")
        return advice
    if grid.is_solved():
        advice.status = HintStatus.SOLVED if not diagnosis.mistakes else advice.status
        return advice
    _choose(advice, grid, profile, options)
    return advice


def _position(state: PlayerState) -> Grid | None:
    try:
        return Grid.from_values(state.values, state.givens_mask, state.candidates)
    except Contradiction:
        return None


def _choose(advice: Advice, grid: Grid, profile: Profile, options: HintOptions) -> None:
    assert advice.diagnosis is not None
    position = analyse(grid.values, grid.cands)
    advice.uniqueness = position.status
    puzzle_unique = advice.diagnosis.puzzle.status is Status.UNIQUE
    if advice.diagnosis.puzzle.status is Status.MULTIPLE:
        advice.notes.append(
            f"This puzzle has {advice.diagnosis.puzzle.describe()}, so hints use only techniques that do not rely on a unique solution."
        )
    if position.status is Status.MULTIPLE and nothing_to_deduce(grid):
        advice.notes.append(OPEN_GRID)
        return
    techniques = usable_techniques(profile.default, unique=puzzle_unique and position.status is Status.UNIQUE)
    try:
        step = next_step(grid, techniques, profile.choose) if profile.hints_follow_policy else choose_step(grid, techniques)
    except WorkBoundExceeded as bound:
        advice.notes.append(f"The next step needs more work than the search allows ({bound}).")
        return
    if step is None and position.status is Status.UNIQUE and position.solution is not None:
        step = BRUTE_FORCE.step_for(grid, position.solution)
    if step is None:
        advice.notes.append(
            "No technique applies, and the grid has more than one way to finish, so no digit can be deduced here."
            if position.status is Status.MULTIPLE
            else "No technique applies to this grid."
        )
        return
    advice.hint = Hint(step, options.level)
    if options.apply:
        after = grid.copy()
        after.apply(step)
        advice.after = after
        advice.applied = format_state(after, advice.layout, advice.empty_char, bool(step.eliminations), advice.board)


def format_state(grid: Grid, layout: Layout, empty: str, eliminates: bool, board: BoardStyle | None = None) -> str:
    """The state in the player's layout; a layout without pencil marks cannot show an
    elimination, so the state then comes as a HoDoKu library line (digits, ``+d``
    entries and removed candidates on one line)."""
    if layout in (Layout.PM, Layout.LIBRARY):
        return format_grid(grid, layout)
    if eliminates:
        return format_library(grid)
    return format_values(grid.values, layout, empty, grid.givens, board)
