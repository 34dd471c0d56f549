"""Patterns of the hardest puzzles: Tridagon, Junior and Senior Exocet, SK-Loop, Multi-Sector Locked
Sets; and Firework (Triple and Quad), rated with the advanced techniques in ``full``.

``rank0`` checks sets with as many links as cells (SK-Loop, Multi-Sector Locked Sets);
``frames`` writes a search once for rows and columns.
"""

from __future__ import annotations

from engine.technique import Technique
from techniques.patterns.tridagon import TRIDAGON
from techniques.patterns.exocet import JUNIOR_EXOCET, SENIOR_EXOCET
from techniques.patterns.sk_loop import SK_LOOP
from techniques.patterns.msls import MSLS, UNEVEN_MSLS
from techniques.patterns.firework import FIREWORK

TECHNIQUES: tuple[Technique, ...] = (TRIDAGON, JUNIOR_EXOCET, SENIOR_EXOCET, SK_LOOP, MSLS, UNEVEN_MSLS, FIREWORK)
