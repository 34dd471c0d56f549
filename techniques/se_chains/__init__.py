"""Sudoku Explainer's chaining: its chains of implications, from bidirectional cycles and
forcing X-chains to dynamic and nested forcing chains, each rated by its length as SE rates
it; the se profile's own producers. (HoDoKu's chains and loops, which the hodoku and full
profiles use, are :mod:`techniques.hodoku_chains`.)

``nodes`` (candidate states and their implications), ``hints`` (rating and ordering),
``cycles`` (Forcing Chains & Cycles), ``propagation`` (SE's doChaining), ``multiple``
(Nishio, multiple and dynamic forcing chains), ``nested`` (the inner rules of nested
forcing chains).
"""

from __future__ import annotations

from techniques import family_exports

__getattr__, __dir__ = family_exports(__name__, globals())
