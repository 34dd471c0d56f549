"""The legend under a drawn grid: what each colour, shape and stroke means.

Only what the picture shows is listed (the three kinds of digit always), two items a row.
"""

from __future__ import annotations

from typing import Callable

from engine.app.draw import svg
from engine.app.draw.board import mark_at
from engine.app.draw.geometry import GRID, LEFT, Point
from engine.app.draw.links import arrow
from engine.app.draw.picture import Picture
from engine.app.draw.theme import ALS_OUTLINES, FONT, PALETTE, ROLE_MARKS, Mark, Role, color_mark

ROW = 22
FONT_SIZE = 12.5
#: A sample is drawn in a box this wide, the words after it.
SAMPLE = 34

Sample = Callable[[Point], list[str]]


def legend_items(picture: Picture, candidates: bool = True) -> list[tuple[Sample, str]]:
    """(sample, words) for everything the picture shows."""
    items: list[tuple[Sample, str]] = [
        (_digit("8", PALETTE.given, "bold"), "given"),
        (_digit("8", PALETTE.placed, "normal"), "placed digit"),
    ]
    if candidates:
        items.append((_digit("8", PALETTE.candidate, "normal", 13), "candidate"))
    if picture.new:
        items.append((_underlined, "just placed (underlined)"))
    if picture.houses:
        items.append((_swatch(PALETTE.house), "houses the step is about"))
    if picture.covers:
        items.append((_hatched, "cover houses (hatched)"))
    if picture.cells:
        items.append((_swatch(PALETTE.cells), "cells of the pattern"))
    # the colour classes drawn: a placement or elimination is drawn in its role instead
    coloured = {cand: k for cand, k in picture.color_of().items() if picture.roles.get(cand) not in (Role.PLACE, Role.ELIM)}
    shown_roles = {role for cand, role in picture.roles.items() if role in (Role.PLACE, Role.ELIM) or cand not in coloured}
    items += [(_mark(ROLE_MARKS[role], role.value), ROLE_MARKS[role].words) for role in Role if role in shown_roles]
    items += [(_mark(color_mark(k), f"color{k}"), _color_words(picture, k)) for k in sorted(set(coloured.values()))]
    kinds = {link.strong for link in picture.links}
    items += [(_arrow(strong), words) for strong, words in ((True, "strong link: one end is true"), (False, "weak link: not both true")) if strong in kinds]
    if any(g.kind == "group" for g in picture.groups):
        items.append((_group_frame, "group node (framed)"))
    if any(g.kind == "als" for g in picture.groups):
        items.append((_als_frame, "almost locked set (dashed frame)"))
    if any(g.kind == "ahs" for g in picture.groups):
        items.append((_als_frame, "almost hidden set (dashed frame)"))
    if picture.check:
        items.append((_check_frame, "cells to check"))
    return items


def _color_words(picture: Picture, k: int) -> str:
    """What colour class ``k`` means: the step's own words for it (with the mark's shape,
    for greyscale), else the colour pairs' default."""
    mark = color_mark(k)
    if k < len(picture.color_words):
        return f"{picture.color_words[k]} ({mark.shape})"
    return mark.words


def legend_height(count: int) -> float:
    return ((count + 1) // 2) * ROW + 8


def legend(picture: Picture, top: float, candidates: bool = True) -> list[str]:
    """The legend's elements, from ``top`` down."""
    items = legend_items(picture, candidates)
    column = GRID / 2
    out = []
    for n, (sample, words) in enumerate(items):
        x = LEFT + (n % 2) * column
        y = top + (n // 2) * ROW + ROW / 2 + 4
        out += sample(Point(x + SAMPLE / 2, y))
        out.append(svg.element("text", words, x=x + SAMPLE + 4, y=y, dominant_baseline="central", font_family=FONT, font_size=FONT_SIZE, fill=PALETTE.label))
    return out


def _digit(value: str, colour: str, weight: str, size: float = 17) -> Sample:
    return lambda at: [svg.text(at.x, at.y + 0.5, value, font_family=FONT, font_size=size, font_weight=weight, fill=colour)]


def _swatch(colour: str) -> Sample:
    return lambda at: [svg.rect(at.x - 13, at.y - 8, 26, 16, fill=colour, stroke=PALETTE.thin_line, stroke_width=0.8)]


def _hatched(at: Point) -> list[str]:
    d = "".join(f"M{svg.num(at.x - 13 + k)} {svg.num(at.y + 8)}l8 -16" for k in range(0, 24, 6))
    return [svg.rect(at.x - 13, at.y - 8, 26, 16, fill="#FFFFFF", stroke=PALETTE.thin_line, stroke_width=0.8),
            svg.path(d, stroke=PALETTE.cover_hatch, stroke_width=1.2, fill="none")]  # fmt: skip


def _underlined(at: Point) -> list[str]:
    return [*_digit("8", PALETTE.placed, "normal")(at), svg.rect(at.x - 5, at.y + 8, 10, 2, fill=PALETTE.placed)]


def _mark(mark: Mark, kind: str) -> Sample:
    return lambda at: mark_at(at, 5, mark, kind)


def _arrow(strong: bool) -> Sample:
    return lambda at: arrow(Point(at.x - 16, at.y + 3), Point(at.x + 16, at.y + 3), strong)


def _group_frame(at: Point) -> list[str]:
    return [svg.rect(at.x - 14, at.y - 7, 28, 14, rx=6, fill="none", stroke=PALETTE.group, stroke_width=1.8)]


def _als_frame(at: Point) -> list[str]:
    colour, dash = ALS_OUTLINES[0]
    return [svg.rect(at.x - 13, at.y - 9, 26, 18, rx=5, fill=PALETTE.als_fill, stroke=colour, stroke_width=2.4, stroke_dasharray=dash)]


def _check_frame(at: Point) -> list[str]:
    return [svg.rect(at.x - 10, at.y - 10, 20, 20, fill="none", stroke=PALETTE.mistake, stroke_width=3.5)]
