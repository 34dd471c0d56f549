"""Single-digit patterns: Skyscraper, 2-String Kite, Turbot Fish, Empty Rectangle, Rectangle
Elimination.

``strong_links`` holds the conjugate pairs they are built from.
"""

from __future__ import annotations

from techniques import family_exports

__getattr__, __dir__ = family_exports(__name__, globals())
