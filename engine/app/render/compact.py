"""The compact grid: values only, three characters a cell, for consoles too narrow for the
candidate grid (``GridView`` switches to it, and says so, below ``GRID_WIDTH`` columns)::

        c1 c2 c3  c4 c5 c6  c7 c8 c9
       +---------+---------+---------+
    r1 |[8] .  . | .  .  . | .  .  . |

``[8]`` a given, `` 8 `` a placed digit, ``(8)`` placed since the last grid, ``+8`` placed
by the step, `` . `` an empty cell; the cells a step or a diagnosis is about are framed by
``·`` (``·8·``, `` · `` when empty). Pencil marks, and so eliminations, are not shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Console
from rich.style import Style
from rich.text import Text

from engine.app.render.theme import style_of
from engine.cells import cell_at

if TYPE_CHECKING:
    from engine.app.render.grid import Board, Marks

#: Row label, outer borders, three boxes of three 3-character cells and two box bars.
COMPACT_WIDTH = 3 + 1 + 3 * 9 + 3
_UNICODE = {"h": "━", "V": "┃", "v": "│", "dot": "·", "top": "┏┳┓", "box": "┣╋┫", "bottom": "┗┻┛"}
_ASCII = {"h": "-", "V": "|", "v": "|", "dot": ":", "top": "+++", "box": "+++", "bottom": "+++"}


def compact_lines(console: Console, grid: Board, marks: Marks, ascii_only: bool) -> list[Text]:
    """The lines of the compact grid of ``grid`` with ``marks``."""
    chars = _ASCII if ascii_only else _UNICODE
    border = style_of(console, "sudoku.border")
    lines = [_header(console)]
    for row in range(9):
        if row % 3 == 0:
            lines.append(_rule(chars, "top" if row == 0 else "box", border))
        lines.append(_row(console, grid, marks, row, chars))
    lines.append(_rule(chars, "bottom", border))
    return lines


def _header(console: Console) -> Text:
    text = Text("    ", no_wrap=True)
    for col in range(9):
        text.append(f"c{col + 1} ", style=style_of(console, "sudoku.label"))
        if col % 3 == 2 and col < 8:
            text.append(" ")
    text.rstrip()
    return text


def _rule(chars: dict[str, str], kind: str, style: Style) -> Text:
    left, join, right = chars[kind][0], chars[kind][1], chars[kind][2]
    line = join.join(chars["h"] * 9 for _ in range(3))
    return Text("   " + left + line + right, style=style, no_wrap=True)


def _row(console: Console, grid: Board, marks: Marks, row: int, chars: dict[str, str]) -> Text:
    text = Text(f"r{row + 1} ", style=style_of(console, "sudoku.label"), no_wrap=True)
    text.append(chars["V"], style=style_of(console, "sudoku.border"))
    for col in range(9):
        shown, style = _cell(grid, marks, cell_at(row, col), chars["dot"])
        text.append(shown, style=style_of(console, style))
        if col % 3 == 2:
            text.append(chars["V"] if col == 8 else chars["v"], style=style_of(console, "sudoku.border"))
    return text


def _cell(grid: Board, marks: Marks, cell: int, dot: str) -> tuple[str, str]:
    """Three characters and a style name for one cell."""
    value = grid.values[cell]
    placed = next((p.digit for p in marks.placements if p.cell == cell), None)
    framed = cell in marks.cells
    if value and framed:
        return f"{dot}{value}{dot}", "step.cell"
    if value:
        if grid.is_given(cell):
            return f"[{value}]", "sudoku.given"
        return (f"({value})", "sudoku.new") if cell in marks.new else (f" {value} ", "sudoku.value")
    if placed is not None:
        return f"+{placed} ", "step.place"
    return (f" {dot} ", "step.cell") if framed else (" . ", "sudoku.dot")
