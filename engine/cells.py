"""Sudoku geometry, computed once: cells, units (houses), peers, names and bit tables.

Cells are numbered 0-80 row-major; digits are 1-9. A set of digits is a 9-bit mask
(bit ``d - 1`` for digit ``d``); a set of cells is an 81-bit int (bit ``cell``), so
``&``, ``|`` and ``int.bit_count()`` do the set algebra. Text names are 1-based
(``r1c2``, ``b5``); code indices are 0-based. This module is the only place that
converts between the two.
"""

from __future__ import annotations

import re
from enum import Enum
from dataclasses import dataclass
from typing import Any, Callable, Final, Generic, Iterator, TypeAlias, TypeVar

Cell: TypeAlias = int
Digit: TypeAlias = int
Mask: TypeAlias = int
CellSet: TypeAlias = int
T = TypeVar("T")

N_CELLS: Final = 81
N_UNITS: Final = 27
N_DIGITS: Final = 9
ALL_DIGITS: Final[Mask] = 0x1FF
ALL_CELLS: Final[CellSet] = (1 << N_CELLS) - 1
DIGITS: Final[tuple[Digit, ...]] = tuple(range(1, 10))


class UnitKind(Enum):
    """The three kinds of house; the value is the letter used in names (``b5``, ``r1``, ``c9``)."""

    BOX = "b"
    ROW = "r"
    COL = "c"

    @property
    def word(self) -> str:
        return {"b": "box", "r": "row", "c": "column"}[self.value]


@dataclass(frozen=True, slots=True)
class Unit:
    """A house: nine cells that must hold each digit once."""

    kind: UnitKind
    index: int  # 0-8 within its kind
    cells: tuple[Cell, ...]
    mask: CellSet
    number: int  # 0-26 position in UNITS

    @property
    def name(self) -> str:
        """Short name: ``r1``, ``c9``, ``b5``."""
        return UNIT_NAMES[self.number]

    @property
    def long_name(self) -> str:
        """Words for explanations: ``row 1``, ``column 9``, ``box 5``."""
        return UNIT_LONG_NAMES[self.number]

    def __str__(self) -> str:
        return self.name


def row_of(cell: Cell) -> int:
    return cell // 9


def col_of(cell: Cell) -> int:
    return cell % 9


