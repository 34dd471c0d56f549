"""Rendering, exact text: a fixed-width console without colour, as rich's own tests do.

Every role must be readable without colour, so these tests pin the characters.
"""

from __future__ import annotations

import io

import pytest

from rich.console import Console, RenderableType
from rich.segment import Segment, Segments
from rich.style import Style
from rich.text import Text

import engine.app.render.grid as grid_module

from engine.grid import Grid
from engine.profiles import Rating, TechniqueCount
from engine.app.render import GridView, Marks
from engine.app.render.grid import GRID_WIDTH
import engine.app.render.steps as steps_module
from engine.app.render.grid import NO_MARKS
from engine.app.render.steps import Indented, Legend, SinglesRunView, StepLog, StepView
from engine.app.render.tables import RatingSummary
from engine.app.render.theme import RESOLVED, STYLES, style_of
from engine.step import Candidate, Highlights, Step
from engine.solver import solve
from tests.conftest import HODOKU, puzzle_lines
from engine.walkthrough import Frame, SinglesRun, StepFrame, build_walkthrough

SOLUTION = "812753649943682175675491283154237896369845721287169534521974368438526917796318452"


def near_solved() -> Grid:
    """The solution with seven cells emptied; even-numbered cells are givens."""
    values = [int(ch) for ch in SOLUTION]
    for cell in (0, 1, 10, 11, 19, 20, 40):
        values[cell] = 0
    givens = sum(1 << c for c in range(81) if c % 2 == 0 and values[c])
    return Grid.from_values(values, givens)


def render(renderable: RenderableType, width: int = 80, ascii_only: bool = False) -> str:
    if ascii_only:
        raw = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
        console = Console(file=raw, width=width, color_system=None, _environ={})
        console.print(renderable)
        raw.flush()
        return raw.buffer.getvalue().decode()
    console = Console(file=io.StringIO(), width=width, color_system=None, _environ={})
    console.print(renderable)
    out = console.file
    assert isinstance(out, io.StringIO)
    return out.getvalue()


NAKED_SINGLE = Step(
    "Naked Single",
    "n1",
    placements=(Candidate(4, 40),),
    explanation="r5c5 has only one candidate left: every digit but 4 is already ruled out there.",
    highlights=Highlights(cells=(40,)),
    digits=(4,),
)

GRID_WITH_ROLES = """\
       c1      c2      c3      c4      c5      c6      c7      c8      c9
   ┏━━━━━━━┯━━━━━━━┯━━━━━━━┳━━━━━━━┯━━━━━━━┯━━━━━━━┳━━━━━━━┯━━━━━━━┯━━━━━━━┓
   ┃ · · · │*1 · · │ · · · ┃       │       │       ┃       │       │       ┃
r1 ┃ · · · │ · · · │ ·[2]· ┃   7   │  [5]  │   3   ┃  [6]  │   4   │  [9]  ┃
   ┃ ·+8 · │ · ·-9 │ · · · ┃       │       │       ┃       │       │       ┃
   ┠───────┼───────┼───────╂───────┼───────┼───────╂───────┼───────┼───────┨
   ┃ · · · │ · · · │ · ·~3 ┃       │       │       ┃       │       │       ┃
r2 ┃ · 9 · │#4 · · │ · · · ┃  [6]  │   8   │  [2]  ┃   1   │  [7]  │   5   ┃
   ┃ · · · │ · · · │ · · · ┃       │       │       ┃       │       │       ┃
   ┠───────┼───────┼───────╂───────┼───────┼───────╂───────┼───────┼───────┨
   ┃ · · · │ · · · │ · · · ┃       │       │       ┃       │       │       ┃
r3 ┃ ·[6]· │ · · · │ · 5 · ┃   4   │  [9]  │   1   ┃  [2]  │   8   │  [3]  ┃
   ┃ · · · │ 7 · · │ · · · ┃       │       │       ┃       │       │       ┃
   ┣━━━━━━━┿━━━━━━━┿━━━━━━━╋━━━━━━━┿━━━━━━━┿━━━━━━━╋━━━━━━━┿━━━━━━━┿━━━━━━━┫
r4 ┃   1   │  [5]  │   4   ┃  [2]  │   3   │  [7]  ┃   8   │  [9]  │   6   ┃
   ┠───────┼───────┼───────╂───────┼───────┼───────╂───────┼───────┼───────┨
   ┃       │       │       ┃       │ · · · │       ┃       │       │       ┃
r5 ┃  [3]  │   6   │  [9]  ┃   8   │ 4 · · │   5   ┃  [7]  │   2   │  [1]  ┃
   ┃       │       │       ┃       │ · · · │       ┃       │       │       ┃
   ┠───────┼───────┼───────╂───────┼───────┼───────╂───────┼───────┼───────┨
r6 ┃   2   │  [8]  │   7   ┃  [1]  │   6   │  [9]  ┃   5   │  [3]  │   4   ┃
   ┣━━━━━━━┿━━━━━━━┿━━━━━━━╋━━━━━━━┿━━━━━━━┿━━━━━━━╋━━━━━━━┿━━━━━━━┿━━━━━━━┫
r7 ┃  [5]  │   2   │  [1]  ┃   9   │  [7]  │   4   ┃  [3]  │   6   │  [8]  ┃
   ┠───────┼───────┼───────╂───────┼───────┼───────╂───────┼───────┼───────┨
r8 ┃   4   │  [3]  │   8   ┃  [5]  │   2   │  [6]  ┃   9   │  [1]  │   7   ┃
   ┠───────┼───────┼───────╂───────┼───────┼───────╂───────┼───────┼───────┨
r9 ┃  [7]  │   9   │  [6]  ┃   3   │  [1]  │   8   ┃  [4]  │   5   │  [2]  ┃
   ┗━━━━━━━┷━━━━━━━┷━━━━━━━┻━━━━━━━┷━━━━━━━┷━━━━━━━┻━━━━━━━┷━━━━━━━┷━━━━━━━┛
"""


