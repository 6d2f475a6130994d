"""Reading answers, timed sessions and the certification run."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealerassist.trainer import (
    Attempt,
    Difficulty,
    DrillKind,
    DrillSession,
    Mark,
    certification_result,
    grade,
    make_drill,
    plan_certification,
)
from dealerassist.trainer.drill import AnswerFormat, Payout, PotAnswer
from dealerassist.trainer.grading import parse_answer

from .helpers import RULES


@pytest.mark.parametrize(("fmt", "text", "value"), [
    (AnswerFormat.AMOUNT, "1 200", 1200),
    (AnswerFormat.SEAT, "seat 3", 3),
    (AnswerFormat.SEAT, "Siège 4", 4),
    (AnswerFormat.CHOICE, "b)", "B"),
    (AnswerFormat.POTS, "1500: 1 2 3; 1400: 3, 2", (PotAnswer(1500, (1, 2, 3)),
                                                    PotAnswer(1400, (2, 3)))),
    (AnswerFormat.PAYOUTS, "3=451 1=450", (Payout(1, 450), Payout(3, 451))),
])
def test_answers_are_read_leniently(fmt: AnswerFormat, text: str, value: object) -> None:
    assert parse_answer(fmt, text) == value


@pytest.mark.parametrize(("fmt", "text"), [
    (AnswerFormat.AMOUNT, "12.5"), (AnswerFormat.AMOUNT, ""), (AnswerFormat.CHOICE, "E"),
    (AnswerFormat.POTS, "1500 1 2"), (AnswerFormat.PAYOUTS, "seat one wins"),
])
def test_unreadable_answers_are_refused_not_guessed(fmt: AnswerFormat, text: str) -> None:
    with pytest.raises(ValueError):
        parse_answer(fmt, text)


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=40), fmt=st.sampled_from(list(AnswerFormat)))
def test_any_text_is_read_or_refused_with_a_value_error(text: str, fmt: AnswerFormat) -> None:
    try:
        parse_answer(fmt, text)
    except ValueError:
        pass


def test_unreadable_answer_says_how_to_write_it_and_keeps_the_question_open() -> None:
    clock = iter(range(0, 100_000, 1000))
    session = DrillSession(rules=RULES, kinds=(DrillKind.PL_MAX,), clock=lambda: next(clock))
    drill = session.next()
    verdict = session.answer("about eight hundred")
    assert verdict.mark is Mark.UNREADABLE  # type: ignore[union-attr]
    assert "whole number" in verdict.message.en  # type: ignore[union-attr]
    assert session.current is drill
    attempt = session.answer(str(drill.answer))
    assert isinstance(attempt, Attempt) and attempt.correct
    assert session.current is None


def test_time_limit_turns_a_right_but_late_answer_wrong() -> None:
    now = [0]
    session = DrillSession(rules=RULES, kinds=(DrillKind.TO_CALL, DrillKind.RAKE),
                           time_limit_s=20, clock=lambda: now[0])
    drill = session.next()
    now[0] = 12_000
    assert session.remaining_ms() == 8_000
    first = session.answer(str(drill.answer))
    assert isinstance(first, Attempt) and first.correct and first.elapsed_ms == 12_000
    drill = session.next()
    assert drill.kind is DrillKind.RAKE  # kinds in turn
    now[0] += 25_000
    late = session.answer(str(drill.answer))
    assert isinstance(late, Attempt) and late.timed_out and not late.correct
    assert late.grade.message.en.startswith("Time is up.")


def test_certification_has_the_houses_length_covers_every_kind_and_the_pass_mark() -> None:
    house = dataclasses.replace(RULES, trainer=dataclasses.replace(RULES.trainer,
                                                                   question_count=20))
    drills = plan_certification(rules=house, seed=7)
    assert len(drills) == 20
    assert {d.kind for d in drills} == set(DrillKind)
    outcomes = [(d.kind, k >= 4) for k, d in enumerate(drills)]  # 16 right of 20 = 80 %
    result = certification_result(outcomes, rules=house)
    assert (result.correct, result.percent, result.passed) == (16, 80, True)
    result = certification_result([(d.kind, k >= 5) for k, d in enumerate(drills)], rules=house)
    assert (result.correct, result.passed) == (15, False)  # 75 % < 80 %
    assert len(result.missed) == 5


def test_certification_is_the_same_for_the_same_seed() -> None:
    a = plan_certification(rules=RULES, seed=3, difficulty=Difficulty.BEGINNER)
    b = plan_certification(rules=RULES, seed=3, difficulty=Difficulty.BEGINNER)
    assert [d.to_json() for d in a] == [d.to_json() for d in b]


def test_grade_of_a_ruling_names_the_rule() -> None:
    drill = make_drill("ruling", seed=2, difficulty="beginner", rules=RULES)
    verdict = grade(drill, drill.answer)
    assert verdict.correct and drill.rule_ids[0] in verdict.message.en
