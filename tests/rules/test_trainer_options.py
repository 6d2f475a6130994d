"""The trainer's options of rules.yaml change what the certification run does.

``trainer.pass_mark_beginner`` / ``_intermediate`` / ``_advanced`` give a level its own
pass mark; left null the level uses ``trainer.pass_mark_percent``.
"""

from __future__ import annotations

import pytest

from dealerassist.rules import HouseRules, parse_rules_text, validate_rules_text
from dealerassist.trainer.certification import certification_result, plan_certification
from dealerassist.trainer.difficulty import Difficulty
from dealerassist.trainer.drill import DrillKind


def rules(text: str = "") -> HouseRules:
    return parse_rules_text("schema_version: 1\n" + text, "house.yaml")


def _run(right: int, total: int = 20) -> list[tuple[DrillKind, bool]]:
    return [(DrillKind.POTS, k < right) for k in range(total)]


def _passed(house: HouseRules, right: int) -> dict[str, bool]:
    return {level.value: certification_result(_run(right), rules=house,
                                              difficulty=level).passed
            for level in Difficulty}


def test_trainer_pass_mark_per_level_null_then_85_75_90() -> None:
    # default: every level uses pass_mark_percent 80: 16 of 20 passes everywhere
    assert _passed(rules(), 16) == {"beginner": True, "intermediate": True, "advanced": True}
    assert _passed(rules(), 15) == {"beginner": False, "intermediate": False,
                                    "advanced": False}
    stricter = rules("trainer: {pass_mark_beginner: 85}")
    assert _passed(stricter, 16) == {"beginner": False, "intermediate": True, "advanced": True}
    assert _passed(stricter, 17)["beginner"]
    lenient = rules("trainer: {pass_mark_advanced: 75}")
    assert _passed(lenient, 15) == {"beginner": False, "intermediate": False, "advanced": True}
    middle = rules("trainer: {pass_mark_intermediate: 90}")
    assert _passed(middle, 17) == {"beginner": True, "intermediate": False, "advanced": True}
    result = certification_result(_run(18), rules=middle, difficulty="intermediate")
    assert (result.pass_mark_percent, result.passed, result.difficulty) == (
        90, True, Difficulty.INTERMEDIATE)


def test_trainer_level_pass_mark_follows_pass_mark_percent_when_null() -> None:
    house = rules("trainer: {pass_mark_percent: 60, pass_mark_advanced: 95}")
    assert [house.trainer.pass_mark_for(level.value) for level in Difficulty] == [60, 60, 95]


@pytest.mark.parametrize(("text", "message"), [
    ("trainer: {pass_mark_beginner: 101}", "pass_mark_beginner must be at most 100"),
    ("trainer: {pass_mark_advanced: -1}", "pass_mark_advanced must be at least 0"),
    ("trainer: {pass_mark_intermediate: high}", "pass_mark_intermediate"),
])
def test_trainer_level_pass_marks_are_validated_with_the_line(text: str, message: str) -> None:
    problems = validate_rules_text("schema_version: 1\n" + text, "house.yaml")
    assert problems and message in str(problems[0]) and problems[0].line == 2


def test_a_certification_run_is_planned_at_the_chosen_level() -> None:
    house = rules("trainer: {question_count: 4}")
    for level in Difficulty:
        drills = plan_certification(rules=house, seed=3, difficulty=level)
        assert len(drills) == 4 and {d.difficulty for d in drills} == {level.value}
    with pytest.raises(ValueError, match="expert"):
        house.trainer.pass_mark_for("expert")
