"""Fast tables for the hot paths, loaded once at import from the generated `_tables`.

Each card code gets one integer weight ``W[code] = 5 ** (rank - 2) << 12 | 1 << 3 * suit``;
the sum over a hand is a key whose high part identifies the rank multiset and whose low
12 bits hold the four suit counts (three bits each). A flush shows in the low bits; when
there is none, one dict lookup on the high part gives the best five-card strength.
Flushes (a few per cent of seven-card hands) read a 13-bit rank mask table instead:
with five or more cards of one suit in seven, no full house or quads is possible, so
the flush (or straight flush) is the best hand.
"""

from __future__ import annotations

import base64
import hashlib
import sys
import zlib
from array import array

from dealerassist.evaluation import _tables
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
    """For each 12-bit suit-count field, the suit holding five or more cards, else -1."""
    result = []
    for field in range(1 << SUIT_BITS):
        suit = -1
        for candidate in range(4):
            if (field >> 3 * candidate) & 7 >= 5:
                suit = candidate
        result.append(suit)
    return tuple(result)


FLUSH_SUIT = _flush_suits()


def _load() -> tuple[
    dict[int, int], dict[int, int], dict[int, int], dict[int, int], list[int], list[int]
]:
    """Decode the shipped tables: four multiset dicts, then the two flush lists."""
    blob = base64.b64decode("".join(_tables.BLOB))
    if hashlib.sha256(blob).hexdigest() != _tables.SHA256:  # pragma: no cover
        raise RuntimeError("dealerassist/evaluation/_tables.py is corrupt; regenerate it")
    data = array("I")
    data.frombytes(zlib.decompress(blob))
    if sys.byteorder != "little":  # pragma: no cover
        data.byteswap()
    standard_count, short_count, flush_count = data[0], data[1], data[2]
    offset = 3
    columns = []
    for count in (standard_count,) * 4 + (short_count,) * 2 + (flush_count,) * 2:
        columns.append(data[offset : offset + count])
        offset += count
    keys, high, a5, d27, short_keys, short_high, high_flush, short_flush = columns
    return (
        dict(zip(keys, high, strict=True)),
        dict(zip(keys, a5, strict=True)),
        dict(zip(keys, d27, strict=True)),
        dict(zip(short_keys, short_high, strict=True)),
        high_flush.tolist(),
        short_flush.tolist(),
    )


HIGH_NOFLUSH, LOW_A5, LOW_27_NOFLUSH, SHORT_NOFLUSH, HIGH_FLUSH, SHORT_FLUSH = _load()
"""Dicts: rank-multiset key (weight sum >> 12) to the best strength ignoring flushes;
lists: 13-bit rank mask of one suit (bit = rank - 2) to the best flush it makes."""


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
