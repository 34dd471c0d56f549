"""GridView: the candidate grid, each cell a 3x3 mini-grid of pencil marks, boxes drawn.

Roles are shown twice, in colour (THEME) and in characters that survive any terminal::

    [8]  a given          8  a placed digit       (8)  placed since the last grid
    +5   placed by this step                      -5   removed by this step
    *5   pattern          #5   second pattern     ~5   fin
    ·    fills the empty corners of the houses and cells the step is about

The grid is 76 columns wide (``GRID_WIDTH``). A narrower console gets the compact grid of
:mod:`engine.app.render.compact` (values only) with a line saying so, and one narrower than
that a line saying why no grid is shown: a grid is never cut silently. A cell is seven characters wide: a marker slot before each of the three digits of a
mini-grid row (`` 1 2 3 ``, ``-1 2*3 ``). A row whose cells are all filled takes one line. The view only reads a grid and a ``Marks``
(what to show by role); it knows nothing about techniques.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Iterable, Iterator, Protocol, Sequence

from rich.console import Console, ConsoleOptions, RenderResult
from rich.segment import Segment
from rich.style import Style
from rich.text import Text

from engine.cells import UNITS, Cell, cell_at
from engine.app.render.compact import COMPACT_WIDTH, compact_lines
from engine.app.render.theme import style_of
from engine.step import Candidate, Step

CELL_WIDTH: Final = 7
GRID_WIDTH: Final = 3 + 1 + 9 * CELL_WIDTH + 9  # row labels, outer borders, cells, separators


@dataclass(frozen=True)
class Marks:
    """What a grid shows besides values and pencil marks, by role (never by colour).

    ``houses`` are unit numbers (``engine.cells.UNITS``); ``new`` are cells whose value was
    placed since the previous grid of a walkthrough.
    """

    placements: frozenset[Candidate] = frozenset()
    eliminations: frozenset[Candidate] = frozenset()
    pattern: frozenset[Candidate] = frozenset()
    alt: frozenset[Candidate] = frozenset()
    fins: frozenset[Candidate] = frozenset()
    houses: frozenset[int] = frozenset()
    cells: frozenset[Cell] = frozenset()
    new: frozenset[Cell] = frozenset()

    @classmethod
    def of_step(cls, step: Step, *, effect: bool = True, new: Iterable[Cell] = ()) -> Marks:
        """The marks of a step; ``effect`` False hides what it places and removes (hints)."""
        h = step.highlights
        linked = {c for link in h.links for c in (link.start, link.end)}
        return cls(
            placements=frozenset(step.placements if effect else ()),
            eliminations=frozenset(step.eliminations if effect else ()),
            pattern=frozenset(h.pattern) | frozenset(linked - set(h.alt) - set(h.fins)),
            alt=frozenset(h.alt),
            fins=frozenset(h.fins),
            houses=frozenset(h.units) | frozenset(h.cover_units),
            cells=frozenset(h.cells),
            new=frozenset(new),
        )


NO_MARKS: Final = Marks()

# (marker, style name) per candidate role, most important first.
_ROLES: Final = (
    ("placements", "+", "step.place"),
    ("eliminations", "-", "step.elim"),
    ("fins", "~", "step.fin"),
    ("alt", "#", "step.alt"),
    ("pattern", "*", "step.pattern"),
)

_UNICODE: Final = {"h": "━", "l": "─", "V": "┃", "v": "│", "dot": "·"}
_ASCII: Final = {"h": "=", "l": "-", "V": "|", "v": ":", "dot": "."}
# Corners and junctions: (left, cell junction, box junction, right) per horizontal line.
_JUNCTIONS_UNICODE: Final = {"top": "┏┯┳┓", "thin": "┠┼╂┨", "box": "┣┿╋┫", "bottom": "┗┷┻┛"}
_JUNCTIONS_ASCII: Final = {"top": "++++", "thin": "++++", "box": "++++", "bottom": "++++"}


class Board(Protocol):
    """What a view reads: a ``Grid``, or any snapshot with the same three members."""

    @property
    def values(self) -> Sequence[int]: ...

    @property
    def cands(self) -> Sequence[int]: ...

    def is_given(self, cell: Cell) -> bool: ...


Run = tuple[str, Style, bool]  # text, its style, whether the style shows on blanks


class DrawnLines:
    """The segments of grid lines already drawn, by what each line shows (``_Painter.keys``),
    and the pieces of the cells they were made of, by what the cell shows on its line.

    A walkthrough draws some fifty grids, and from one to the next most lines show the same
    values, pencil marks and roles: one ``DrawnLines`` shared by the grids of one render
    (one console, one set of options) draws each such line once, and each look of a cell's
    line once. A key holds all its line or cell shows, so what is looked up here is what
    would be drawn.
    """

    __slots__ = ("lines", "cell_runs", "cell_texts", "combined")

    def __init__(self) -> None:
        self.lines: dict[tuple[int, ...], list[Segment]] = {}
        self.cell_runs: dict[int, list[Run]] = {}
        self.cell_texts: dict[int, str] = {}
        self.combined = Combined()


class GridView:
    """A rich renderable of a grid's values and candidates, with ``Marks`` by role.

    ``drawn``: lines drawn by earlier grids of the same render, to reuse (see DrawnLines).
    """

    def __init__(self, grid: Board, marks: Marks = NO_MARKS, title: str | None = None, drawn: DrawnLines | None = None) -> None:
        self.grid = grid
        self.marks = marks
        self.title = title
        self.drawn = drawn

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if self.title:
            yield Text(self.title, style=style_of(console, "walk.title"))
        if options.max_width < GRID_WIDTH:
            yield from self._narrow(console, options)
            return
        painter = _Painter(console, self.grid, self.marks, options.ascii_only)
        drawn = self.drawn if self.drawn is not None else DrawnLines()
        # Without colours (a pipe, a file) styles are never written: each line is one piece
        # of text. A recording console exports them, so it gets the styled segments.
        plain = console.color_system is None and not console.record
        for key, row, line in painter.keys():
            segments = drawn.lines.get(key)
            if segments is None:
                if row < 0:
                    segments = painter.line(key).segments(drawn.combined, plain)
                else:
                    segments = painter.row_segments(key, row, line, drawn, plain)
                drawn.lines[key] = segments
            yield from segments

    def _narrow(self, console: Console, options: ConsoleOptions) -> RenderResult:
        """The compact grid (or a note) when the console is too narrow for this one."""
        width = options.max_width
        note = style_of(console, "walk.note")
        if width < COMPACT_WIDTH:
            yield Text(f"(grid not shown: it needs {COMPACT_WIDTH} columns, {GRID_WIDTH} with pencil marks; this console has {width})", style=note)
            return
        yield from compact_lines(console, self.grid, self.marks, options.ascii_only)
        yield Text(f"(pencil marks need {GRID_WIDTH} columns)", style=note)


class _Line:
    """One line of a grid: text pieces with styles, rendered to segments that look exactly
    as a ``rich.text.Text`` built by the same calls looks (a line of a grid always fits its
    width: no wrapping), without Text's per-append and per-render work (a walkthrough
    draws some fifty grids, a hundred thousand pieces).

    Each piece keeps its own style and the backgrounds put under it; the line's own style
    is under everything. Rich starts a new segment at every span's edge; here blanks in a
    style that does not show on a blank (a colour, bold: no background, no underline) join
    their neighbours' segment, which cuts a line's segments about threefold and with them
    rich's work per segment and the escape codes written."""

    __slots__ = ("texts", "styles", "backs", "under", "length", "style")

    def __init__(self, text: str = "", style: Style | None = None) -> None:
        self.texts = [text]
        self.styles: list[Style | None] = [None]
        self.backs: list[tuple[int, ...]] = [()]  # per piece, its backgrounds (in ``under``), lowest first
        self.under: list[Style] = []  # the backgrounds, one per stylize_before
        self.length = len(text)
        self.style = style  # the whole line's

    def __len__(self) -> int:
        return self.length

    def append(self, text: str, style: Style | None = None) -> None:
        if text:
            self.texts.append(text)
            self.styles.append(style or None)
            self.backs.append(())
            self.length += len(text)

    def stylize_before(self, style: Style, start: int, end: int) -> None:
        """``style`` under the pieces' own styles from ``start`` to ``end`` (piece edges:
        a cell's pieces), and under the backgrounds given before."""
        if not style or start >= self.length or end <= start:
            return
        token = len(self.under)
        self.under.append(style)
        at = 0
        for n, text in enumerate(self.texts):
            if start <= at and at + len(text) <= end and text:
                self.backs[n] = (token, *self.backs[n])
            elif text and at < end and at + len(text) > start:
                raise ValueError("a background must cover whole pieces")
            at += len(text)

    def rstrip(self) -> None:
        """Trailing blanks removed (styles cut to the new end)."""
        while len(self.texts) > 1 and not self.texts[-1].rstrip():
            self.length -= len(self.texts.pop())
            self.styles.pop()
            self.backs.pop()
        last = self.texts[-1].rstrip()
        self.length -= len(self.texts[-1]) - len(last)
        self.texts[-1] = last

    def segments(self, combined: Combined, plain: bool = False) -> list[Segment]:
        """The line's segments and its line break, each in the styles over it combined
        in rich's order (the line's, the backgrounds, the piece's own; rich's
        ``Text.render`` starts from the null style), blanks joined where they look the
        same (see the class). ``combined``: styles combined so far. ``plain``: no styles
        at all."""
        if plain or (self.style is None and not self.under and not any(self.styles)):
            return [Segment("".join(self.texts)), Segment("\n")]
        out = _blanks_joined(self.runs(combined))
        out.append(Segment("\n"))
        return out

    def runs(self, combined: Combined) -> list[Run]:
        """The line's pieces as runs: each styled piece, and each stretch of unstyled pieces
        under the same backgrounds, in the styles over it combined (see ``segments``)."""
        texts, styles, backs, under = self.texts, self.styles, self.backs, self.under
        base = [self.style] if self.style else []
        runs: list[Run] = []
        run: list[str] = []
        run_backs: tuple[int, ...] = ()
        for text, style, tokens in zip(texts, styles, backs):
            if not text:
                continue
            if style is None and run and tokens == run_backs:
                run.append(text)
                continue
            if run:
                runs.append(("".join(run), *_combined(base + [under[t] for t in run_backs], combined)))
                run = []
            if style is None:
                run, run_backs = [text], tokens
            else:
                runs.append((text, *_combined(base + [under[t] for t in tokens] + [style], combined)))
        if run:
            runs.append(("".join(run), *_combined(base + [under[t] for t in run_backs], combined)))
        return runs


