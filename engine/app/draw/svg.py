"""A few SVG elements as text, every attribute value and text escaped here.

The drawing modules build pictures from these helpers and never write markup by hand, so
nothing that came from a user (a title, a comment) can open a tag. Numbers are written with
at most one decimal, so the same picture is the same text on every machine.
"""

from __future__ import annotations

from html import escape
from typing import Iterable, Union

Number = Union[int, float]
Attr = Union[str, Number, None]


def num(value: Number) -> str:
    """``12``, ``12.5``: one decimal at most, no ``-0``.

    >>> num(3.14159), num(2.0), num(-0.01)
    ('3.1', '2', '0')
    """
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def attrs(values: dict[str, Attr]) -> str:
    """`` x="1" fill="#fff"``: attributes in the given order, None left out, underscores
    in names written as dashes (``stroke_width`` is ``stroke-width``)."""
    parts = []
    for name, value in values.items():
        if value is None:
            continue
        shown = num(value) if isinstance(value, (int, float)) else escape(value, quote=True)
        parts.append(f' {name.rstrip("_").replace("_", "-")}="{shown}"')
    return "".join(parts)


def element(tag: str, content: Iterable[str] | str | None = None, **values: Attr) -> str:
    """One element; ``content`` is child elements (already built) or, as a ``str``, text
    to escape."""
    opening = f"<{tag}{attrs(values)}"
    if content is None:
        return opening + "/>"
    inner = escape(content, quote=False) if isinstance(content, str) else "".join(content)
    return f"{opening}>{inner}</{tag}>"


def text(x: Number, y: Number, words: str, **values: Attr) -> str:
    """Text centred on (x, y)."""
    return element("text", words, x=x, y=y, text_anchor="middle", dominant_baseline="central", **values)


def bare_text(x: Number, y: Number, words: str, **values: Attr) -> str:
    """Text placed by (x, y) only, its look inherited from a ``centred`` group (pages hold
    hundreds of candidates: repeating their style would make them heavy)."""
    return element("text", words, x=x, y=y, **values)


def centred(children: Iterable[str], **values: Attr) -> str:
    """A group whose texts are centred on their points, with a common style."""
    return group(children, text_anchor="middle", dominant_baseline="central", **values)


def line(x1: Number, y1: Number, x2: Number, y2: Number, **values: Attr) -> str:
    return element("line", None, x1=x1, y1=y1, x2=x2, y2=y2, **values)


def rect(x: Number, y: Number, width: Number, height: Number, **values: Attr) -> str:
    return element("rect", None, x=x, y=y, width=width, height=height, **values)


def circle(x: Number, y: Number, r: Number, **values: Attr) -> str:
    return element("circle", None, cx=x, cy=y, r=r, **values)


def polygon(points: Iterable[tuple[Number, Number]], **values: Attr) -> str:
    return element("polygon", None, points=" ".join(f"{num(x)},{num(y)}" for x, y in points), **values)


def path(d: str, **values: Attr) -> str:
    return element("path", None, d=d, **values)


def group(children: Iterable[str], **values: Attr) -> str:
    return element("g", list(children), **values)
