"""Where the families list their techniques, with what each declares, written out so that
the catalog can answer lookups (by code, name, library code) without importing them.

``INDEX`` holds, family by family in registry order, each technique of the family in
order (a family's ``TECHNIQUES`` are its entry's): its name, its step codes (its own
first), its HoDoKu library codes, where it is (``module:NAME``, or ``module:NAME:i``
for the i-th of a tuple, under ``techniques``) and whether it needs a unique solution:
the catalog imports that module alone when the technique is first used. tests/test_catalog_index.py checks that each line says
what its technique declares and that no technique a module defines is left out.
"""

from __future__ import annotations

from engine.technique import Listed

INDEX: dict[str, tuple[Listed, ...]] = {
    "singles": (
        Listed("Full House", ("fh",), (("0000", "fh"),), "singles.singles:FULL_HOUSE"),
        Listed("Naked Single", ("n1",), (("0003", "n1"),), "singles.singles:NAKED_SINGLE"),
        Listed("Hidden Single", ("h1",), (("0002", "h1"),), "singles.singles:HIDDEN_SINGLE"),
        Listed("Hidden Single (SE)", ("sh1", "sfh"), (), "singles.se_singles:SE_HIDDEN_SINGLE"),
        Listed("Naked Single (SE)", ("sn1",), (), "singles.se_singles:SE_NAKED_SINGLE"),
    ),
    "intersections": (
        Listed("Locked Candidates Type 1 (Pointing)", ("lc1",), (("0100", "lc1"),), "intersections.locked_candidates:LOCKED_CANDIDATES_1"),
        Listed("Locked Candidates Type 2 (Claiming)", ("lc2",), (("0101", "lc2"),), "intersections.locked_candidates:LOCKED_CANDIDATES_2"),
        Listed("Direct Pointing and Claiming", ("dpt", "dcl"), (), "intersections.se_locking:SE_DIRECT_LOCKING"),
        Listed("Pointing and Claiming (SE)", ("spt", "scl"), (), "intersections.se_locking:SE_LOCKING"),
    ),
    "subsets": (
        Listed("Locked Pair", ("l2",), (("0110", "l2"),), "subsets.subsets:LOCKED_PAIR"),
        Listed("Locked Triple", ("l3",), (("0111", "l3"),), "subsets.subsets:LOCKED_TRIPLE"),
        Listed("Naked Pair", ("n2",), (("0200", "n2"),), "subsets.subsets:NAKED_PAIR"),
        Listed("Naked Triple", ("n3",), (("0201", "n3"),), "subsets.subsets:NAKED_TRIPLE"),
        Listed("Naked Quadruple", ("n4",), (("0202", "n4"),), "subsets.subsets:NAKED_QUADRUPLE"),
        Listed("Hidden Pair", ("h2",), (("0210", "h2"),), "subsets.subsets:HIDDEN_PAIR"),
        Listed("Hidden Triple", ("h3",), (("0211", "h3"),), "subsets.subsets:HIDDEN_TRIPLE"),
        Listed("Hidden Quadruple", ("h4",), (("0212", "h4"),), "subsets.subsets:HIDDEN_QUADRUPLE"),
        Listed("Direct Hidden Pair", ("dh2",), (), "subsets.se_subsets:SE_SUBSETS:0"),
        Listed("Direct Hidden Triplet", ("dh3",), (), "subsets.se_subsets:SE_SUBSETS:1"),
        Listed("Naked Pair (SE)", ("sn2",), (), "subsets.se_subsets:SE_SUBSETS:2"),
        Listed("Naked Triplet (SE)", ("sn3",), (), "subsets.se_subsets:SE_SUBSETS:3"),
        Listed("Naked Quad (SE)", ("sn4",), (), "subsets.se_subsets:SE_SUBSETS:4"),
        Listed("Hidden Pair (SE)", ("sh2",), (), "subsets.se_subsets:SE_SUBSETS:5"),
        Listed("Hidden Triplet (SE)", ("sh3",), (), "subsets.se_subsets:SE_SUBSETS:6"),
        Listed("Hidden Quad (SE)", ("sh4",), (), "subsets.se_subsets:SE_SUBSETS:7"),
    ),
    "fish": (
        Listed("X-Wing", ("bf2",), (("0300", "bf2"),), "fish.fish:FISH_TECHNIQUES:0"),
        Listed("Swordfish", ("bf3",), (("0301", "bf3"),), "fish.fish:FISH_TECHNIQUES:1"),
        Listed("Jellyfish", ("bf4",), (("0302", "bf4"),), "fish.fish:FISH_TECHNIQUES:2"),
        Listed("Finned X-Wing", ("fbf2", "sfbf2"), (("0310", "fbf2"), ("03101", "sfbf2")), "fish.fish:FISH_TECHNIQUES:3"),
        Listed("Sashimi X-Wing", ("sbf2", "ssbf2"), (("0320", "sbf2"), ("03201", "ssbf2")), "fish.fish:FISH_TECHNIQUES:4"),
        Listed("Finned Swordfish", ("fbf3", "sfbf3"), (("0311", "fbf3"), ("03111", "sfbf3")), "fish.fish:FISH_TECHNIQUES:5"),
        Listed("Sashimi Swordfish", ("sbf3", "ssbf3"), (("0321", "sbf3"), ("03211", "ssbf3")), "fish.fish:FISH_TECHNIQUES:6"),
        Listed("Finned Jellyfish", ("fbf4", "sfbf4"), (("0312", "fbf4"), ("03121", "sfbf4")), "fish.fish:FISH_TECHNIQUES:7"),
        Listed("Sashimi Jellyfish", ("sbf4", "ssbf4"), (("0322", "sbf4"), ("03221", "ssbf4")), "fish.fish:FISH_TECHNIQUES:8"),
        Listed("Franken X-Wing", ("ff2", "sff2"), (("0330", "ff2"), ("03301", "sff2")), "fish.fish:FISH_TECHNIQUES:9"),
        Listed("Franken Swordfish", ("ff3", "sff3"), (("0331", "ff3"), ("03311", "sff3")), "fish.fish:FISH_TECHNIQUES:10"),
        Listed("Franken Jellyfish", ("ff4", "sff4"), (("0332", "ff4"), ("03321", "sff4")), "fish.fish:FISH_TECHNIQUES:11"),
        Listed("Finned Franken X-Wing", ("fff2", "sfff2"), (("0340", "fff2"), ("03401", "sfff2")), "fish.fish:FISH_TECHNIQUES:12"),
        Listed("Finned Franken Swordfish", ("fff3", "sfff3"), (("0341", "fff3"), ("03411", "sfff3")), "fish.fish:FISH_TECHNIQUES:13"),
        Listed("Finned Franken Jellyfish", ("fff4", "sfff4"), (("0342", "fff4"), ("03421", "sfff4")), "fish.fish:FISH_TECHNIQUES:14"),
        Listed("Mutant X-Wing", ("mf2", "smf2"), (("0350", "mf2"), ("03501", "smf2")), "fish.fish:FISH_TECHNIQUES:15"),
        Listed("Mutant Swordfish", ("mf3", "smf3"), (("0351", "mf3"), ("03511", "smf3")), "fish.fish:FISH_TECHNIQUES:16"),
        Listed("Mutant Jellyfish", ("mf4", "smf4"), (("0352", "mf4"), ("03521", "smf4")), "fish.fish:FISH_TECHNIQUES:17"),
        Listed("Finned Mutant X-Wing", ("fmf2", "sfmf2"), (("0360", "fmf2"), ("03601", "sfmf2")), "fish.fish:FISH_TECHNIQUES:18"),
        Listed("Finned Mutant Swordfish", ("fmf3", "sfmf3"), (("0361", "fmf3"), ("03611", "sfmf3")), "fish.fish:FISH_TECHNIQUES:19"),
        Listed("Finned Mutant Jellyfish", ("fmf4", "sfmf4"), (("0362", "fmf4"), ("03621", "sfmf4")), "fish.fish:FISH_TECHNIQUES:20"),
        Listed("Finned Mutant Squirmbag", ("fmf5", "sfmf5"), (("0363", "fmf5"), ("03631", "sfmf5")), "fish.fish:FISH_TECHNIQUES:21"),
        Listed("Finned Mutant Whale", ("fmf6", "sfmf6"), (("0364", "fmf6"), ("03641", "sfmf6")), "fish.fish:FISH_TECHNIQUES:22"),
        Listed("X-Wing (SE)", ("sf2",), (), "fish.se_fish:SE_X_WING"),
        Listed("Swordfish (SE)", ("sf3",), (), "fish.se_fish:SE_SWORDFISH"),
        Listed("Jellyfish (SE)", ("sf4",), (), "fish.se_fish:SE_JELLYFISH"),
        Listed("Kraken Fish", ("kf", "kf1", "kf2"), (("0371", "kf1"), ("0372", "kf2")), "fish.kraken:KRAKEN_FISH"),
    ),
    "single_digit": (
        Listed("Skyscraper", ("sk",), (("0400", "sk"),), "single_digit.two_links:SKYSCRAPER"),
        Listed("2-String Kite", ("2sk", "d2sk"), (("0401", "2sk"), ("0404", "d2sk")), "single_digit.two_links:TWO_STRING_KITE"),
        Listed("Turbot Fish", ("tf",), (("0403", "tf"),), "single_digit.two_links:TURBOT_FISH"),
        Listed("Empty Rectangle", ("er", "der"), (("0402", "er"), ("0405", "der")), "single_digit.empty_rectangle:EMPTY_RECTANGLE"),
        Listed("Rectangle Elimination", ("re",), (), "single_digit.rectangle_elimination:RECTANGLE_ELIMINATION"),
    ),
    "wings": (
        Listed("XY-Wing", ("xy",), (("0800", "xy"),), "wings.wings:XY_WING"),
        Listed("XYZ-Wing", ("xyz",), (("0801", "xyz"),), "wings.wings:XYZ_WING"),
        Listed("W-Wing", ("w",), (("0803", "w"),), "wings.wings:W_WING"),
        Listed("WXYZ-Wing", ("wxyz",), (), "wings.bent_sets:WXYZ_WING"),
        Listed("VWXYZ-Wing", ("vwxyz",), (), "wings.bent_sets:VWXYZ_WING"),
        Listed("XY-Wing (SE)", ("sxy",), (), "wings.se_wings:SE_XY_WING"),
        Listed("XYZ-Wing (SE)", ("sxyz",), (), "wings.se_wings:SE_XYZ_WING"),
    ),
    "coloring": (
        Listed("Simple Colors", ("sc", "sc1", "sc2"), (("0500", "sc1"), ("0501", "sc2")), "coloring.coloring:SIMPLE_COLORS"),
        Listed("Multi Colors", ("mc", "mc1", "mc2"), (("0502", "mc1"), ("0503", "mc2")), "coloring.coloring:MULTI_COLORS"),
        Listed("3D Medusa", ("3dm",), (), "coloring.medusa:MEDUSA"),
    ),
    "uniqueness": (
        Listed("Uniqueness Test 1", ("u1",), (("0600", "u1"),), "uniqueness.unique_rectangles:UNIQUENESS_1", uniqueness=True),
        Listed("Uniqueness Test 2", ("u2",), (("0601", "u2"),), "uniqueness.unique_rectangles:UNIQUENESS_2", uniqueness=True),
        Listed("Uniqueness Test 3", ("u3",), (("0602", "u3"),), "uniqueness.unique_rectangles:UNIQUENESS_3", uniqueness=True),
        Listed("Uniqueness Test 4", ("u4",), (("0603", "u4"),), "uniqueness.unique_rectangles:UNIQUENESS_4", uniqueness=True),
        Listed("Uniqueness Test 5", ("u5",), (("0604", "u5"),), "uniqueness.unique_rectangles:UNIQUENESS_5", uniqueness=True),
        Listed("Uniqueness Test 6", ("u6",), (("0605", "u6"),), "uniqueness.unique_rectangles:UNIQUENESS_6", uniqueness=True),
        Listed("Hidden Rectangle", ("hr",), (("0606", "hr"),), "uniqueness.unique_rectangles:HIDDEN_RECTANGLE", uniqueness=True),
        Listed("Avoidable Rectangle Type 1", ("ar1",), (("0607", "ar1"),), "uniqueness.avoidable:AVOIDABLE_RECTANGLE_1", uniqueness=True),
        Listed("Avoidable Rectangle Type 2", ("ar2",), (("0608", "ar2"),), "uniqueness.avoidable:AVOIDABLE_RECTANGLE_2", uniqueness=True),
        Listed("Bivalue Universal Grave + 1", ("bug1",), (("0610", "bug1"),), "uniqueness.bug:BUG_PLUS_1", uniqueness=True),
        Listed("Bivalue Universal Grave + n", ("bugn",), (), "uniqueness.bug_lite:BUG_PLUS_N", uniqueness=True),
        Listed("BUG-Lite", ("bugl",), (), "uniqueness.bug_lite:BUG_LITE", uniqueness=True),
        Listed("Unique Rectangles and Loops", ("ul1", "ul2", "ul3", "ul4"), (), "uniqueness.unique_loops:UNIQUE_LOOPS", uniqueness=True),
        Listed("Bivalue Universal Grave (SE)", ("sbug1", "sbug2", "sbug3", "sbug4"), (), "uniqueness.se_bug:SE_BUG", uniqueness=True),
    ),
    "hodoku_chains": (
        Listed("Remote Pair", ("rp",), (("0703", "rp"),), "hodoku_chains.remote_pair:REMOTE_PAIR"),
        Listed("X-Chain", ("x",), (("0701", "x"),), "hodoku_chains.simple_chains:X_CHAIN"),
        Listed("XY-Chain", ("xyc",), (("0702", "xyc"),), "hodoku_chains.simple_chains:XY_CHAIN"),
        Listed("Nice Loop/AIC", ("nl", "cnl", "dnl", "aic"), (("0706", "cnl"), ("0707", "dnl"), ("0708", "aic")), "hodoku_chains.nice_loops:NICE_LOOP"),
        Listed("Grouped Nice Loop/AIC", ("gnl", "gcnl", "gdnl", "gaic"), (("0709", "gcnl"), ("0710", "gdnl"), ("0711", "gaic")), "hodoku_chains.nice_loops:GROUPED_NICE_LOOP"),
    ),
    "als": (
        Listed("Almost Locked Set XZ-Rule", ("axz",), (("0901", "axz"),), "als.xz_and_xy_wing:ALS_XZ"),
        Listed("Almost Locked Set XY-Wing", ("axy",), (("0902", "axy"),), "als.xz_and_xy_wing:ALS_XY_WING"),
        Listed("Almost Locked Set Chain", ("ach",), (("0903", "ach"),), "als.chain:ALS_CHAIN"),
        Listed("Death Blossom", ("db",), (("0904", "db"),), "als.death_blossom:DEATH_BLOSSOM"),
    ),
    "misc": (
        Listed("Sue de Coq", ("sdc",), (("1101", "sdc"),), "misc.sue_de_coq:SUE_DE_COQ"),
    ),
    "patterns": (
        Listed("Tridagon", ("tri",), (), "patterns.tridagon:TRIDAGON"),
        Listed("Junior Exocet", ("je",), (), "patterns.exocet:JUNIOR_EXOCET"),
        Listed("Senior Exocet", ("sje",), (), "patterns.exocet:SENIOR_EXOCET"),
        Listed("SK-Loop", ("skl",), (), "patterns.sk_loop:SK_LOOP"),
        Listed("Multi-Sector Locked Set", ("msls",), (), "patterns.msls:MSLS"),
        Listed("Uneven Multi-Sector Locked Set", ("umsls",), (), "patterns.msls:UNEVEN_MSLS"),
        Listed("Firework", ("fw", "fw3", "fw4"), (), "patterns.firework:FIREWORK"),
    ),
    "krakens": (
        Listed("Kraken Cell", ("kc",), (), "krakens.kraken:KRAKEN_CELL"),
        Listed("Kraken House", ("kh",), (), "krakens.kraken:KRAKEN_HOUSE"),
        Listed("Kraken Tridagon", ("ktri",), (), "krakens.kraken:KRAKEN_TRIDAGON"),
        Listed("Exocet Kraken", ("kex",), (), "krakens.linked_kraken:EXOCET_KRAKEN"),
        Listed("Tridagon Link Kraken", ("ktl",), (), "krakens.linked_kraken:TRIDAGON_LINK_KRAKEN"),
    ),
    "whips": (
        Listed("Whip", ("wh",), (), "whips.whip:WHIP"),
        Listed("Grouped Whip", ("gwh",), (), "whips.grouped_whip:GROUPED_WHIP"),
        Listed("Kraken Whip", ("kwh",), (), "whips.kraken_whip:KRAKEN_WHIP"),
        Listed("Grouped Kraken Whip", ("gkwh",), (), "whips.kraken_whip:GROUPED_KRAKEN_WHIP"),
    ),
    "forcing": (
        Listed("Forcing Chain", ("fc", "fcc", "fcv"), (("1301", "fcc"), ("1302", "fcv")), "forcing.chains_and_nets:FORCING_CHAIN"),
        Listed("Forcing Net", ("fn", "fnc", "fnv"), (("1303", "fnc"), ("1304", "fnv")), "forcing.chains_and_nets:FORCING_NET"),
    ),
    "templates": (
        Listed("Template Set", ("ts",), (("1201", "ts"),), "templates.templates:TEMPLATE_SET"),
        Listed("Template Delete", ("td",), (("1202", "td"),), "templates.templates:TEMPLATE_DELETE"),
    ),
    "exclusion": (
        Listed("Aligned Pair Exclusion", ("ape",), (), "exclusion.aligned:ALIGNED_PAIR_EXCLUSION"),
        Listed("Aligned Triplet Exclusion", ("ate",), (), "exclusion.aligned:ALIGNED_TRIPLET_EXCLUSION"),
    ),
    "se_chains": (
        Listed("Forcing Chains and Cycles", ("sfc", "sxc", "syc", "sxyc", "sfxc"), (), "se_chains.cycles:FORCING_CHAINS_AND_CYCLES"),
        Listed("Nishio Forcing Chains", ("snfc",), (), "se_chains.multiple:NISHIO_FORCING_CHAINS"),
        Listed("Multiple Forcing Chains", ("smfc",), (), "se_chains.multiple:MULTIPLE_FORCING_CHAINS"),
        Listed("Dynamic Forcing Chains", ("sdfc",), (), "se_chains.multiple:DYNAMIC_FORCING_CHAINS"),
        Listed("Dynamic Forcing Chains (+)", ("sdfc1",), (), "se_chains.nested:DYNAMIC_PLUS_FORCING_CHAINS"),
        Listed("Dynamic Forcing Chains (+ Forcing Chains)", ("sdfc2",), (), "se_chains.nested:NESTED_FORCING_CHAINS:0"),
        Listed("Dynamic Forcing Chains (+ Multiple Forcing Chains)", ("sdfc3",), (), "se_chains.nested:NESTED_FORCING_CHAINS:1"),
        Listed("Dynamic Forcing Chains (+ Dynamic Forcing Chains)", ("sdfc4",), (), "se_chains.nested:NESTED_FORCING_CHAINS:2"),
        Listed("Dynamic Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))", ("sdfc5",), (), "se_chains.nested:NESTED_FORCING_CHAINS:3"),
    ),
}  # fmt: skip
