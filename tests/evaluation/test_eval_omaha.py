"""Omaha: exactly two hole cards and three board cards (OM-2PLUS3, O8-TWO-HANDS)."""

from __future__ import annotations

import pytest

from dealerassist.cards import parse_cards
from dealerassist.errors import InvalidCardError
from dealerassist.evaluation import (
    HandCategory,
    evaluate_high,
    evaluate_omaha_high,
    evaluate_omaha_low8,
    omaha_high_strength,
    omaha_low8_strength,
)


def codes(text: str) -> list[int]:
    return [card.code for card in parse_cards(text)]


def test_OM_2PLUS3_four_hearts_on_board_and_one_in_hand_is_no_flush() -> None:
    value = evaluate_omaha_high("Ah Kc 7d 2s", "Qh Jh 9h 3h 8c")
    assert value.category is not HandCategory.FLUSH
    assert value.category is HandCategory.HIGH_CARD


def test_OM_2PLUS3_playing_the_board_is_impossible() -> None:
    value = evaluate_omaha_high("2c 3d 7s 8s", "Ah Kh Qh Jh Th")
    assert value.category is HandCategory.HIGH_CARD
    assert value < evaluate_high("Ah Kh Qh Jh Th")


def test_OM_2PLUS3_a_single_ace_in_hand_does_not_make_trips_with_a_paired_board() -> None:
    value = evaluate_omaha_high("As Kd 7c 2h", "Ac Ad 9s 5h 4c")
    # Two hole cards must play: A-x from the hand plus A-A-9: three aces.
    assert value.category is HandCategory.THREE_OF_A_KIND
    value = evaluate_omaha_high("Qs Kd 7c 2h", "Ac Ad As 5h 4c")
    assert value.category is HandCategory.THREE_OF_A_KIND
    assert value.strength == omaha_high_strength(codes("Qs Kd 7c 2h"), codes("Ac Ad As 5h 4c"))


def test_OM_2PLUS3_value_uses_exactly_two_hole_and_three_board_cards() -> None:
    hole, board = parse_cards("Ah Ad Kh Kd"), parse_cards("As Kc 2h 7h 9h")
    value = evaluate_omaha_high(hole, board)
    assert sum(card in hole for card in value.cards) == 2
    assert sum(card in board for card in value.cards) == 3
    assert value.category is HandCategory.FLUSH  # Ah Kh + 2h 7h 9h beats three aces
    assert value.strength == evaluate_high("Ah Kh 2h 7h 9h").strength


def test_O8_TWO_HANDS_high_and_low_use_different_hole_cards() -> None:
    hole, board = "Ac 2d Kh Ks", "3c 4d 8h Kd Qs"
    high = evaluate_omaha_high(hole, board)
    low = evaluate_omaha_low8(hole, board)
    assert high.category is HandCategory.THREE_OF_A_KIND
    assert low is not None
    assert [str(card)[0] for card in low.cards] == ["8", "4", "3", "2", "A"]


def test_O8_QUALIFY_omaha_needs_three_low_board_cards() -> None:
    assert evaluate_omaha_low8("Ac 2d 3h 4s", "5c 9d Kh Qs Js") is None
    assert omaha_low8_strength(codes("Ac 2d 3h 4s"), codes("5c 9d Kh Qs Js")) == 0


def test_O8_QUALIFY_omaha_low_with_a_paired_hand_card_uses_two_distinct() -> None:
    low = evaluate_omaha_low8("Ac Ad 2h Ks", "3c 4d 5h Qs Js")
    assert low is not None and [str(card)[0] for card in low.cards] == ["5", "4", "3", "2", "A"]


@pytest.mark.parametrize(
    ("hole", "board", "problem"),
    [
        ("Ac 2d 3h", "5c 9d Kh", "evaluate_omaha_high \\(hole\\) takes 4 to 6 cards, got 3"),
        ("Ac 2d 3h 4s", "5c 9d", "\\(board\\) takes 3 to 5 cards, got 2"),
        ("Ac 2d 3h 4s", "Ac 9d Kh", "duplicate card Ac in hole and board"),
        ("Ac 2d 3h Xz", "5c 9d Kh", "bad card 'Xz'"),
    ],
)
def test_omaha_bad_input_is_named(hole: str, board: str, problem: str) -> None:
    with pytest.raises(InvalidCardError, match=problem):
        evaluate_omaha_high(hole, board)
