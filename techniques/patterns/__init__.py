"""Patterns of the hardest puzzles: Tridagon, Junior and Senior Exocet, SK-Loop, Multi-Sector Locked
Sets (square and uneven); and Firework (Triple and Quad), rated with the advanced techniques in ``full``.

``rank0`` checks sets with as many links as cells (SK-Loop, Multi-Sector Locked Sets);
``frames`` writes a search once for rows and columns.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from techniques import family_attribute

if TYPE_CHECKING:
    from engine.technique import Technique

    TECHNIQUES: tuple[Technique, ...]


def _members() -> dict[str, Any]:
    """The family's techniques (``TECHNIQUES``, in order) and the names it imports for them."""
    from techniques.patterns.tridagon import TRIDAGON
    from techniques.patterns.exocet import JUNIOR_EXOCET, SENIOR_EXOCET
    from techniques.patterns.sk_loop import SK_LOOP
    from techniques.patterns.msls import MSLS, UNEVEN_MSLS
    from techniques.patterns.firework import FIREWORK

    TECHNIQUES = (TRIDAGON, JUNIOR_EXOCET, SENIOR_EXOCET, SK_LOOP, MSLS, UNEVEN_MSLS, FIREWORK)
    return locals()


def __getattr__(name: str) -> Any:
    return family_attribute(globals(), _members, name)
