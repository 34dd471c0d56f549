"""The API's request bodies: the command-line options of each command, as JSON fields.

Each field is the option of the same name (``--ignore-mistakes`` is ``ignore_mistakes``);
puzzle text is read in any layout, as the commands read it, and only ever as text: no
field names a file, and none touches the disk. Unknown fields are refused (422), so a
misspelt option never passes silently.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.app.web.jobs import MAX_GENERATE

#: The profiles (engine.profiles.PROFILES; tests/test_web_api.py holds them equal).
ProfileName = Literal["hodoku", "se", "full"]
#: The technique options (techniques.options.OPTIONS; held equal by the same test).
TechniqueOptionName = Literal["er-two-candidates", "als-overlap", "chain-als", "ur-no-missing"]
#: The symmetries (engine.generate.Symmetry; held equal by the same test).
SymmetryName = Literal["none", "rotational", "quarter", "diagonal", "antidiagonal", "mirror", "flip", "diagonals", "mirrors", "dihedral"]

INKALA = "800000000003600000070090200050007000000045700000100030001000068008500010090000400"
STATE = ":0000:x:+13+7.5..4...8.1.5..46.....12.7.5.2.8....6.3....4.1.9.3.25.....98..1.2.6...8..6..2.:::"


class Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class HintRequest(Body):
    """``stepdoku hint STATE``: the mistakes in a player's grid, then the next step."""

    state: str = Field(
        description="the player's grid in any layout: 81 characters, nine rows, a pencil-mark grid (their own marks count), "
        "a HoDoKu library line (+d: digits they entered; deleted candidates: pencil marks they removed), a LeetCode board",
        examples=[STATE],
    )
    puzzle: str | None = Field(None, description="the original puzzle (givens), to tell the player's entries from its clues (--puzzle)")
    level: Literal[1, 2, 3] = Field(1, description="1: technique and where to look; 2: also digits and cells; 3: the whole step")
    profile: ProfileName = Field("hodoku", description="the solving policy and rating scale (--profile)")
    apply: bool = Field(False, description="also return the state after the step (applied), in the state's layout")
    ignore_mistakes: bool = Field(False, description="give a hint even when the grid has mistakes (--ignore-mistakes)")
    reveal: bool = Field(False, description="let mistake messages name the solution digit (--reveal)")
    options: list[TechniqueOptionName] = Field(default_factory=list, description="HoDoKu's optional technique behaviours, by flag name")
    draw: bool = Field(False, description="add drawing: the player's grid drawn as hint --html draws it (SVG)")


class ExplainRequest(Body):
    """``stepdoku explain PUZZLE``: the whole logical solution and its rating."""

    puzzle: str = Field(description="a puzzle or a position in any layout (pencil marks count)", examples=[INKALA])
    profile: ProfileName = Field("hodoku", description="the solving policy and rating scale (--profile)")
    only: str | None = Field(None, description="use only these techniques, e.g. 'n2,h2' (--only)")
    max_difficulty: int | None = Field(None, description="leave out techniques ordered after N in the profile (--max-difficulty)")
    no_search: bool = Field(False, description="stop when stuck instead of placing a Brute Force digit (--no-search)")
    options: list[TechniqueOptionName] = Field(default_factory=list, description="HoDoKu's optional technique behaviours, by flag name")
    draw: bool = Field(False, description="add drawing: the step list and the drawn panels of explain --html")


class GradeRequest(Body):
    """``stepdoku grade``: each puzzle's rating, in order (an unreadable one as an error record)."""

    puzzles: list[str] = Field(
        min_length=1,
        description="puzzle texts, each holding one puzzle or several (one per line, any layout); at most 100 puzzles in all",
        examples=[[INKALA]],
    )
    profile: ProfileName = Field("hodoku", description="the rating scale (--profile)")
    se: Literal["style", "exact"] = Field("style", description="hodoku's se field: an SE-style estimate, or serate's own ER (--se)")
    options: list[TechniqueOptionName] = Field(default_factory=list, description="HoDoKu's optional technique behaviours, by flag name")


class SolveRequest(Body):
    """``stepdoku solve``: the solution by search, and whether it is the only one."""

    puzzle: str = Field(description="a puzzle in any layout", examples=[INKALA])
    count: bool = Field(False, description="count the solutions instead, up to limit (--count)")
    limit: int = Field(1000, ge=1, le=1000, description="with count, stop counting at this many (--limit)")


class GenerateRequest(Body):
    """``stepdoku generate``: new proper puzzles to order."""

    level: str | None = Field(None, description="HoDoKu level or range: easy, medium, hard, unfair, extreme, medium-hard", examples=["hard"])
    score: str | None = Field(None, description="HoDoKu score range, e.g. 1000-1600")
    se: str | None = Field(None, description="SE rating (ER) range, e.g. 7.0-8.0")
    requires: str | None = Field(None, description="techniques the solution uses, e.g. 'sk' or 'xy,w'")
    requires_hardest: str | None = Field(None, description="the technique of the hardest step")
    teach: str | None = Field(None, description="a technique to practise")
    profile: ProfileName = Field("hodoku", description="the profile requires, requires_hardest and teach refer to")
    symmetry: SymmetryName = Field("none", description="clue pattern symmetry (--symmetry)")
    clues: str | None = Field(None, description="number of clues, e.g. 22-26")
    minimal: bool = Field(True, description="minimal puzzles (removing any clue gives a second solution)")
    count: int = Field(1, ge=1, le=MAX_GENERATE, description=f"how many puzzles (-n), at most {MAX_GENERATE}")
    seed: int | None = Field(None, ge=0, description="the same seed gives the same puzzles (default: a random one, in the x-stepdoku-seed header)")
    max_tries: int = Field(1000, ge=1, le=5000, description="give up after this many candidates in a row without a puzzle (--max-tries)")


class ReadRequest(Body):
    """Read a puzzle text as the commands read it (any layout), for a page to show."""

    text: str = Field(description="a puzzle or a position in any layout", examples=[STATE])
