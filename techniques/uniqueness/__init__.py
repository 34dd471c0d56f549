"""Uniqueness: Uniqueness Tests 1-6, Hidden Rectangle, Avoidable Rectangles, BUG+1.

All of them need a puzzle with one solution (``uniqueness=True`` in their declarations).
``rectangles`` finds the rectangles they share.
"""

from __future__ import annotations

from engine.technique import Technique
from techniques.uniqueness.unique_rectangles import HIDDEN_RECTANGLE, UNIQUENESS_1, UNIQUENESS_2, UNIQUENESS_3, UNIQUENESS_4, UNIQUENESS_5, UNIQUENESS_6
from techniques.uniqueness.avoidable import AVOIDABLE_RECTANGLE_1, AVOIDABLE_RECTANGLE_2
from techniques.uniqueness.bug import BUG_PLUS_1

TECHNIQUES: tuple[Technique, ...] = (UNIQUENESS_1, UNIQUENESS_2, UNIQUENESS_3, UNIQUENESS_4, UNIQUENESS_5, UNIQUENESS_6, HIDDEN_RECTANGLE, AVOIDABLE_RECTANGLE_1, AVOIDABLE_RECTANGLE_2, BUG_PLUS_1,)
