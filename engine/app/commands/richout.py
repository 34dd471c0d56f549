"""Where rich output goes: the terminal, or a recording that becomes HTML and/or SVG files."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import IO

from rich.console import Console

from engine.app.commands.output import cannot_write
from engine.app.render.export import export_html, export_svg, recording_console
from engine.app.render.theme import THEME


def terminal_console(out: IO[str]) -> Console:
    """A console on ``out``: colour when it is a terminal, plain text otherwise."""
    return Console(file=out, theme=THEME, highlight=False, emoji=False, markup=False)


@dataclass(frozen=True)
class RichTarget:
    """``--html FILE`` / ``--svg FILE``: when either is set, output is recorded, not shown."""

    html: str | None = None
    svg: str | None = None

    @property
    def exporting(self) -> bool:
        return bool(self.html or self.svg)

    def console(self, out: IO[str]) -> Console:
        return recording_console() if self.exporting else terminal_console(out)

    def check(self) -> str | None:
        """Why the files cannot be written (a missing folder), checked before any work."""
        for path in (self.html, self.svg):
            if path:
                folder = os.path.dirname(os.path.abspath(path))
                if not os.path.isdir(folder):
                    return f"cannot write {path!r}: no such folder {folder!r}"
                if os.path.isdir(path):
                    return f"cannot write {path!r}: it is a folder"
        return None

    def finish(self, console: Console, title: str, err: IO[str]) -> str | None:
        """Write the requested files; returns an error message (naming the file) if one
        cannot be written."""
        for path, as_svg in ((self.html, False), (self.svg, True)):
            if not path:
                continue
            try:
                _write(path, export_svg(console, title) if as_svg else export_html(console, title, clear=not self.svg))
            except OSError as error:
                return cannot_write(error, path)
            err.write(f"stepdoku: wrote {path}\n")
        return None


def _write(path: str, content: str) -> None:
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(content)
