"""Hold'em/Omaha irregularities: one scenario per IRR rule, flag -> confirm -> chips and cards.

Hands: three players, PHH order (p1 small blind 10, p2 big blind 20, p3 button), stacks
1000/800/1500, so 3300 chips in play. Pre-flop p3 acts first.
"""

from __future__ import annotations

import dataclasses

import pytest

from dealerassist.cards import UNKNOWN, parse_cards
from dealerassist.engine.events import BoardDealt, Called, Folded, RaisedTo
from dealerassist.engine.ruling_events import (
    ActionAttempted,
    ActionKind,
    BoardCardsExposed,
    BoardCardsReturned,
    BurnSkipped,
    ButtonMisplaced,
    CardExposed,
    CardSetAside,
    ChipsReturned,
    ExtraCardDealt,
    HoleCardReplaced,
    MisdealDeclared,
    RulingApplied,
    StubReshuffled,
)
from dealerassist.engine.rulings import evolve, is_void
from dealerassist.engine.state import Phase
from dealerassist.errors import IllegalActionError
from dealerassist.irregular.consequences import binding_action, due_events, next_board
from dealerassist.irregular.flags import FlagStatus, Language, Severity
from dealerassist.rules.model import IrregularityRules, OutOfTurnRuling, UnderRaiseRuling

from .helpers import Hand, card, rules, setup

TOTAL = 3300
HOLES = ["Ah Kh", "7c 2d", "Qs Qd"]


def dealt(game: str = "NT", **kw: object) -> Hand:
    hand = Hand(setup(game, **kw))  # type: ignore[arg-type]
    hand.deal()
    return hand


def test_IRR_HE_EXPOSE_FIRST2_first_card_exposed_is_a_misdeal_returning_the_blinds() -> None:
    hand = dealt().add(CardExposed(0, card("Ah"), nth=1))
    flag = hand.only_flag("IRR-HE-EXPOSE-FIRST2")
    assert flag.severity is Severity.MISDEAL
    assert flag.player == 0
    assert "misdeal" in flag.message and "fausse donne" in flag.message_fr
    assert hand.state.bets == (10, 20, 0)
    events = hand.confirm(flag)
    assert events == (RulingApplied(flag.flag_id, "IRR-HE-EXPOSE-FIRST2"),
                      MisdealDeclared("IRR-HE-EXPOSE-FIRST2"))
    state = hand.state
    assert state.stacks == (1000, 800, 1500)
    assert state.phase is Phase.COMPLETE and is_void(state)
    assert state.total_chips == TOTAL
    assert hand.only_flag("IRR-HE-EXPOSE-FIRST2").status is FlagStatus.CONFIRMED


def test_IRR_HE_EXPOSE_FIRST2_second_card_of_the_deal_counts_too() -> None:
    hand = dealt().add(CardExposed(1, card("9s"), nth=2))
    assert hand.only_flag("IRR-HE-EXPOSE-FIRST2").severity is Severity.MISDEAL


def test_IRR_HE_EXPOSE_OTHER_card_replaced_by_top_card_and_kept_dead() -> None:
    hand = dealt().add(CardExposed(2, card("Kd"), nth=5))
    flag = hand.only_flag("IRR-HE-EXPOSE-OTHER")
    assert flag.severity is Severity.WARNING
    assert hand.state.hole[2][0] == card("Kd")  # the face is known now
    events = hand.confirm(flag, replacement=card("Qs"))
    assert HoleCardReplaced(2, card("Kd"), card("Qs"), "IRR-HE-EXPOSE-OTHER") in events
    state = hand.state
    assert card("Qs") in state.hole[2] and card("Kd") not in state.hole[2]
    assert state.total_chips == TOTAL and state.bets == (10, 20, 0)
    # The exposed card is the burn: dealing it again is the same card seen twice.
    hand.play("c", "c", "k")
    with pytest.raises(IllegalActionError) as error:
        next_board(hand.setup, hand.events, parse_cards("Kd 5c 6c"))
    assert error.value.rule_id == "IRR-DECK"
    hand.add(BoardDealt(parse_cards("Kd 5c 6c")))
    assert hand.only_flag("IRR-DECK").severity is Severity.WARNING
    assert hand.state.board == ()  # left out: the state is as it was


