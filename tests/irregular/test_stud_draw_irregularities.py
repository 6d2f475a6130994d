"""Stud, lowball/draw and jacks-or-better irregularities: one scenario per IRR rule.

Each test asserts the flag, its ruling's rule ID and severity, and the consequence events
`confirm` returns (misdeal, dead hand with or without the ante, chips returned). Events the
engine refuses (it deals stud and draw now) are skipped by the detectors, so the chip
consequences are checked on really dealt hands.
Players are PHH indices; three players, the button is index 2.
"""

from __future__ import annotations

from dealerassist.cards import parse_cards
from dealerassist.engine.events import (
    BetPlaced,
    BringInPosted,
    Called,
    CardsDrawn,
    HoleCardsDealt,
    RaisedTo,
)
from dealerassist.engine.ruling_events import (
    ButtonMisplaced,
    CardExposed,
    ChipsReturned,
    DealError,
    DealErrorKind,
    FalseOpeners,
    FoldedWithoutBet,
    HandKilled,
    HandSizeWrong,
    MisdealDeclared,
    PlayerAbsent,
    RulingApplied,
    WrongBringIn,
)
from dealerassist.irregular.flags import Severity

from .helpers import Hand, card, setup

STUD = {"ante": 5, "bring_in": 10, "small_blind": 0, "big_blind": 0, "small_bet": 20,
        "big_bet": 40}


def stud(*, tournament: bool = False) -> Hand:
    return Hand(setup("F7S", **STUD), tournament=tournament)


def lowball() -> Hand:
    return Hand(setup("F2L3D"))


def jacks() -> Hand:
    return Hand(setup("FJB", ante=5, small_blind=0, big_blind=0, small_bet=20, big_bet=40))


# ----- stud ------------------------------------------------------------------------------


def test_IRR_ST_HOLE_UP_one_down_card_up_plays_on() -> None:
    hand = stud().add(CardExposed(1, card("2c"), nth=2))
    flag = hand.only_flag("IRR-ST-HOLE-UP")
    assert flag.severity is Severity.WARNING
    assert "third card" in flag.steps[0] and "troisième" in flag.steps_fr[0]
    assert hand.confirm(flag) == (RulingApplied(flag.flag_id, "IRR-ST-HOLE-UP"),)


def test_IRR_ST_HOLE_UP_both_down_cards_up_kills_the_hand_and_returns_its_ante() -> None:
    hand = stud().add(CardExposed(1, card("2c"), nth=2), CardExposed(1, card("9h"), nth=5))
    flags = [f for f in hand.flags if f.rule_id == "IRR-ST-HOLE-UP"]
    assert len(flags) == 2 and "both" in flags[1].message
    events = hand.confirm(flags[1])
    assert events[-1] == HandKilled(1, "IRR-ST-HOLE-UP", ante_returned=True)


def test_IRR_ST_HOLE_UP_tournament_is_a_misdeal() -> None:
    hand = stud(tournament=True).add(CardExposed(0, card("Kd"), nth=1))
    flag = hand.only_flag("IRR-ST-HOLE-UP")
    assert flag.severity is Severity.MISDEAL
    assert hand.confirm(flag)[-1] == MisdealDeclared("IRR-ST-HOLE-UP")


def test_IRR_ST_ABSENT_flags_the_absent_seat() -> None:
    hand = stud().add(PlayerAbsent(2))
    flag = hand.only_flag("IRR-ST-ABSENT")
    assert flag.player == 2 and flag.severity is Severity.INFO
    assert "killed" in flag.message


def test_IRR_ST_FOLD_NOBET_keeps_dealing_to_the_seat() -> None:
    flag = stud().add(FoldedWithoutBet(0)).only_flag("IRR-ST-FOLD-NOBET")
    assert flag.player == 0 and "Keep dealing" in flag.steps[0]


def test_IRR_ST_ALLIN_LOW_short_bring_in_is_detected_without_a_report() -> None:
    hand = stud().add(BringInPosted(0, 4))
    flag = hand.only_flag("IRR-ST-ALLIN-LOW")
    assert flag.player == 0 and "left" in flag.message


