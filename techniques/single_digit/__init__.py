"""Single-digit patterns: Skyscraper, 2-String Kite, Turbot Fish, Empty Rectangle, Rectangle
Elimination.

``strong_links`` holds the conjugate pairs they are built from.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from techniques import family_attribute

if TYPE_CHECKING:
    from engine.technique import Technique

    TECHNIQUES: tuple[Technique, ...]


def _members() -> dict[str, Any]:
    """The family's techniques (``TECHNIQUES``, in order) and the names it imports for them."""
    from techniques.single_digit.two_links import SKYSCRAPER, TURBOT_FISH, TWO_STRING_KITE
    from techniques.single_digit.empty_rectangle import EMPTY_RECTANGLE
    from techniques.single_digit.rectangle_elimination import RECTANGLE_ELIMINATION

    TECHNIQUES = (SKYSCRAPER, TWO_STRING_KITE, TURBOT_FISH, EMPTY_RECTANGLE, RECTANGLE_ELIMINATION,)
    return locals()


def __getattr__(name: str) -> Any:
    return family_attribute(globals(), _members, name)
