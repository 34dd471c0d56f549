"""Intersections: Locked Candidates, Pointing and Claiming (Locked Pair and Triple are
naked subsets, in ``subsets``).
"""

from __future__ import annotations

from engine.technique import Technique
from techniques.intersections.locked_candidates import LOCKED_CANDIDATES_1, LOCKED_CANDIDATES_2
from techniques.intersections.se_locking import SE_DIRECT_LOCKING, SE_LOCKING

TECHNIQUES: tuple[Technique, ...] = (LOCKED_CANDIDATES_1, LOCKED_CANDIDATES_2, SE_DIRECT_LOCKING, SE_LOCKING)
