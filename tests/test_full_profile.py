"""The ``full`` profile: its order (patterns before chains before nets) and its rating."""

from __future__ import annotations

from engine.grid import Grid
from engine.profiles import load_profile
from engine.profiles.full import FORCING_CODES, TIERS, difficulty
from techniques import CATALOG

FULL = load_profile("full", CATALOG)
HODOKU = load_profile("hodoku", CATALOG)


def _order(code: str) -> int:
    return FULL.entry(code).order


def test_patterns_before_chains_before_nets() -> None:
    patterns = [c for c in ("tri", "wxyz", "vwxyz", "je", "skl", "msls", "umsls", "3dm", "bugn", "bugl") if c in CATALOG]
    chains = ["x", "xyc", "nl", "gnl", "axz", "ach"]
    nets = ["fc", "fn"]
    assert max(_order(c) for c in patterns) < min(_order(c) for c in chains)
    assert max(_order(c) for c in chains) < min(_order(c) for c in nets)
    assert _order("x") < _order("xyc") < _order("nl") < _order("gnl")  # shorter kinds first
    assert _order("fc") < _order("fn")


def test_every_technique_is_placed_and_the_slow_ones_are_off() -> None:
    placed = {e.technique for e in FULL.entries if e.numbers}
    assert placed == set(FULL.techniques)
    off = {t.code for t in FULL.techniques if t not in FULL.default}
    assert off == {"db", "ff4", "fff4", "mf2", "mf3", "mf4", "fmf2", "fmf3", "fmf4", "fmf5", "fmf6", "ts", "td"}


def test_the_new_techniques_run_in_full_but_not_in_hodoku() -> None:
    for code in ("wxyz", "vwxyz", "tri"):
        assert CATALOG.by_code(code) in FULL.default
        assert CATALOG.by_code(code) not in HODOKU.default


def test_rating_counts_forcing_steps_and_names_the_tier() -> None:
    # Golden Nugget needs forcing nets with every pattern we have (Kraken Fish, krakens,
    # whips and kraken whips included; top95 line 59, used here before, needs none since the
    # Whip, Easter Monster none since the Kraken Whip).
    grid = Grid.from_string(".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....")
    result = FULL.solve(grid)
    rating = FULL.rate(result.steps, start=grid)
    forcing = sum(1 for s in result.steps if s.code in FORCING_CODES)
    assert forcing > 0 and rating["forcing"] == forcing
    assert rating.label == "Nets" and rating["tier"] == "Nets"
    assert rating["difficulty"] == max(difficulty(FULL.entry(s.code).technique.code)[0] for s in result.steps)


def test_an_easy_path_is_rated_by_its_hardest_step() -> None:
    grid = Grid.from_string("52...6.........7.13...........4..8..6......5...........418.........3..2...87.....")
    rating = FULL.rate(FULL.solve(grid).steps, start=grid)
    assert rating.label == "Basic" and rating["forcing"] == 0 and rating.hardest == "Locked Candidates Type 1 (Pointing)"
    assert TIERS.index(rating.label) == 1


def test_inkala_2012_needs_no_forcing_step() -> None:
    # The README's puzzle: the nets took 13 steps until the Uneven MSLS (four rows, five
    # columns) opened it at the start.
    grid = Grid.from_string("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..")
    result = FULL.solve(grid)
    codes = [s.code for s in result.steps]
    assert result.grid.is_solved() and "umsls" in codes
    assert not FORCING_CODES & set(codes) and "bf" not in codes
