"""Every technique is sound in ANY position, not only where easier techniques have run.

A solve takes singles first, so a technique normally meets positions without pending
singles; a player's own grid (``steps``, ``--only``, ``hint``) has no such promise. This
sweep lists every step of every technique (the whole registry, default or not, and every
option's variant) in positions with singles pending, and checks each against the known
solution: no true candidate removed, no wrong digit placed, no step that changes nothing.

The positions, all from real puzzles in ``puzzles/``:

* **path**: the position right after a step of the default solve that is not a single
  (so singles it made possible are still pending), at several points of the path;
* **digits**: the puzzle with random correct digits (from the solution) filled in, the
  candidates being just what the digits allow (the player removed nothing);
* **pruned**: the same with some false candidates removed as well (the player removed
  only false ones).

A representative slice runs by default (a few seconds); ``-m slow`` runs the whole sweep.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass
from itertools import islice
from typing import Final, Iterator

import pytest

from engine.analysis import analyse
from engine.cells import CELL_NAMES, N_CELLS
from engine.grid import Grid
from engine.solver import solve
from engine.step import Step
from engine.technique import Technique
from techniques import REGISTRY, by_code
from techniques.options import OPTIONS
from tests.conftest import DEFAULT, puzzle_lines, values_of

SINGLES = ("fh", "n1", "h1")
SINGLE_TECHNIQUES = {code: by_code(code) for code in SINGLES}
#: Every technique there is: the registry and each option's variants.
TECHNIQUES: tuple[Technique, ...] = REGISTRY + tuple(t for option in OPTIONS for t in option.techniques)


@dataclass(frozen=True)
class Position:
    label: str  # where it comes from, to reproduce a failure
    grid: Grid
    solution: tuple[int, ...]


def path_positions(line: str, points: tuple[float, ...]) -> Iterator[Position]:
    """For each point (a fraction of the default solve's path), the position just after the
    step nearest to it that is not a single and leaves a single pending."""
    analysis = analyse(values_of(line))
    assert analysis.solution is not None, line
    after: dict[int, Grid] = {}

    def keep(grid: Grid, step: Step) -> None:
        if step.code not in SINGLES:
            position = grid.copy()
            position.apply(step)
            if singles_pending(position):
                after[len(seen)] = position
        seen.append(step)

    seen: list[Step] = []
    solve(Grid.from_values(values_of(line)), DEFAULT, analysis=analysis, watch=keep)
    chosen = {min(after, key=lambda i: abs(i - point * len(seen))) for point in points} if after else set()
    for i in sorted(chosen):
        yield Position(f"{line} after step {i + 1} ({seen[i]})", after[i], analysis.solution)


def singles_pending(grid: Grid) -> bool:
    return any(next(SINGLE_TECHNIQUES[code].find(grid), None) is not None for code in SINGLES)


def digit_positions(line: str, rng: random.Random, counts: tuple[int, ...], prune: float) -> Iterator[Position]:
    """The puzzle plus ``count`` random correct digits (givens stay givens), then the same
    with a share ``prune`` of the false candidates removed."""
    values = values_of(line)
    solution = analyse(values).solution
    assert solution is not None, line
    givens = Grid.from_values(values).givens
    for count in counts:
        filled = list(values)
        for cell in rng.sample([c for c in range(N_CELLS) if not values[c]], count):
            filled[cell] = solution[cell]
        grid = Grid.from_values(filled, givens)
        yield Position(f"{line} + {count} digits ({''.join(map(str, filled))})", grid, solution)
        kept = [mask & ~_false_bits(mask, solution[c], rng, prune) for c, mask in enumerate(grid.cands)]
        yield Position(f"{line} + {count} digits, pruned (seed {rng.random():.6f})", Grid.from_values(filled, givens, kept), solution)


def _false_bits(mask: int, true_digit: int, rng: random.Random, share: float) -> int:
    return sum(bit for d in range(1, 10) if (bit := 1 << (d - 1)) & mask and d != true_digit and rng.random() < share)


#: Techniques whose whole listing at an early position runs to thousands of steps, each
#: found by searches of its own (Kraken Whips: 8,000-19,000 at some early positions, a
#: quarter of an hour of searching for one position): the whole sweep checks the first
#: this many of each position's steps, in the order the technique finds them (the quick
#: sweep lists all of them at its later positions).
LISTED_PER_POSITION: Final = {"kwh": 300, "gkwh": 100}


def unsound_steps(position: Position, technique: Technique, limit: int | None = None) -> list[str]:
    """What is wrong with the technique's steps in the position (empty: all sound); with
    ``limit``, of its first ``limit`` steps."""
    problems = []
    for step in islice(technique.find(position.grid), limit):
        wrong = [f"removes the true {d} from {CELL_NAMES[c]}" for d, c in step.eliminations if position.solution[c] == d]
        wrong += [f"places {d} in {CELL_NAMES[c]}" for d, c in step.placements if position.solution[c] != d]
        if not step.eliminations and not step.placements:
            wrong.append("changes nothing")
        if wrong:
            problems.append(f"{position.label}: {step}: {'; '.join(wrong)}")
    return problems


@dataclass(frozen=True)
class Slice:
    """Which puzzles (every ``step``-th line of each file) and which positions of each."""

    files: dict[str, int]
    points: tuple[float, ...]  # where on the solve path
    counts: tuple[int, ...]  # how many correct digits are added
    prune: float  # share of false candidates removed in the pruned positions

    def positions(self) -> Iterator[Position]:
        rng = random.Random(11)  # fixed: a failure can be reproduced from its label
        for name, step in self.files.items():
            for line in puzzle_lines(name)[::step]:
                yield from path_positions(line, self.points)
                yield from digit_positions(line, rng, self.counts, self.prune)


#: The default run: a few puzzles, positions from the second half of the path and with
#: many digits added (fewer candidates), so that even the widest searches (Finned Mutant
#: Whales, overlapping Death Blossoms) list all their steps in a moment.
QUICK = Slice({"top95.txt": 60, "famous.tsv": 18}, points=(0.3, 0.6), counts=(40,), prune=0.3)
#: The whole sweep (-m slow): every set, early and late positions; about 130 positions,
#: some 25 minutes (the Mutant fish of size 5 and 6 on early positions are most of it).
WHOLE = Slice(
    {"top95.txt": 10, "famous.tsv": 3, "forum_hardest300.txt": 60, "top1465.txt": 300, "royle17_sample1000.tsv": 200, "easy50.txt": 25},
    points=(0.15, 0.5, 0.85),
    counts=(25,),
    prune=0.15,
)


@functools.cache
def whole_positions() -> tuple[Position, ...]:
    return tuple(WHOLE.positions())


@pytest.mark.slow
@pytest.mark.parametrize("technique", TECHNIQUES, ids=[f"{t.code}-{i}" for i, t in enumerate(TECHNIQUES)])
def test_every_step_is_sound_anywhere_whole_sweep(technique: Technique) -> None:
    limit = LISTED_PER_POSITION.get(technique.code)
    problems = [p for position in whole_positions() for p in unsound_steps(position, technique, limit)]
    assert not problems, "\n".join(problems[:20])


QUICK_POSITIONS = list(QUICK.positions())
#: Sudoku Explainer's nested forcing chains of levels 3-5 nest multiple or dynamic chains
#: in every run: a minute or more on the quick positions, so only the whole sweep runs them
#: (levels 1-2, the same propagation with fewer inner rules, run here).
SLOW_IN_QUICK = frozenset({"sdfc3", "sdfc4", "sdfc5"})


def _quick_case(i: int, technique: Technique) -> object:
    marks = [pytest.mark.slow] if technique.code in SLOW_IN_QUICK else []
    return pytest.param(technique, id=f"{technique.code}-{i}", marks=marks)


#: The quick run checks the first this many steps of each quick position for the Kraken
#: Whips, whose whole listings there run to thousands of steps (gkwh: 110 s of the default
#: run, kwh 38 s); ``-m slow`` lists them whole (below) as well as in the whole sweep.
QUICK_LISTED: Final = {"kwh": 1000, "gkwh": 300}


@pytest.mark.parametrize("technique", [_quick_case(i, t) for i, t in enumerate(TECHNIQUES)])
def test_every_step_is_sound_with_singles_pending(technique: Technique) -> None:
    limit = QUICK_LISTED.get(technique.code)
    problems = [p for position in QUICK_POSITIONS for p in unsound_steps(position, technique, limit)]
    assert not problems, "\n".join(problems[:10])


@pytest.mark.slow
@pytest.mark.parametrize("code", sorted(QUICK_LISTED))
def test_every_step_is_sound_with_singles_pending_listed_whole(code: str) -> None:
    technique = next(t for t in TECHNIQUES if t.code == code)
    problems = [p for position in QUICK_POSITIONS for p in unsound_steps(position, technique)]
    assert not problems, "\n".join(problems[:10])


def test_the_quick_positions_have_singles_pending() -> None:
    path = [p for p in QUICK_POSITIONS if "after step" in p.label]
    assert len(path) >= 4 and all(singles_pending(p.grid) for p in path)
    assert sum(singles_pending(p.grid) for p in QUICK_POSITIONS) >= 0.75 * len(QUICK_POSITIONS)