def test_IRR_HE_EXPOSE_2_second_exposed_card_is_a_misdeal() -> None:
    hand = dealt().add(CardExposed(2, card("Kd"), nth=6), CardExposed(0, card("3c"), nth=4))
    assert hand.only_flag("IRR-HE-EXPOSE-OTHER")
    flag = hand.only_flag("IRR-HE-EXPOSE-2")
    assert flag.severity is Severity.MISDEAL
    hand.confirm(flag)
    assert hand.state.stacks == (1000, 800, 1500) and hand.state.total_chips == TOTAL


def test_IRR_HE_EXPOSE_players_own_exposure_is_no_flag() -> None:
    hand = dealt().add(CardExposed(2, card("Kd"), nth=1, by_dealer=False))
    assert hand.flags == []


def test_IRR_HE_EXTRA_1_one_extra_card_becomes_the_burn_chips_untouched() -> None:
    hand = dealt().add(ExtraCardDealt(0, 1))
    flag = hand.only_flag("IRR-HE-EXTRA-1")
    assert flag.severity is Severity.WARNING and "burn" in " ".join(flag.steps)
    assert hand.confirm(flag) == (RulingApplied(flag.flag_id, "IRR-HE-EXTRA-1"),)
    assert hand.state.bets == (10, 20, 0) and hand.state.actor == 2
    hand.play("c", "c", "k").board("5c 6c 7c")
    assert hand.state.burns == 1  # the extra card was the flop's one burn


def test_IRR_HE_EXTRA_2_two_extra_cards_misdeal_after_betting_returns_every_chip() -> None:
    hand = dealt().play(("r", 60), "c")
    assert hand.state.total_chips == TOTAL
    hand.add(ExtraCardDealt(1, 2))
    flag = hand.only_flag("IRR-HE-EXTRA-2")
    assert flag.severity is Severity.MISDEAL
    hand.confirm(flag)
    assert hand.state.stacks == (1000, 800, 1500)
    assert hand.state.returned == (60, 20, 60)


def test_IRR_FLOP_COUNT_four_cards_flopped_are_redealt_without_a_burn() -> None:
    hand = dealt().play("c", "c", "k")
    hand.add(BoardDealt(parse_cards("Ah Kd 7c 2s")))
    flag = hand.only_flag("IRR-FLOP-COUNT")
    assert hand.state.board == ()
    events = hand.confirm(flag)
    assert BoardCardsReturned(parse_cards("Ah Kd 7c 2s"), "IRR-FLOP-COUNT") in events
    hand.board("2s 7c 9d")  # the known extra card may come again: the stub was reshuffled
    assert isinstance(hand.events[-1], BurnSkipped)
    state = hand.state
    assert state.board == parse_cards("2s 7c 9d")
    assert state.burns == 1  # the burn stayed; no second burn
    assert state.phase is Phase.BETTING and state.total_chips == TOTAL


def test_IRR_FLOP_EARLY_flop_while_betting_open_goes_back_new_flop_unburned() -> None:
    hand = dealt().play("c")  # p3 called; the blinds have not acted
    hand.add(BoardDealt(parse_cards("Ah Kd 7c")))  # no report: the events show it
    flag = hand.only_flag("IRR-FLOP-EARLY")
    assert hand.state.phase is Phase.BETTING and hand.state.actor == 0
    hand.confirm(flag)
    hand.play("c", ("r", 80), "c", "c")
    assert hand.state.phase is Phase.DEALING and hand.state.pot_total == 240
    # The dealer enters the new flop: unburned, the old cards may come back.
    hand.board("Kd 3s 4s")
    assert isinstance(hand.events[-1], BurnSkipped)
    assert hand.state.burns == 1 and hand.state.board == parse_cards("Kd 3s 4s")
    assert hand.state.total_chips == TOTAL


def test_IRR_FLOP_EARLY_reported_by_the_dealer() -> None:
    hand = dealt().add(BoardCardsExposed(parse_cards("Ah Kd 7c")))
    assert hand.only_flag("IRR-FLOP-EARLY").rule_id == "IRR-FLOP-EARLY"


