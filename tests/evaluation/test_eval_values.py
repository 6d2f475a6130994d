"""HandValue semantics and bad input: clear InvalidCardError messages, no state to spoil."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealerassist.cards import parse_cards
from dealerassist.errors import InvalidCardError
from dealerassist.evaluation import (
    HandValue,
    evaluate_badugi,
    evaluate_high,
    evaluate_low8,
    evaluate_low_27,
    evaluate_low_a5,
    evaluate_short_deck_high,
)


def test_values_of_different_kinds_never_compare() -> None:
    high, low = evaluate_high("7c 5d 4h 3s 2c"), evaluate_low_27("7c 5d 4h 3s 2c")
    for compare in (
        lambda: high < low,
        lambda: high <= low,
        lambda: high > low,
        lambda: high >= low,
        lambda: high == low,
    ):
        with pytest.raises(TypeError, match="cannot compare a high hand with a low_27 hand"):
            compare()
    with pytest.raises(TypeError):
        _ = high < 3  # type: ignore[operator]


def test_values_order_and_equality_use_strength_only() -> None:
    one = evaluate_high("Ah Kd Qc 9s 7h")
    two = evaluate_high("As Kc Qd 9h 7c")
    assert one == two and hash(one) == hash(two) and one.cards != two.cards
    assert (one != "Ah") is True
    assert isinstance(one, HandValue)
    with pytest.raises(AttributeError):
        one.strength = 0  # type: ignore[misc]


@pytest.mark.parametrize(
    ("call", "problem"),
    [
        (lambda: evaluate_high("Ah Kd Qc 9s"), "evaluate_high takes 5 to 7 cards, got 4"),
        (lambda: evaluate_high("Ah Kd Qc 9s 7h 6h 5h 4h"), "takes 5 to 7 cards, got 8"),
        (lambda: evaluate_high("Ah Kd Qc 9s Ah"), "evaluate_high: duplicate card Ah"),
        (lambda: evaluate_high("Ah Kd Qc 9s Xz"), "bad card 'Xz': unknown rank"),
        (lambda: evaluate_high("Ah Kd Qc 9s 9x"), "unknown suit 'x'"),
        (
            lambda: evaluate_high("Ah Kd Qc 9s ??"),
            "an unknown card \\(\\?\\?\\) cannot be evaluated",
        ),
        (lambda: evaluate_low8("Ah Kd Qc 9s Jk"), "evaluate_low8: the joker does not play"),
        (lambda: evaluate_low_27("Ah Kd Qc 9s Jk"), "the joker does not play"),
        (lambda: evaluate_short_deck_high("Ah Kd Qc 9s Jk"), "the joker does not play"),
        (
            lambda: evaluate_badugi("Ah Kd Qc 9s 8s 7s"),
            "evaluate_badugi takes exactly 4 cards, got 6",
        ),
        (lambda: evaluate_low_a5(["Ah", "Kd", 7, "9s", "8s"]), "expected a card, got 7"),
    ],
)
def test_bad_input_raises_invalid_card_error_naming_the_problem(call, problem: str) -> None:  # noqa: ANN001
    with pytest.raises(InvalidCardError, match=problem):
        call()


def test_invalid_card_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        evaluate_high(parse_cards("Ah Kd Qc 9s"))


EVALUATORS = [evaluate_high, evaluate_low8, evaluate_low_27, evaluate_low_a5, evaluate_badugi]


@settings(max_examples=300, deadline=None)
@given(
    st.text(alphabet="23456789TJQKAXcdhsxz?* ,10", max_size=24),
    st.sampled_from(EVALUATORS),
)
def test_any_text_gives_a_value_or_a_clear_invalid_card_error(text: str, evaluate) -> None:  # noqa: ANN001
    try:
        value = evaluate(text)
    except InvalidCardError as error:
        assert str(error).startswith(evaluate.__name__)
    else:
        assert value is None or isinstance(value, HandValue)
