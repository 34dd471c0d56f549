from __future__ import annotations

from engine.cells import (
    BOXES,
    COLS,
    MASK_COUNT,
    MASK_DIGITS,
    PEER_MASK,
    PEERS,
    ROWS,
    UNITS,
    UNITS_OF,
    UnitKind,
    cell_name,
    cells_of,
    common_units,
    parse_cell_name,
    unit_by_name,
)


def test_twenty_seven_units_boxes_rows_columns() -> None:
    assert len(UNITS) == 27
    assert [u.kind for u in UNITS] == [UnitKind.BOX] * 9 + [UnitKind.ROW] * 9 + [UnitKind.COL] * 9
    assert [u.number for u in UNITS] == list(range(27))
    assert BOXES[4].cells == (30, 31, 32, 39, 40, 41, 48, 49, 50)
    assert ROWS[0].cells == tuple(range(9))
    assert COLS[8].cells == tuple(range(8, 81, 9))


def test_each_cell_has_three_units_and_twenty_peers() -> None:
    for cell in range(81):
        assert len(UNITS_OF[cell]) == 3
        assert all(cell in UNITS[u].cells for u in UNITS_OF[cell])
        assert len(PEERS[cell]) == 20
        assert PEER_MASK[cell].bit_count() == 20
        assert cell not in PEERS[cell]
    assert set(PEERS[0]) == {1, 2, 3, 4, 5, 6, 7, 8, 9, 18, 27, 36, 45, 54, 63, 72, 10, 11, 19, 20}


def test_names_round_trip() -> None:
    assert cell_name(0) == "r1c1"
    assert cell_name(10) == "r2c2"
    assert cell_name(80) == "r9c9"
    assert all(parse_cell_name(cell_name(c)) == c for c in range(81))
    assert [unit_by_name(u.name) for u in UNITS] == list(UNITS)
    assert UNITS[0].name == "b1" and UNITS[9].name == "r1" and UNITS[26].name == "c9"
    assert UNITS[13].long_name == "row 5"


def test_masks_and_cell_sets() -> None:
    assert MASK_DIGITS[0b100000101] == (1, 3, 9)
    assert MASK_COUNT[0x1FF] == 9
    assert list(cells_of((1 << 80) | (1 << 3))) == [3, 80]
    # r1c1 and r1c2 share row 1 and box 1
    assert [u.name for u in common_units((1 << 0) | (1 << 1))] == ["b1", "r1"]
