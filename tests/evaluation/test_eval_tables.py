"""The shipped `_tables.py` is exactly what the rules in `_five.py` generate."""

from __future__ import annotations

import base64
import random
import zlib
from itertools import combinations

import pytest

from dealerassist.evaluation import _five, _generate, _lookup, _tables


def test_shipped_tables_hold_every_rank_multiset_of_five_to_seven_cards() -> None:
    # 6,175 + 18,395 + 49,205 multisets with at most four cards of a rank.
    assert len(_lookup.HIGH_NOFLUSH) == len(_lookup.LOW_A5) == 73_775
    assert len(_lookup.HIGH_FLUSH) == len(_lookup.SHORT_FLUSH) == 1 << 13


def test_a_sample_of_table_entries_equals_the_plain_rules() -> None:
    rng = random.Random(5)
    for _ in range(300):
        size = rng.choice((5, 6, 7))
        indices = tuple(sorted(rng.sample([index for index in range(13) for _ in range(4)], size)))
        ranks = [index + 2 for index in indices]
        key = _generate.key_of(indices)
        fives = set(combinations(ranks, 5))
        assert _lookup.HIGH_NOFLUSH[key] == max(_five.high5(f, suited=False) for f in fives)
        assert _lookup.LOW_27_NOFLUSH[key] == max(_five.low27(f, suited=False) for f in fives)
        low = [[1 if rank == 14 else rank for rank in five] for five in fives]
        assert _lookup.LOW_A5[key] == max(_five.low_a5(five) for five in low)


@pytest.mark.slow
def test_shipped_tables_are_regenerated_identically() -> None:
    # Compare the decompressed data, so that another zlib build cannot fail the test.
    regenerated = zlib.decompress(_generate.encode(_generate.build()))
    shipped = zlib.decompress(base64.b64decode("".join(_tables.BLOB)))
    assert regenerated == shipped


def test_shipped_blob_has_the_digest_written_beside_it() -> None:
    # The run time relies on zlib's checksum only; the digest is checked here.
    import hashlib

    assert hashlib.sha256(base64.b64decode(_tables.BLOB)).hexdigest() == _tables.SHA256


def test_tables_are_built_on_first_read_and_kept() -> None:
    # PEP 562 attributes: the same object on every read (hot paths capture it once).
    assert _lookup.LOW_27_NOFLUSH is _lookup.LOW_27_NOFLUSH
    assert _lookup.SHORT_FLUSH is _lookup.SHORT_FLUSH
    with pytest.raises(AttributeError):
        _lookup.NOT_A_TABLE  # noqa: B018


def test_rows_and_columns_read_every_multiset_as_the_dicts_do() -> None:
    # The evaluators read COLUMN[ROW[key]] (one key dict shared by the standard tables).
    rows = _lookup.MULTISET_ROW
    assert len(rows) == 73_775
    for key, row in rows.items():
        assert _lookup.HIGH_COLUMN[row] == _lookup.HIGH_NOFLUSH[key]
        assert _lookup.LOW_A5_COLUMN[row] == _lookup.LOW_A5[key]
        assert _lookup.LOW_27_COLUMN[row] == _lookup.LOW_27_NOFLUSH[key]
    assert {key: _lookup.SHORT_COLUMN[row] for key, row in _lookup.SHORT_ROW.items()} \
        == _lookup.SHORT_NOFLUSH