def every_role(houses: frozenset[int], cells: frozenset[int], new: frozenset[int] = frozenset()) -> Marks:
    """Marks with every candidate role on the cells ``near_solved`` leaves empty."""
    return Marks(
        placements=frozenset({Candidate(8, 0)}),
        eliminations=frozenset({Candidate(9, 1)}),
        pattern=frozenset({Candidate(1, 1)}),
        alt=frozenset({Candidate(4, 10)}),
        fins=frozenset({Candidate(3, 11)}),
        houses=houses,
        cells=cells,
        new=new,
    )


def test_grid_shows_every_role_without_colour() -> None:
    marks = every_role(frozenset({0}), frozenset({40}))  # box 1: dots fill its empty corners
    assert render(GridView(near_solved(), marks)) == GRID_WITH_ROLES


_GRID_LINE = grid_module._Line


class _LineAndText:
    """A grid line built twice by the same calls: as the grid's own line and as a rich
    ``Text``, so the two can be printed side by side."""

    def __init__(self, text: str = "", style: Style | None = None) -> None:
        self.line = _GRID_LINE(text, style)
        self.text = Text(text, style=style or "")

    def __len__(self) -> int:
        return len(self.line)

    def append(self, text: str, style: Style | None = None) -> None:
        self.line.append(text, style)
        self.text.append(text, style)

    def stylize_before(self, style: Style, start: int, end: int) -> None:
        self.line.stylize_before(style, start, end)
        self.text.stylize_before(style, start, end)

    def rstrip(self) -> None:
        self.line.rstrip()
        self.text.rstrip()

    def segments(self, combined: grid_module.Combined, plain: bool = False) -> list[Segment]:
        return self.line.segments(combined, plain)

    def runs(self, combined: grid_module.Combined) -> list[grid_module.Run]:
        return self.line.runs(combined)


def in_colour(renderable: RenderableType) -> str:
    console = Console(file=io.StringIO(), width=100, color_system="truecolor", force_terminal=True, _environ={})
    console.print(renderable)
    out = console.file
    assert isinstance(out, io.StringIO)
    return out.getvalue()


def _looks(segments: list[Segment]) -> list[tuple[str, Style]]:
    """Each character with the style it shows in: on a blank, only what shows there (a
    background, lines, a frame, reversal, a link)."""
    out = []
    for segment in segments:
        style = segment.style or Style.null()
        for char in segment.text:
            if char == " ":
                shown = Style(
                    bgcolor=style.bgcolor, underline=style.underline, underline2=style.underline2, strike=style.strike,
                    overline=style.overline, reverse=style.reverse, frame=style.frame, encircle=style.encircle, link=style.link,
                )  # fmt: skip
                out.append((char, shown))
            else:
                out.append((char, style))
    return out


