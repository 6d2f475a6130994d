"""The certification run: a fixed-length mixed test with the pass mark from rules.yaml.

`plan_certification` draws ``trainer.question_count`` drills spread over every kind (from
one seed, so a paper copy can be printed and marked later); `certification_result` marks a
finished run against ``trainer.pass_mark_percent`` with integer arithmetic.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from dealerassist.rules.model import HouseRules
from dealerassist.trainer.difficulty import Difficulty
from dealerassist.trainer.drill import Drill, DrillKind
from dealerassist.trainer.generator import make_drill, mixed_kinds

__all__ = ["CertificationResult", "certification_result", "plan_certification"]


def plan_certification(*, rules: HouseRules, seed: int,
                       difficulty: Difficulty = Difficulty.INTERMEDIATE) -> tuple[Drill, ...]:
    """Return the run's questions: ``rules.trainer.question_count`` drills over every kind."""
    count = rules.trainer.question_count
    kinds = mixed_kinds(count, seed=seed)
    return tuple(
        make_drill(kind, seed=seed * 1000 + k, difficulty=difficulty, rules=rules)
        for k, kind in enumerate(kinds)
    )


@dataclass(frozen=True, slots=True)
class CertificationResult:
    """A marked run.

    Attributes:
        total: questions asked.
        correct: right answers.
        pass_mark_percent: the house's pass mark.
        passed: ``correct / total >= pass mark``, in exact integers.
        missed: kinds answered wrong, one entry per wrong answer.

    """

    total: int
    correct: int
    pass_mark_percent: int
    passed: bool
    missed: tuple[DrillKind, ...]

    @property
    def percent(self) -> int:
        """The score in whole percent, rounded down."""
        return self.correct * 100 // self.total if self.total else 0


def certification_result(outcomes: Sequence[tuple[DrillKind, bool]], *,
                         rules: HouseRules) -> CertificationResult:
    """Mark a run from (kind, right?) per question, against ``trainer.pass_mark_percent``."""
    total = len(outcomes)
    correct = sum(1 for _, right in outcomes if right)
    mark = rules.trainer.pass_mark_percent
    return CertificationResult(
        total=total, correct=correct, pass_mark_percent=mark,
        passed=total > 0 and correct * 100 >= mark * total,
        missed=tuple(kind for kind, right in outcomes if not right),
    )
