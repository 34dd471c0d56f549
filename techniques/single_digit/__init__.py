"""Single-digit patterns: Skyscraper, 2-String Kite, Turbot Fish, Empty Rectangle.

``strong_links`` holds the conjugate pairs they are built from.
"""

from __future__ import annotations

from engine.technique import Technique
from techniques.single_digit.two_links import SKYSCRAPER, TURBOT_FISH, TWO_STRING_KITE
from techniques.single_digit.empty_rectangle import EMPTY_RECTANGLE

TECHNIQUES: tuple[Technique, ...] = (SKYSCRAPER, TWO_STRING_KITE, TURBOT_FISH, EMPTY_RECTANGLE,)
