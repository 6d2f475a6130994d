"""The variant catalogue: board games fully described, stud and draw expressible as data."""

from __future__ import annotations

import pytest

from dealerassist.games import GAMES, BettingStructure, Evaluator, Family, Opening, game
from dealerassist.games.catalogue import UnknownGameError
from dealerassist.games.spec import ForcedBets, GameSpec, Street


def test_HE_STREETS_holdem_deals_two_then_burn_flop_turn_river() -> None:
    nt = game("NT")
    assert [(s.hole_down, s.board, s.burn) for s in nt.streets] == [
        (2, 0, False), (0, 3, True), (0, 1, True), (0, 1, True)]
    assert nt.structure is BettingStructure.NO_LIMIT and nt.high is Evaluator.HIGH


def test_OM_DEAL_omaha_four_hole_cards_and_O8_split() -> None:
    assert game("PO").streets[0].hole_down == 4 and game("PO").high is Evaluator.OMAHA_HIGH
    fo8 = game("FO/8")
    assert fo8.is_split and fo8.low is Evaluator.OMAHA_LOW8
    assert fo8.structure is BettingStructure.FIXED_LIMIT


def test_BET_FL_SIZES_small_bet_early_big_bet_late() -> None:
    assert [s.bet_size.value for s in game("FT").streets] == ["small", "small", "big", "big"]
    assert [s.bet_size.value for s in game("F7S").streets] == [
        "small", "small", "big", "big", "big"]


def test_short_deck_has_36_cards() -> None:
    assert game("NS").deck_size == 36 and game("NS").high is Evaluator.SHORT_DECK_HIGH


def test_stud_and_draw_are_expressible_as_data() -> None:
    stud = game("F7S")
    assert stud.family is Family.STUD and stud.forced is ForcedBets.BRING_IN
    assert stud.streets[0].hole_down == 2 and stud.streets[0].hole_up == 1
    assert stud.streets[0].opening is Opening.LOW_CARD  # ST-BRINGIN
    assert game("FR").streets[0].opening is Opening.HIGH_CARD  # RZ-BRINGIN
    assert stud.hole_card_count == 7 and stud.max_players == 8  # ST7-DEAL
    draw = game("F2L3D")
    assert draw.family is Family.DRAW and sum(s.draw for s in draw.streets) == 3
    assert draw.low is Evaluator.LOW_27 and draw.high is None


def test_catalogue_is_keyed_by_code_and_unknown_codes_name_the_known_ones() -> None:
    assert all(code == spec.code for code, spec in GAMES.items())
    with pytest.raises(UnknownGameError, match="NT"):
        game("XX")


def test_GameSpec_refuses_a_game_without_streets_or_evaluator() -> None:
    with pytest.raises(ValueError):
        GameSpec(code="X", name="x", family=Family.BOARD,
                 structure=BettingStructure.NO_LIMIT, streets=(), high=Evaluator.HIGH)
    with pytest.raises(ValueError):
        GameSpec(code="X", name="x", family=Family.BOARD,
                 structure=BettingStructure.NO_LIMIT, streets=(Street(hole_down=2),), high=None)
