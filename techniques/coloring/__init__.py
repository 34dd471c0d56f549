"""Colouring: Simple Colors, Multi Colors and 3D Medusa.
"""

from __future__ import annotations

from engine.technique import Technique
from techniques.coloring.coloring import MULTI_COLORS, SIMPLE_COLORS
from techniques.coloring.medusa import MEDUSA

TECHNIQUES: tuple[Technique, ...] = (SIMPLE_COLORS, MULTI_COLORS, MEDUSA,)
