"""Subsets: Naked and Hidden Pair, Triple, Quadruple; Locked Pair and Triple.
"""

from __future__ import annotations

from engine.technique import Technique
from techniques.subsets.se_subsets import SE_SUBSETS
from techniques.subsets.subsets import HIDDEN_PAIR, HIDDEN_QUADRUPLE, HIDDEN_TRIPLE, LOCKED_PAIR, LOCKED_TRIPLE, NAKED_PAIR, NAKED_QUADRUPLE, NAKED_TRIPLE

TECHNIQUES: tuple[Technique, ...] = (LOCKED_PAIR, LOCKED_TRIPLE, NAKED_PAIR, NAKED_TRIPLE, NAKED_QUADRUPLE, HIDDEN_PAIR, HIDDEN_TRIPLE, HIDDEN_QUADRUPLE, *SE_SUBSETS)
