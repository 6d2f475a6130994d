"""Builds the rank-multiset tables of `_tables` from the plain rules of `_five`.

Not imported at run time: ``scripts/evaluation_make_tables.py`` calls `encode_tables` to
write ``_tables.py``, and the slow test regenerates the tables to prove the shipped copy
is the one these rules give.

Key of a rank multiset (5 to 7 cards, at most four of a rank): ``sum(5 ** index)`` over
its cards, ``index = rank - 2``; base 5 keeps every multiset distinct. Each table maps a
key to the best packed strength of any five of those ranks, ignoring suits:
high (non-flush), A-5 low (suits never matter), 2-7 low (non-flush), and 6+ high
(ranks six to ace only, non-flush).
"""

from __future__ import annotations

import base64
import hashlib
import sys
import zlib
from array import array
from collections.abc import Iterator
from itertools import combinations

from dealerassist.evaluation import _five

SHORT_WHEEL = (14, 9, 8, 7, 6)


def multisets(size: int, first: int, last: int) -> Iterator[tuple[int, ...]]:
    """Yield every multiset of ``size`` rank indices in ``first..last``, at most four of each."""

    def extend(prefix: tuple[int, ...], index: int) -> Iterator[tuple[int, ...]]:
        if len(prefix) == size:
            yield prefix
            return
        if index > last:
            return
        room = size - len(prefix)
        for count in range(min(4, room), -1, -1):
            yield from extend(prefix + (index,) * count, index + 1)

    yield from extend((), first)


def key_of(indices: tuple[int, ...]) -> int:
    """Return the base-5 key of a multiset of rank indices (rank - 2)."""
    return sum(5**index for index in indices)


def _best(indices: tuple[int, ...], rate) -> int:  # noqa: ANN001 - a small private helper
    return max(rate([index + 2 for index in five]) for five in set(combinations(indices, 5)))


def _low_a5(ranks: list[int]) -> int:
    return _five.low_a5([1 if rank == 14 else rank for rank in ranks])


def build() -> dict[str, tuple[list[int], ...]]:
    """Build every table as parallel lists: ``{"standard": (keys, high, a5, d27), ...}``."""
    keys: list[int] = []
    high: list[int] = []
    a5: list[int] = []
    d27: list[int] = []
    for size in (5, 6, 7):
        for indices in multisets(size, 0, 12):
            keys.append(key_of(indices))
            high.append(_best(indices, lambda ranks: _five.high5(ranks, suited=False)))
            a5.append(_best(indices, _low_a5))
            d27.append(_best(indices, lambda ranks: _five.low27(ranks, suited=False)))
    short_keys: list[int] = []
    short_high: list[int] = []
    for size in (5, 6, 7):
        for indices in multisets(size, 4, 12):
            short_keys.append(key_of(indices))
            short_high.append(
                _best(
                    indices,
                    lambda ranks: _five.high5(
                        ranks, suited=False, wheel=SHORT_WHEEL, short_deck=True
                    ),
                )
            )
    return {
        "standard": (keys, high, a5, d27),
        "short": (short_keys, short_high),
        "flush": (flush_table(wheel=(14, 5, 4, 3, 2)), flush_table(wheel=SHORT_WHEEL)),
    }


def flush_table(*, wheel: tuple[int, ...]) -> list[int]:
    """13-bit rank mask (bit = rank - 2) of one suit's cards to the best flush they make.

    Masks of fewer than five ranks hold 0. Rated by `_five.high5` on every five of them,
    suited; the short-deck table (``wheel`` A-9-8-7-6) also uses its category order.
    """
    short_deck = wheel == SHORT_WHEEL
    table = [0] * (1 << 13)
    for mask in range(1 << 13):
        ranks = [rank for rank in range(2, 15) if mask >> (rank - 2) & 1]
        if len(ranks) < 5:
            continue
        table[mask] = max(
            _five.high5(list(five), suited=True, wheel=wheel, short_deck=short_deck)
            for five in combinations(ranks, 5)
        )
    return table


def encode(tables: dict[str, tuple[list[int], ...]]) -> bytes:
    """Encode the tables as one zlib stream of little-endian arrays.

    First the counts, then each column, all unsigned 32-bit: keys stay below 5**13 and
    strengths below 2**25.
    """
    standard, short, flush = tables["standard"], tables["short"], tables["flush"]
    header = array("I", [len(standard[0]), len(short[0]), len(flush[0])])
    columns = [array("I", standard[0]), *(array("I", column) for column in standard[1:])]
    columns += [array("I", short[0]), array("I", short[1])]
    columns += [array("I", flush[0]), array("I", flush[1])]
    parts = [header, *columns]
    if sys.byteorder != "little":  # pragma: no cover - the shipped file is little-endian
        for part in parts:
            part.byteswap()
    return zlib.compress(b"".join(part.tobytes() for part in parts), 9)


def module_text(blob: bytes) -> str:
    """Return the source of ``_tables.py`` holding ``blob`` as base64 text (decoded in C)."""
    text = base64.b64encode(blob).decode("ascii")
    lines = [text[start : start + 96] for start in range(0, len(text), 96)]
    digest = hashlib.sha256(blob).hexdigest()
    body = "\n".join(f'    "{line}"' for line in lines)
    return (
        '"""Rank-multiset tables of the evaluators. GENERATED, do not edit.\n\n'
        "Regenerate with ``python scripts/evaluation_make_tables.py``; the format is\n"
        "described in `dealerassist.evaluation._generate` and read by\n"
        "`dealerassist.evaluation._lookup`.\n"
        '"""\n\n'
        f'SHA256 = "{digest}"\n\n'
        f"BLOB = (\n{body}\n)\n"
    )
