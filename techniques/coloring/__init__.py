"""Colouring: Simple Colors, Multi Colors and 3D Medusa.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from techniques import family_attribute

if TYPE_CHECKING:
    from engine.technique import Technique

    TECHNIQUES: tuple[Technique, ...]


def _members() -> dict[str, Any]:
    """The family's techniques (``TECHNIQUES``, in order) and the names it imports for them."""
    from techniques.coloring.coloring import MULTI_COLORS, SIMPLE_COLORS
    from techniques.coloring.medusa import MEDUSA

    TECHNIQUES = (SIMPLE_COLORS, MULTI_COLORS, MEDUSA,)
    return locals()


def __getattr__(name: str) -> Any:
    return family_attribute(globals(), _members, name)
