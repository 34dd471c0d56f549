"""Almost locked sets: ALS-XZ, ALS-XY-Wing, ALS Chain, Death Blossom.

``sets`` collects the sets and their restricted commons; ``steps`` builds their steps.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from techniques import family_attribute

if TYPE_CHECKING:
    from engine.technique import Technique

    TECHNIQUES: tuple[Technique, ...]


def _members() -> dict[str, Any]:
    """The family's techniques (``TECHNIQUES``, in order) and the names it imports for them."""
    from techniques.als.xz_and_xy_wing import ALS_XY_WING, ALS_XZ
    from techniques.als.chain import ALS_CHAIN
    from techniques.als.death_blossom import DEATH_BLOSSOM

    TECHNIQUES = (ALS_XZ, ALS_XY_WING, ALS_CHAIN, DEATH_BLOSSOM,)
    return locals()


def __getattr__(name: str) -> Any:
    return family_attribute(globals(), _members, name)