def test_grid_lines_look_in_colour_as_rich_text_does(monkeypatch: pytest.MonkeyPatch) -> None:
    """The grid writes its lines' segments itself (a walkthrough draws a hundred thousand
    pieces): in colour every character must show as in rich's ``Text`` built by the same
    calls, on a grid with every role, shaded houses and cells, and new values, in fewer
    segments (blanks joined to their neighbours)."""
    marks = every_role(frozenset({0, 13}), frozenset({40, 19}), new=frozenset({3, 5}))  # box 1 and column 5
    monkeypatch.setattr(grid_module, "_Line", _LineAndText)
    console = Console(width=100, color_system="truecolor", force_terminal=True, _environ={})
    painter = grid_module._Painter(console, near_solved(), marks, ascii_only=False)
    ours_total = theirs_total = 0
    for key, row, line in painter.keys():
        both = painter.line(key) if row < 0 else painter.row_line(row, line)
        assert isinstance(both, _LineAndText)
        ours = both.segments(grid_module.Combined())
        theirs = list(console.render(both.text, console.options))
        assert _looks(ours) == _looks(theirs)
        assert "\x1b[" in in_colour(Segments(ours))
        ours_total, theirs_total = ours_total + len(ours), theirs_total + len(theirs)
    assert ours_total * 3 < theirs_total * 2  # 587 against 1,161 here


def test_row_lines_put_together_from_their_cells_are_the_whole_lines() -> None:
    """A row's line is made from its cells' pieces, each look of a cell made once: it must
    be the line built in one piece, in colour and not, whatever was drawn before."""
    console = Console(width=100, color_system="truecolor", force_terminal=True, _environ={})
    drawn = grid_module.DrawnLines()
    looks = [
        every_role(frozenset({0, 13}), frozenset({40, 19}), new=frozenset({3, 5})),
        every_role(frozenset({9}), frozenset({0}), new=frozenset({2})),
        Marks(alt=frozenset({Candidate(1, 1)}), houses=frozenset({18})),
        NO_MARKS,
    ]
    for marks in looks:
        painter = grid_module._Painter(console, near_solved(), marks, ascii_only=False)
        for key, row, line in painter.keys():
            if row >= 0:
                whole = painter.row_line(row, line)
                assert painter.row_segments(key, row, line, drawn, False) == whole.segments(grid_module.Combined())
                assert painter.row_segments(key, row, line, drawn, True) == whole.segments(grid_module.Combined(), plain=True)
    assert len(drawn.cell_runs) < 9 * 17 * len(looks) // 4  # the cells' looks were made once


def test_grid_lines_without_colour_are_one_piece_each() -> None:
    grid = GridView(near_solved(), every_role(frozenset({0}), frozenset({40})))
    console = Console(file=io.StringIO(), width=100, color_system=None, _environ={})
    segments = list(console.render(grid, console.options))
    assert len(segments) == 2 * 28  # each line and its line break
    assert "".join(segment.text for segment in segments) == render(grid) and not any(segment.style for segment in segments)


def test_new_values_are_bracketed_differently_from_givens() -> None:
    grid = near_solved()
    line = next(line for line in render(GridView(grid, Marks(new=frozenset({3, 5})))).splitlines() if line.startswith("r1"))
    assert line == "r1 ┃       │       │  [2]  ┃  (7)  │  [5]  │  (3)  ┃  [6]  │   4   │  [9]  ┃"


def test_grid_on_an_ascii_console() -> None:
    lines = render(GridView(near_solved(), Marks(houses=frozenset({9}))), ascii_only=True).splitlines()
    assert lines[1] == "   +=======+=======+=======+=======+=======+=======+=======+=======+=======+"
    assert lines[2] == "   | . . . : 1 . . : . . . | . . . : . . . : . . . | . . . : . . . : . . . |"
    assert lines[3] == "r1 | . . . : . . . : .[2]. | . 7 . : .[5]. : . 3 . | .[6]. : . 4 . : .[9]. |"
    assert lines[5] == "   +-------+-------+-------+-------+-------+-------+-------+-------+-------+"


