"""Wings: XY-Wing, XYZ-Wing, W-Wing, and the bent sets WXYZ-Wing and VWXYZ-Wing.
"""

from __future__ import annotations

from techniques import family_exports

__getattr__, __dir__ = family_exports(__name__, globals())
