"""The solver loop: easiest technique first, one step at a time, search only as a last resort.

``solve`` checks the position with search: a puzzle with no solution or several is
reported as such, and uniqueness techniques only ever run on puzzles with one solution.
When no allowed technique applies, it places one digit taken from that solution in a
logged ``Brute Force`` step (as HoDoKu does) and carries on with logic; the result counts
those steps. A guess is never hidden.

The check waits until something needs it: the first time the techniques before the first
uniqueness technique find nothing, a Brute Force step needs the solution, or the logic
breaks down (an unsolvable position makes a grid raise). Logic that fills the grid before
that needs no search: every step it took holds in every solution (the any-position
soundness sweeps hold techniques to that), so the grid it filled is the only solution. The
result is the one a check made first gives: the same status, steps, grid and analysis.
The check is not put off further (say, until a uniqueness technique has a step): on a
puzzle with several solutions the chains and nets after the first uniqueness technique
would run until stuck before it is reported, where the easy techniques before it cost
next to nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Callable, Final, Iterable, Sequence

from engine.analysis import Analysis, Status, analyse_grid
from engine.cells import CELL_NAMES, MASK_COUNT, N_CELLS
from engine.grid import Grid
from engine.step import Candidate, Highlights, Step
from engine.stop import Stopped, WorkLimitReached, checkpoint
from engine.technique import BaseTechnique, Declaration, Technique

#: How one step is chosen among those a technique finds: ``first_step`` unless a profile
#: says otherwise.
StepChoice = Callable[[Technique, Grid], Step | None]


class SolveStatus(Enum):
    SOLVED = "solved"
    STUCK = "stuck"  # no allowed technique applies and search was not allowed
    INVALID = "invalid"  # no solution, or more than one


class _BruteForce(BaseTechnique):
    """The last resort: a digit from the solution, placed where a guess would be made."""

    declaration = Declaration("Brute Force", "bf")

    def step_for(self, grid: Grid, solution: Sequence[int]) -> Step:
        cell = min((c for c in range(N_CELLS) if not grid.values[c]), key=lambda c: (MASK_COUNT[grid.cands[c]], c))
        digit = solution[cell]
        text = (
            f"No technique applies here, so this step places a digit taken from the solution that "
            f"search found: {CELL_NAMES[cell]} is {digit}. This is a guess made with hindsight, not a deduction."
        )
        return self.step(
            placements=(Candidate(digit, cell),),
            explanation=text,
            highlights=Highlights(cells=(cell,)),
            digits=(digit,),
        )


BRUTE_FORCE: Final = _BruteForce()


@dataclass(frozen=True)
class SolveResult:
    """What a solve did: its status, every step in order, the final grid and the solution."""

    status: SolveStatus
    steps: tuple[Step, ...]
    grid: Grid
    analysis: Analysis
    brute_force: int = 0
    note: str | None = None  # why a solve stopped short, when not for want of a technique

    @property
    def solution(self) -> tuple[int, ...] | None:
        return self.analysis.solution

    @property
    def error(self) -> str | None:
        if self.status is SolveStatus.INVALID:
            return self.analysis.describe()
        if self.status is SolveStatus.STUCK:
            return self.note or "no allowed technique applies and search is not allowed"
        return None


def usable_techniques(techniques: Iterable[Technique], *, unique: bool) -> tuple[Technique, ...]:
    """The techniques that may run on a position: uniqueness ones only on unique puzzles."""
    return tuple(t for t in techniques if unique or not t.uniqueness)


def first_step(technique: Technique, grid: Grid) -> Step | None:
    """The first step a technique finds (the default step choice)."""
    return next(technique.find(grid), None)


def next_step(grid: Grid, techniques: Iterable[Technique], choose: StepChoice = first_step) -> Step | None:
    """The step of the first technique (in the given order) that has one."""
    if choose is first_step:  # the usual policy, inlined: this loop runs for every step
        for technique in techniques:
            checkpoint()  # the user's stop switch (grade --max-seconds), between techniques
            step = next(technique.find(grid), None)
            if step is not None:
                return step
        return None
    for technique in techniques:
        checkpoint()  # the user's stop switch (grade --max-seconds), between techniques
        step = choose(technique, grid)
        if step is not None:
            return step
    return None


def solve(
    grid: Grid,
    techniques: Sequence[Technique],
    *,
    choose: StepChoice = first_step,
    allow_search: bool = True,
    analysis: Analysis | None = None,
    watch: Callable[[Grid, Step], None] | None = None,
) -> SolveResult:
    """Solve a position logically, logging every step.

    Args:
        grid: the starting position (it is not changed; the solve works on a copy).
        techniques: the techniques to use, in the order they are tried (usually a
            profile's: ``profile.default``, or call ``profile.solve``).
        choose: which step to take when a technique finds several (a profile's policy).
        allow_search: when nothing applies, place a digit from the solution (logged as
            Brute Force) instead of stopping as STUCK.
        analysis: a known analysis of the position, to skip the check by search.
        watch: called with the position and each step just before the step is applied
            (for raters that need the position; it must not change the grid).
    """
    check = _Check(grid, analysis)
    if analysis is not None and not check.unique():
        return check.invalid()
    usable = usable_techniques(techniques, unique=True)
    first_unique = next((k for k, t in enumerate(usable) if t.uniqueness), len(usable))
    before, after = usable[:first_unique], usable[first_unique:]
    work = grid.copy()
    steps: list[Step] = []
    brute_force = 0
    try:
        while work.empty_count():
            if check.done:
                step = next_step(work, usable, choose)
            else:
                step = next_step(work, before, choose)
                if step is None:
                    if not check.unique():
                        return check.invalid()
                    step = next_step(work, after, choose)
            if step is None:
                if not check.unique():
                    return check.invalid()
                if not allow_search:
                    return SolveResult(SolveStatus.STUCK, tuple(steps), work, check.analysis(), brute_force)
                step = BRUTE_FORCE.step_for(work, check.solution())
                brute_force += 1
            if watch is not None:
                watch(work, step)
            if not work.apply(step):
                raise RuntimeError(f"step made no progress: {step}")
            steps.append(step)
    except (Exception, Stopped, WorkLimitReached):  # the stop switch and the work budget too
        if not check.done and not check.unique():
            return check.invalid()  # what a check made first would have said
        raise
    return SolveResult(SolveStatus.SOLVED, tuple(steps), work, check.filled(work), brute_force)


class _Check:
    """A solve's check by search, made when first needed (see the module text)."""

    def __init__(self, grid: Grid, known: Analysis | None) -> None:
        self.grid = grid
        self.known = known

    @property
    def done(self) -> bool:
        return self.known is not None

    def analysis(self) -> Analysis:
        if self.known is None:
            self.known = analyse_grid(self.grid)
        return self.known

    def unique(self) -> bool:
        found = self.analysis()
        return found.status is Status.UNIQUE and found.solution is not None

    def solution(self) -> tuple[int, ...]:
        solution = self.analysis().solution
        assert solution is not None
        return solution

    def invalid(self) -> SolveResult:
        return SolveResult(SolveStatus.INVALID, (), self.grid.copy(), self.analysis())

    def filled(self, work: Grid) -> Analysis:
        """The analysis of a solve that filled the grid: without a check, the grid it
        filled is the one solution."""
        if self.known is None:
            self.known = Analysis(Status.UNIQUE, (tuple(work.values),))
        return self.known
