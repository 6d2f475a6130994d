"""The tournament clock's time source: one contract for the real clock and the fake."""

from __future__ import annotations

import time

import pytest

from dealerassist.session.clock import Clock, FakeClock, SystemClock, format_duration


@pytest.fixture(params=["system", "fake"])
def clock(request: pytest.FixtureRequest) -> Clock:
    return SystemClock() if request.param == "system" else FakeClock()


def test_clock_contract_integer_epoch_milliseconds_never_going_back(clock: Clock) -> None:
    assert isinstance(clock, Clock)
    readings = [clock.now_ms() for _ in range(200)]
    assert all(type(value) is int for value in readings)
    assert readings == sorted(readings)
    # Epoch milliseconds: comparable across runs (a restart resumes the level clock).
    assert 1_600_000_000_000 < readings[0] < 4_000_000_000_000


def test_system_clock_follows_the_wall_clock() -> None:
    clock = SystemClock()
    assert abs(clock.now_ms() - time.time_ns() // 1_000_000) < 1000
    before = clock.now_ms()
    time.sleep(0.02)
    assert clock.now_ms() - before >= 15


def test_fake_clock_moves_only_when_told_and_never_back() -> None:
    clock = FakeClock(start_ms=1_000)
    assert clock.now_ms() == 1_000
    assert clock.advance(minutes=1, seconds=2, ms=3) == 62_003 + 1_000
    with pytest.raises(ValueError, match="never goes back"):
        clock.advance(seconds=-1)
    assert clock.now_ms() == 63_003


@pytest.mark.parametrize(
    ("ms", "text"),
    [(0, "0:00"), (1, "0:01"), (59_001, "1:00"), (600_000, "10:00"), (3_600_000, "1:00:00"),
     (-5, "0:00")],
)
def test_format_duration_rounds_up_so_zero_means_time_is_out(ms: int, text: str) -> None:
    assert format_duration(ms) == text
