"""The bench feeds the recogniser as a camera does (`bench_vision.camera_stream`).

Why it matters: the latency figure is a goal of issue 9 (p95 <= 30 ms). It must time the
reader alone, at the camera's rhythm, not the renderer's after-effect; these tests pin
that each group is rendered before its first frame is read, that frames are read one
every 1/30 s (at once when the reader is late) and that the time is the read's alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from dealerassist.cli.bench_vision import FPS, camera_stream


@dataclass(frozen=True)
class _Scene:
    image: str


class _Clock:
    """A fake clock: reading a frame takes ``cost[image]`` seconds, sleeping advances it."""

    def __init__(self, cost: dict[str, float]) -> None:
        self.now = 100.0
        self.cost = cost
        self.sleeps: list[float] = []
        self.log: list[str] = []

    def clock(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(round(seconds, 6))
        self.now += seconds

    def read(self, image: str) -> str:
        self.log.append(f"read {image}")
        self.now += self.cost[image]
        return image.upper()


def _scenes(clock: _Clock, names: list[tuple[str, str, str]]):
    for condition, deck, image in names:
        clock.log.append(f"render {image}")
        yield condition, deck, _Scene(image)


def test_each_group_is_rendered_before_its_first_frame_is_read() -> None:
    clock = _Clock({"a": 0.01, "b": 0.01, "c": 0.01, "d": 0.01})
    names = [("clean", "d1", "a"), ("clean", "d1", "b"), ("blur", "d1", "c"),
             ("blur", "d2", "d")]
    list(camera_stream(_scenes(clock, names), clock.read, clock=clock.clock,
                       sleep=clock.sleep))
    # A group ends where the next one begins: that first scene is rendered a group early.
    assert clock.log == ["render a", "render b", "render c", "read a", "read b",
                         "render d", "read c", "read d"]


def test_frames_are_read_one_every_thirtieth_of_a_second_and_timed_alone() -> None:
    clock = _Clock({"a": 0.010, "b": 0.020, "c": 0.050, "d": 0.005})
    names = [("clean", "d1", name) for name in "abcd"]
    results = list(camera_stream(_scenes(clock, names), clock.read, clock=clock.clock,
                                 sleep=clock.sleep))
    assert FPS == 30
    # a waits for nothing; b waits out the rest of a's 1/30 s; c the rest of b's; c took
    # longer than a frame, so d is read at once.
    assert clock.sleeps == [round(1 / 30 - 0.010, 6), round(1 / 30 - 0.020, 6)]
    assert [round(ms, 3) for *_, ms in results] == [10.0, 20.0, 50.0, 5.0]
    assert [(c, d, reading) for c, d, _, reading, _ in results] == [
        ("clean", "d1", "A"), ("clean", "d1", "B"), ("clean", "d1", "C"), ("clean", "d1", "D")]


def test_a_separate_timer_times_the_read_and_the_wall_clock_paces_it() -> None:
    clock = _Clock({"a": 0.010, "b": 0.010})
    spent = iter([0.0, 0.004, 1.0, 1.003])  # CPU seconds before and after each read
    names = [("far", "d2", "a"), ("far", "d2", "b")]
    results = list(camera_stream(_scenes(clock, names), clock.read, clock=clock.clock,
                                 sleep=clock.sleep, timer=lambda: next(spent)))
    assert [round(ms, 3) for *_, ms in results] == [4.0, 3.0]
    assert clock.sleeps == [round(1 / 30 - 0.010, 6)]


def test_with_a_warm_up_the_groups_last_frame_is_read_untimed_before_its_stream() -> None:
    clock = _Clock({"a": 0.01, "b": 0.01, "c": 0.01})
    names = [("clean", "d1", "a"), ("clean", "d1", "b"), ("blur", "d1", "c")]
    results = list(camera_stream(_scenes(clock, names), clock.read, clock=clock.clock,
                                 sleep=clock.sleep, warm_up=True))
    assert clock.log == ["render a", "render b", "render c", "read b", "read a", "read b",
                         "read c", "read c"]
    assert [reading for *_, reading, _ in results] == ["A", "B", "C"]