def box_of(cell: Cell) -> int:
    return (cell // 27) * 3 + (cell % 9) // 3


def cell_at(row: int, col: int) -> Cell:
    return row * 9 + col


def _make_unit(kind: UnitKind, index: int, number: int) -> Unit:
    if kind is UnitKind.BOX:
        r0, c0 = 3 * (index // 3), 3 * (index % 3)
        cells = tuple(cell_at(r0 + i // 3, c0 + i % 3) for i in range(9))
    elif kind is UnitKind.ROW:
        cells = tuple(cell_at(index, i) for i in range(9))
    else:
        cells = tuple(cell_at(i, index) for i in range(9))
    mask = 0
    for cell in cells:
        mask |= 1 << cell
    return Unit(kind, index, cells, mask, number)


# Boxes first, then rows, then columns: the fixed order every technique loops in,
# so golden step logs stay stable.
UNITS: Final[tuple[Unit, ...]] = tuple(
    _make_unit(kind, i, k * 9 + i) for k, kind in enumerate(UnitKind) for i in range(9)
)
#: Each house's short name and words, by number (made once: explanations use them often).
UNIT_NAMES: Final[tuple[str, ...]] = tuple(f"{kind.value}{i + 1}" for kind in UnitKind for i in range(9))
UNIT_LONG_NAMES: Final[tuple[str, ...]] = tuple(f"{kind.word} {i + 1}" for kind in UnitKind for i in range(9))
BOXES: Final[tuple[Unit, ...]] = UNITS[0:9]
ROWS: Final[tuple[Unit, ...]] = UNITS[9:18]
COLS: Final[tuple[Unit, ...]] = UNITS[18:27]
LINES: Final[tuple[Unit, ...]] = ROWS + COLS

ROW_OF: Final[tuple[int, ...]] = tuple(row_of(c) for c in range(N_CELLS))
COL_OF: Final[tuple[int, ...]] = tuple(col_of(c) for c in range(N_CELLS))
BOX_OF: Final[tuple[int, ...]] = tuple(box_of(c) for c in range(N_CELLS))

#: UNITS_OF[cell] = (box unit number, row unit number, column unit number)
UNITS_OF: Final[tuple[tuple[int, int, int], ...]] = tuple(
    (BOX_OF[c], 9 + ROW_OF[c], 18 + COL_OF[c]) for c in range(N_CELLS)
)

#: HOUSES_OF[cell] = (row unit number, column unit number, box unit number): the order in
#: which the grid books a lost candidate in the cell's houses (HoDoKu's order, so the
#: singles it reveals queue up the way HoDoKu's do).
HOUSES_OF: Final[tuple[tuple[int, int, int], ...]] = tuple((r, k, b) for b, r, k in UNITS_OF)


class Crossing:
    """A line crossing a box: the three cells they share (ascending) and their set. A
    plain class, compiled a native one (a named tuple's fields are generic lookups)."""

    __slots__ = ("line", "box", "cells", "mask")

    def __init__(self, line: Unit, box: Unit) -> None:
        self.line = line
        self.box = box
        self.cells: tuple[Cell, ...] = tuple(c for c in line.cells if box.mask >> c & 1)
        self.mask: CellSet = line.mask & box.mask

    def places(self, cands: list[Mask], digit: Digit) -> int:
        """Which of the three cells hold ``digit`` as a candidate, as three bits (bit k:
        ``cells[k]``), read from the cells' candidate masks (no cell set made)."""
        shift = digit - 1
        a, b, c = self.cells
        return (cands[a] >> shift & 1) | (cands[b] >> shift & 1) << 1 | (cands[c] >> shift & 1) << 2

    def subset(self, places: int) -> CellSet:
        """The cells of ``places`` (see :meth:`places`) as a cell set."""
        out = 0
        for k, cell in enumerate(self.cells):
            if places >> k & 1:
                out |= 1 << cell
        return out


class CrossingValues(Generic[T]):
    """One value per crossing of a table of them, digit and places (see
    :meth:`Crossing.places`), made the first time it is asked for: for values that cost to
    make (compiled, a named tuple's constructor runs interpreted) and are asked for again
    and again (a group of each grid's crossings, say)."""

    def __init__(self, crossings: tuple[Crossing, ...], make: Callable[[Crossing, Digit, int], T]) -> None:
        self.crossings = crossings
        self.make = make
        self.made: list[T | None] = [None] * (len(crossings) * 10 * 8)

    def get(self, k: int, digit: Digit, places: int) -> T:
        """The value of ``crossings[k]``, ``digit`` and ``places``."""
        at = (k * 10 + digit) * 8 + places
        value = self.made[at]
        if value is None:
            value = self.made[at] = self.make(self.crossings[k], digit, places)
        return value


#: Every line crossing a box: lines first (rows, then columns), each line's boxes in order.
CROSSINGS: Final[tuple[Crossing, ...]] = tuple(Crossing(line, box) for line in LINES for box in BOXES if line.mask & box.mask)
#: The same crossings, boxes first (each box's rows, then its columns).
CROSSINGS_BY_BOX: Final[tuple[Crossing, ...]] = tuple(sorted(CROSSINGS, key=lambda x: (x.box.number, x.line.number)))
#: Per line (in LINES' order), the three crossings along it.
LINE_CROSSINGS: Final[tuple[tuple[Crossing, ...], ...]] = tuple(CROSSINGS[3 * i : 3 * i + 3] for i in range(len(LINES)))


def _peer_mask(cell: Cell) -> CellSet:
    mask = 0
    for u in UNITS_OF[cell]:
        mask |= UNITS[u].mask
    return mask & ~(1 << cell)


PEER_MASK: Final[tuple[CellSet, ...]] = tuple(_peer_mask(c) for c in range(N_CELLS))
PEERS: Final[tuple[tuple[Cell, ...], ...]] = tuple(
    tuple(p for p in range(N_CELLS) if PEER_MASK[c] >> p & 1) for c in range(N_CELLS)
)

#: POSITION_IN_UNIT[unit number][cell] = index 0-8 of the cell inside that unit, or -1.
POSITION_IN_UNIT: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(unit.cells.index(c) if c in unit.cells else -1 for c in range(N_CELLS)) for unit in UNITS
)

# --- digit masks -------------------------------------------------------------------


def bit(digit: Digit) -> Mask:
    """The mask of one digit.

    >>> bit(1), bit(9)
    (1, 256)
    """
    return 1 << (digit - 1)


#: MASK_DIGITS[mask] = the digits in a 9-bit mask, ascending.
MASK_DIGITS: Final[tuple[tuple[Digit, ...], ...]] = tuple(
    tuple(d for d in DIGITS if m >> (d - 1) & 1) for m in range(ALL_DIGITS + 1)
)
#: MASK_COUNT[mask] = number of digits in the mask.
MASK_COUNT: Final[tuple[int, ...]] = tuple(len(ds) for ds in MASK_DIGITS)
#: SINGLE_DIGIT[mask] = the digit if the mask holds exactly one, else 0.
SINGLE_DIGIT: Final[tuple[Digit, ...]] = tuple(ds[0] if len(ds) == 1 else 0 for ds in MASK_DIGITS)


def mask_of(digits: Iterator[Digit] | tuple[Digit, ...] | list[Digit] | set[Digit]) -> Mask:
    """The mask holding the given digits.

    >>> mask_of([1, 3])
    5
    """
    mask = 0
    for d in digits:
        mask |= 1 << (d - 1)
    return mask


# --- cell sets -----------------------------------------------------------------------


#: Whether this module runs compiled (mypyc, the optional build of issue 24). Compiled, an
#: int below 2**62 is a machine word while every operation on a larger one allocates an
#: object, so a big bit set is read one 62-bit word at a time (2-8x faster on candidate
#: and cell sets); interpreted, the fewest operations win.
COMPILED: Final = not __file__.endswith(".py")
#: An int held as the object it is, in hot lists. Compiled (mypyc), a value typed ``int``
#: is unboxed when read from a list and boxed into a new object (an allocation, above 256)
#: each time it goes into one; typed ``Any``, the object read moves as it is. Arithmetic
#: and indexing use a copy typed ``int``.
BoxedInt: TypeAlias = Any
#: The ints 0 .. 4095 as objects, made once (literal numbers, distances, digit masks).
INT_OBJECTS: Final[tuple[BoxedInt, ...]] = tuple(range(4096))


def boxed(number: int) -> BoxedInt:
    """A non-negative number as a shared object when it is small enough (see BoxedInt)."""
    return INT_OBJECTS[number] if number < len(INT_OBJECTS) else number


WORD_BITS: Final = 62
WORD_MASK: Final = (1 << WORD_BITS) - 1
#: A cell set in two halves that each fit a machine word (see COMPILED): cells 0-53 (rows
#: 1-6) and cells 54-80 (rows 7-9). Tests that run many masks over one set (a house per
#: digit, say) split it once and make no object per test.
HALF_BITS: Final = 54
LOW_HALF: Final = (1 << HALF_BITS) - 1


def halves(cells: CellSet) -> tuple[int, int]:
    """A cell set's low and high halves (see HALF_BITS).

    >>> halves(1 << 80 | 1)
    (1, 67108864)
    """
    return cells & LOW_HALF, cells >> HALF_BITS


def half_count(low: int, high: int) -> int:
    """How many cells a cell set given as halves holds (see HALF_BITS), read nine bits at a
    time from MASK_COUNT (``int.bit_count`` is a method call, compiled).

    >>> half_count(*halves(1 << 80 | 1 << 53 | 1))
    3
    """
    return (
        MASK_COUNT[low & 511] + MASK_COUNT[low >> 9 & 511] + MASK_COUNT[low >> 18 & 511] + MASK_COUNT[low >> 27 & 511]
        + MASK_COUNT[low >> 36 & 511] + MASK_COUNT[low >> 45] + MASK_COUNT[high & 511] + MASK_COUNT[high >> 9 & 511] + MASK_COUNT[high >> 18]
    )


def first_of_halves(low: int, high: int) -> Cell:
    """The lowest cell of a non-empty cell set given as halves (see HALF_BITS).

    >>> first_of_halves(*halves(1 << 80 | 1 << 60))
    60
    """
    if low:
        return (low & -low).bit_length() - 1
    return HALF_BITS + (high & -high).bit_length() - 1


def half_indices(low: int, high: int) -> list[Cell]:
    """The cells of a cell set given as halves (see HALF_BITS), ascending: ``cells_of``
    with no object made per cell (each half fits a machine word, compiled).

    >>> half_indices(*halves(1 << 80 | 1 << 53 | 1))
    [0, 53, 80]
    """
    out: list[Cell] = []
    while low:
        bit = low & -low
        out.append(bit.bit_length() - 1)
        low ^= bit
    while high:
        bit = high & -high
        out.append(HALF_BITS + bit.bit_length() - 1)
        high ^= bit
    return out


#: PEER_MASK as halves (see HALF_BITS).
PEER_HALVES: Final[tuple[tuple[int, int], ...]] = tuple(halves(peers) for peers in PEER_MASK)
#: Each house's cells (in UNITS' order) as halves.
UNIT_HALVES: Final[tuple[tuple[int, int], ...]] = tuple(halves(unit.mask) for unit in UNITS)


#: Compiled, sets longer than this are read byte by byte (see bit_indices); shorter ones
#: (cell sets, a digit's candidates) by words, which wins there.
BYTES_FROM: Final = 256
#: The set bits of each byte value.
BYTE_BITS: Final[tuple[tuple[int, ...], ...]] = tuple(tuple(k for k in range(8) if byte >> k & 1) for byte in range(256))


def bit_indices(value: int) -> list[int]:
    """The indices of the set bits of a non-negative int, ascending (cells of a cell set,
    candidate numbers of a candidate set, ...).

    >>> bit_indices(0b1010)
    [1, 3]
    """
    out: list[int] = []
    if COMPILED and value.bit_length() > BYTES_FROM:
        # A long sparse set (a literal's links, say): read as bytes, made once, where
        # every 62-bit word would make two ints (3x faster at 1,400 bits with 15 set).
        data = value.to_bytes((value.bit_length() + 7) >> 3, "little")
        for i in range(len(data)):
            byte = data[i]
            if byte:
                for k in BYTE_BITS[byte]:
                    out.append(i * 8 + k)
        return out
    if COMPILED:
        base = 0
        while value:
            word = value & WORD_MASK
            while word:
                low = word & -word
                out.append(base + low.bit_length() - 1)
                word ^= low
            value >>= WORD_BITS
            base += WORD_BITS
        return out
    # Interpreted: from the top, each bit found by its length and cleared (two operations
    # on the whole int per bit, where the lowest bit, ``value & -value``, takes three).
    while value:
        top = value.bit_length() - 1
        out.append(top)
        value ^= 1 << top
    out.reverse()
    return out


def union_of(bits: int, sets: list[int]) -> int:
    """The union of ``sets[i]`` over the set bits ``i`` of ``bits``: one step of a search
    over links kept as bit sets (what a front of literals or nodes implies).

    >>> union_of(0b101, [0b1, 0b10, 0b100])
    5
    """
    union = 0
    if COMPILED:  # one 62-bit word at a time (see COMPILED)
        base = 0
        while bits:
            word = bits & WORD_MASK
            while word:
                low = word & -word
                union |= sets[base + low.bit_length() - 1]
                word ^= low
            bits >>= WORD_BITS
            base += WORD_BITS
        return union
    while bits:  # from the top, as bit_indices does
        top = bits.bit_length() - 1
        union |= sets[top]
        bits ^= 1 << top
    return union


def cells_of(cellset: CellSet) -> list[Cell]:
    """The cells of an 81-bit cell set, ascending."""
    return bit_indices(cellset)


def cellset_of(cells: Iterator[Cell] | tuple[Cell, ...] | list[Cell] | frozenset[Cell]) -> CellSet:
    """The 81-bit cell set holding the given cells."""
    mask = 0
    for c in cells:
        mask |= 1 << c
    return mask


def peers_by_house(cell: Cell, among: CellSet) -> list[Cell]:
    """The cells of ``among`` that share a house with ``cell``, each once, in HoDoKu's link
    order: the cell's row, then its column, then its box, ascending within each."""
    out: list[Cell] = []
    seen = 1 << cell
    for house in HOUSES_OF[cell]:
        here = among & UNITS[house].mask & ~seen
        seen |= here
        out += cells_of(here)
    return out


def first_cell(cellset: CellSet) -> Cell:
    """The lowest cell of a non-empty cell set."""
    return (cellset & -cellset).bit_length() - 1


# --- names -------------------------------------------------------------------------

_CELL_NAME_RE: Final = re.compile(r"^[rR]([1-9])[cC]([1-9])$")


def cell_name(cell: Cell) -> str:
    """The 1-based name of a cell.

    >>> cell_name(0), cell_name(10), cell_name(80)
    ('r1c1', 'r2c2', 'r9c9')
    """
    return CELL_NAMES[cell]


CELL_NAMES: Final[tuple[str, ...]] = tuple(f"r{c // 9 + 1}c{c % 9 + 1}" for c in range(N_CELLS))


def parse_cell_name(text: str) -> Cell:
    """The cell named ``rNcM``.

    >>> parse_cell_name("r2c2")
    10
    """
    match = _CELL_NAME_RE.match(text.strip())
    if match is None:
        raise ValueError(f"not a cell name: {text!r} (expected r1c1 to r9c9)")
    return cell_at(int(match.group(1)) - 1, int(match.group(2)) - 1)


def unit_by_name(name: str) -> Unit:
    """The unit called ``r1``, ``c9`` or ``b5``."""
    kind = {"b": UnitKind.BOX, "r": UnitKind.ROW, "c": UnitKind.COL}.get(name[:1].lower())
    if kind is None or len(name) != 2 or name[1] not in "123456789":
        raise ValueError(f"not a house name: {name!r} (expected r1-r9, c1-c9 or b1-b9)")
    return UNITS[list(UnitKind).index(kind) * 9 + int(name[1]) - 1]


#: Per cell, the masks of its box, row and column.
HOUSE_MASKS_OF: Final[tuple[tuple[CellSet, CellSet, CellSet], ...]] = tuple(
    (UNITS[b].mask, UNITS[r].mask, UNITS[c].mask) for b, r, c in UNITS_OF
)


def in_one_house(cells: CellSet) -> bool:
    """All the cells of a non-empty cell set lie in one house (a house holding them holds
    the lowest one, so only its three houses are looked at). Cells that all see each other
    are exactly such sets."""
    box, row, col = HOUSE_MASKS_OF[(cells & -cells).bit_length() - 1]
    return not (cells & ~box and cells & ~row and cells & ~col)


def common_units(cells: CellSet) -> tuple[Unit, ...]:
    """The units that contain every cell of a non-empty cell set (boxes, rows, columns)."""
    return tuple(u for u in UNITS if cells & ~u.mask == 0)
