"""Time for the tournament clock: an injectable `Clock`, the real one and a fake for tests.

The blind clock (TRN-LEVELS) must survive a restart, so the times it journals have to be
comparable across runs: `SystemClock` reads the wall clock once, at start, and from then on
advances with the monotonic clock, so a level never jumps when the computer's time is set
(NTP, daylight saving) while the program runs. Times are integer milliseconds since the
Unix epoch: the journal refuses floats, and a level's length is a whole number of minutes.

`FakeClock` is the same contract with a hand on the dial (`advance`), for tests and the
clock view's demo.
"""

from __future__ import annotations

import time
from typing import Protocol, runtime_checkable

__all__ = ["Clock", "FakeClock", "SystemClock", "format_duration"]


@runtime_checkable
class Clock(Protocol):
    """Something that tells the time in whole milliseconds since the Unix epoch."""

    def now_ms(self) -> int:
        """Return the current time; never less than the value returned before."""
        ...  # pragma: no cover - protocol


class SystemClock:
    """The real clock: wall time at start, then the monotonic clock (never goes back)."""

    def __init__(self) -> None:
        self._wall_ns = time.time_ns()
        self._mono_ns = time.monotonic_ns()

    def now_ms(self) -> int:
        """Return the epoch milliseconds, advancing with the monotonic clock."""
        elapsed_ns = time.monotonic_ns() - self._mono_ns
        return (self._wall_ns + elapsed_ns) // 1_000_000


class FakeClock:
    """A clock that moves only when told to (tests, demo)."""

    def __init__(self, start_ms: int = 1_796_000_000_000) -> None:
        if start_ms < 0:
            raise ValueError(f"a clock cannot start before the epoch ({start_ms})")
        self._now = start_ms

    def now_ms(self) -> int:
        """Return the time set so far."""
        return self._now

    def advance(self, *, seconds: int = 0, minutes: int = 0, ms: int = 0) -> int:
        """Move the time forward and return the new time.

        Raises:
            ValueError: a step backwards (a clock never goes back).

        """
        step = ms + 1000 * seconds + 60_000 * minutes
        if step < 0:
            raise ValueError(f"a clock never goes back (step {step} ms)")
        self._now += step
        return self._now


def format_duration(ms: int) -> str:
    """Return ``ms`` as ``M:SS`` (or ``H:MM:SS`` from one hour), rounded up to the second.

    Rounding up means the display reads 0:00 only when the time is really out.
    """
    seconds = max(0, -(-ms // 1000))
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes}:{secs:02d}"
