"""Trainer mode: drills, scoring, certification (issue 10).

`make_drill(kind, seed=, difficulty=, rules=)` returns a `Drill` whose answer the engine
computed and whose explanation works it out step by step (English and French);
`DrillSession` runs timed questions, `plan_certification`/`certification_result` the
fixed-length test, and `skill_summary`/`daily_series` the trainee's progress. See
docs/trainer.md.
"""

from dealerassist.trainer.certification import (
    CertificationResult,
    certification_result,
    plan_certification,
)
from dealerassist.trainer.difficulty import Difficulty
from dealerassist.trainer.drill import AnswerFormat, Choice, Drill, DrillKind, Payout, PotAnswer
from dealerassist.trainer.generator import make_drill, mixed_kinds
from dealerassist.trainer.grading import Grade, Mark, grade
from dealerassist.trainer.progress import DayPoint, SkillSummary, daily_series, skill_summary
from dealerassist.trainer.session import Attempt, DrillSession
from dealerassist.trainer.text import Lang, Text

__all__ = [
    "AnswerFormat",
    "Attempt",
    "CertificationResult",
    "Choice",
    "DayPoint",
    "Difficulty",
    "Drill",
    "DrillKind",
    "DrillSession",
    "Grade",
    "Lang",
    "Mark",
    "Payout",
    "PotAnswer",
    "SkillSummary",
    "Text",
    "certification_result",
    "daily_series",
    "grade",
    "make_drill",
    "mixed_kinds",
    "plan_certification",
    "skill_summary",
]