COMPACT_40 = """\
    c1 c2 c3  c4 c5 c6  c7 c8 c9
   ┏━━━━━━━━━┳━━━━━━━━━┳━━━━━━━━━┓
r1 ┃ ·  . [2]│ 7 ·5· 3 │[6] 4 [9]┃
r2 ┃ 9  .  . │[6] 8 [2]│ 1 [7] 5 ┃
r3 ┃[6] .  . │ 4 [9] 1 │[2] 8 [3]┃
   ┣━━━━━━━━━╋━━━━━━━━━╋━━━━━━━━━┫
r4 ┃ 1 [5] 4 │[2] 3 [7]│ 8 [9] 6 ┃
r5 ┃[3] 6 [9]│ 8  .  5 │[7] 2 [1]┃
r6 ┃ 2 [8] 7 │[1] 6 [9]│ 5 [3] 4 ┃
   ┣━━━━━━━━━╋━━━━━━━━━╋━━━━━━━━━┫
r7 ┃[5] 2 [1]│ 9 [7] 4 │[3] 6 [8]┃
r8 ┃ 4 [3] 8 │[5] 2 [6]│ 9 [1] 7 ┃
r9 ┃[7] 9 [6]│ 3 [1] 8 │[4] 5 [2]┃
   ┗━━━━━━━━━┻━━━━━━━━━┻━━━━━━━━━┛
(pencil marks need 76 columns)
"""


@pytest.mark.parametrize("width", [40, 60])
def test_a_console_narrower_than_the_grid_gets_the_compact_grid(width: int) -> None:
    marks = Marks(cells=frozenset({0, 4}))
    assert render(GridView(near_solved(), marks), width=width) == COMPACT_40
    ascii_lines = render(GridView(near_solved(), marks), width=width, ascii_only=True).splitlines()
    assert ascii_lines[1] == "   +---------+---------+---------+"
    assert ascii_lines[2] == "r1 | :  . [2]| 7 :5: 3 |[6] 4 [9]|"


def test_the_full_grid_from_its_width_and_a_note_below_the_compact_one() -> None:
    wide = render(GridView(near_solved()), width=80).splitlines()
    assert max(len(line) for line in wide) == GRID_WIDTH
    assert render(GridView(near_solved()), width=GRID_WIDTH).splitlines() == wide
    assert " ".join(render(GridView(near_solved()), width=30).split()) == "(grid not shown: it needs 34 columns, 76 with pencil marks; this console has 30)"


def test_a_step_on_a_narrow_console_shows_its_placement_and_never_cuts_a_line() -> None:
    for width in (40, 60, 80):
        text = render(StepView(NAKED_SINGLE, near_solved(), 7), width=width)
        assert all(len(line) <= width for line in text.splitlines()), width
        assert "r5c5=4" in text
    assert "r5 ┃[3] 6 [9]│ 8 +4  5 │[7] 2 [1]┃" in render(StepView(NAKED_SINGLE, near_solved(), 7), width=60)


def test_step_view() -> None:
    text = render(StepView(NAKED_SINGLE, near_solved(), 7))
    assert text.splitlines()[:6] == [
        "7. Naked Single: r5c5=4",
        "    r5c5 has only one candidate left: every digit but 4 is already ruled out",
        "    there.",
        "       c1      c2      c3      c4      c5      c6      c7      c8      c9",
        "   ┏━━━━━━━┯━━━━━━━┯━━━━━━━┳━━━━━━━┯━━━━━━━┯━━━━━━━┳━━━━━━━┯━━━━━━━┯━━━━━━━┓",
        "   ┃       │ 1     │       ┃       │       │       ┃       │       │       ┃",
    ]
    assert "r5 ┃  [3]  │   6   │  [9]  ┃   8   │+4 · · │   5   ┃  [7]  │   2   │  [1]  ┃" in text


def test_singles_run() -> None:
    run = SinglesRun(3, (NAKED_SINGLE, Step("Hidden Single", "h1", placements=(Candidate(8, 0),))))
    assert render(SinglesRunView(run)) == "Steps 3-4: 2 singles\n  3. Naked Single: r5c5=4\n  4. Hidden Single: r1c1=8\n"


def test_legend() -> None:
    assert render(Indented(Legend(), 0)) == (
        "Key: [8] given,  8  placed, (8) newly placed, +5 placed by the step, -5 removed\n"
        "by the step, *5 pattern, #5 second pattern, ~5 fin; · marks the houses and cells\n"
        "involved.\n"
    )


def test_rating_summary() -> None:
    counts = (TechniqueCount("Full House", "fh", 20, (("score", 80),)), TechniqueCount("Hidden Pair", "h2", 1, (("score", 70),)))
    fields = (("level", "Medium"), ("score", 806), ("se", 3.4))
    rating = Rating("Medium", fields, " (HoDoKu score 806), SE-style 3.4", "Hidden Pair", 12, 0, 70, counts)
    assert render(RatingSummary(rating, HODOKU.count_columns)) == (
        "Summary\n"
        "Technique     Code   Steps   Score\n"
        "──────────────────────────────────\n"
        "Full House    fh        20      80\n"
        "Hidden Pair   h2         1      70\n"
        "Total                   70     806\n"
        "Hardest step: 12. Hidden Pair\n"
        "Rating: Medium (HoDoKu score 806), SE-style 3.4, 0 Brute Force steps\n"
    )


