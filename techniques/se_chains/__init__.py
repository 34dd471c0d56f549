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

from typing import TYPE_CHECKING, Any

from techniques import family_attribute

if TYPE_CHECKING:
    from engine.technique import Technique

    TECHNIQUES: tuple[Technique, ...]


def _members() -> dict[str, Any]:
    """The family's techniques (``TECHNIQUES``, in order) and the names it imports for them."""
    from techniques.se_chains.cycles import FORCING_CHAINS_AND_CYCLES
    from techniques.se_chains.multiple import DYNAMIC_FORCING_CHAINS, MULTIPLE_FORCING_CHAINS, NISHIO_FORCING_CHAINS
    from techniques.se_chains.nested import DYNAMIC_PLUS_FORCING_CHAINS, NESTED_FORCING_CHAINS

    TECHNIQUES = (
        FORCING_CHAINS_AND_CYCLES,
        NISHIO_FORCING_CHAINS,
        MULTIPLE_FORCING_CHAINS,
        DYNAMIC_FORCING_CHAINS,
        DYNAMIC_PLUS_FORCING_CHAINS,
        *NESTED_FORCING_CHAINS,
    )
    return locals()


def __getattr__(name: str) -> Any:
    return family_attribute(globals(), _members, name)
