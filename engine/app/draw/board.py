"""The grid itself: houses and cells shaded, lines, values, candidates with their roles.

Each function returns SVG elements (strings) for one layer; ``grid_layers`` stacks them in
drawing order, so a later layer is drawn over an earlier one.
"""

from __future__ import annotations

from engine.cells import MASK_DIGITS, UNITS
from engine.app.render.grid import Board  # what a picture reads, as the terminal grid does
from engine.step import Candidate
from engine.app.draw import svg
from engine.app.draw.geometry import CAND_RADIUS, CELL, GRID, LABEL, LEFT, TOP, Box, Point, candidate_center, cell_box, house_box
from engine.app.draw.picture import Picture
from engine.app.draw.theme import PALETTE, ROLE_MARKS, Mark, Role, color_mark

CANDIDATE_FONT = 13
VALUE_FONT = 32


def grid_layers(board: Board, picture: Picture) -> list[str]:
    """Every layer of the grid, bottom first."""
    return [
        svg.rect(LEFT, TOP, GRID, GRID, fill=PALETTE.background),
        *_shading(picture),
        *_lines(),
        *_labels(),
        *_values(board, picture),
        *_candidates(board, picture),
        *_checks(picture),
    ]


def _fill(box: Box, colour: str, **extra: svg.Attr) -> str:
    return svg.rect(box.x, box.y, box.width, box.height, fill=colour, **extra)


def _shading(picture: Picture) -> list[str]:
    out = [_fill(house_box(u), PALETTE.house, class_="house") for u in picture.houses]
    out += [_hatch(cell_box(c)) for u in picture.covers for c in UNITS[u].cells]
    out += [_fill(cell_box(c), PALETTE.cells, class_="cell") for c in sorted(picture.cells)]
    als_cells = {c.cell for g in picture.groups if g.kind in ("als", "ahs") for c in g.candidates}
    out += [_fill(cell_box(c), PALETTE.als_fill, class_="als-cell") for c in sorted(als_cells)]
    return out


def _hatch(box: Box) -> str:
    """Diagonal lines across a cell: a cover house, seen in greyscale too."""
    step = CELL / 6
    segments = []
    for k in range(1, 12):
        offset = k * step  # the line x + y = offset, clipped to the square
        x1, y1 = max(0.0, offset - CELL), min(offset, CELL)
        x2, y2 = min(offset, CELL), max(0.0, offset - CELL)
        segments.append(f"M{svg.num(box.x + x1)} {svg.num(box.y + y1)}L{svg.num(box.x + x2)} {svg.num(box.y + y2)}")
    return svg.path("".join(segments), stroke=PALETTE.cover_hatch, stroke_width=1.2, stroke_opacity=0.55, fill="none", class_="cover")


def _lines() -> list[str]:
    out = []
    for k in range(10):
        thick = k % 3 == 0
        colour, width = (PALETTE.box_line, 2.4) if thick else (PALETTE.thin_line, 0.8)
        at = k * CELL
        out.append(svg.line(LEFT + at, TOP, LEFT + at, TOP + GRID, stroke=colour, stroke_width=width, stroke_linecap="square"))
        out.append(svg.line(LEFT, TOP + at, LEFT + GRID, TOP + at, stroke=colour, stroke_width=width, stroke_linecap="square"))
    return out


def _labels() -> list[str]:
    out = [svg.bare_text(LEFT + (k + 0.5) * CELL, TOP - LABEL / 2 - 2, f"c{k + 1}") for k in range(9)]
    out += [svg.bare_text(LEFT - LABEL / 2 - 2, TOP + (k + 0.5) * CELL, f"r{k + 1}") for k in range(9)]
    return [svg.centred(out, font_size=12, fill=PALETTE.label, class_="labels")]


