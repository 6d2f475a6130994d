"""Differential tests: every evaluator against pokerkit 0.7.7 (the test oracle).

The normal suite rates 3,000 random hands per evaluator; the slow suite 100,000
(``make test-all`` or ``scripts/evaluation_differential.py``). pokerkit has no joker, so
the joker rules are proved by the unit tests instead.
"""

from __future__ import annotations

import pytest

from . import oracle

FAST_HANDS = 3_000
SLOW_HANDS = 100_000


@pytest.mark.parametrize("name", sorted(oracle.CASES))
def test_differential_agrees_with_pokerkit_on_3000_hands(name: str) -> None:
    report = oracle.run(name, hands=FAST_HANDS, seed=20261130)
    assert report.disagreements == []
    assert report.hands == FAST_HANDS
    # Lows must really be exercised: a sample of no qualifying lows would prove nothing.
    assert report.rated >= FAST_HANDS // 10


def test_ST_FIRST_RZ_BRINGIN_up_cards_agree_with_pokerkit_openings() -> None:
    report = oracle.run_up_cards(hands=FAST_HANDS, seed=7)
    assert report.disagreements == []


def test_ST_BRINGIN_RZ_BRINGIN_bring_in_matches_pokerkit_stud_and_razz_states() -> None:
    report = oracle.run_bring_in(deals=300, seed=11)
    assert report.disagreements == []
    assert report.hands == 600


def test_differential_harness_catches_a_wrong_evaluator() -> None:
    """The harness itself can fail: swap straights and three of a kind and it must object."""
    from dealerassist.evaluation import HandCategory, high_strength

    def broken(codes: tuple[int, ...]) -> int:
        strength = high_strength(codes)
        category = strength >> 20
        if category == HandCategory.STRAIGHT:
            return (HandCategory.THREE_OF_A_KIND << 20) | (strength & 0xFFFFF)
        return strength

    case = oracle.CASES["high"]
    oracle.CASES["broken"] = oracle.Case("broken", case.draw, broken, case.value, case.oracle)
    try:
        report = oracle.run("broken", hands=FAST_HANDS, seed=3, values=False)
    finally:
        del oracle.CASES["broken"]
    assert report.disagreements


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(oracle.CASES))
def test_differential_agrees_with_pokerkit_on_100000_hands(name: str) -> None:
    report = oracle.run(name, hands=SLOW_HANDS, seed=100_000, values=False)
    assert report.disagreements == []


@pytest.mark.slow
def test_up_cards_agree_with_pokerkit_on_100000_hands() -> None:
    report = oracle.run_up_cards(hands=SLOW_HANDS, seed=100_000)
    assert report.disagreements == []
