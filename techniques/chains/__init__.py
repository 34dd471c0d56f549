"""Chains and loops: Remote Pair, X-Chain, XY-Chain, Nice Loops and AICs (plain and grouped).

``link_graph`` builds the strong and weak links, ``implications`` searches them, ``als_nodes``
adds almost locked sets as nodes, ``loop_conclusions`` says what a loop proves and
``notation``/``loop_explanations`` put chains into words.
"""

from __future__ import annotations

from engine.technique import Technique
from techniques.chains.remote_pair import REMOTE_PAIR
from techniques.chains.simple_chains import XY_CHAIN, X_CHAIN
from techniques.chains.nice_loops import GROUPED_NICE_LOOP, NICE_LOOP

TECHNIQUES: tuple[Technique, ...] = (REMOTE_PAIR, X_CHAIN, XY_CHAIN, NICE_LOOP, GROUPED_NICE_LOOP,)
