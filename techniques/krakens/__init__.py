"""Krakens: one of a few candidates is true (a cell, a house, a tridagon's guardians), and
a short chain from each reaches the same conclusion: Kraken Cell, Kraken House, Kraken
Tridagon, then Exocet Kraken and Tridagon Link Kraken (a Kraken Cell or House whose chains
may cross links an Exocet or a tridagon proves: ``pattern_links``). (Kraken Fish, whose truth set is a fish and its fins, is with the fish.)

``truths`` finds the truth sets, ``branches`` the chains from their members.
"""

from __future__ import annotations

from techniques import family_exports

__getattr__, __dir__ = family_exports(__name__, globals())
