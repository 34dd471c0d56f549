"""Templates: Template Set and Template Delete.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from techniques import family_attribute

if TYPE_CHECKING:
    from engine.technique import Technique

    TECHNIQUES: tuple[Technique, ...]


def _members() -> dict[str, Any]:
    """The family's techniques (``TECHNIQUES``, in order) and the names it imports for them."""
    from techniques.templates.templates import TEMPLATE_DELETE, TEMPLATE_SET

    TECHNIQUES = (TEMPLATE_SET, TEMPLATE_DELETE,)
    return locals()


def __getattr__(name: str) -> Any:
    return family_attribute(globals(), _members, name)
