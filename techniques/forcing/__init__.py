"""Forcing Chain and Forcing Net.

``propagation`` follows one assumption, ``link_tables`` the direct links of a chain,
``conclusions`` combines the branches, ``words`` explains them.
"""

from __future__ import annotations

from techniques import family_exports

__getattr__, __dir__ = family_exports(__name__, globals())
