"""Singles: Full House, Naked Single, Hidden Single.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from techniques import family_attribute

if TYPE_CHECKING:
    from engine.technique import Technique

    TECHNIQUES: tuple[Technique, ...]


def _members() -> dict[str, Any]:
    """The family's techniques (``TECHNIQUES``, in order) and the names it imports for them."""
    from techniques.singles.se_singles import SE_HIDDEN_SINGLE, SE_NAKED_SINGLE
    from techniques.singles.singles import FULL_HOUSE, HIDDEN_SINGLE, NAKED_SINGLE

    TECHNIQUES = (FULL_HOUSE, NAKED_SINGLE, HIDDEN_SINGLE, SE_HIDDEN_SINGLE, SE_NAKED_SINGLE)
    return locals()


def __getattr__(name: str) -> Any:
    return family_attribute(globals(), _members, name)
