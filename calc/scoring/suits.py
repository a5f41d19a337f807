"""The shipped per-suit tables: every suit pattern's facts, read from one file, nothing filled at run time.

A suit's pattern is its tile counts (9 numbers, or 7 honours, each 0-4, at most 14 tiles), given as
its `code` (base 5, the first count most significant). For every pattern the file
(calc/scoring/suits.bin, written by calc.scoring.suits_make, which says what each fact means) holds one
32-bit entry:

- bits 0-7, its blocks vector's id: `merged(a, b)` is the vector of two suits together and
  `shanten(v, melds)` the standard-form shanten of a hand whose suits merge to `v`;
- bits 8-16, its waits: bit i for each offset one more tile of which completes the suit;
- bits 17-31, its readings' slot, 0 when it is not complete: `readings(slot)` is the range of its
  reading records (RECORD bytes each, see suits_make.record) in `DATA`.

The first pass over hands a process has never seen is as fast as the millionth: every answer is a
few reads at computed places. The file is read once, as one `bytes` object (2.4 MB), and never
turned into per-pattern Python objects, so a process's memory does not grow with the hands it meets
and worker processes forked from it share the pages. Compiled code reads a byte of a `bytes` object
in about 2 ns (a memoryview of a mapped file: 27 ns, each read making an int object).
"""

from __future__ import annotations

from typing import Final

from calc.scoring import suits_file as F

MOST: Final = F.MOST
LOW_CODES: Final[int] = 5 ** F.LOW  # typed: mypy reads int ** int as Any
RECORD: Final = F.RECORD
NO_OFFSET: Final = F.NO_OFFSET

DATA: Final = F.PATH.read_bytes()  # values are assembled byte by byte (little-endian on any machine)
_VECTORS, _AT = F.places(DATA)
VECTORS: Final = _VECTORS  # vector ids are 0 .. VECTORS - 1
_ORDER: Final = _AT["order"]
_NUMBER_START: Final = _AT["number_start"]
_NUMBER_LIMIT: Final = _AT["number_limit"]
_HONOUR_START: Final = _AT["honour_start"]
_HONOUR_LIMIT: Final = _AT["honour_limit"]
_NUMBER_ENTRY: Final = _AT["number_entry"]
_HONOUR_ENTRY: Final = _AT["honour_entry"]
_MERGE: Final = _AT["merge"]
_BEST: Final = _AT["best"]
_READING_AT: Final = _AT["reading_at"]
RECORDS: Final = _AT["records"]  # the offset of the first record in DATA
_TILES: Final = _AT["tiles"]


def _u16(at: int) -> int:
    return DATA[at] | DATA[at + 1] << 8


def _u32(at: int) -> int:
    return DATA[at] | DATA[at + 1] << 8 | DATA[at + 2] << 16 | DATA[at + 3] << 24


def entry(code: int, honours: bool) -> int:
    """The entry of a suit pattern (see the module's docstring) by its code."""
    high = code // LOW_CODES
    rank = _u16(_ORDER + 2 * (code - high * LOW_CODES))
    if honours:
        if rank >= _u16(_HONOUR_LIMIT + 2 * high):
            raise ValueError(f"no suit table entry for honour pattern {code}: more than {MOST} tiles")
        return _u32(_HONOUR_ENTRY + 4 * (_u32(_HONOUR_START + 4 * high) + rank))
    if rank >= _u16(_NUMBER_LIMIT + 2 * high):
        raise ValueError(f"no suit table entry for number pattern {code}: more than {MOST} tiles")
    return _u32(_NUMBER_ENTRY + 4 * (_u32(_NUMBER_START + 4 * high) + rank))


def tiles(code: int) -> int:
    """The tiles a suit pattern holds, by its code."""
    high = code // LOW_CODES
    return DATA[_TILES + high] + DATA[_TILES + code - high * LOW_CODES]


def vector(e: int) -> int:
    """An entry's blocks vector id."""
    return e & 0xFF


def waits(e: int) -> int:
    """An entry's waits, as a mask of offsets."""
    return e >> 8 & 0x1FF


def complete(e: int) -> bool:
    return e >> 17 != 0


def merged(a: int, b: int) -> int:
    """The vector id of two suits (or merged groups of suits) of vector ids `a` and `b` together."""
    return _u16(_MERGE + 2 * (a * VECTORS + b))


def shanten(v: int, melds: int) -> int:
    """The standard-form shanten of concealed tiles whose suits merge to vector `v`, with `melds` melds."""
    return DATA[_BEST + v * 5 + melds] - 1


def readings(e: int) -> tuple[int, int]:
    """(offset in DATA of the first record, number of records) of a complete entry's readings."""
    slot = e >> 17
    first = _u32(_READING_AT + 4 * (slot - 1))
    return RECORDS + first * RECORD, _u32(_READING_AT + 4 * slot) - first