def test_IRR_ST_WRONG_LOW_corrected_when_the_next_player_has_not_acted() -> None:
    # Real stud deal: player 2 shows the 2c, the true low; player 0 (5h) wrongly brings in.
    hand = stud().add(*_stud_deal("AhKd5h", "AsKs9d", "QhQd2c"), WrongBringIn(0, 2))
    assert hand.state.actor == 2  # the engine knows the true low (ST-BRINGIN)
    flag = hand.only_flag("IRR-ST-WRONG-LOW")
    assert "corrected" in flag.message and "on corrige" in flag.message_fr
    # The engine never took player 0's wager (the dealer hands it back): the ruling adds no
    # chip event, the stacks are untouched and the true low still brings in.
    before = hand.state.stacks
    assert hand.confirm(flag) == (RulingApplied(flag.flag_id, "IRR-ST-WRONG-LOW"),)
    assert hand.state.stacks == before and hand.state.actor == 2
    assert not any(isinstance(e, ChipsReturned) for e in hand.events)


def _stud_deal(*holes: str) -> list[object]:
    return [HoleCardsDealt(player, tuple(parse_cards(text))) for player, text in enumerate(holes)]


def test_IRR_ST_WRONG_LOW_stands_once_the_next_player_acted() -> None:
    hand = stud().add(BringInPosted(0, 10), Called(1, 10), WrongBringIn(0, 2))
    flag = hand.only_flag("IRR-ST-WRONG-LOW")
    assert "wager stands" in flag.message and "owes nothing" in flag.steps[1]
    assert hand.confirm(flag) == (RulingApplied(flag.flag_id, "IRR-ST-WRONG-LOW"),)


# ----- lowball / draw --------------------------------------------------------------------


def test_IRR_LB_MISDEAL_dealing_error_before_two_players_acted() -> None:
    hand = lowball().add(DealError(DealErrorKind.OUT_OF_SEQUENCE))
    flag = hand.only_flag("IRR-LB-MISDEAL")
    assert flag.severity is Severity.MISDEAL
    assert hand.confirm(flag)[-1] == MisdealDeclared("IRR-LB-MISDEAL")


def test_IRR_LB_MISDEAL_too_late_after_two_players_acted() -> None:
    hand = lowball().add(Called(2, 20), Called(0, 10),
                         DealError(DealErrorKind.PLAYER_DEALT_OUT, player=1))
    flag = hand.only_flag("IRR-LB-MISDEAL")
    assert flag.severity is Severity.INFO and "no misdeal" in flag.message
    assert hand.confirm(flag) == (RulingApplied(flag.flag_id, "IRR-LB-MISDEAL"),)


def test_IRR_LB_MISDEAL_first_card_exposed() -> None:
    flag = lowball().add(CardExposed(0, card("3d"), nth=1)).only_flag("IRR-LB-MISDEAL")
    assert flag.severity is Severity.MISDEAL


def test_IRR_BUTTON_in_lowball_before_action_is_also_a_misdeal() -> None:
    hand = lowball().add(ButtonMisplaced())
    assert [f.rule_id for f in hand.flags] == ["IRR-BUTTON", "IRR-LB-MISDEAL"]


def test_IRR_DR_EXPOSED_card_exposed_before_the_draw_is_kept() -> None:
    hand = lowball().add(Called(2, 20), Called(0, 10), CardExposed(1, card("Kc"), nth=9))
    flag = hand.only_flag("IRR-DR-EXPOSED")
    assert flag.severity is Severity.INFO and "kept" in flag.message


def test_IRR_DR_DRAW_EXPOSED_replaced_after_the_draw() -> None:
    hand = lowball().add(CardExposed(1, card("Kc"), during_draw=True))
    flag = hand.only_flag("IRR-DR-DRAW-EXPOSED")
    assert "Complete the draw" in flag.steps[1]


