"""Singles: Full House, Naked Single, Hidden Single.
"""

from __future__ import annotations

from engine.technique import Technique
from techniques.singles.singles import FULL_HOUSE, HIDDEN_SINGLE, NAKED_SINGLE

TECHNIQUES: tuple[Technique, ...] = (FULL_HOUSE, NAKED_SINGLE, HIDDEN_SINGLE,)
