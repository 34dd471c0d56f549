"""Colouring: Simple Colors and Multi Colors.
"""

from __future__ import annotations

from engine.technique import Technique
from techniques.coloring.coloring import MULTI_COLORS, SIMPLE_COLORS

TECHNIQUES: tuple[Technique, ...] = (SIMPLE_COLORS, MULTI_COLORS,)
