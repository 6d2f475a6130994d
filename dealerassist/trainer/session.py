"""A drill session: one question at a time, timed, answered and marked.

The clock is injected (milliseconds, monotonic) so tests and the console share the same
logic; the session never touches storage: each answer returns an `Attempt` for the caller
to record in the trainee's history.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from dealerassist.rules.model import HouseRules
from dealerassist.trainer.difficulty import Difficulty
from dealerassist.trainer.drill import Drill, DrillKind
from dealerassist.trainer.generator import make_drill
from dealerassist.trainer.grading import Grade, Mark, grade
from dealerassist.trainer.text import Text

__all__ = ["Attempt", "DrillSession", "monotonic_ms"]

Clock = Callable[[], int]


def monotonic_ms() -> int:
    """Milliseconds of a monotonic clock."""
    return time.monotonic_ns() // 1_000_000


@dataclass(frozen=True, slots=True)
class Attempt:
    """One answered drill: what was asked, the verdict and how long it took."""

    kind: DrillKind
    difficulty: str
    seed: int
    grade: Grade
    elapsed_ms: int
    timed_out: bool

    @property
    def correct(self) -> bool:
        """Right and within the time limit."""
        return self.grade.correct and not self.timed_out


class DrillSession:
    """Drills of chosen kinds one after another.

    Args:
        rules: the house rules (the answers follow them).
        kinds: the kinds to draw from, in turn.
        difficulty: the level.
        time_limit_s: seconds allowed per question, None for no limit.
        seed: first seed; each question uses the next one.
        clock: monotonic milliseconds.

    """

    def __init__(self, *, rules: HouseRules, kinds: tuple[DrillKind, ...],
                 difficulty: Difficulty = Difficulty.BEGINNER, time_limit_s: int | None = None,
                 seed: int = 0, clock: Clock = monotonic_ms) -> None:
        if not kinds:
            raise ValueError("a drill session needs at least one kind")
        self.rules = rules
        self.kinds = tuple(kinds)
        self.difficulty = difficulty
        self.time_limit_s = time_limit_s
        self.seed = seed
        self._clock = clock
        self._asked = 0
        self.current: Drill | None = None
        self._started_ms = 0
        self.attempts: list[Attempt] = []

    def next(self) -> Drill:
        """Draw the next question and start its clock."""
        kind = self.kinds[self._asked % len(self.kinds)]
        self.current = make_drill(kind, seed=self.seed + self._asked,
                                  difficulty=self.difficulty, rules=self.rules)
        self._asked += 1
        self._started_ms = self._clock()
        return self.current

    def remaining_ms(self) -> int | None:
        """Milliseconds left on the current question, None without a time limit."""
        if self.time_limit_s is None or self.current is None:
            return None
        return max(0, self.time_limit_s * 1000 - (self._clock() - self._started_ms))

    def answer(self, text: str) -> Attempt | Grade:
        """Mark ``text``; an unreadable answer returns its `Grade` and keeps the question open.

        Raises:
            RuntimeError: no question is open.

        """
        drill = self.current
        if drill is None:
            raise RuntimeError("no question is open: call next() first")
        verdict = grade(drill, text)
        if verdict.mark is Mark.UNREADABLE:
            return verdict
        elapsed = self._clock() - self._started_ms
        timed_out = self.time_limit_s is not None and elapsed > self.time_limit_s * 1000
        if timed_out:
            verdict = Grade(Mark.WRONG, Text("Time is up. ", "Temps écoulé. ") + verdict.message)
        attempt = Attempt(kind=drill.kind, difficulty=drill.difficulty, seed=drill.seed,
                          grade=verdict, elapsed_ms=elapsed, timed_out=timed_out)
        self.attempts.append(attempt)
        self.current = None
        return attempt
