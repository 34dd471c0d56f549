"""Self-contained HTML pages of drawn steps: the walkthrough (step list beside the grid,
keyboard and clicks to move, singles collapsible, a print stylesheet for a booklet), and
single pictures such as a hint.

Everything that can come from a user (titles, comments, file names) is escaped here or by
:mod:`engine.app.draw.svg`; the page has no external resource at all.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Literal, Sequence

from engine.app.draw.assets import CSS, JS

PanelKind = Literal["step", "single", "run", "grid"]


@dataclass(frozen=True)
class Panel:
    """One screenful: a step (or a run of singles, or a position) with its drawn grid.

    ``label`` is what the counter and the list say (``Step 12``); ``heading`` the panel's
    title; ``twin`` the panel that stands for this one when singles are collapsed or
    expanded (a run and its first single).
    """

    id: str
    label: str
    heading: str
    picture: str
    kind: PanelKind = "step"
    line: str = ""
    explanation: str = ""
    singles: tuple[str, ...] = ()
    first_single: int = 1
    twin: str = ""


@dataclass(frozen=True)
class Section:
    """One puzzle of a page: a heading, notes, its panels and the rows of its summary."""

    heading: str
    panels: tuple[Panel, ...]
    notes: tuple[str, ...] = ()
    summary: tuple[tuple[str, ...], ...] = ()
    summary_head: tuple[str, ...] = ()


def walkthrough_page(title: str, sections: Sequence[Section], *, expanded: bool = False, intro: Sequence[str] = ()) -> str:
    """The page: a header, the step list beside the current panel, and the script."""
    has_runs = any(p.kind == "run" for s in sections for p in s.panels)
    toggle = (
        f'<button type="button" id="singles" aria-pressed="{"true" if expanded else "false"}">'
        f'{"Collapse singles" if expanded else "Expand singles"}</button>'
        if has_runs else ""
    )  # fmt: skip
    controls = (
        '<div class="controls"><button type="button" id="prev" aria-label="previous step">&#8592; Previous</button>'
        '<span id="counter" aria-live="polite"></span>'
        f'<button type="button" id="next" aria-label="next step">Next &#8594;</button>{toggle}'
        '<span class="keys">Keys: &#8592; &#8594; Home End</span></div>'
    )
    nav = "".join(_nav_section(s) for s in sections)
    panels = "".join(_section_panels(s) for s in sections)
    body = (
        f'<header class="top"><h1>{escape(title)}</h1>{"".join(f"<p>{escape(line)}</p>" for line in intro)}</header>'
        f'<div class="layout"><nav class="steps" aria-label="steps">{nav}</nav>'
        f"<main>{controls}{panels}</main></div>"
    )
    return _document(title, body, script=True, body_class="expanded" if expanded else "")


def section_html(section: Section) -> tuple[str, str]:
    """A puzzle's step list and its panels (the summary last), as the walkthrough page
    has them: for a page that shows a walkthrough of its own (``stepdoku serve``)."""
    return _nav_section(section), _section_panels(section)


def picture_page(title: str, parts: Sequence[str]) -> str:
    """A page of ready-made parts (already escaped HTML), no script: a hint, a picture."""
    body = f'<header class="top"><h1>{escape(title)}</h1></header><main class="single">{"".join(parts)}</main>'
    return _document(title, body, script=False)


def paragraph(words: str, css: str = "") -> str:
    """A paragraph of plain text (escaped)."""
    klass = f' class="{escape(css)}"' if css else ""
    return f"<p{klass}>{escape(words)}</p>"


def items(lines: Sequence[str], css: str = "") -> str:
    """A list of plain-text lines (escaped)."""
    klass = f' class="{escape(css)}"' if css else ""
    return f"<ul{klass}>" + "".join(f"<li>{escape(line)}</li>" for line in lines) + "</ul>"


def figure(svg: str) -> str:
    return f"<figure>{svg}</figure>"


def _document(title: str, body: str, *, script: bool, body_class: str = "") -> str:
    klass = f' class="{body_class}"' if body_class else ""
    js = f"<script>{JS}</script>" if script else ""
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape(title)}</title>\n<style>{CSS}</style>\n</head>\n"
        f"<body{klass}>\n{body}\n{js}\n</body>\n</html>\n"
    )


def _nav_section(section: Section) -> str:
    out = [f"<h2>{escape(section.heading)}</h2><ol>"]
    panels = list(section.panels)
    k = 0
    while k < len(panels):
        panel = panels[k]
        if panel.kind == "run":
            singles = []
            k += 1
            while k < len(panels) and panels[k].kind == "single":
                singles.append(_nav_button(panels[k]))
                k += 1
            out.append(
                f'<li class="run"><details><summary data-target="{escape(panel.id)}">{escape(panel.heading)}</summary>'
                f'<ol>{"".join(singles)}</ol></details></li>'
            )
            continue
        out.append(_nav_button(panel))
        k += 1
    out.append("</ol>")
    return "".join(out)


def _nav_button(panel: Panel) -> str:
    number, _, rest = panel.heading.partition(". ")
    text = f'<span class="num">{escape(number)}</span>{escape(rest)}' if rest and number.isdigit() else escape(panel.heading)
    return f'<li><button type="button" data-target="{escape(panel.id)}">{text}</button></li>'


def _section_panels(section: Section) -> str:
    """The panels, then a panel with the puzzle's closing notes and summary (its own page
    when printed)."""
    panels = "".join(_panel(p) for p in section.panels)
    summary = _summary(section)
    if not summary or not section.panels:
        return panels
    prefix = section.panels[0].id.rpartition("-")[0]
    return panels + _panel(Panel(f"{prefix}-summary", "Summary", "Summary", "", kind="grid"), summary)


def _panel(panel: Panel, extra: str = "") -> str:
    css = {"run": "panel run-only", "single": "panel single-only"}.get(panel.kind, "panel")
    twin = f' data-twin="{escape(panel.twin)}"' if panel.twin else ""
    words = [f"<h2>{escape(panel.heading)}</h2>"]
    if panel.line:
        words.append(f'<p class="line">{escape(panel.line)}</p>')
    if panel.explanation:
        words.append(f'<p class="why">{escape(panel.explanation)}</p>')
    if panel.singles:
        words.append(f'<ol class="singles" start="{panel.first_single}">' + "".join(f"<li>{escape(s)}</li>" for s in panel.singles) + "</ol>")
    words.append(extra)
    return (
        f'<section class="{css}" id="{escape(panel.id)}" data-label="{escape(panel.label)}" data-kind="{panel.kind}"{twin}>'
        f'{figure(panel.picture) if panel.picture else ""}<div class="words">{"".join(words)}</div></section>'
    )


def _summary(section: Section) -> str:
    """The closing notes and the rating table of a puzzle, shown with its last panel."""
    if not section.notes and not section.summary:
        return ""
    notes = "".join(paragraph(n, "note") for n in section.notes)
    table = ""
    if section.summary:
        head = "".join(f"<th>{escape(h)}</th>" for h in section.summary_head)
        rows = "".join(
            "<tr>" + "".join(_cell(cell) for cell in row) + "</tr>"
            for row in section.summary
        )
        table = f'<table class="summary"><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>'
    return f'<div class="summary-block">{notes}{table}</div>'


def _cell(words: str) -> str:
    """A table cell; numbers are right-aligned."""
    return f'<td class="n">{words}</td>' if words.isdigit() else f"<td>{escape(words)}</td>"
