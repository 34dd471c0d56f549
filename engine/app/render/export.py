"""Self-contained HTML and SVG from what a recording console printed.

Rich records every segment with its style and exports them. Its default SVG template
fetches a web font from a CDN; ours names local monospace fonts only, so a page opens
the same offline. Text is escaped by rich; the title we add is escaped here.
"""

from __future__ import annotations

import html
import inspect
import io
import re

from rich.console import Console

from engine.app.render.theme import EXPORT_THEME, THEME

#: Wide enough for a grid (76 columns) and comfortable explanation lines.
EXPORT_WIDTH = 96

_FONTS = "'Fira Code', 'DejaVu Sans Mono', Menlo, Consolas, 'Liberation Mono', monospace"

_HTML_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
{{stylesheet}}
body {{{{
    color: {{foreground}};
    background-color: {{background}};
    margin: 2em;
}}}}
h1 {{{{
    font-family: system-ui, -apple-system, 'Segoe UI', sans-serif;
    font-size: 1.3em;
    font-weight: 600;
}}}}
pre {{{{
    font-family: {fonts};
    font-size: 14px;
    line-height: 1.15;
    font-variant-ligatures: none;
}}}}
</style>
</head>
<body>
<h1>{title}</h1>
<pre><code style="font-family:inherit">{{code}}</code></pre>
</body>
</html>
"""


def recording_console(width: int = EXPORT_WIDTH) -> Console:
    """A console that prints nowhere and records everything, in full colour, for export."""
    return Console(
        record=True,
        file=io.StringIO(),
        width=width,
        force_terminal=True,
        color_system="truecolor",
        theme=THEME,
        legacy_windows=False,
        force_jupyter=False,
        _environ={},
    )


def export_html(console: Console, title: str, clear: bool = True) -> str:
    """The recorded output as one HTML page with its stylesheet in the head
    (``clear`` False keeps the recording, for another export)."""
    page = _HTML_PAGE.format(title=html.escape(title), fonts=_FONTS)
    return console.export_html(theme=EXPORT_THEME, code_format=page, clear=clear)


def _svg_format() -> str:
    default = inspect.signature(Console.export_svg).parameters["code_format"].default
    assert isinstance(default, str)
    without_fonts = re.sub(r"@font-face \{\{.*?\}\}\s*", "", default, flags=re.DOTALL)
    return without_fonts.replace("font-family: Fira Code, monospace;", f"font-family: {_FONTS};")


_SVG_FORMAT = _svg_format()


def export_svg(console: Console, title: str) -> str:
    """The recorded output as one SVG picture (rich escapes the title and the text)."""
    return console.export_svg(title=title, theme=EXPORT_THEME, code_format=_SVG_FORMAT)
