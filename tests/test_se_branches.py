"""A branch's size counted without building its chain (``branches.chain_size``) is the
length of SE's chain (``chain_of``), on real runs: every node reached, and the two ends
of each contradiction."""

from __future__ import annotations

from techniques.se_chains.branches import Target, chain_of, chain_size, target
from techniques.se_chains.nodes import Links
from techniques.se_chains.propagation import Budget, propagate
from tests.test_se_run_memo import path_positions


def test_chain_size_is_the_chains_length() -> None:
    checked = contradictions = 0
    for position in path_positions()[::6]:
        for dynamic in (True, False):
            links = Links(position.cands, position.cells_with, True)
            for cell in range(81):
                for digit in range(1, 10):
                    if not position.cands[cell] >> (digit - 1) & 1:
                        continue
                    for on in (0, 1):
                        start = ((cell * 9 + digit - 1) << 1) | on
                        run = propagate(position, (start,), dynamic=dynamic, y_links=True, budget=Budget(10**9), links=links)
                        targets = [target(run, n) for n in list(run.on) + list(run.off)]
                        if run.contradiction is not None:
                            contradictions += 1
                            targets += [Target(run, n, causes) for n, causes in run.contradiction]
                        for t in targets:
                            assert chain_size(t) == len(chain_of(t))
                            checked += 1
    assert checked > 10_000 and contradictions > 100
