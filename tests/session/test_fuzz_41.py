"""Random command sequences for every cash game, the table's invariants after every line.

Issue 41's proof: no folded seat to act, chips conserved, a refusal changes nothing,
replay equals live, no internal error (`table_fuzz.Fuzz.step`). The short run is part of
``make test``; the ``slow`` one runs long (``make test-all``); ``scripts/fuzz_table.py``
runs 30,000 lines and reports the anomalies.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .table_fuzz import CASH_PRESETS, Fuzz

_SETTINGS = dict(deadline=None, derandomize=True,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _play(data: st.DataObject, steps: int) -> Fuzz:
    preset = data.draw(st.sampled_from(CASH_PRESETS), label="preset")
    rng = random.Random(data.draw(st.integers(0, 2**32), label="seed"))
    fuzz = Fuzz(preset)
    stacks = data.draw(st.lists(st.sampled_from([1, 30, 300, 2000]), min_size=2, max_size=4),
                       label="stacks")
    for seat, stack in enumerate(stacks, start=1):
        fuzz.session.execute(f"sit {seat} P{seat} {stack}")

    def pick(lines: list[str]) -> str:
        return data.draw(st.sampled_from(lines))

    for _ in range(steps):
        fuzz.step(pick, rng)
        assert not fuzz.anomalies, fuzz.anomalies
    return fuzz


@settings(max_examples=22, **_SETTINGS)
@given(st.data())
def test_issue_41_fuzz_every_game_keeps_the_table_invariants(data: st.DataObject) -> None:
    _play(data, steps=45)


@pytest.mark.slow
@settings(max_examples=200, **_SETTINGS)
@given(st.data())
def test_issue_41_fuzz_every_game_keeps_the_table_invariants_long(data: st.DataObject) -> None:
    _play(data, steps=150)
