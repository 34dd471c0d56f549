"""Profiles: order, default set, selection, --max-difficulty, ratings on two scales."""

from __future__ import annotations

from typing import Iterator

import pytest

from engine.grid import Grid
from engine.profiles import PROFILES, UnknownProfile, load_profile
from engine.profiles.hodoku import STEPS
from engine.step import Candidate, Step, tenths
from engine.technique import BaseTechnique, Catalog, Declaration, UnknownTechnique
from techniques import CATALOG, REGISTRY
from tests.conftest import HODOKU, SE, puzzle_lines

#: A 17-clue puzzle (Gordon Royle's list) that serate rates 1.5/1.5/1.5.
ROYLE_SE_15 = "..4.8....2.....5.......1......3..26.38..........5..4..71.....8.....4.......2....."


def test_hodoku_order_of_the_basic_techniques() -> None:
    order = [t.code for t in HODOKU.techniques]
    expected = ["fh", "n1", "h1", "l2", "l3", "lc1", "lc2", "n2", "n3", "h2", "h3", "n4", "h4", "bf2", "bf3", "bf4"]
    assert [c for c in order if c in expected] == expected
    indexes = [e.order for e in HODOKU.entries]
    assert indexes == sorted(indexes) and len(set(indexes)) == len(indexes)


@pytest.mark.parametrize("name", PROFILES)
def test_every_profile_uses_the_whole_registry(name: str) -> None:
    # All but the techniques that are part of another profile's own policy (SE's producers),
    # unless the profile names one in its own table (full takes SE's Aligned Exclusions).
    profile = load_profile(name, CATALOG)
    own = {t for t in REGISTRY if t.declaration.profile in (None, name)}
    borrowed = set(profile.techniques) - own
    assert own <= set(profile.techniques)
    assert {t.code for t in borrowed} <= ({"ape", "ate"} if name == "full" else set())
    assert set(profile.default) <= set(profile.techniques)


#: Techniques HoDoKu 2.2 does not have: the hodoku profile leaves them out of a plain solve
#: (they are there, off by default, for --only and -t), so its ratings do not move.
BEYOND_HODOKU = {"wxyz", "vwxyz", "tri", "je", "sje", "skl", "msls", "umsls", "3dm", "bugn", "bugl", "re", "fw", "kc", "kh", "ktri", "kex", "ktl", "wh", "gwh", "kwh", "gkwh"}


def test_the_hodoku_table_names_only_codes_of_its_kind() -> None:
    # Codes the catalog lacks (HoDoKu's fish of size 5-7) are allowed in the table; every
    # code of the catalog's techniques that HoDoKu has must be in it.
    tabled = {step.code for step in STEPS}
    assert {t.code for t in REGISTRY if t.declaration.profile is None} - tabled == BEYOND_HODOKU
    assert all(t not in HODOKU.default for t in REGISTRY if t.code in BEYOND_HODOKU)


def test_off_by_default_as_in_hodoku() -> None:
    off = {t.code for t in HODOKU.techniques if t not in HODOKU.default}
    assert off - BEYOND_HODOKU == {"db", "ff4", "fff4", "mf2", "mf3", "mf4", "fmf2", "fmf3", "fmf4", "fmf5", "fmf6", "kf", "ts", "td"}


def test_selection_is_in_profile_order() -> None:
    assert [t.code for t in HODOKU.select("h2, n2")] == ["n2", "h2"]
    assert [t.code for t in SE.select("sn1, sh1, dh2")] == ["sh1", "dh2", "sn1"]  # SE takes hidden singles first
    with pytest.raises(UnknownTechnique, match="unknown technique code 'zz'"):
        HODOKU.select("zz")


def test_max_difficulty_is_in_the_profiles_own_order_numbers() -> None:
    assert [t.code for t in HODOKU.plan(max_difficulty=1210)] == ["fh", "n1", "h1", "l2", "l3", "lc1", "lc2"]
    assert [t.code for t in SE.plan(max_difficulty=26)] == ["sh1", "dpt", "dh2", "sn1", "dh3", "spt"]  # tenths: 2.6
    assert [t.code for t in HODOKU.plan("n2,h1", max_difficulty=1000)] == ["h1"]


def test_unknown_profile() -> None:
    with pytest.raises(UnknownProfile, match="unknown profile 'nope'"):
        load_profile("nope", CATALOG)


def test_the_se_profile_rates_er_ep_ed() -> None:
    # ER: the hardest step; EP: the hardest up to the first placement; ED: the first step.
    # Each step carries SE's own rating (serate: 1.5/1.5/1.5 for this puzzle).
    grid = Grid.from_string(ROYLE_SE_15)
    result = SE.solve(grid)
    rating = SE.rate(result.steps, start=grid)
    values = [tenths(step.rating) for step in result.steps if step.rating is not None]
    assert len(values) == len(result.steps) and (rating["er"], rating["ep"], rating["ed"]) == (1.5, 1.5, 1.5)
    first = next(n for n, step in enumerate(result.steps) if step.placements)
    assert (rating["er"], rating["ep"], rating["ed"]) == (max(values) / 10, max(values[: first + 1]) / 10, values[0] / 10)
    assert rating.label == f"{rating['er']:.1f}"


def test_a_rater_watching_a_solve_agrees_with_a_replay() -> None:
    for line in puzzle_lines("top95.txt", 3):
        grid = Grid.from_string(line)
        for profile in (HODOKU, SE):
            rater = profile.rater()
            result = profile.solve(grid, watch=rater.watch)
            assert rater.rating(solved=True) == profile.rate(result.steps, start=grid)


class _NewPattern(BaseTechnique):
    """A technique no profile knows yet (one added on another branch)."""

    declaration = Declaration("New Pattern", "zz9")

    def find(self, grid: Grid) -> Iterator[Step]:
        yield from ()


def test_a_technique_no_profile_places_is_there_off_by_default() -> None:
    new = _NewPattern()
    for name in PROFILES:
        profile = load_profile(name, Catalog((*REGISTRY, new)))
        entry = profile.entry("zz9")
        assert profile.techniques[-1] is new and new not in profile.default
        assert entry.order > max(e.order for e in profile.entries[:-1]) and not entry.enabled
        assert profile.select("zz9") == (new,)
        assert profile.rate((Step("New Pattern", "zz9", placements=(Candidate(1, 0),)),)).hardest == "New Pattern"
