"""Tables built at import in a quicker way than the plain one are the plain one's."""

from __future__ import annotations

from engine.cells import COLS, ROWS
from techniques.fish import kraken


def test_the_kraken_fish_line_spans_are_the_union_of_their_lines() -> None:
    for by_rows, lines in ((True, ROWS), (False, COLS)):
        assert kraken._SPANS[by_rows] == tuple(sum(lines[i].mask for i in range(9) if m >> i & 1) for m in range(512))