def test_IRR_DR_SHORT_before_any_action_is_a_misdeal() -> None:
    hand = lowball().add(HandSizeWrong(0, 4))
    flag = hand.only_flag("IRR-DR-SHORT")
    assert flag.severity is Severity.MISDEAL
    assert hand.confirm(flag)[-1] == MisdealDeclared("IRR-DR-SHORT")


def test_IRR_DR_SHORT_button_or_after_action_draws_to_five() -> None:
    button = lowball().add(HandSizeWrong(2, 4)).only_flag("IRR-DR-SHORT")
    after = lowball().add(Called(2, 20), HandSizeWrong(0, 4)).only_flag("IRR-DR-SHORT")
    assert button.severity is Severity.WARNING and after.severity is Severity.WARNING
    assert "draws to five" in after.message


def test_IRR_DR_FOUL_wrong_count_after_the_draw_kills_the_hand() -> None:
    hand = lowball().add(HandSizeWrong(1, 6, after_draw=True))
    flag = hand.only_flag("IRR-DR-FOUL")
    assert hand.confirm(flag)[-1] == HandKilled(1, "IRR-DR-FOUL")


def test_IRR_DR_FOUL_detected_from_an_uneven_draw() -> None:
    hand = lowball().add(CardsDrawn(0, (card("Kc"), card("Qd")), (card("3h"),)))
    assert "4 cards" in hand.only_flag("IRR-DR-FOUL").message


# ----- jacks or better -------------------------------------------------------------------


def test_IRR_JB_FALSE_opener_hand_dead() -> None:
    hand = jacks().add(BetPlaced(0, 20), Called(1, 20), FalseOpeners(0))
    flag = hand.only_flag("IRR-JB-FALSE")
    assert "refund" in flag.steps[3] and "antes again" in flag.steps[3]
    assert [f.rule_id for f in hand.flags] == ["IRR-JB-FALSE"]  # one caller: not played
    assert hand.confirm(flag)[-1] == HandKilled(0, "IRR-JB-FALSE")


def test_IRR_JB_FALSE_nobody_declares_refunds_all_but_the_openers_first_bet() -> None:
    # Dealt for real: the opener bets 20, one caller, the third player folds; before the draw
    # the opener shows false openers and nobody declares the pot open.
    hand = jacks().deal().play(("b", 20), "c", "f").add(FalseOpeners(0))
    flag = [f for f in hand.flags if f.rule_id == "IRR-JB-FALSE"][0]
    stacks = hand.state.stacks
    events = hand.confirm(flag, nobody_declares=True)
    # the caller's 20 comes back; the opener's first bet stays with the antes
    assert events[1:] == (HandKilled(0, "IRR-JB-FALSE"), ChipsReturned(1, 20, "IRR-JB-FALSE"))
    assert hand.state.stacks == (stacks[0], stacks[1] + 20, stacks[2])


def test_IRR_JB_PLAYED_after_a_raise_the_pot_plays() -> None:
    hand = jacks().add(BetPlaced(0, 20), RaisedTo(1, 40), FalseOpeners(0))
    assert [f.rule_id for f in hand.flags] == ["IRR-JB-FALSE", "IRR-JB-PLAYED"]
    assert "raise" in hand.only_flag("IRR-JB-PLAYED").message


def test_IRR_JB_PLAYED_two_callers() -> None:
    hand = jacks().add(BetPlaced(0, 20), Called(1, 20), Called(2, 20), FalseOpeners(0))
    assert "2 players called" in hand.only_flag("IRR-JB-PLAYED").message


def test_IRR_JB_ALLIN_FALSE_loses_the_antes_and_sits_out() -> None:
    hand = jacks().add(BetPlaced(2, 20), FalseOpeners(2, all_in=True))
    flag = hand.only_flag("IRR-JB-ALLIN-FALSE")
    assert "sits out" in flag.steps[1]
    assert hand.confirm(flag)[-1] == HandKilled(2, "IRR-JB-ALLIN-FALSE")
