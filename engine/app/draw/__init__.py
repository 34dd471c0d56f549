"""Drawn pictures of grids and steps (SVG written element by element), and the pages that
show them: the application layer's answer to "show me this step".

``draw_svg(board, picture)`` is a grid with the picture's roles, links and legend; the
walkthrough page (:mod:`engine.app.draw.page`) puts one per step beside the step list.
"""

from __future__ import annotations

from engine.app.draw import svg
from engine.app.draw.board import grid_layers
from engine.app.render.grid import Board
from engine.app.draw.geometry import GRID_BOTTOM, WIDTH
from engine.app.draw.legend import legend, legend_height, legend_items
from engine.app.draw.links import group_outlines, link_paths
from engine.app.draw.picture import Picture
from engine.app.draw.theme import FONT

__all__ = ["Board", "Picture", "draw_svg"]

SVG_NS = "http://www.w3.org/2000/svg"


def draw_svg(board: Board, picture: Picture, title: str = "", *, with_legend: bool = True, standalone: bool = True) -> str:
    """One drawn grid as an ``<svg>`` element: a file of its own when ``standalone`` (with
    the XML declaration), else for inlining in a page. ``title`` (escaped) names it for
    screen readers and tooltips."""
    items = len(legend_items(picture)) if with_legend else 0
    height = GRID_BOTTOM + 10 + (legend_height(items) if with_legend else 0)
    body = [
        *([svg.element("title", title)] if title else []),
        svg.rect(0, 0, WIDTH, height, fill="#FFFFFF"),
        *_grid(board, picture),
        *([svg.group(legend(picture, GRID_BOTTOM + 6), class_="legend")] if with_legend else []),
    ]
    drawing = svg.element(
        "svg", body, xmlns=SVG_NS, viewBox=f"0 0 {svg.num(WIDTH)} {svg.num(height)}", width=WIDTH, height=height,
        role="img", font_family=FONT, class_="grid-picture",
    )  # fmt: skip
    return ('<?xml version="1.0" encoding="UTF-8"?>\n' + drawing + "\n") if standalone else drawing


def _grid(board: Board, picture: Picture) -> list[str]:
    return [*grid_layers(board, picture), *group_outlines(picture.groups), *link_paths(picture.links)]
