"""Other patterns: Sue de Coq.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from techniques import family_attribute

if TYPE_CHECKING:
    from engine.technique import Technique

    TECHNIQUES: tuple[Technique, ...]


def _members() -> dict[str, Any]:
    """The family's techniques (``TECHNIQUES``, in order) and the names it imports for them."""
    from techniques.misc.sue_de_coq import SUE_DE_COQ

    TECHNIQUES = (SUE_DE_COQ,)
    return locals()


def __getattr__(name: str) -> Any:
    return family_attribute(globals(), _members, name)
