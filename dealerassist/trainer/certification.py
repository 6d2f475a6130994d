"""The certification run: a fixed-length mixed test at one level, with the house's pass mark.

`plan_certification` draws ``trainer.question_count`` drills spread over every kind at the
level the trainer picks (beginner, intermediate, advanced; from one seed, so a paper copy
can be printed and marked later); `certification_result` marks a finished run against the
level's pass mark (``trainer.pass_mark_<level>`` when the house sets one, else
``trainer.pass_mark_percent``) with integer arithmetic.
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
    """Return the run's questions: ``rules.trainer.question_count`` drills over every kind.

    Every question is drawn at ``difficulty``, the level the run certifies.
    """
    difficulty = Difficulty(difficulty)
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
        pass_mark_percent: the house's pass mark for the run's level.
        passed: ``correct / total >= pass mark``, in exact integers.
        missed: kinds answered wrong, one entry per wrong answer.
        difficulty: the level the run was taken at.

    """

    total: int
    correct: int
    pass_mark_percent: int
    passed: bool
    missed: tuple[DrillKind, ...]
    difficulty: Difficulty = Difficulty.INTERMEDIATE

    @property
    def percent(self) -> int:
        """The score in whole percent, rounded down."""
        return self.correct * 100 // self.total if self.total else 0


def certification_result(outcomes: Sequence[tuple[DrillKind, bool]], *, rules: HouseRules,
                         difficulty: Difficulty | str = Difficulty.INTERMEDIATE,
                         ) -> CertificationResult:
    """Mark a run from (kind, right?) per question, against the level's pass mark.

    The pass mark is ``trainer.pass_mark_<level>`` when the house sets it, else
    ``trainer.pass_mark_percent`` (`TrainerRules.pass_mark_for`).
    """
    level = Difficulty(difficulty)
    total = len(outcomes)
    correct = sum(1 for _, right in outcomes if right)
    mark = rules.trainer.pass_mark_for(level.value)
    return CertificationResult(
        total=total, correct=correct, pass_mark_percent=mark,
        passed=total > 0 and correct * 100 >= mark * total,
        missed=tuple(kind for kind, right in outcomes if not right),
        difficulty=level,
    )