def test_no_trailing_blanks_in_wrapped_text() -> None:
    text = render(StepView(NAKED_SINGLE, near_solved(), 7), width=40)
    assert all(line == line.rstrip() for line in text.splitlines()[:4])


def test_theme_styles_resolve_without_the_theme() -> None:
    console = Console(file=io.StringIO(), color_system="truecolor")
    assert set(RESOLVED) == set(STYLES)
    assert all(style_of(console, name) == RESOLVED[name] for name in STYLES)


def _walkthrough_of(puzzle: str) -> list[Frame]:
    grid = Grid.from_string(puzzle)
    return list(build_walkthrough(grid.copy(), solve(grid, HODOKU.default).steps))


@pytest.mark.parametrize("colour", ["truecolor", "256", None])
def test_a_walkthrough_draws_as_its_grids_drawn_alone(colour: str | None, monkeypatch: pytest.MonkeyPatch) -> None:
    """A walkthrough's grids share the lines they draw (``DrawnLines``): the walkthrough
    must look exactly as with each grid drawing all of its own lines, in colour and not, on
    a real solution (roles, shaded houses and cells, new values, filled rows)."""
    frames = _walkthrough_of(puzzle_lines("hodoku_generated500.txt", 301)[-1])
    assert sum(isinstance(frame, StepFrame) for frame in frames) >= 8

    def drawn(ascii_only: bool) -> str:
        raw = io.TextIOWrapper(io.BytesIO(), encoding="ascii" if ascii_only else "utf-8")
        console = Console(file=raw, width=120, color_system=colour, force_terminal=colour is not None, _environ={})  # type: ignore[arg-type]
        console.print(StepLog(frames))
        raw.flush()
        return raw.buffer.getvalue().decode()

    shared = (drawn(False), drawn(True))
    monkeypatch.setattr(steps_module, "DrawnLines", lambda: None)  # each grid draws its own
    assert (drawn(False), drawn(True)) == shared
    if colour:
        assert "\x1b[" in shared[0]


def test_grids_sharing_drawn_lines_look_as_drawn_alone() -> None:
    """Grids that differ in one thing each (a role, a shading, a new value, a given)
    drawn one after another with one ``DrawnLines``: each looks as drawn alone."""
    base = near_solved()
    plain = Grid.from_values(list(base.values))  # the same values, no givens
    views = [
        (base, every_role(frozenset(), frozenset())),
        (base, every_role(frozenset({0}), frozenset())),
        (base, every_role(frozenset(), frozenset({0}))),
        (base, every_role(frozenset({9}), frozenset({40}), new=frozenset({3}))),
        (base, Marks(pattern=frozenset({Candidate(8, 0)}))),
        (base, Marks(fins=frozenset({Candidate(8, 0)}), new=frozenset({2}))),
        (base, NO_MARKS),
        (plain, NO_MARKS),
        (plain, Marks(new=frozenset({2, 3}))),
    ]
    for ascii_only in (False, True):
        console = Console(file=io.StringIO(), width=100, color_system="truecolor", force_terminal=True, _environ={})
        options = console.options.copy()
        options.encoding = "ascii" if ascii_only else "utf-8"
        shared = grid_module.DrawnLines()
        for grid, marks in views:
            together = list(console.render(GridView(grid, marks, drawn=shared), options))
            alone = list(console.render(GridView(grid, marks), options))
            assert together == alone
        assert len(shared.lines) < 28 * len(views) // 2  # most lines were drawn once


@pytest.mark.parametrize("width", [30, 50, 76, 120])
def test_a_walkthrough_fits_its_width_uncropped(width: int) -> None:
    """``explain`` prints a walkthrough without rich's cropping pass (its lines fit the
    width): printed with and without it, the output is the same."""
    frames = _walkthrough_of(puzzle_lines("hodoku_generated500.txt", 301)[-1])

    def printed(crop: bool) -> str:
        console = Console(file=io.StringIO(), width=width, color_system="truecolor", force_terminal=True, _environ={})
        console.print(StepLog(frames), crop=crop)
        out = console.file
        assert isinstance(out, io.StringIO)
        return out.getvalue()

    cropped = printed(True)
    assert printed(False) == cropped
    assert max(len(Text.from_ansi(line)) for line in cropped.splitlines()) <= width