def test_IRR_TURN_EARLY_removed_card_stub_and_burns_follow_the_procedure() -> None:
    hand = dealt().play("c", "c", "k").board("2c 3d 4h")
    assert hand.state.burns == 1 and hand.state.actor == 0
    hand.play(("r", 40))  # p1 bets; p2 and p3 still to act
    hand.add(BoardCardsExposed(parse_cards("Ks")))
    flag = hand.only_flag("IRR-TURN-EARLY")
    assert [s for s in flag.steps if "river" in s]
    assert CardSetAside(card("Ks"), "IRR-TURN-EARLY") in hand.confirm(flag)
    assert hand.state.burns == 2  # the burn before the early turn stays
    hand.play("f", "c")  # out of play even though p2 folds
    # The early card cannot be the turn.
    with pytest.raises(IllegalActionError) as error:
        hand.board("Ks")
    assert error.value.rule_id == "IRR-DECK"
    hand.board("9c")  # burn and turn what would have been the river
    assert type(hand.events[-1]) is BoardDealt
    assert hand.state.burns == 3 and hand.state.board[-1] == card("9c")
    hand.play("k", "k")
    # After the turn's betting: reshuffle the stub with the card set aside, river unburned.
    hand.board("Ks")
    assert hand.events[-3:] == [StubReshuffled((card("Ks"),), "IRR-TURN-EARLY"),
                                BoardDealt((card("Ks"),)), BurnSkipped("IRR-TURN-EARLY")]
    state = hand.state
    assert state.board == parse_cards("2c 3d 4h 9c Ks")
    assert state.burns == 3  # 1 flop, 1 before the early turn, 1 before the real turn
    assert state.total_chips == TOTAL and state.phase is Phase.BETTING


def test_IRR_RIVER_EARLY_river_reshuffled_and_dealt_unburned() -> None:
    hand = dealt().play("c", "c", "k").board("2c 3d 4h").play("k", "k", "k").board("9c")
    hand.play(("r", 20))
    hand.add(BoardDealt(parse_cards("Ks")))
    flag = hand.only_flag("IRR-RIVER-EARLY")
    hand.confirm(flag)
    hand.play("c", "c")
    hand.board("Ks")
    assert isinstance(hand.events[-1], BurnSkipped)
    assert hand.state.burns == 3 and hand.state.board[-1] == card("Ks")
    assert hand.state.total_chips == TOTAL


def test_IRR_OUT_OF_TURN_action_flagged_and_not_applied() -> None:
    hand = dealt()
    hand.add(Called(0, 10))  # p1 calls before the button (p3) acted
    flag = hand.only_flag("IRR-OUT-OF-TURN")
    assert flag.player == 0
    assert hand.state.bets == (10, 20, 0) and hand.state.actor == 2
    assert len(flag.steps) == 2 and "binding" in flag.steps[1]
    hand.confirm(flag)
    hand.play("c")
    assert hand.state.actor == 0 and hand.state.total_chips == TOTAL


@pytest.mark.parametrize(("option", "to", "expected"), [
    (UnderRaiseRuling.HALF_RULE, 30, RaisedTo(2, 40)),  # 10 of a 20 raise: half, made up
    (UnderRaiseRuling.HALF_RULE, 29, Called(2, 20)),  # less than half: a call
    (UnderRaiseRuling.CALL, 35, Called(2, 20)),
    (UnderRaiseRuling.MINIMUM_RAISE, 25, RaisedTo(2, 40)),
])
def test_IRR_UNDERRAISE_resolved_by_the_house_option(option: UnderRaiseRuling, to: int,
                                                     expected: object) -> None:
    hand = Hand(setup(house=rules(underraise=option)))
    hand.deal().add(RaisedTo(2, to))
    flag = hand.only_flag("IRR-UNDERRAISE")
    assert hand.state.bets == (10, 20, 0)  # the live table left it out
    events = hand.confirm(flag)
    assert events[-1] == expected
    assert hand.state.total_chips == TOTAL and hand.state.actor == 0


def test_IRR_OVERBET_PL_reduced_to_the_pot() -> None:
    hand = dealt("PT")
    hand.add(RaisedTo(2, 200))
    flag = hand.only_flag("IRR-OVERBET-PL")
    assert hand.confirm(flag)[-1] == RaisedTo(2, 70)  # call 20, pot 50: raise to 70
    assert hand.state.stacks[2] == 1430 and hand.state.total_chips == TOTAL


def test_IRR_CAPPED_raise_after_the_cap_is_a_call() -> None:
    hand = dealt("FT").play(("r", 40), ("r", 60), ("r", 80))
    hand.add(RaisedTo(2, 100))
    flag = hand.only_flag("IRR-CAPPED")
    assert hand.confirm(flag)[-1] == Called(2, 40)
    assert hand.state.bets == (60, 80, 80) and hand.state.actor == 0  # p1 calls or folds
    assert hand.state.total_chips == TOTAL


