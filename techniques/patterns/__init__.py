"""Patterns of the hardest puzzles: Tridagon, Junior and Senior Exocet.

``frames`` writes a search once for rows and columns.
"""

from __future__ import annotations

from engine.technique import Technique
from techniques.patterns.tridagon import TRIDAGON
from techniques.patterns.exocet import JUNIOR_EXOCET, SENIOR_EXOCET

TECHNIQUES: tuple[Technique, ...] = (TRIDAGON, JUNIOR_EXOCET, SENIOR_EXOCET,)
