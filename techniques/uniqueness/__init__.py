"""Uniqueness: Uniqueness Tests 1-6, Hidden Rectangle, Avoidable Rectangles, BUG+1, BUG+n,
BUG-Lite.

All of them need a puzzle with one solution (``uniqueness=True`` in their declarations).
``rectangles`` finds the rectangles they share.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from techniques import family_attribute

if TYPE_CHECKING:
    from engine.technique import Technique

    TECHNIQUES: tuple[Technique, ...]


def _members() -> dict[str, Any]:
    """The family's techniques (``TECHNIQUES``, in order) and the names it imports for them."""
    from techniques.uniqueness.unique_rectangles import HIDDEN_RECTANGLE, UNIQUENESS_1, UNIQUENESS_2, UNIQUENESS_3, UNIQUENESS_4, UNIQUENESS_5, UNIQUENESS_6
    from techniques.uniqueness.avoidable import AVOIDABLE_RECTANGLE_1, AVOIDABLE_RECTANGLE_2
    from techniques.uniqueness.bug import BUG_PLUS_1
    from techniques.uniqueness.se_bug import SE_BUG
    from techniques.uniqueness.unique_loops import UNIQUE_LOOPS
    from techniques.uniqueness.bug_lite import BUG_LITE, BUG_PLUS_N

    TECHNIQUES = (
        UNIQUENESS_1, UNIQUENESS_2, UNIQUENESS_3, UNIQUENESS_4, UNIQUENESS_5, UNIQUENESS_6, HIDDEN_RECTANGLE, AVOIDABLE_RECTANGLE_1, AVOIDABLE_RECTANGLE_2,
        BUG_PLUS_1, BUG_PLUS_N, BUG_LITE, UNIQUE_LOOPS, SE_BUG,
    )
    return locals()


def __getattr__(name: str) -> Any:
    return family_attribute(globals(), _members, name)
