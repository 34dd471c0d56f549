"""Intersections: Locked Candidates, Pointing and Claiming (Locked Pair and Triple are
naked subsets, in ``subsets``).
"""

from __future__ import annotations

from techniques import family_exports

__getattr__, __dir__ = family_exports(__name__, globals())