def test_IRR_DECK_same_card_twice_flagged_and_left_out() -> None:
    hand = Hand(setup()).deal(HOLES).play("c", "c", "k")
    hand.add(BoardDealt(parse_cards("Ah 5c 6c")))
    flag = hand.only_flag("IRR-DECK")
    assert "Ah" in flag.message
    assert hand.state.board == () and hand.state.phase is Phase.DEALING
    hand.confirm(flag)
    hand.board("8h 5c 6c")
    assert hand.state.board == parse_cards("8h 5c 6c")


def test_IRR_BUTTON_flag_before_the_deal() -> None:
    hand = Hand(setup()).add(ButtonMisplaced("seat 4"))
    flag = hand.only_flag("IRR-BUTTON")
    assert flag.severity is Severity.WARNING and "seat 4" in flag.message
    assert [f.rule_id for f in hand.flags] == ["IRR-BUTTON"]  # hold'em: no misdeal


def test_floor_overrule_keeps_the_hand_going_from_the_overruled_state() -> None:
    hand = dealt().add(CardExposed(0, card("Ah"), nth=1))
    flag = hand.only_flag("IRR-HE-EXPOSE-FIRST2")
    hand.overrule(flag, "card flashed below the table edge, nobody saw it")
    flag = hand.only_flag("IRR-HE-EXPOSE-FIRST2")
    assert flag.status is FlagStatus.OVERRULED
    assert flag.overrule_reason.startswith("card flashed")
    hand.play("c", "c", "k")
    assert hand.state.phase is Phase.DEALING and hand.state.pot_total == 60
    with pytest.raises(IllegalActionError):
        hand.confirm(flag)  # no longer open


def test_overrule_needs_a_reason() -> None:
    hand = dealt().add(CardExposed(0, card("Ah"), nth=1))
    with pytest.raises(IllegalActionError):
        hand.overrule(hand.flags[0], "  ")


def test_confirm_unknown_flag_names_the_open_ones() -> None:
    hand = dealt().add(ExtraCardDealt(0, 1))
    with pytest.raises(IllegalActionError, match="open flags: 3:IRR-HE-EXTRA-1"):
        hand.confirm(dataclasses.replace(hand.flags[0], event_index=99))


def test_flags_speak_french() -> None:
    hand = dealt().add(Folded(1))
    flag = hand.only_flag("IRR-OUT-OF-TURN")
    assert flag.text(Language.FR).startswith("p2 se couche")
    assert flag.ruling(Language.FR)[0].startswith("Ramenez")


def test_chips_returned_conserves_chips_and_refuses_more_than_was_put_in() -> None:
    hand = dealt().play(("r", 60))
    state = hand.state
    with pytest.raises(IllegalActionError):
        evolve(state, ChipsReturned(2, 61, "IRR-ST-WRONG-LOW"))
    after = evolve(state, ChipsReturned(2, 60, "IRR-ST-WRONG-LOW"))
    assert after.stacks[2] == 1500 and after.bets == (10, 20, 0)
    assert after.total_chips == TOTAL and state.bets == (10, 20, 60)


def test_IRR_UNDERRAISE_reported_at_the_live_table_then_made_the_minimum() -> None:
    hand = dealt().add(ActionAttempted(2, ActionKind.RAISE, 30))
    flag = hand.only_flag("IRR-UNDERRAISE")
    assert hand.state.bets == (10, 20, 0)  # the report changes nothing
    assert hand.confirm(flag)[-1] == RaisedTo(2, 40)  # half rule: 10 of 20 is made up
    assert hand.state.bets == (10, 20, 40) and hand.state.total_chips == TOTAL


def test_IRR_OUT_OF_TURN_reported_call_is_flagged_not_applied() -> None:
    hand = dealt().add(ActionAttempted(0, ActionKind.CALL))
    flag = hand.only_flag("IRR-OUT-OF-TURN")
    assert flag.player == 0 and hand.state.actor == 2
    hand.confirm(flag)
    assert hand.state.bets == (10, 20, 0)


def test_IRR_CAPPED_reported_raise_after_the_cap_becomes_a_call() -> None:
    hand = dealt("FT").play(("r", 40), ("r", 60), ("r", 80))
    hand.add(ActionAttempted(2, ActionKind.RAISE, 100))
    assert hand.confirm(hand.only_flag("IRR-CAPPED"))[-1] == Called(2, 40)


def test_legal_reported_action_raises_no_flag() -> None:
    hand = dealt().add(ActionAttempted(2, ActionKind.RAISE, 60))
    assert hand.flags == [] and hand.state.bets == (10, 20, 0)


