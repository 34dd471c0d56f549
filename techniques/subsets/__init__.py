"""Subsets: Naked and Hidden Pair, Triple, Quadruple; Locked Pair and Triple.
"""

from __future__ import annotations

from techniques import family_exports

__getattr__, __dir__ = family_exports(__name__, globals())
