"""The next step for a stuck player, and how much of it to reveal.

The step is the one a person is likeliest to spot next: the easiest technique that
applies; among its steps, one that places a digit before one that only removes
candidates, then the one that removes most. It is revealed by level:

1. the technique and where to look ("Look for a Hidden Pair in box 5.");
2. also the digits and the pattern's cells (marked on the grid);
3. the whole step: its line, what it places or removes, and why.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable, Sequence

from engine.cells import BOX_OF, CELL_NAMES, MASK_DIGITS, N_CELLS, PEERS, UNITS, Cell, UnitKind, cellset_of, common_units
from engine.grid import Grid
from engine.notation import cell_list_words, words_list
from engine.search import solution_within
from engine.step import Step
from engine.stop import checkpoint
from engine.technique import Technique

if TYPE_CHECKING:  # the JSON records' types (engine.records imports typing_extensions before 3.12)
    from engine.records import HintRecord

#: Steps looked at per technique when choosing the most helpful one: enough to find a
#: placement or a big elimination, without listing every chain of a chain technique.
STEPS_PER_TECHNIQUE = 64

LEVELS = (1, 2, 3)


def choose_step(grid: Grid, techniques: Iterable[Technique]) -> Step | None:
    """The step a person would most likely find next (see the module docstring)."""
    for technique in techniques:
        checkpoint()  # the user's stop switch, and a unit of a request's work budget
        steps = list(itertools.islice(technique.find(grid), STEPS_PER_TECHNIQUE))
        if steps:
            return min(steps, key=lambda s: (not s.placements, -len(s.eliminations)))
    return None


# Work bound of nothing_to_deduce: searches tried, and nodes per search.
OPEN_GRID_SEARCHES = 64
OPEN_GRID_NODES = 200


def nothing_to_deduce(grid: Grid) -> bool:
    """True when no sound step can exist: every candidate is the digit of some solution and
    no empty cell is down to one candidate (then no candidate can be removed and no digit
    placed). The empty grid and other wide-open positions are settled this way in a few
    searches, instead of every technique looking in vain. False when that is not shown
    within the work bound: the techniques then look as usual.
    """
    if any(not grid.values[c] and grid.cands[c] & (grid.cands[c] - 1) == 0 for c in range(N_CELLS)):
        return False
    live = [1 << (v - 1) if v else 0 for v in grid.values]
    for _ in range(OPEN_GRID_SEARCHES):
        missing = [(c, d) for c in range(N_CELLS) if not grid.values[c] for d in MASK_DIGITS[grid.cands[c] & ~live[c]]]
        if not missing:
            return True
        solution = _solution_with(grid, missing)
        if solution is None:
            return False
        for c, d in enumerate(solution):
            live[c] |= 1 << (d - 1)
    return False


def _solution_with(grid: Grid, wanted: Sequence[tuple[Cell, int]]) -> list[int] | None:
    """A solution holding as many of the wanted placements as a few searches find: all of
    those that fit together, then half of them, and so on down to the first alone."""
    packed = _packed(grid, wanted)
    while packed:
        trial = list(grid.values)
        for cell, digit in packed:
            trial[cell] = digit
        solution = solution_within(trial, OPEN_GRID_NODES, grid.cands)
        if solution is not None or len(packed) == 1:
            return solution
        packed = packed[: len(packed) // 2]
    return None


def _packed(grid: Grid, wanted: Sequence[tuple[Cell, int]]) -> list[tuple[Cell, int]]:
    """The wanted placements, in order, that can join the grid without two equal digits
    in a house."""
    trial = list(grid.values)
    packed = []
    for cell, digit in wanted:
        if not trial[cell] and all(trial[p] != digit for p in PEERS[cell]):
            trial[cell] = digit
            packed.append((cell, digit))
    return packed


def pattern_cells(step: Step) -> tuple[Cell, ...]:
    """The cells a step's pattern occupies (its highlighted candidates and cells)."""
    h = step.highlights
    cells = {c.cell for c in (*h.pattern, *h.alt, *h.fins)}
    cells.update(c.cell for link in h.links for c in (link.start, link.end))
    cells.update(h.cells)
    return tuple(sorted(cells))


def where_units(step: Step) -> tuple[int, ...]:
    """The houses a step is about (unit numbers): its own, else the smallest house holding
    its cells, else their boxes; none when it has no cells at all."""
    if step.highlights.units:
        return tuple(step.highlights.units)
    cells = pattern_cells(step) or tuple(sorted({c.cell for c in (*step.placements, *step.eliminations)}))
    if not cells:
        return ()
    shared = common_units(cellset_of(cells))
    if shared:
        return (shared[0].number,)  # boxes come first: the smallest area to scan
    return tuple(sorted({BOX_OF[c] for c in cells}))  # box units are numbered 0-8


def where_to_look(step: Step) -> str:
    """``box 5``, ``rows 1 and 5``, ``box 1 and row 3``: the houses a step is about."""
    units = where_units(step)
    return houses_words(units) if units else "the grid"


def houses_words(units: Sequence[int]) -> str:
    """Houses in words, grouped by kind: ``box 1 and rows 3 and 5``."""
    parts = []
    for kind in UnitKind:
        numbers = sorted(UNITS[u].index + 1 for u in set(units) if UNITS[u].kind is kind)
        if numbers:
            word = kind.word if len(numbers) == 1 else ("boxes" if kind is UnitKind.BOX else kind.word + "s")
            parts.append(f"{word} {words_list([str(n) for n in numbers])}")
    return " and ".join(parts) if len(parts) <= 2 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _article(name: str) -> str:
    # "an X-Wing", "an Empty Rectangle", but "a Uniqueness Test", "a 2-String Kite"
    return "an" if name[:1] in "AEIOX" else "a"


def hint_sentence(step: Step, level: int) -> str:
    """What to tell the player at a level (1-3)."""
    name = step.technique
    if step.code == "bf":
        if level < 3:
            return f"None of the techniques applies here: the next digit has to come from the solution (look in {where_to_look(step)})."
        return f"None of the techniques applies here, so here is a digit from the solution: {step}."
    where = where_to_look(step)
    if level == 1:
        return f"Look for {_article(name)} {name} in {where}."
    if level == 2:
        digits = step.digits or tuple(sorted({c.digit for c in step.highlights.pattern}))
        on = f" on {words_list([str(d) for d in digits])}" if digits else ""
        cells = pattern_cells(step)
        at = f" (cells {cell_list_words(cells)})" if 1 < len(cells) <= 12 else f" (cell {CELL_NAMES[cells[0]]})" if len(cells) == 1 else ""
        return f"Look for {_article(name)} {name}{on} in {where}{at}."
    return str(step)


@dataclass(frozen=True)
class Hint:
    """A chosen step and how much of it to show."""

    step: Step
    level: int

    @property
    def text(self) -> str:
        return hint_sentence(self.step, self.level)

    def to_json(self) -> HintRecord:
        data: HintRecord = {
            "level": self.level,
            "technique": self.step.technique,
            "code": self.step.code,
            "where": where_to_look(self.step),
            "text": self.text,
        }
        if self.level >= 2:
            data["digits"] = list(self.step.digits)
            data["cells"] = [CELL_NAMES[c] for c in pattern_cells(self.step)]
        if self.level >= 3:
            data["step"] = self.step.to_json()
        return data
