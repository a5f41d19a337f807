"""The layout of calc/scoring/suits.bin: written by calc.scoring.suits_make, read by calc.scoring.suits."""

from __future__ import annotations

import struct
from pathlib import Path

PATH = Path(__file__).with_name("suits.bin")
MAGIC = b"SANMASUT"
FILE_VERSION = 2
HEADER = struct.Struct("<8s9I")  # magic, version, then `sections`' counts, then three zeros
ITEM_SIZE = {"b": 1, "B": 1, "H": 2, "I": 4}
NUMBERS = 9  # tiles of a number suit
HONOURS = 7
LOW = 4  # a pattern's last four counts: its place is START[high] + ORDER[low] (suits_make)
RECORD = 8  # bytes of a reading record (suits_make.record)
NO_OFFSET = 0xFF  # a record's pair (or set) that is not there
MOST = 14  # tiles a pattern holds at most: a hand's concealed tiles


def sections(vectors: int, numbers: int, honours: int, slots: int, records: int) -> list[tuple[str, str, int]]:
    """(name, struct code, items) of each section, in file order, each starting 8-byte aligned, all
    little-endian: the rank of each low part; each high part's start and how many low ranks fit
    beside it, per kind of suit; the entries; the merged vector of each pair of vector ids; each
    vector's shanten plus one for 0-4 melds; each slot's first record (and the end of the last);
    the records; the tiles a high or low part holds (the sum of its digits: a pattern's tiles are
    its high part's and its low part's); each vector id's vector (read by the tests, not at run
    time)."""
    return [
        ("order", "H", 5 ** LOW),
        ("number_start", "I", 5 ** (NUMBERS - LOW)), ("number_limit", "H", 5 ** (NUMBERS - LOW)),
        ("honour_start", "I", 5 ** (HONOURS - LOW)), ("honour_limit", "H", 5 ** (HONOURS - LOW)),
        ("number_entry", "I", numbers), ("honour_entry", "I", honours),
        ("merge", "H", vectors * vectors), ("best", "B", vectors * 5),
        ("reading_at", "I", slots + 1), ("records", "B", records * RECORD),
        ("tiles", "B", 5 ** (NUMBERS - LOW)),
        ("vectors", "b", vectors * 10),
    ]


def places(data: bytes) -> tuple[int, dict[str, int]]:
    """(the number of vector ids, each section's offset in `data`), checked against the header."""
    if len(data) < HEADER.size:
        raise RuntimeError(f"{PATH} is cut short: run `make suit-tables`")
    magic, version, vectors, numbers, honours, slots, records, *_ = HEADER.unpack_from(data)
    if magic != MAGIC or version != FILE_VERSION:
        raise RuntimeError(f"{PATH} is not version {FILE_VERSION} of the suit tables: run `make suit-tables`")
    place = HEADER.size
    offsets: dict[str, int] = {}
    for name, kind, items in sections(vectors, numbers, honours, slots, records):
        place += -place % 8
        offsets[name] = place
        place += items * ITEM_SIZE[kind]
    if place != len(data):
        raise RuntimeError(f"{PATH} is {len(data)} bytes where its header says {place}: run `make suit-tables`")
    return vectors, offsets
