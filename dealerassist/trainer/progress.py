"""A trainee's progress: accuracy and speed per drill kind, weakest first, and over time.

Pure functions over the attempts stored by `dealerassist.journal.progress`. Accuracy is
an integer percent (rounded down) so the chart and the tests see the same number.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from dealerassist.journal.progress import AttemptRecord

__all__ = ["DayPoint", "SkillSummary", "daily_series", "skill_summary"]


@dataclass(frozen=True, slots=True)
class SkillSummary:
    """How a trainee does on one kind of drill."""

    kind: str
    attempts: int
    correct: int
    mean_ms: int

    @property
    def accuracy_percent(self) -> int:
        """Share of right answers, whole percent rounded down."""
        return self.correct * 100 // self.attempts if self.attempts else 0


@dataclass(frozen=True, slots=True)
class DayPoint:
    """One day of practice (UTC day of the answers)."""

    day: str
    attempts: int
    correct: int
    mean_ms: int

    @property
    def accuracy_percent(self) -> int:
        """Share of right answers that day, whole percent rounded down."""
        return self.correct * 100 // self.attempts if self.attempts else 0


def skill_summary(attempts: Iterable[AttemptRecord]) -> tuple[SkillSummary, ...]:
    """Per kind, weakest first: lowest accuracy, then slowest, then by name."""
    totals: dict[str, list[int]] = {}
    for attempt in attempts:
        entry = totals.setdefault(attempt.kind, [0, 0, 0])
        entry[0] += 1
        entry[1] += int(attempt.correct)
        entry[2] += attempt.elapsed_ms
    summaries = [SkillSummary(kind, n, right, ms // n) for kind, (n, right, ms) in totals.items()]
    summaries.sort(key=lambda s: (s.correct * 100 // s.attempts, -s.mean_ms, s.kind))
    return tuple(summaries)


def daily_series(attempts: Iterable[AttemptRecord], *, kind: str | None = None
                 ) -> tuple[DayPoint, ...]:
    """Accuracy and speed day by day (all kinds, or one), oldest first."""
    days: dict[str, list[int]] = {}
    for attempt in attempts:
        if kind is not None and attempt.kind != kind:
            continue
        entry = days.setdefault(attempt.answered_at[:10], [0, 0, 0])
        entry[0] += 1
        entry[1] += int(attempt.correct)
        entry[2] += attempt.elapsed_ms
    return tuple(DayPoint(day, n, right, ms // n) for day, (n, right, ms) in sorted(days.items()))
