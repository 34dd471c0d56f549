"""Wings: XY-Wing, XYZ-Wing, W-Wing, and the bent sets WXYZ-Wing and VWXYZ-Wing.
"""

from __future__ import annotations

from engine.technique import Technique
from techniques.wings.se_wings import SE_XY_WING, SE_XYZ_WING
from techniques.wings.wings import W_WING, XYZ_WING, XY_WING
from techniques.wings.bent_sets import VWXYZ_WING, WXYZ_WING

TECHNIQUES: tuple[Technique, ...] = (XY_WING, XYZ_WING, W_WING, WXYZ_WING, VWXYZ_WING, SE_XY_WING, SE_XYZ_WING)
