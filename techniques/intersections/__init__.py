"""Intersections: Locked Candidates, Pointing and Claiming (Locked Pair and Triple are
naked subsets, in ``subsets``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from techniques import family_attribute

if TYPE_CHECKING:
    from engine.technique import Technique

    TECHNIQUES: tuple[Technique, ...]


def _members() -> dict[str, Any]:
    """The family's techniques (``TECHNIQUES``, in order) and the names it imports for them."""
    from techniques.intersections.locked_candidates import LOCKED_CANDIDATES_1, LOCKED_CANDIDATES_2
    from techniques.intersections.se_locking import SE_DIRECT_LOCKING, SE_LOCKING

    TECHNIQUES = (LOCKED_CANDIDATES_1, LOCKED_CANDIDATES_2, SE_DIRECT_LOCKING, SE_LOCKING)
    return locals()


def __getattr__(name: str) -> Any:
    return family_attribute(globals(), _members, name)
