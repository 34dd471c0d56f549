"""Wings: XY-Wing, XYZ-Wing, W-Wing, and the bent sets WXYZ-Wing and VWXYZ-Wing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from techniques import family_attribute

if TYPE_CHECKING:
    from engine.technique import Technique

    TECHNIQUES: tuple[Technique, ...]


def _members() -> dict[str, Any]:
    """The family's techniques (``TECHNIQUES``, in order) and the names it imports for them."""
    from techniques.wings.se_wings import SE_XY_WING, SE_XYZ_WING
    from techniques.wings.wings import W_WING, XYZ_WING, XY_WING
    from techniques.wings.bent_sets import VWXYZ_WING, WXYZ_WING

    TECHNIQUES = (XY_WING, XYZ_WING, W_WING, WXYZ_WING, VWXYZ_WING, SE_XY_WING, SE_XYZ_WING)
    return locals()


def __getattr__(name: str) -> Any:
    return family_attribute(globals(), _members, name)
