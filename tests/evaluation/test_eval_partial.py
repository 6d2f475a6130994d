"""Stud up cards: ST-BRINGIN, ST-FIRST and razz RZ-BRINGIN."""

from __future__ import annotations

import pytest

from dealerassist.cards import parse_cards
from dealerassist.errors import InvalidCardError
from dealerassist.evaluation import bring_in_player, rank_up_cards_high, rank_up_cards_low


def high(text: str) -> tuple[int, ...]:
    return rank_up_cards_high(parse_cards(text))


def low(text: str) -> tuple[int, ...]:
    return rank_up_cards_low(parse_cards(text))


def test_ST_BRINGIN_lowest_card_brings_in_aces_high() -> None:
    assert bring_in_player(parse_cards("Kd 3s As 4c")) == 1


def test_ST_BRINGIN_equal_ranks_break_by_suit_clubs_lowest() -> None:
    assert bring_in_player(parse_cards("2s 2h 2d 2c")) == 3
    assert bring_in_player(parse_cards("2s 2h 2d")) == 2
    assert bring_in_player(parse_cards("2s 2h")) == 1


def test_RZ_BRINGIN_highest_card_brings_in_aces_low_ties_to_spades() -> None:
    assert bring_in_player(parse_cards("Ac Qd Kh 2s"), highest=True) == 2
    assert bring_in_player(parse_cards("Kc Ks Kh Kd"), highest=True) == 1
    assert bring_in_player(parse_cards("Ac As 2d"), highest=True) == 2


def test_ST_FIRST_pairs_trips_and_quads_rank_straights_and_flushes_do_not() -> None:
    assert high("2c 2d") > high("Ac Kc")
    assert high("9h Th Jh Qh") < high("2c 2d 3h 4s")
    assert high("2c 2d 3h 3s") > high("Ac Ad Kh Qs")
    assert high("2c 2d 2h 3s") > high("Ac Ad Kh Ks")
    assert high("2c 2d 2h 2s") > high("Ac Ad Ah Ks")


def test_ST_FIRST_kickers_decide_then_equal_hands_tie_for_position() -> None:
    assert high("Kc Kd 9h") > high("Kh Ks 8h")
    assert high("Kc Qd") == high("Kh Qs")


def test_RZ_BRINGIN_lowest_hand_showing_is_best_pairs_are_bad_aces_low() -> None:
    assert low("Ac 2d") > low("Ac 3d")
    assert low("Kc Qd") > low("2c 2d")
    assert low("Ac") > low("2c")
    assert low("7c 6d 5h 4s") > low("8c 3d 2h As")


@pytest.mark.parametrize("text", ["", "Ac Kd Qh Js Tc"])
def test_up_cards_take_one_to_four_cards(text: str) -> None:
    with pytest.raises(InvalidCardError, match="takes 1 to 4 up cards"):
        rank_up_cards_high(parse_cards(text))


def test_up_cards_refuse_the_joker_and_bring_in_needs_cards() -> None:
    with pytest.raises(InvalidCardError, match="not a face-up card"):
        rank_up_cards_low(parse_cards("Jk 2c"))
    with pytest.raises(InvalidCardError, match="at least one up card"):
        bring_in_player([])
