"""Singles: Full House, Naked Single, Hidden Single.
"""

from __future__ import annotations

from engine.technique import Technique
from techniques.singles.se_singles import SE_HIDDEN_SINGLE, SE_NAKED_SINGLE
from techniques.singles.singles import FULL_HOUSE, HIDDEN_SINGLE, NAKED_SINGLE

TECHNIQUES: tuple[Technique, ...] = (FULL_HOUSE, NAKED_SINGLE, HIDDEN_SINGLE, SE_HIDDEN_SINGLE, SE_NAKED_SINGLE)
