"""Links as curved arrows between candidates, and group nodes and almost locked sets
outlined.

A link bends to the left of its direction, so the links of a chain or loop bulge the same
way and a link never hides the candidates on the straight line between its ends. Strong
links are solid, weak links dashed. Arrowheads are drawn as small triangles (no SVG
markers: a page holds many pictures, and marker ids would clash).
"""

from __future__ import annotations

import math

from engine.step import Candidate, Group, Link
from engine.app.draw import svg
from engine.app.draw.geometry import CAND_RADIUS, CELL, Point, bounds, candidate_center, cell_box
from engine.app.draw.theme import ALS_OUTLINES, PALETTE

ARROW = 7.0
#: How far a link's middle leaves the straight line, as a share of its length (capped).
BEND = 0.22
MAX_BEND = 34.0
MIN_BEND = 7.0


def link_paths(links: tuple[Link, ...]) -> list[str]:
    """Each link once (a link and its reverse are drawn apart: they bend opposite ways)."""
    out = []
    for link in dict.fromkeys(links):
        if link.start != link.end:
            out += arrow(candidate_center(link.start), candidate_center(link.end), link.strong)
    return out


def arrow(start: Point, end: Point, strong: bool) -> list[str]:
    """A curved arrow from one candidate to another, stopping at their edges."""
    dx, dy = end.x - start.x, end.y - start.y
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    bend = min(MAX_BEND, max(MIN_BEND, BEND * length))
    control = Point((start.x + end.x) / 2 + uy * bend, (start.y + end.y) / 2 - ux * bend)
    a = _towards(start, control, CAND_RADIUS + 1)
    tip = _towards(end, control, CAND_RADIUS + 1)
    tail = _towards(tip, control, ARROW * 0.8)  # the line stops inside the arrowhead
    d = f"M{svg.num(a.x)} {svg.num(a.y)}Q{svg.num(control.x)} {svg.num(control.y)} {svg.num(tail.x)} {svg.num(tail.y)}"
    kind = "strong" if strong else "weak"
    line = svg.path(
        d, fill="none", stroke=PALETTE.link, stroke_width=2 if strong else 1.6,
        stroke_dasharray=None if strong else "5 3.5", stroke_linecap="round", class_=f"link {kind}",
    )  # fmt: skip
    return [line, _head(tip, control, kind)]


def _towards(point: Point, target: Point, distance: float) -> Point:
    """``point`` moved ``distance`` towards ``target``."""
    dx, dy = target.x - point.x, target.y - point.y
    length = math.hypot(dx, dy) or 1.0
    return Point(point.x + dx / length * distance, point.y + dy / length * distance)


def _head(tip: Point, control: Point, kind: str) -> str:
    dx, dy = tip.x - control.x, tip.y - control.y
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    back = Point(tip.x - ux * ARROW, tip.y - uy * ARROW)
    half = ARROW * 0.5
    corners = [(tip.x, tip.y), (back.x - uy * half, back.y + ux * half), (back.x + uy * half, back.y - ux * half)]
    return svg.polygon(corners, fill=PALETTE.link, class_=f"head {kind}")


def group_outlines(groups: tuple[Group, ...]) -> list[str]:
    """Group nodes framed around their candidates; each almost locked set's cells framed
    in a colour and dash of its own."""
    out = []
    als_count = 0
    for group in groups:
        if group.kind == "group":
            out.append(_frame_candidates(group.candidates))
            continue
        colour, dash = ALS_OUTLINES[als_count % len(ALS_OUTLINES)]
        inset = 2.5 + 2.5 * (als_count % 2)  # two sets sharing a cell stay apart
        als_count += 1
        for cell in sorted({c.cell for c in group.candidates}):
            box = cell_box(cell)
            out.append(
                svg.rect(
                    box.x + inset, box.y + inset, CELL - 2 * inset, CELL - 2 * inset, rx=5, fill="none",
                    stroke=colour, stroke_width=2.4, stroke_dasharray=dash, class_="als",
                )
            )  # fmt: skip
    return out


def _frame_candidates(candidates: tuple[Candidate, ...]) -> str:
    box = bounds([candidate_center(c) for c in candidates], CAND_RADIUS + 2.5)
    return svg.rect(*box, rx=CAND_RADIUS + 2, fill="none", stroke=PALETTE.group, stroke_width=1.8, class_="group-node")
