"""Patterns of the hardest puzzles: Tridagon, Junior and Senior Exocet, SK-Loop, Multi-Sector Locked
Sets (square and uneven); and Firework (Triple and Quad), rated with the advanced techniques in ``full``.

``rank0`` checks sets with as many links as cells (SK-Loop, Multi-Sector Locked Sets);
``frames`` writes a search once for rows and columns.
"""

from __future__ import annotations

from techniques import family_exports

__getattr__, __dir__ = family_exports(__name__, globals())
