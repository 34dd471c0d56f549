"""Uniqueness: Uniqueness Tests 1-6, Hidden Rectangle, Avoidable Rectangles, BUG+1, BUG+n,
BUG-Lite.

All of them need a puzzle with one solution (``uniqueness=True`` in their declarations).
``rectangles`` finds the rectangles they share.
"""

from __future__ import annotations

from techniques import family_exports

__getattr__, __dir__ = family_exports(__name__, globals())
