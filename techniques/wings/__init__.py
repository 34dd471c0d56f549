"""Wings: XY-Wing, XYZ-Wing, W-Wing.
"""

from __future__ import annotations

from engine.technique import Technique
from techniques.wings.wings import W_WING, XYZ_WING, XY_WING

TECHNIQUES: tuple[Technique, ...] = (XY_WING, XYZ_WING, W_WING,)
