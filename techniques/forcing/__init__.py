"""Forcing Chain and Forcing Net.

``propagation`` follows one assumption, ``link_tables`` the direct links of a chain,
``conclusions`` combines the branches, ``words`` explains them.
"""

from __future__ import annotations

from engine.technique import Technique
from techniques.forcing.chains_and_nets import FORCING_CHAIN, FORCING_NET

TECHNIQUES: tuple[Technique, ...] = (FORCING_CHAIN, FORCING_NET,)
