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

from techniques import family_exports

__getattr__, __dir__ = family_exports(__name__, globals())
