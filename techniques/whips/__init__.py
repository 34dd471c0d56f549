"""Whips: a chain of forced cells that remembers what it has already shown (Denis
Berthier's whips), and grouped whips (g-whips), whose chain may pass through a digit's
places in one box-line segment. Off the HoDoKu and Sudoku Explainer paths; in ``full``
after the krakens, before the forcing chains and nets.
"""

from __future__ import annotations

from techniques import family_exports

__getattr__, __dir__ = family_exports(__name__, globals())
