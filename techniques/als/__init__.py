"""Almost locked sets: ALS-XZ, ALS-XY-Wing, ALS Chain, Death Blossom.

``sets`` collects the sets and their restricted commons; ``steps`` builds their steps.
"""

from __future__ import annotations

from engine.technique import Technique
from techniques.als.xz_and_xy_wing import ALS_XY_WING, ALS_XZ
from techniques.als.chain import ALS_CHAIN
from techniques.als.death_blossom import DEATH_BLOSSOM

TECHNIQUES: tuple[Technique, ...] = (ALS_XZ, ALS_XY_WING, ALS_CHAIN, DEATH_BLOSSOM,)