def _blanks_joined(runs: list[Run]) -> list[Segment]:
    """Segments of runs of text (text, style, whether the style shows on blanks), each
    blank run in a style that does not show there joined to a neighbour whose style does
    not either: it takes the style of the first non-blank run it is joined with (the
    first blank's when all are blank). The runs' styles come from one ``Combined``, where
    equal styles are one object."""
    out: list[Segment] = []
    texts: list[str] = []
    style: Style | None = None
    fixed = False  # a non-blank run set the joined runs' style
    for text, own, shows in runs:
        if shows:
            if texts:
                out.append(Segment("".join(texts), style))
                texts, fixed = [], False
            out.append(Segment(text, own))
        elif not text.strip(" "):
            if not texts:
                style = own
            texts.append(text)
        else:
            if fixed and own is not style:
                out.append(Segment("".join(texts), style))
                texts, fixed = [], False
            if not fixed:
                style, fixed = own, True
            texts.append(text)
    if texts:
        out.append(Segment("".join(texts), style))
    return out


def _shows_on_blanks(style: Style) -> bool:
    """Whether ``style`` looks different from no style on a blank: a background, a line,
    a frame, reversal or a link (colours of the text and weights do not show)."""
    return bool(
        style.bgcolor is not None
        or style.underline or style.underline2 or style.strike or style.overline or style.reverse or style.frame or style.encircle
        or style.link is not None
    )  # fmt: skip


