"""Fast tables for the hot paths, decoded on first use from the generated `_tables`.

Each card code gets one integer weight ``W[code] = 5 ** (rank - 2) << 12 | 1 << 3 * suit``;
the sum over a hand is a key whose high part identifies the rank multiset and whose low
12 bits hold the four suit counts (three bits each). A flush shows in the low bits; when
there is none, one dict lookup on the high part gives the best five-card strength.
Flushes (a few per cent of seven-card hands) read a 13-bit rank mask table instead:
with five or more cards of one suit in seven, no full house or quads is possible, so
the flush (or straight flush) is the best hand.

The multiset dicts (73,775 entries each, about 8 ms apiece to build) and the flush lists
are attributes built the first time they are read (PEP 562 ``__getattr__``): importing
the evaluators costs nothing, and a process that only ever rates high hands (a hold'em
replay) never builds the lowball tables. The shipped blob's digest (``_tables.SHA256``)
is checked by the tests; at run time zlib's own checksum refuses a damaged stream.
"""

from __future__ import annotations

import binascii
import sys
import zlib
from array import array
from typing import Any

from dealerassist.evaluation.value import LOW_BASE, HandCategory, pack

SUIT_BITS = 12
SUIT_MASK = (1 << SUIT_BITS) - 1

JOKER_WEIGHT = 1 << 50
"""The joker's weight: above any sum of seven faces (< 2**43), so one comparison after
the sum tells whether a joker is in the hand and the slow joker rules must apply."""

WEIGHT: tuple[int, ...] = tuple(
    (5 ** (code >> 2) << SUIT_BITS) | (1 << 3 * (code & 3)) for code in range(52)
) + (JOKER_WEIGHT,)
"""Per-card-code weights (the joker, code 52, last); sum them over a hand to get its key."""


def _flush_suits() -> tuple[int, ...]:
    """For each 12-bit suit-count field, the suit holding five or more cards, else -1.

    (Of the fields no seven cards make, with two such suits: the higher one.)
    """
    return tuple([3 if field >> 9 & 7 >= 5 else 2 if field >> 6 & 7 >= 5
                  else 1 if field >> 3 & 7 >= 5 else 0 if field & 7 >= 5 else -1
                  for field in range(1 << SUIT_BITS)])


FLUSH_SUIT = _flush_suits()


# name -> its column, in the blob's order (`_generate.encode`): the standard
# keys, their three strengths, the short-deck keys and strengths, the two flush lists.
_MULTISET = {"HIGH_NOFLUSH": 1, "LOW_A5": 2, "LOW_27_NOFLUSH": 3, "SHORT_NOFLUSH": 5}
_FLUSH = {"HIGH_FLUSH": 6, "SHORT_FLUSH": 7}
_KEYS_OF = {1: 0, 2: 0, 3: 0, 5: 4}
# The hot paths read a multiset's strength as ``COLUMN[ROW[key]]``: one dict from key to
# row per key column (the three standard tables share theirs) and the strength columns
# as decoded, so a process rating high, A-5 and 2-7 hands builds one dict, not three.
_ROWS = {"MULTISET_ROW": 0, "SHORT_ROW": 4}
_COLUMNS = {"HIGH_COLUMN": 1, "LOW_A5_COLUMN": 2, "LOW_27_COLUMN": 3, "SHORT_COLUMN": 5}
_columns: list[array[int]] = []
_key_lists: dict[int, list[int]] = {}  # key column -> its keys as ints, shared by its dicts


def _decoded() -> list[array[int]]:
    """Return the blob's eight columns, decoded once."""
    if not _columns:
        from dealerassist.evaluation import _tables  # the 660 kB text: only when needed

        try:
            raw = zlib.decompress(binascii.a2b_base64(_tables.BLOB))
        except (binascii.Error, zlib.error):  # pragma: no cover
            raise RuntimeError(
                "dealerassist/evaluation/_tables.py is corrupt; regenerate it") from None
        data = array("I")
        data.frombytes(raw)
        if sys.byteorder != "little":  # pragma: no cover
            data.byteswap()
        standard_count, short_count, flush_count = data[0], data[1], data[2]
        offset = 3
        for count in (standard_count,) * 4 + (short_count,) * 2 + (flush_count,) * 2:
            _columns.append(data[offset : offset + count])
            offset += count
    return _columns


def __getattr__(name: str) -> Any:
    """Build a table the first time it is read, keep it as a module global.

    HIGH_NOFLUSH, LOW_A5, LOW_27_NOFLUSH, SHORT_NOFLUSH: dicts from the rank-multiset key
    (the weight sum >> 12) to the best strength ignoring flushes; HIGH_FLUSH, SHORT_FLUSH:
    lists from the 13-bit rank mask of one suit (bit = rank - 2) to the best flush in it.
    MULTISET_ROW, SHORT_ROW: dicts from the key to its row; HIGH_COLUMN, LOW_A5_COLUMN,
    LOW_27_COLUMN, SHORT_COLUMN: the strengths by row (``HIGH_COLUMN[MULTISET_ROW[key]]``
    is ``HIGH_NOFLUSH[key]``), what the evaluators read.
    """
    if name in _ROWS:
        keys = _ROWS[name]
        if keys not in _key_lists:
            _key_lists[keys] = _decoded()[keys].tolist()
        value: Any = dict(zip(_key_lists[keys], range(len(_key_lists[keys])), strict=True))
    elif name in _COLUMNS:
        value = _decoded()[_COLUMNS[name]]
    elif name in _MULTISET:
        columns = _decoded()
        column = _MULTISET[name]
        keys = _KEYS_OF[column]
        if keys not in _key_lists:
            _key_lists[keys] = columns[keys].tolist()
        # From lists: zip over arrays would make every key's int again for each dict.
        value = dict(zip(_key_lists[keys], columns[column].tolist(), strict=True))
    elif name in _FLUSH:
        value = _decoded()[_FLUSH[name]].tolist()
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


def _low8_table() -> tuple[int, ...]:
    """8-bit mask of low ranks present (bit r-1 for rank r, ace = 1) to the best low, or 0."""
    table = []
    for mask in range(256):
        ranks = [rank for rank in range(1, 9) if mask >> (rank - 1) & 1]
        if len(ranks) < 5:
            table.append(0)
        else:
            table.append(LOW_BASE - pack(HandCategory.HIGH_CARD.value, ranks[4::-1]))
    return tuple(table)


LOW8 = _low8_table()
LOW8_BIT: tuple[int, ...] = tuple(
    (1 << (0 if code >> 2 == 12 else (code >> 2) + 1)) if (code >> 2) <= 6 or code >> 2 == 12 else 0
    for code in range(52)
)
"""Per-card bit of its low rank when 8 or lower (ace = bit 0), else 0."""