def test_IRR_OUT_OF_TURN_binding_when_the_action_reaches_the_player_unchanged() -> None:
    hand = dealt().add(ActionAttempted(0, ActionKind.CALL))  # p1 calls before p3 acted
    hand.confirm(hand.only_flag("IRR-OUT-OF-TURN"))
    assert binding_action(hand.setup, hand.events) is None  # p3 is to act, not p1
    hand.play("c")  # p3 only calls: the action to p1 has not changed
    assert hand.state.actor == 0
    assert binding_action(hand.setup, hand.events) == Called(0, 10)


def test_IRR_OUT_OF_TURN_not_binding_once_the_action_changed() -> None:
    hand = dealt().add(ActionAttempted(0, ActionKind.CALL))
    hand.confirm(hand.only_flag("IRR-OUT-OF-TURN"))
    hand.play(("r", 60))  # p3 raises: p1 may act anew
    assert hand.state.actor == 0 and binding_action(hand.setup, hand.events) is None


def test_IRR_OUT_OF_TURN_house_option_not_binding() -> None:
    house = dataclasses.replace(rules(), irregularities=IrregularityRules(
        out_of_turn=OutOfTurnRuling.NOT_BINDING))
    hand = Hand(setup(house=house)).deal().add(ActionAttempted(0, ActionKind.CALL))
    flag = hand.only_flag("IRR-OUT-OF-TURN")
    assert "not binding" in flag.steps[1]
    hand.confirm(flag)
    hand.play("c")
    assert binding_action(hand.setup, hand.events) is None


def test_IRR_OUT_OF_TURN_due_events_bring_the_binding_call() -> None:
    hand = dealt().add(ActionAttempted(0, ActionKind.CALL))
    hand.confirm(hand.only_flag("IRR-OUT-OF-TURN"))
    assert due_events(hand.setup, hand.events) == ()
    hand.play("c")
    assert due_events(hand.setup, hand.events) == (Called(0, 10),)
    hand.add(*due_events(hand.setup, hand.events))
    assert hand.state.actor == 1 and hand.state.bets == (20, 20, 20)
    assert due_events(hand.setup, hand.events) == ()  # bound once, then done


def test_IRR_DECK_a_board_card_already_in_the_hand_is_no_early_turn() -> None:
    hand = Hand(setup()).deal(HOLES).play("c", "c", "k").board("2c 3d 4h").play(("r", 40))
    hand.add(BoardDealt(parse_cards("Ah")))  # p1's card, turned while betting is open
    assert [f.rule_id for f in hand.flags] == ["IRR-DECK"]
    hand.add(BoardCardsExposed(parse_cards("3d")))  # on the board already
    assert [f.rule_id for f in hand.flags] == ["IRR-DECK", "IRR-DECK"]


def test_IRR_DECK_reported_exposure_of_a_card_the_player_does_not_hold() -> None:
    hand = Hand(setup()).deal(HOLES).add(CardExposed(2, card("Kd"), nth=5))
    flag = hand.only_flag("IRR-DECK")
    assert flag.player == 2 and "does not hold Kd" in flag.message


def test_exposed_card_of_a_folded_hand_needs_no_ruling() -> None:
    hand = dealt().play("f").add(CardExposed(2, card("Kd"), nth=0))
    assert hand.flags == []


def test_IRR_HE_EXPOSE_OTHER_unknown_face_of_a_known_hand_must_be_named() -> None:
    hand = Hand(setup()).deal(HOLES).add(CardExposed(2, UNKNOWN, nth=5))
    flag = hand.only_flag("IRR-HE-EXPOSE-OTHER")
    with pytest.raises(IllegalActionError, match="by its face"):
        hand.confirm(flag)


def test_IRR_HE_EXPOSE_OTHER_after_the_flop_the_card_stays_live() -> None:
    hand = dealt().play("c", "c", "k").board("2c 3d 4h")
    hand.add(CardExposed(1, card("Kd")), CardExposed(2, card("Qd")))
    flags = [f for f in hand.flags if f.rule_id == "IRR-HE-EXPOSE-OTHER"]
    assert [f.severity for f in flags] == [Severity.INFO, Severity.INFO]  # no misdeal
    assert "stays live" in flags[0].message
    assert hand.confirm(flags[0]) == (RulingApplied(flags[0].flag_id, "IRR-HE-EXPOSE-OTHER"),)
    assert card("Kd") in hand.state.hole[1] and hand.state.total_chips == TOTAL