def _combined(spans: list[Style], combined: Combined) -> tuple[Style, bool]:
    """``spans`` combined (from the null style, as rich does) and whether the result shows
    on blanks, remembered by the spans' ids."""
    key = tuple([id(style) for style in spans])
    known = combined.by_ids.get(key)
    if known is None:
        style = Style.combine([_NULL, *spans])
        style = combined.equal.setdefault(style, style)
        known = combined.by_ids[key] = (style, _shows_on_blanks(style))
        combined.kept += spans
    return known


class Combined:
    """Styles combined so far (``_combined``), by the ids of the styles combined, which it
    keeps alive: an id stays that style's while the table lives. Combined styles that are
    equal are one object (``equal``), so they are told apart by identity."""

    __slots__ = ("by_ids", "kept", "equal")

    def __init__(self) -> None:
        self.by_ids: dict[tuple[int, ...], tuple[Style, bool]] = {}
        self.kept: list[Style] = []
        self.equal: dict[Style, Style] = {}


_NULL: Final = Style.null()


class _Painter:
    """Builds the lines of one grid; styles are looked up once per render."""

    def __init__(self, console: Console, grid: Board, marks: Marks, ascii_only: bool) -> None:
        self.grid = grid
        self.marks = marks
        self.chars = _ASCII if ascii_only else _UNICODE
        self.junctions = _JUNCTIONS_ASCII if ascii_only else _JUNCTIONS_UNICODE
        names = [name for _, _, name in _ROLES] + [
            "sudoku.border", "sudoku.label", "sudoku.given", "sudoku.value", "sudoku.new",
            "sudoku.cand", "sudoku.dot", "sudoku.house", "step.cell",
        ]  # fmt: skip
        self.styles = {name: style_of(console, name) for name in names}
        self.roles: dict[Candidate, tuple[str, Style]] = {}
        for attr, marker, name in reversed(_ROLES):  # the most important role wins
            for cand in getattr(marks, attr):
                self.roles[cand] = (marker, self.styles[name])
        self.shaded = {c for u in marks.houses for c in _unit_cells(u)}
        # Per cell: 0 plain, 1 shaded as part of a house, 2 a cell the step is about.
        self.shades = [2 if cell in marks.cells else 1 if cell in self.shaded else 0 for cell in range(81)]
        # Per cell with candidate roles: the role's place in _ROLES plus one, three bits per digit.
        self.role_bits: dict[Cell, int] = {}
        for n, (attr, _, _) in enumerate(_ROLES):
            for cand in getattr(marks, attr):
                bits = self.role_bits.get(cand.cell, 0)
                shift = 3 * (cand.digit - 1)
                if not bits >> shift & 7:  # the most important role wins
                    self.role_bits[cand.cell] = bits | (n + 1) << shift

    def keys(self) -> Iterator[tuple[tuple[int, ...], int, int]]:
        """The grid's lines, top to bottom: the key of what each shows (see ``row_key``),
        and its row and line in the row (-1 for the header and the rules)."""
        values = self.grid.values
        yield (_HEADER,), -1, 0
        for row in range(9):
            yield (_RULE, 0 if row == 0 else 2 if row % 3 == 0 else 1), -1, 0
            # A row with every digit placed needs no pencil-mark lines: one line is enough.
            filled = all(values[cell_at(row, col)] for col in range(9))
            for line in (1,) if filled else (0, 1, 2):
                yield self.row_key(row, line), row, line
        yield (_RULE, 3), -1, 0

    def row_key(self, row: int, line: int) -> tuple[int, ...]:
        """What a line of a row shows: its label (the row on its middle line), then per cell
        an int of what the cell shows on the line (a cell key): its shading and either its
        value and how it was placed (a value cell, on its middle line) or the line's three
        candidates and their roles."""
        values, cands, shades, role_bits = self.grid.values, self.grid.cands, self.shades, self.role_bits
        key = [_ROW_LINE, row if line == 1 else -1, line]
        for cell in range(9 * row, 9 * row + 9):
            value = values[cell]
            if not value:
                roles = role_bits.get(cell, 0) >> 9 * line & 0o777
                key.append(line << 15 | roles << 6 | (cands[cell] >> 3 * line & 7) << 3 | shades[cell])
            elif line != 1:
                key.append(4 | shades[cell])
            else:
                placed = 1 if self.grid.is_given(cell) else 2 if cell in self.marks.new else 0
                key.append(value << 5 | placed << 3 | 4 | shades[cell])
        return tuple(key)

    def line(self, key: tuple[int, ...]) -> _Line:
        """The header or a rule, by its key from ``keys``."""
        if key[0] == _HEADER:
            return self.header()
        return self.rule(_RULE_KINDS[key[1]])

    def row_segments(self, key: tuple[int, ...], row: int, line: int, drawn: DrawnLines, plain: bool) -> list[Segment]:
        """The segments of a row's line (``key`` from ``row_key``), as
        ``row_line(row, line).segments(drawn.combined, plain)`` makes them, put together
        from its cells' pieces, each look of a cell's line made once (``drawn``). A cell's
        pieces never join its neighbours': the borders between them have their own style."""
        V, v = self.chars["V"], self.chars["v"]
        label = f"r{row + 1} " if line == 1 else "   "
        if plain:
            texts = [label, V]
            for col in range(9):
                cell_key = key[3 + col]
                text = drawn.cell_texts.get(cell_key)
                if text is None:
                    text = drawn.cell_texts[cell_key] = "".join(self._cell_alone(row * 9 + col, line).texts)
                texts += (text, V if col % 3 == 2 else v)
            return [Segment("".join(texts)), Segment("\n")]
        label_style, border = self.styles["sudoku.label"], self.styles["sudoku.border"]
        combined = drawn.combined
        edge: Run = (V, *_combined([label_style, border], combined))
        inner: Run = (v, *_combined([label_style, border], combined))
        runs: list[Run] = [(label, *_combined([label_style], combined)), edge]
        for col in range(9):
            cell_key = key[3 + col]
            cell_runs = drawn.cell_runs.get(cell_key)
            if cell_runs is None:
                cell_runs = drawn.cell_runs[cell_key] = self._cell_alone(row * 9 + col, line).runs(combined)
            runs += cell_runs
            runs.append(edge if col % 3 == 2 else inner)
        out = _blanks_joined(runs)
        out.append(Segment("\n"))
        return out

    def _cell_alone(self, cell: Cell, line: int) -> _Line:
        """A line of one cell's pieces, under a row line's own style."""
        text = _Line("", self.styles["sudoku.label"])
        self._cell_line(text, cell, line)
        return text

    def header(self) -> _Line:
        text = _Line("    ")
        for col in range(9):
            text.append(f"c{col + 1}".center(CELL_WIDTH), style=self.styles["sudoku.label"])
            text.append(" ")
        text.rstrip()
        return text

    def rule(self, kind: str) -> _Line:
        joins = self.junctions[kind]
        left, cell_join, box_join, right = joins[0], joins[1], joins[2], joins[3]
        fill = self.chars["h"] if kind != "thin" else self.chars["l"]
        pieces = []
        for col in range(9):
            pieces.append(fill * CELL_WIDTH)
            if col < 8:
                pieces.append(box_join if col % 3 == 2 else cell_join)
        return _Line("   " + left + "".join(pieces) + right, self.styles["sudoku.border"])

    def row_line(self, row: int, line: int) -> _Line:
        """A row's line in one piece (``row_segments`` makes its segments cell by cell)."""
        border = self.styles["sudoku.border"]
        label = f"r{row + 1} " if line == 1 else "   "
        text = _Line(label, self.styles["sudoku.label"])
        text.append(self.chars["V"], style=border)
        for col in range(9):
            self._cell_line(text, cell_at(row, col), line)
            text.append(self.chars["V"] if col % 3 == 2 else self.chars["v"], style=border)
        return text

    def _cell_line(self, text: _Line, cell: Cell, line: int) -> None:
        start = len(text)
        shaded = cell in self.shaded or cell in self.marks.cells
        if self.grid.values[cell]:
            self._value_line(text, cell, line, shaded)
        else:
            self._candidate_line(text, cell, line, shaded)
        background = "step.cell" if cell in self.marks.cells else "sudoku.house" if shaded else None
        if background is not None:
            text.stylize_before(self.styles[background], start, len(text))

    def _value_line(self, text: _Line, cell: Cell, line: int, shaded: bool) -> None:
        dot = self.chars["dot"] if shaded else " "
        dot_style = self.styles["sudoku.dot"]
        if line != 1:
            text.append(" ")
            for k in range(3):
                text.append(dot, style=dot_style)
                text.append(" ")
            return
        value = str(self.grid.values[cell])
        if self.grid.is_given(cell):
            shown, style = f"[{value}]", self.styles["sudoku.given"]
        elif cell in self.marks.new:
            shown, style = f"({value})", self.styles["sudoku.new"]
        else:
            shown, style = f" {value} ", self.styles["sudoku.value"]
        text.append(" ")
        text.append(dot, style=dot_style)
        text.append(shown, style=style)
        text.append(dot, style=dot_style)
        text.append(" ")

    def _candidate_line(self, text: _Line, cell: Cell, line: int, shaded: bool) -> None:
        mask = self.grid.cands[cell]
        for digit in range(3 * line + 1, 3 * line + 4):
            role = self.roles.get(Candidate(digit, cell))
            if role is not None:
                text.append(role[0] + str(digit), style=role[1])
            elif mask >> (digit - 1) & 1:
                text.append(" ")
                text.append(str(digit), style=self.styles["sudoku.cand"])
            else:
                text.append(" ")
                text.append(self.chars["dot"] if shaded else " ", style=self.styles["sudoku.dot"])
        text.append(" ")


_HEADER: Final = 0
_RULE: Final = 1
_ROW_LINE: Final = 2
_RULE_KINDS: Final = ("top", "thin", "box", "bottom")


def _unit_cells(unit_number: int) -> tuple[Cell, ...]:
    return UNITS[unit_number].cells
