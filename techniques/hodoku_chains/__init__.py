"""HoDoKu's chains and loops: Remote Pair, X-Chain, XY-Chain, Nice Loops and AICs (plain
and grouped, optionally through almost locked sets), found and chosen as HoDoKu 2.2 finds
and chooses them. Alternating chains of strong and weak links, one picture each; the
hodoku and full profiles use them, and their link graph is what the full profile's
krakens (:mod:`techniques.krakens`) build on. (Sudoku Explainer's cycles and forcing chains,
with their own rules and ratings, are :mod:`techniques.se_chains`; HoDoKu's forcing chains
and nets are :mod:`techniques.forcing`.)

``link_graph`` builds the strong and weak links, ``implications`` searches them, ``als_nodes``
adds almost locked sets as nodes, ``loop_conclusions`` says what a loop proves and
``notation``/``loop_explanations`` put chains into words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from techniques import family_attribute

if TYPE_CHECKING:
    from engine.technique import Technique

    TECHNIQUES: tuple[Technique, ...]


def _members() -> dict[str, Any]:
    """The family's techniques (``TECHNIQUES``, in order) and the names it imports for them."""
    from techniques.hodoku_chains.remote_pair import REMOTE_PAIR
    from techniques.hodoku_chains.simple_chains import XY_CHAIN, X_CHAIN
    from techniques.hodoku_chains.nice_loops import GROUPED_NICE_LOOP, NICE_LOOP

    TECHNIQUES = (REMOTE_PAIR, X_CHAIN, XY_CHAIN, NICE_LOOP, GROUPED_NICE_LOOP,)
    return locals()


def __getattr__(name: str) -> Any:
    return family_attribute(globals(), _members, name)
