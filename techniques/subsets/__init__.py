"""Subsets: Naked and Hidden Pair, Triple, Quadruple; Locked Pair and Triple.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from techniques import family_attribute

if TYPE_CHECKING:
    from engine.technique import Technique

    TECHNIQUES: tuple[Technique, ...]


def _members() -> dict[str, Any]:
    """The family's techniques (``TECHNIQUES``, in order) and the names it imports for them."""
    from techniques.subsets.se_subsets import SE_SUBSETS
    from techniques.subsets.subsets import HIDDEN_PAIR, HIDDEN_QUADRUPLE, HIDDEN_TRIPLE, LOCKED_PAIR, LOCKED_TRIPLE, NAKED_PAIR, NAKED_QUADRUPLE, NAKED_TRIPLE

    TECHNIQUES = (LOCKED_PAIR, LOCKED_TRIPLE, NAKED_PAIR, NAKED_TRIPLE, NAKED_QUADRUPLE, HIDDEN_PAIR, HIDDEN_TRIPLE, HIDDEN_QUADRUPLE, *SE_SUBSETS)
    return locals()


def __getattr__(name: str) -> Any:
    return family_attribute(globals(), _members, name)
