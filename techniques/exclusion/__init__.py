"""Exclusion: Sudoku Explainer's Aligned Pair and Aligned Triplet Exclusion."""

from __future__ import annotations

from engine.technique import Technique
from techniques.exclusion.aligned import ALIGNED_PAIR_EXCLUSION, ALIGNED_TRIPLET_EXCLUSION

TECHNIQUES: tuple[Technique, ...] = (ALIGNED_PAIR_EXCLUSION, ALIGNED_TRIPLET_EXCLUSION)
