"""Roles to drawing styles, in one place: colours, shapes and strokes of a drawn grid.

Colours come from the Okabe-Ito palette, chosen to stay apart for readers with any common
colour-vision deficiency. Every role also differs by **shape or stroke**, so a greyscale
print loses nothing: the pattern sits on discs, the second pattern on squares, fins on
diamonds, a placement on a ringed disc, an eliminated candidate is struck through, strong
links are solid and weak ones dashed, and each colour of a colouring pair has its own shape.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Literal

# Okabe-Ito
ORANGE = "#E69F00"
SKY = "#56B4E9"
GREEN = "#009E73"
YELLOW = "#F0E442"
BLUE = "#0072B2"
VERMILLION = "#D55E00"
PURPLE = "#CC79A7"
INK = "#1A1A1A"

FONT = "'DejaVu Sans', 'Helvetica Neue', Arial, sans-serif"

Shape = Literal["disc", "square", "diamond", "ring", "strike"]


class Role(Enum):
    """What a candidate is in a step, the most important first (a candidate with two roles
    is drawn in the first)."""

    PLACE = "placement"
    ELIM = "elimination"
    FIN = "fin"
    ALT = "alt"
    PATTERN = "pattern"


@dataclass(frozen=True)
class Mark:
    """How a candidate with a role is drawn: a shape behind the digit, the digit's colour."""

    shape: Shape
    fill: str
    stroke: str
    digit: str
    words: str
    bold: bool = True
    ring: float = 1.2  # the width of the shape's outline


ROLE_MARKS: dict[Role, Mark] = {
    Role.PLACE: Mark("disc", GREEN, "#00402F", "#FFFFFF", "placed by the step (ringed)", ring=2.6),
    Role.ELIM: Mark("strike", "#FBE0CC", VERMILLION, VERMILLION, "removed by the step (struck out)"),
    Role.FIN: Mark("diamond", PURPLE, "#6E2F57", INK, "fin (diamond)"),
    Role.ALT: Mark("square", ORANGE, "#8A5F00", INK, "second pattern (square)"),
    Role.PATTERN: Mark("disc", SKY, "#1F6E9C", INK, "pattern (disc)"),
}

#: Colouring: pairs of classes, one of each pair true. Shapes tell the classes apart in grey.
COLOR_MARKS: tuple[tuple[Mark, Mark], ...] = (
    (Mark("disc", BLUE, "#003B5C", "#FFFFFF", "colour A (disc)"), Mark("square", YELLOW, "#7A7100", INK, "colour B: opposite of A (square)")),
    (Mark("diamond", PURPLE, "#6E2F57", INK, "colour C (diamond)"), Mark("ring", "#FFFFFF", GREEN, INK, "colour D: opposite of C (ring)", ring=2.6)),
    (Mark("disc", ORANGE, "#8A5F00", INK, "colour E (disc)"), Mark("square", SKY, "#1F6E9C", INK, "colour F: opposite of E (square)")),
)


def color_mark(index: int) -> Mark:
    """The mark of colour class ``index`` (pairs beyond the third reuse the palette)."""
    pair = COLOR_MARKS[(index // 2) % len(COLOR_MARKS)]
    return pair[index % 2]


@dataclass(frozen=True)
class Palette:
    """Everything else in a grid."""

    background: str = "#FFFFFF"
    house: str = "#DCEBF7"
    cover_hatch: str = ORANGE
    cells: str = "#FFF1B8"
    als_fill: str = "#E4E4F4"
    thin_line: str = "#A0A7B0"
    box_line: str = INK
    label: str = "#5A6470"
    given: str = INK
    placed: str = BLUE
    candidate: str = "#4A4A4A"
    link: str = INK
    group: str = INK
    mistake: str = VERMILLION


PALETTE = Palette()

#: Outlines of almost locked sets, one per set in turn: colour and dash tell them apart.
ALS_OUTLINES: tuple[tuple[str, str], ...] = ((BLUE, "7 3"), (ORANGE, "2 3"), (GREEN, "10 3 2 3"), (PURPLE, "4 2"))