def _values(board: Board, picture: Picture) -> list[str]:
    kinds: dict[str, list[str]] = {"given": [], "placed": [], "new": []}
    underlines = []
    for cell, value in enumerate(board.values):
        if not value:
            continue
        box = cell_box(cell)
        kind = "given" if board.is_given(cell) else "new" if cell in picture.new else "placed"
        kinds[kind].append(svg.bare_text(box.x + CELL / 2, box.y + CELL / 2 + 1, str(value)))
        if kind == "new":  # placed since the last picture: underlined
            underlines.append(svg.rect(box.x + CELL * 0.3, box.y + CELL * 0.82, CELL * 0.4, 2.5, fill=PALETTE.placed))
    return [
        svg.centred(kinds["given"], font_size=VALUE_FONT, font_weight="bold", fill=PALETTE.given, class_="given"),
        svg.centred(kinds["placed"], font_size=VALUE_FONT, fill=PALETTE.placed, class_="placed"),
        svg.centred(kinds["new"], font_size=VALUE_FONT, fill=PALETTE.placed, class_="new"),
        *underlines,
    ]


def _candidates(board: Board, picture: Picture) -> list[str]:
    colours = picture.color_of()
    plain, marked = [], []
    for cell, mask in enumerate(board.cands):
        if board.values[cell]:
            continue
        for digit in MASK_DIGITS[mask]:
            candidate = Candidate(digit, cell)
            role = picture.roles.get(candidate)
            if role is not None and (role in (Role.PLACE, Role.ELIM) or candidate not in colours):
                marked += candidate_mark(candidate, ROLE_MARKS[role], role.value)
            elif candidate in colours:
                marked += candidate_mark(candidate, color_mark(colours[candidate]), f"color{colours[candidate]}")
            else:
                at = candidate_center(candidate)
                plain.append(svg.bare_text(at.x, at.y + 0.5, str(digit)))
    return [svg.centred(plain, font_size=CANDIDATE_FONT, fill=PALETTE.candidate, class_="cands"), *marked]


def candidate_mark(candidate: Candidate, mark: Mark, kind: str) -> list[str]:
    """A candidate drawn with a role's shape; ``kind`` names it (``class``) for pages and tests."""
    name = f"r{candidate.cell // 9 + 1}c{candidate.cell % 9 + 1}d{candidate.digit}"
    return mark_at(candidate_center(candidate), candidate.digit, mark, kind, name)


def mark_at(at: Point, digit: int, mark: Mark, kind: str, name: str | None = None) -> list[str]:
    """A digit on its role's shape at a point (struck through for an elimination)."""
    return [
        *shape(at, mark),
        svg.text(at.x, at.y + 0.5, str(digit), font_size=CANDIDATE_FONT,
                 font_weight="bold" if mark.bold else None, fill=mark.digit, class_=f"cand {kind}", data_cand=name),
        *(_strike(at, mark) if mark.shape == "strike" else []),
    ]  # fmt: skip


def shape(at: Point, mark: Mark) -> list[str]:
    """The shape behind a candidate (a strike-out is drawn over it instead)."""
    r = CAND_RADIUS
    style: dict[str, svg.Attr] = {"fill": mark.fill, "stroke": mark.stroke, "stroke_width": mark.ring}
    if mark.shape == "disc":
        return [svg.circle(at.x, at.y, r, **style)]
    if mark.shape == "square":
        return [svg.rect(at.x - r, at.y - r, 2 * r, 2 * r, rx=2, **style)]
    if mark.shape == "diamond":
        k = r * 1.25
        return [svg.polygon([(at.x, at.y - k), (at.x + k, at.y), (at.x, at.y + k), (at.x - k, at.y)], **style)]
    if mark.shape == "ring":
        return [svg.circle(at.x, at.y, r - 0.8, **style)]
    return [svg.circle(at.x, at.y, r, fill=mark.fill, stroke=mark.stroke, stroke_width=1.2)]


def _strike(at: Point, mark: Mark) -> list[str]:
    r = CAND_RADIUS
    return [svg.line(at.x - r, at.y + r, at.x + r, at.y - r, stroke=mark.stroke, stroke_width=2.2, stroke_linecap="round", class_="strike")]


def _checks(picture: Picture) -> list[str]:
    """Cells to check (a hint's mistakes): a thick warning frame."""
    out = []
    for cell in sorted(picture.check):
        box = cell_box(cell)
        out.append(svg.rect(box.x + 2.5, box.y + 2.5, CELL - 5, CELL - 5, fill="none", stroke=PALETTE.mistake, stroke_width=3.5, class_="check"))
    return out
