"""Patterns of the hardest puzzles: Tridagon.
"""

from __future__ import annotations

from engine.technique import Technique
from techniques.patterns.tridagon import TRIDAGON

TECHNIQUES: tuple[Technique, ...] = (TRIDAGON,)
