"""Listings (``steps``) are bounded by work, say so when cut short, and are the same on
every run (issues 24 and 26: ``steps -t kf`` took up to a minute on a player's grid).

The position is the first of ``benchmarks/listings.py`` (a top1465 puzzle plus correct
digits, singles pending): Kraken Fish has 2,764 steps there, Finned Mutant Whales and
nested dynamic chains take seconds to list.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from engine.listing import LISTING_WORK, list_steps
from engine.reader import parse_puzzle
from engine.cells import bit_indices
from engine.stop import WorkLimitReached, checkpoint, work_limit, work_spent
from techniques import CATALOG
from techniques.whips.grouped import GroupedSearch
from techniques.whips.kraken_whip import KRAKEN_ROUNDS_PER_UNIT
from techniques.whips.search import MAX_LENGTH, alive
from tests.conftest import HODOKU, ROOT, SE

POSITION = "137002590406080702892350000543100000080700615000000940900070350765039400300010009"


def steps(*args: str, seed: str = "0") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONHASHSEED": seed}
    return subprocess.run([sys.executable, str(ROOT / "cli.py"), "steps", *args], capture_output=True, text=True, cwd=ROOT, env=env, timeout=600)


def test_a_listing_cut_short_says_so_in_text_and_json() -> None:
    text = steps("-t", "kf", "--brief", POSITION)
    lines = text.stdout.splitlines()
    assert text.returncode == 0 and lines[0].startswith("# line 1: ") and len(lines) > 10
    assert lines[1] == (
        f"# cut short: the listing of Kraken Fish (kf) reached its work bound ({LISTING_WORK:,} units) and stopped there, "
        "so there may be more steps than these (the bound is work, not time: the same on every machine; "
        "--max-work raises it)."
    )
    record = json.loads(steps("-t", "kf", "--json", POSITION).stdout)
    assert record["cut_short"] == ["kf"] and len(record["steps"]) == len(lines) - 2
    whole = json.loads(steps("-t", "n1,h1", "--json", POSITION).stdout)  # cheap listings are whole
    assert whole["cut_short"] == [] and whole["steps"]


def test_max_work_sets_the_bound_and_its_default_is_the_listing_bound() -> None:
    import cli

    command = next(c for c in cli.COMMANDS if c.name == "steps")
    assert cli.LISTING_MAX_WORK in command.options and cli.LISTING_MAX_WORK.settings["default"] == LISTING_WORK
    small = json.loads(steps("-t", "kf", "--json", "--max-work", "300", POSITION).stdout)
    larger = json.loads(steps("-t", "kf", "--json", "--max-work", "3000", POSITION).stdout)
    assert small["cut_short"] == larger["cut_short"] == ["kf"]
    assert 0 < len(small["steps"]) < len(larger["steps"]) and larger["steps"][: len(small["steps"])] == small["steps"]
    refused = steps("-t", "kf", "--max-work", "0", POSITION)
    assert refused.returncode == 2 and refused.stderr.count("\n") == 1 and "--max-work" in refused.stderr


@pytest.mark.parametrize(
    "args",
    [("-t", "kf"), ("-t", "fmf6"), ("--profile", "se", "-t", "sdfc3")],
    ids=["kraken", "finned mutant whale", "se nested chains"],
)
def test_listings_are_the_same_on_every_run(args: tuple[str, ...]) -> None:
    first = steps(*args, "--json", POSITION, seed="1")
    second = steps(*args, "--json", POSITION, seed="2")
    assert first.returncode == 0 and first.stdout == second.stdout
    record = json.loads(first.stdout)
    assert record["cut_short"] == [args[-1]] and record["steps"]  # cut, with the steps found before the cut


def test_a_cut_listing_is_the_start_of_the_whole_one() -> None:
    grid = parse_puzzle(POSITION).to_grid()
    for profile, code in ((HODOKU, "kf"), (HODOKU, "fmf4")):
        technique = profile.select(code)
        small = list_steps(grid, technique, work=300)
        larger = list_steps(grid, technique, work=3000)
        assert small.cut == (code,) and not small.complete
        assert len(small.steps) < len(larger.steps)
        assert [str(s) for s in larger.steps[: len(small.steps)]] == [str(s) for s in small.steps]


# benchmarks/listings.py's sixth position (a cb001 puzzle with random correct digits, seed
# 24): its Kraken House conclusions repeat one another's effects (11,541 traced for 449
# steps), and each traced one costs about a unit of work.
KRAKEN_REPEATS = "100006000050109230080000000200040000004802160700063090500398017030000004970620800"


def test_a_kraken_listing_counts_the_steps_it_drops() -> None:
    """Kraken steps whose effect an earlier step has are built, then dropped: their work
    counts, so the listing is cut by its bound, not left to run for seconds."""
    grid = parse_puzzle(KRAKEN_REPEATS).to_grid()
    technique = HODOKU.select("kh")
    small = list_steps(grid, technique, work=150)
    larger = list_steps(grid, technique)
    assert small.cut == larger.cut == ("kh",)
    assert 0 < len(small.steps) < len(larger.steps) < 449
    assert [str(s) for s in larger.steps[: len(small.steps)]] == [str(s) for s in small.steps]


#: A position of listings.py (a top1465 puzzle with digits filled in) where the Grouped
#: Kraken Whip's listing spent 3-4 s in 1,000 units (issue 24): most of it in the singles
#: runs of its branches' g-whip searches and target tests, which spent no unit.
WHIP_BRANCHES = "040056000590100208001800060000032406080400000900000007009001032000060700065700091"


def test_a_grouped_kraken_whips_searches_spend_units_by_their_rounds() -> None:
    grid = parse_puzzle(WHIP_BRANCHES).to_grid()
    live = alive(grid)
    charged, free = GroupedSearch(live, KRAKEN_ROUNDS_PER_UNIT), GroupedSearch(live)
    targets = list(bit_indices(live))[:40]
    spent, found = [], []
    for search in (charged, free):
        with work_limit(10**6) as budget:
            found.append([search.whip(t, MAX_LENGTH) for t in targets])
            settled = [search.settle(t) for t in targets]
            member = next(t for t, s in zip(targets, settled) if s is not None)
            found.append([search.contradicts_after(s, member, [0, 1, 2]) for s in settled if s is not None])
        spent.append(work_spent(budget))
    assert charged.rounds == free.rounds > 10 * KRAKEN_ROUNDS_PER_UNIT
    assert spent == [charged.rounds // KRAKEN_ROUNDS_PER_UNIT, 0]
    assert found[0] == found[2] and any(found[0]) and found[1] == found[3]


def test_a_grouped_kraken_whip_listing_counts_its_branch_searches() -> None:
    grid = parse_puzzle(WHIP_BRANCHES).to_grid()
    listing = list_steps(grid, HODOKU.select("gkwh"))
    assert listing.cut == ("gkwh",) and 0 < len(listing.steps) < 150  # 323 steps when they spent nothing


def test_nested_se_chains_keep_their_order_when_cut() -> None:
    grid = parse_puzzle(POSITION).to_grid()
    technique = SE.select("sdfc3")
    cut = list_steps(grid, technique, work=200)
    whole = list_steps(grid, technique, work=10**9)
    assert cut.cut == ("sdfc3",) and cut.steps and whole.complete
    difficulties = [step.rating for step in cut.steps]
    assert difficulties == sorted(difficulties)  # SE's order: easiest first
    effects = {step.effect for step in whole.steps}  # the chains found first, for conclusions the whole listing has too
    assert all(step.effect in effects for step in cut.steps)


def test_a_solve_is_never_bounded() -> None:
    grid = parse_puzzle(POSITION).to_grid()
    with work_limit(1):
        checkpoint()
        with pytest.raises(WorkLimitReached):
            checkpoint()
    assert HODOKU.solve(grid).status.value == "solved"  # no bound outside a listing
    assert CATALOG.by_code("kf") in HODOKU.select("kf")
