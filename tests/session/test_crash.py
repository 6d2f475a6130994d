"""CI-sized crash test: the full count (200 kills) is `python scripts/crash_test.py`."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "crash_test.py"


@pytest.fixture(scope="module")
def crash():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("crash_test_script", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["crash_test_script"] = module
    spec.loader.exec_module(module)
    return module


def test_sigkill_at_random_moments_loses_no_acknowledged_event(crash, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(7)
    # One kill during start-up, then kills after a random number of acknowledged commands,
    # a random fraction of a command later.
    kills = [(None, 0.05)] + [(rng.randint(1, 80), rng.uniform(0, 0.004)) for _ in range(9)]
    mid_hand = 0
    for index, (after_line, delay) in enumerate(kills):
        commands, states = crash.scripted_commands(rng.randrange(2**31), 80)
        result = crash.one_round(
            db=tmp_path / f"r{index}.sqlite3",
            commands=commands,
            states=states,
            delay=delay,
            after_line=after_line,
        )
        assert result.problems == [], (after_line, delay, result)
        assert result.committed_commands >= result.accepted_acknowledged
        mid_hand += result.mid_hand
    assert mid_hand >= 1  # at least one kill landed inside a hand and resumed there
