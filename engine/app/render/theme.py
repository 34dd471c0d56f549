"""THEME: every style the renderables use, by role. Colours live here and nowhere else.

Every role is also shown without colour (a marker character, brackets, dots), so a
monochrome terminal, a pipe or a colour-blind reader loses nothing; the colours make the
same roles quicker to see. Backgrounds always come with a foreground, so the styles read
on dark and light terminals alike.
"""

from __future__ import annotations

from rich.console import Console
from rich.style import Style
from rich.terminal_theme import TerminalTheme
from rich.theme import Theme

STYLES: dict[str, str] = {
    # the grid
    "sudoku.border": "#7f8c9d",
    "sudoku.label": "#7f8c9d",
    "sudoku.given": "bold #ffffff",
    "sudoku.value": "#6cb6ff",
    "sudoku.new": "bold #3ddc84",
    "sudoku.cand": "#a9b1bb",
    "sudoku.dot": "#5c6b7d",
    "sudoku.house": "on #1f3048",
    # roles of a step
    "step.place": "bold #0b1a0b on #5cd65c",
    "step.elim": "bold #ffffff on #d93b3b",
    "step.pattern": "bold #1a1400 on #f5c542",
    "step.alt": "bold #001a26 on #5bc0f5",
    "step.fin": "bold #1f0a26 on #d59cf0",
    "step.cell": "on #3b2d57",
    # text around the grids
    "step.number": "bold #7f8c9d",
    "step.technique": "bold #f5c542",
    "step.line": "#e6e6e6",
    "step.explain": "italic #c8d0da",
    "walk.title": "bold #ffffff",
    "walk.note": "#a9b1bb",
    "walk.warn": "bold #ff8c69",
    "rating.level": "bold #f5c542",
    "hint.level": "bold #5bc0f5",
    "mistake": "bold #ff6b6b",
}

THEME = Theme(STYLES, inherit=True)

#: Resolved styles, for renderables printed on a console that lacks THEME.
RESOLVED: dict[str, Style] = {name: Style.parse(value) for name, value in STYLES.items()}

#: Colours of exported HTML and SVG pages (a dark page, like the terminal the styles target).
EXPORT_THEME = TerminalTheme(
    (0x14, 0x1b, 0x26),
    (0xe6, 0xe6, 0xe6),
    [
        (0x14, 0x1b, 0x26),
        (0xd9, 0x3b, 0x3b),
        (0x5c, 0xd6, 0x5c),
        (0xf5, 0xc5, 0x42),
        (0x5b, 0xc0, 0xf5),
        (0xd5, 0x9c, 0xf0),
        (0x4f, 0xd1, 0xc5),
        (0xe6, 0xe6, 0xe6),
    ],
    [
        (0x5c, 0x6b, 0x7d),
        (0xff, 0x6b, 0x6b),
        (0x3d, 0xdc, 0x84),
        (0xff, 0xdf, 0x80),
        (0x8c, 0xd4, 0xff),
        (0xe8, 0xc4, 0xf7),
        (0x8f, 0xe8, 0xdf),
        (0xff, 0xff, 0xff),
    ],
)


def style_of(console: Console, name: str) -> Style:
    """A theme style by name: the console's own if it has THEME (or overrides it), else ours."""
    return console.get_style(name, default=RESOLVED[name])
