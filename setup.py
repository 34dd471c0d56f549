"""The optional compiled build (issue 24): the hot modules compiled to C with mypyc.

Everything about the package is in pyproject.toml; this file exists only because a
setuptools build can add extension modules from a setup script alone. A plain install
(``pip install -e .``) builds nothing and needs no C compiler: the pure-Python modules are
the source of truth and what the tests run. With ``STEPDOKU_COMPILE=1`` the modules of
``COMPILED`` are compiled by mypyc (from the same sources; ``mypy --strict`` clean code is
what it needs) and Python imports the compiled ones in their place:

    .venv/bin/pip install -e '.[compile]'                             # mypy (mypyc), setuptools>=70.1
    STEPDOKU_COMPILE=1 .venv/bin/pip install --no-build-isolation -e .

(``--no-build-isolation``: the build uses the mypy already installed.) Back to pure Python:
``find engine techniques -name '*.so' -delete`` (or a fresh ``pip install -e .``, which
leaves the compiled files in place: delete them).
"""

from __future__ import annotations

import os

from setuptools import setup

#: The modules compiled by mypyc: the hot paths of the solver and the techniques. Add a
#: module here to compile it, then run .ci/compiled-smoke: it must not be monkeypatched by
#: the tests that run on the compiled build, its classes must not be subclassed by modules
#: left out, and it must import. Left out for that reason: modules with a
#: ``@runtime_checkable`` Protocol (engine/profiles/hodoku_choice.py, engine/technique.py:
#: mypyc's classes are no protocols at run time).
COMPILED = (
    # the engine's core: geometry, the grid, search, the solver loop, the hodoku profile's
    # step choice and SE-style values, both profiles' raters
    "engine/cells.py",
    "engine/grid.py",
    "engine/search.py",
    "engine/appearance.py",
    "engine/analysis.py",
    "engine/step.py",
    "engine/solver.py",
    "engine/digit_templates.py",
    # the stop switch and the caches: every technique calls checkpoint() and the cached
    # per-version lookups, hundreds of thousands of calls per thousand puzzles
    "engine/stop.py",
    "engine/cache.py",
    "engine/profiles/se_style.py",
    "engine/profiles/hodoku_rater.py",
    "engine/profiles/se_rater.py",
    # the walkthrough's grid drawing (a quarter of the README's `stepdoku explain`)
    "engine/app/render/grid.py",
    # the hodoku profile's techniques
    "techniques/shared.py",
    "techniques/singles/singles.py",
    "techniques/subsets/subsets.py",
    "techniques/intersections/locked_candidates.py",
    "techniques/fish/search.py",
    "techniques/fish/fish.py",
    "techniques/single_digit/strong_links.py",
    "techniques/single_digit/two_links.py",
    "techniques/single_digit/empty_rectangle.py",
    "techniques/wings/wings.py",
    "techniques/coloring/coloring.py",
    "techniques/uniqueness/rectangles.py",
    "techniques/uniqueness/unique_rectangles.py",
    "techniques/hodoku_chains/implications.py",
    "techniques/hodoku_chains/candidate_graph.py",
    "techniques/hodoku_chains/loop_choice.py",
    "techniques/hodoku_chains/loop_conclusions.py",
    "techniques/hodoku_chains/link_graph.py",
    "techniques/hodoku_chains/table_order.py",
    "techniques/hodoku_chains/nice_loops.py",
    "techniques/hodoku_chains/simple_chains.py",
    "techniques/hodoku_chains/remote_pair.py",
    "techniques/hodoku_chains/als_nodes.py",
    "techniques/misc/sue_de_coq.py",
    "techniques/als/sets.py",
    "techniques/als/steps.py",
    "techniques/als/chain_search.py",
    "techniques/als/xz_and_xy_wing.py",
    "techniques/forcing/link_tables.py",
    "techniques/forcing/hodoku_nets.py",
    "techniques/forcing/hodoku_net_chains.py",
    "techniques/forcing/hodoku_order.py",
    "techniques/forcing/propagation.py",
    "techniques/forcing/conclusions.py",
    # the se profile's own (Sudoku Explainer's chaining and exclusion)
    "techniques/se_order.py",
    "techniques/se_places.py",
    "techniques/se_chains/nodes.py",
    "techniques/se_chains/propagation.py",
    "techniques/se_chains/cycles.py",
    "techniques/se_chains/contradictions.py",
    "techniques/se_chains/multiple.py",
    "techniques/se_chains/run_memo.py",
    "techniques/exclusion/aligned.py",
    "techniques/se_chains/walks.py",
    "techniques/se_chains/array_walks.py",
    "techniques/se_chains/pass_memo.py",
    "techniques/se_chains/branches.py",
    "techniques/se_chains/hints.py",
    "techniques/se_chains/levels.py",
    "techniques/se_chains/walk_memo.py",
    "techniques/se_chains/nested.py",
    "techniques/singles/se_singles.py",
    "techniques/subsets/se_subsets.py",
    "techniques/intersections/se_locking.py",
    "techniques/fish/se_fish.py",
    "techniques/wings/se_wings.py",
    "techniques/uniqueness/unique_loops.py",
    "techniques/uniqueness/se_bug.py",
    # the full profile's patterns and krakens
    "techniques/wings/bent_sets.py",
    "techniques/uniqueness/bug_lite.py",
    "techniques/patterns/rank0.py",
    "techniques/patterns/msls.py",
    "techniques/patterns/exocet.py",
    "techniques/patterns/sk_loop.py",
    "techniques/patterns/tridagon.py",
    "techniques/patterns/frames.py",
    "techniques/patterns/firework.py",
    "techniques/single_digit/rectangle_elimination.py",
    "techniques/fish/kraken.py",
    "techniques/coloring/medusa.py",
    "techniques/krakens/graph.py",
    "techniques/krakens/branches.py",
    "techniques/krakens/truths.py",
    "techniques/krakens/kraken.py",
    "techniques/krakens/linked_kraken.py",
    "techniques/krakens/exocet_links.py",
    "techniques/krakens/pattern_links.py",
    "techniques/krakens/tridagon_links.py",
    # the full profile's whips (a twelfth of its time on top1465 when left pure)
    "techniques/whips/slots.py",
    "techniques/whips/search.py",
    "techniques/whips/grouped.py",
    "techniques/whips/whip.py",
    "techniques/whips/grouped_whip.py",
    "techniques/whips/kraken_whip.py",
)


def extensions() -> list[object]:
    if os.environ.get("STEPDOKU_COMPILE", "") in ("", "0"):
        return []
    from mypyc.build import mypycify  # only for the compiled build

    # STEPDOKU_COMPILE_OPT: the C compiler's optimisation level (default 3, the fast
    # build). .ci/compiled-smoke builds at 1: the same translation to C, compiled a minute
    # sooner (3.6 min instead of about 4.5 on a 2-core machine), running at nearly the speed
    # of -O3 (0 compiles in 2.8 min but runs slower than pure Python).
    return list(mypycify(list(COMPILED), opt_level=os.environ.get("STEPDOKU_COMPILE_OPT", "3")))


setup(ext_modules=extensions())
