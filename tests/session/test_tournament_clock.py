"""Properties of the blind clock as a fold of events (TRN-LEVELS), on random schedules."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from dealerassist.rules.model import BlindLevel
from dealerassist.session.tournament import TournamentState, evolve_tournament, read_clock
from dealerassist.session.tournament_events import (
    ClockPaused,
    ClockResumed,
    ClockStarted,
    TournamentStarted,
)

MINUTE = 60_000
START = 1_796_000_000_000

levels = st.lists(
    st.builds(
        lambda minutes, is_break: BlindLevel(
            small_blind=0 if is_break else 10, big_blind=0 if is_break else 20,
            minutes=minutes, is_break=is_break),
        st.integers(1, 30), st.booleans(),
    ),
    min_size=1, max_size=8,
).filter(lambda items: any(not level.is_break for level in items))


def started(schedule: list[BlindLevel]) -> TournamentState:
    event = TournamentStarted(preset="P", game="NT", max_seats=6, starting_stack=1000,
                              levels=tuple(schedule))
    return evolve_tournament(evolve_tournament(TournamentState(), event),
                             ClockStarted(at_ms=START))


def expected_level(schedule: list[BlindLevel], run_ms: int) -> tuple[int, int | None]:
    """The level and time left by adding up the minutes (the last level never ends)."""
    begin = 0
    for index, level in enumerate(schedule):
        end = begin + level.minutes * MINUTE  # type: ignore[operator]
        if index == len(schedule) - 1:
            return index, None
        if run_ms < end:
            return index, end - run_ms
        begin = end
    raise AssertionError  # pragma: no cover


@settings(max_examples=200, deadline=None)
@given(levels, st.lists(st.integers(0, 40 * MINUTE), min_size=1, max_size=20))
def test_TRN_LEVELS_clock_level_is_the_sum_of_minutes_and_never_goes_back(
    schedule: list[BlindLevel], offsets: list[int],
) -> None:
    state = started(schedule)
    previous = 0
    for offset in sorted(offsets):
        reading = read_clock(state, START + offset, hands_played=0)
        assert (reading.level, reading.ms_left) == expected_level(schedule, offset)
        assert reading.level >= previous
        previous = reading.level


@settings(max_examples=200, deadline=None)
@given(levels, st.lists(st.tuples(st.integers(1, 20 * MINUTE), st.integers(1, 60 * MINUTE)),
                        max_size=6))
def test_TRN_LEVELS_time_spent_paused_never_counts(
    schedule: list[BlindLevel], pauses: list[tuple[int, int]],
) -> None:
    state = started(schedule)
    now = START
    running = 0
    for run_for, pause_for in pauses:
        now += run_for
        running += run_for
        state = evolve_tournament(state, ClockPaused(at_ms=now))
        at_pause = read_clock(state, now, hands_played=0)
        now += pause_for
        assert read_clock(state, now, hands_played=0) == at_pause  # frozen while paused
        state = evolve_tournament(state, ClockResumed(at_ms=now))
        reading = read_clock(state, now, hands_played=0)
        assert (reading.level, reading.ms_left) == expected_level(schedule, running)
        assert reading.running and not at_pause.running
