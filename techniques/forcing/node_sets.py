"""Houses and cells of a whole node bit set at once, for the rule checks of forcing chains
and nets.

A node bit set holds candidates digit-major (``techniques.shared``: candidate
``(digit - 1) * 81 + cell``, cells row by row), so it is nine *planes* of 81 bits, one per
digit, each nine 9-bit rows. The functions here reduce all planes together, with a few
shifts and masks on the whole int instead of a loop per digit and house:

* :func:`rows_holding`, :func:`columns_holding`, :func:`boxes_holding`: one bit per digit
  and house that holds a node (where in the plane is each function's own; compare only
  results of the same function);
* :func:`cells_holding_any`, :func:`cells_holding_all`: a cell set, the cells with a node
  of some digit, or of every digit;

and on top of them the rule checks: :func:`clash` (two digits in a cell, or a digit twice
in a house) and :class:`Places` (a house left without a place for a digit). Bits past the
729 candidates (a chain's group nodes) are ignored.

Interpreted, these are several times faster than a loop per digit and house (about 100
operations on 729-bit ints instead of some 300 on cell sets); compiled, every operation
on an int that large allocates, and the loops on machine-word halves win (see
``engine.cells.COMPILED``): the rule checks use these only when interpreted.

>>> from techniques.shared import candidate_index
>>> nodes = 1 << candidate_index(0, 5) | 1 << candidate_index(10, 5)
>>> rows_holding(nodes).bit_count(), columns_holding(nodes).bit_count(), boxes_holding(nodes).bit_count()
(2, 2, 1)
>>> bin(cells_holding_any(nodes))
'0b10000000001'
"""

from __future__ import annotations

from typing import Final, Sequence

_PLANE: Final = 81
_PLANES: Final = 9


def _each_plane(bits: int) -> int:
    """``bits`` (a pattern of one plane) repeated in every plane."""
    return sum(bits << _PLANE * p for p in range(_PLANES))


def _rows(rows: range | tuple[int, ...]) -> int:
    return sum(0x1FF << 9 * r for r in rows)


#: The low 8 bits, and the top bit, of every row of every plane.
_ROW_LOW: Final = _each_plane(sum(0xFF << 9 * r for r in range(9)))
_ROW_TOP: Final = _each_plane(sum(0x100 << 9 * r for r in range(9)))
#: Rows 0 to k - 1 of every plane (k = 1, 2, 3, 5).
_ROWS_BELOW: Final = tuple(_each_plane(_rows(range(k))) for k in range(6))
#: Rows 1, 4 and 7 (the first of each band), and the first cell of each box, in every plane.
_BAND_ROWS: Final = _each_plane(_rows((0, 3, 6)))
_BOX_FIRST: Final = _each_plane(sum(1 << (9 * r + c) for r in (0, 3, 6) for c in (0, 3, 6)))
#: Planes 0 to k - 1.
_PLANES_BELOW: Final = tuple((1 << _PLANE * k) - 1 for k in range(6))


def rows_holding(nodes: int) -> int:
    """A bit per digit and row holding a node of the digit (the row's last cell)."""
    # A row's low 8 bits plus 255 carry into its top bit, and no further, unless all 0.
    return (((nodes & _ROW_LOW) + _ROW_LOW) | nodes) & _ROW_TOP


def columns_holding(nodes: int) -> int:
    """A bit per digit and column holding a node of the digit (the column's first cell)."""
    # Fold each plane's rows onto its first: 9 rows -> 5 -> 3 -> 2 -> 1.
    rows = (nodes | nodes >> 36) & _ROWS_BELOW[5]
    rows = (rows | rows >> 18) & _ROWS_BELOW[3]
    rows = (rows | rows >> 9) & _ROWS_BELOW[2]
    return (rows | rows >> 9) & _ROWS_BELOW[1]


def boxes_holding(nodes: int) -> int:
    """A bit per digit and box holding a node of the digit (the box's first cell)."""
    bands = (nodes | nodes >> 9 | nodes >> 18) & _BAND_ROWS
    return (bands | bands >> 1 | bands >> 2) & _BOX_FIRST


def cells_holding_any(nodes: int) -> int:
    """The cells where ``nodes`` holds a node of some digit."""
    # Fold the planes onto the first: 9 -> 5 -> 3 -> 2 -> 1.
    cells = (nodes | nodes >> 4 * _PLANE) & _PLANES_BELOW[5]
    cells = (cells | cells >> 2 * _PLANE) & _PLANES_BELOW[3]
    cells = (cells | cells >> _PLANE) & _PLANES_BELOW[2]
    return (cells | cells >> _PLANE) & _PLANES_BELOW[1]


def cells_holding_all(nodes: int) -> int:
    """The cells where ``nodes`` holds the node of every digit."""
    cells = nodes & nodes >> 4 * _PLANE & _PLANES_BELOW[5]
    cells = cells & cells >> 2 * _PLANE & _PLANES_BELOW[3]
    cells = cells & cells >> _PLANE & _PLANES_BELOW[2]
    return cells & cells >> _PLANE & _PLANES_BELOW[1]


def node_set(cells_by_digit: Sequence[int]) -> int:
    """The node set of per-digit cell sets (index 0 unused, as ``Grid.cells_with``)."""
    nodes = 0
    for d in range(1, 10):
        nodes |= cells_by_digit[d] << _PLANE * (d - 1)
    return nodes


def clash(on: int) -> bool:
    """Whether nodes set true (``on``) put two digits in one cell or one digit twice in a
    row, column or box: each such pair makes a holder count fewer than the nodes."""
    if not on & (on - 1):
        return False
    count = on.bit_count()
    return (
        cells_holding_any(on).bit_count() < count
        or rows_holding(on).bit_count() < count
        or columns_holding(on).bit_count() < count
        or boxes_holding(on).bit_count() < count
    )


class Places:
    """Each digit's places (a node set), and the houses holding some: whether removals
    leave one of those houses without a place for its digit."""

    __slots__ = ("places", "rows", "columns", "boxes")

    def __init__(self, places: int) -> None:
        self.places = places
        self.rows = rows_holding(places)
        self.columns = columns_holding(places)
        self.boxes = boxes_holding(places)

    def emptied(self, off: int) -> bool:
        """Whether removing the nodes ``off`` leaves a house without a place for a digit."""
        left = self.places & ~off
        return bool(self.rows & ~rows_holding(left) or self.columns & ~columns_holding(left) or self.boxes & ~boxes_holding(left))


#: No places: what the compiled build keeps where it does not use these tests.
NO_PLACES: Final = Places(0)
