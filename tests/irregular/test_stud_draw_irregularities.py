"""Stud, lowball/draw and jacks-or-better irregularities: one scenario per IRR rule.

Every scenario runs on a really dealt hand (stud: `HoleCardsDealt` with 2 down + 1 up cards;
draw and jacks: `Hand.deal` then real actions), asserts the flag, its ruling's rule ID and
severity, the consequence events `confirm` returns, and the chips and cards AFTER confirming:
stacks, pot, chips conserved, the dead hand out of ``in_hand``, the ante back where the
ruling says (IRR-ST-HOLE-UP), everything back on a misdeal.
Players are PHH indices; three players, the button is index 2.
"""

from __future__ import annotations

import pytest

from dealerassist.cards import parse_cards
from dealerassist.engine.events import (
    CardsDrawn,
    HoleCardsDealt,
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
    HoleCardReplaced,
    MisdealDeclared,
    PlayerAbsent,
    RulingApplied,
    WrongBringIn,
)
from dealerassist.engine.state import Phase
from dealerassist.errors import IllegalActionError
from dealerassist.irregular.consequences import due_events
from dealerassist.irregular.flags import Flag, Severity

from .helpers import Hand, card, setup

STUD = {"ante": 5, "bring_in": 10, "small_blind": 0, "big_blind": 0, "small_bet": 20,
        "big_bet": 40}


def lowball() -> Hand:
    return Hand(setup("F2L3D"))


def jacks() -> Hand:
    return Hand(setup("FJB", ante=5, small_blind=0, big_blind=0, small_bet=20, big_bet=40))


DEAL = ("AhKd5h", "AsKs9d", "QhQd2c")  # p3 shows the 2c: the low card brings in
DRAW = ("2c3c4c5cKd", "AsKs9d8d7h", "QhQd2d3d4s")


def _stud_deal(*holes: str) -> list[object]:
    return [HoleCardsDealt(player, tuple(parse_cards(text))) for player, text in enumerate(holes)]


def dealt_stud(*, tournament: bool = False, stacks: tuple[int, ...] = (1000, 800, 1500)) -> Hand:
    return Hand(setup("F7S", stacks, **STUD), tournament=tournament).add(*_stud_deal(*DEAL))


def _flag(hand: Hand, rule_id: str) -> Flag:
    return [f for f in hand.flags if f.rule_id == rule_id][-1]


def _unchanged_by(hand: Hand, flag: Flag) -> tuple[object, ...]:
    """Confirm ``flag`` and assert the stacks, pot and live hands did not move."""
    before = (hand.state.stacks, hand.state.pot_total, hand.state.in_hand, hand.state.actor)
    events = hand.confirm(flag)
    after = hand.state
    assert (after.stacks, after.pot_total, after.in_hand, after.actor) == before
    return events


def _misdeal_returns_everything(hand: Hand, flag: Flag) -> None:
    total = hand.state.total_chips
    assert hand.confirm(flag)[-1] == MisdealDeclared(flag.rule_id)
    assert hand.state.stacks == hand.setup.starting_stacks and hand.state.pot_total == 0
    assert hand.state.total_chips == total and hand.state.is_complete


# ----- stud (really dealt: 2 down + 1 up) ------------------------------------------------


def test_IRR_ST_HOLE_UP_one_down_card_up_plays_on() -> None:
    hand = dealt_stud().add(CardExposed(1, card("As"), nth=2))
    flag = hand.only_flag("IRR-ST-HOLE-UP")
    assert flag.severity is Severity.WARNING
    assert "third card" in flag.steps[0] and "troisième" in flag.steps_fr[0]
    assert _unchanged_by(hand, flag) == (RulingApplied(flag.flag_id, "IRR-ST-HOLE-UP"),)
    assert hand.state.actor == 2  # the bring-in still comes from the 2c


def test_IRR_ST_HOLE_UP_both_down_cards_up_kills_the_hand_and_returns_its_ante() -> None:
    hand = dealt_stud().add(CardExposed(1, card("As"), nth=2), CardExposed(1, card("Ks"), nth=5))
    flags = [f for f in hand.flags if f.rule_id == "IRR-ST-HOLE-UP"]
    assert len(flags) == 2 and "both" in flags[1].message
    total, pot = hand.state.total_chips, hand.state.pot_total
    events = hand.confirm(flags[1])
    assert events[-1] == HandKilled(1, "IRR-ST-HOLE-UP", ante_returned=True)
    state = hand.state
    assert state.stacks == (995, 800, 1495)  # p2's ante of 5 back, the others' stay in
    assert state.pot_total == pot - 5 and state.total_chips == total
    assert state.in_hand == (0, 2) and state.actor == 2
    hand.play("bi", "c")  # the hand plays on between the two others
    assert hand.state.actor is None and hand.state.in_hand == (0, 2)


def test_IRR_ST_HOLE_UP_tournament_is_a_misdeal() -> None:
    hand = dealt_stud(tournament=True).add(CardExposed(0, card("Ah"), nth=1))
    flag = hand.only_flag("IRR-ST-HOLE-UP")
    assert flag.severity is Severity.MISDEAL
    _misdeal_returns_everything(hand, flag)


def test_IRR_ST_ABSENT_kills_the_hand_when_the_action_reaches_the_seat() -> None:
    hand = dealt_stud().play("bi").add(PlayerAbsent(1))
    flag = hand.only_flag("IRR-ST-ABSENT")
    assert flag.player == 1 and flag.severity is Severity.INFO and "killed" in flag.message
    _unchanged_by(hand, flag)  # p1 acts first: p2's turn has not come yet
    hand.play("c")
    assert due_events(hand.setup, hand.events) == (HandKilled(1, "IRR-ST-ABSENT"),)
    hand.add(HandKilled(1, "IRR-ST-ABSENT"))
    state = hand.state
    assert state.in_hand == (0, 2) and state.stacks == (985, 795, 1485)  # the ante stays in
    assert state.total_chips == 3300 and state.actor is None


def test_IRR_ST_ABSENT_at_the_seat_s_turn_is_killed_at_once() -> None:
    hand = dealt_stud().play("bi").add(PlayerAbsent(0))
    flag = hand.only_flag("IRR-ST-ABSENT")
    assert hand.confirm(flag)[-1] == HandKilled(0, "IRR-ST-ABSENT")
    assert hand.state.in_hand == (1, 2) and hand.state.actor == 1
    assert hand.state.stacks == (995, 795, 1485)


def test_IRR_ST_FOLD_NOBET_keeps_dealing_to_the_seat() -> None:
    hand = dealt_stud().play("bi", "c", "c")
    hand.add(*[HoleCardsDealt(p, (c,)) for p, c in enumerate(parse_cards("2d 3d 4d"))])
    hand.play("k").add(FoldedWithoutBet(2))
    flag = hand.only_flag("IRR-ST-FOLD-NOBET")
    assert flag.player == 2 and "Keep dealing" in flag.steps[0]
    _unchanged_by(hand, flag)
    assert 2 in hand.state.in_hand and hand.state.stacks == (985, 785, 1485)


def test_IRR_ST_ALLIN_LOW_short_bring_in_is_detected_without_a_report() -> None:
    # p3 holds the low 2c with 7 chips: 5 go in the ante, the bring-in is all-in for 2.
    hand = dealt_stud(stacks=(1000, 800, 7)).play("bi")
    flag = hand.only_flag("IRR-ST-ALLIN-LOW")
    assert flag.player == 2 and "left" in flag.message
    _unchanged_by(hand, flag)
    assert hand.state.stacks == (995, 795, 0) and 2 in hand.state.in_hand


def test_IRR_ST_WRONG_LOW_corrected_when_the_next_player_has_not_acted() -> None:
    # Real stud deal: player 2 shows the 2c, the true low; player 0 (5h) wrongly brings in.
    hand = dealt_stud().add(WrongBringIn(0, 2))
    assert hand.state.actor == 2  # the engine knows the true low (ST-BRINGIN)
    flag = hand.only_flag("IRR-ST-WRONG-LOW")
    assert "corrected" in flag.message and "on corrige" in flag.message_fr
    # The engine never took player 0's wager (the dealer hands it back): the ruling adds no
    # chip event, the stacks are untouched and the true low still brings in.
    assert _unchanged_by(hand, flag) == (RulingApplied(flag.flag_id, "IRR-ST-WRONG-LOW"),)
    assert not any(isinstance(e, ChipsReturned) for e in hand.events)


def test_IRR_ST_WRONG_LOW_stands_once_the_next_player_acted() -> None:
    hand = dealt_stud().play("bi", "c").add(WrongBringIn(0, 2))
    flag = hand.only_flag("IRR-ST-WRONG-LOW")
    assert "wager stands" in flag.message and "owes nothing" in flag.steps[1]
    assert _unchanged_by(hand, flag) == (RulingApplied(flag.flag_id, "IRR-ST-WRONG-LOW"),)
    assert hand.state.stacks == (985, 795, 1485)


# ----- lowball / draw (really dealt: Hand.deal then play) --------------------------------


def dealt_lowball() -> Hand:
    return lowball().deal(DRAW)


def test_IRR_LB_MISDEAL_dealing_error_before_two_players_acted() -> None:
    hand = dealt_lowball().add(DealError(DealErrorKind.OUT_OF_SEQUENCE))
    flag = hand.only_flag("IRR-LB-MISDEAL")
    assert flag.severity is Severity.MISDEAL
    _misdeal_returns_everything(hand, flag)


def test_IRR_LB_MISDEAL_too_late_after_two_players_acted() -> None:
    hand = dealt_lowball().play("c", "c").add(DealError(DealErrorKind.PLAYER_DEALT_OUT, player=1))
    flag = hand.only_flag("IRR-LB-MISDEAL")
    assert flag.severity is Severity.INFO and "no misdeal" in flag.message
    assert _unchanged_by(hand, flag) == (RulingApplied(flag.flag_id, "IRR-LB-MISDEAL"),)
    assert hand.state.stacks == (980, 780, 1480)


def test_IRR_LB_MISDEAL_first_card_exposed() -> None:
    hand = dealt_lowball().add(CardExposed(0, card("2c"), nth=1))
    flag = hand.only_flag("IRR-LB-MISDEAL")
    assert flag.severity is Severity.MISDEAL
    _misdeal_returns_everything(hand, flag)


def test_IRR_BUTTON_in_lowball_before_action_is_also_a_misdeal() -> None:
    hand = dealt_lowball().add(ButtonMisplaced())
    assert [f.rule_id for f in hand.flags] == ["IRR-BUTTON", "IRR-LB-MISDEAL"]


def test_IRR_DR_EXPOSED_card_exposed_before_the_draw_is_kept() -> None:
    hand = dealt_lowball().play("c", "c").add(CardExposed(1, card("Ks"), nth=9))
    flag = hand.only_flag("IRR-DR-EXPOSED")
    assert flag.severity is Severity.INFO and "kept" in flag.message
    _unchanged_by(hand, flag)
    assert card("Ks") in hand.state.hole[1]


def _drawing() -> Hand:
    return dealt_lowball().play("c", "c", "k")  # the first betting round is over


def test_IRR_DR_DRAW_EXPOSED_replaced_after_the_draw() -> None:
    hand = _drawing().add(CardsDrawn(0, (card("Kd"),), (card("6h"),)),
                          CardExposed(0, card("6h"), during_draw=True))
    flag = hand.only_flag("IRR-DR-DRAW-EXPOSED")
    assert "Complete the draw" in flag.steps[1]
    hand.add(CardsDrawn(1, (), ()), CardsDrawn(2, (card("Qh"),), (card("5d"),)))
    events = hand.confirm(flag, replacement=card("7c"))
    assert events[-1] == HoleCardReplaced(0, card("6h"), card("7c"), "IRR-DR-DRAW-EXPOSED")
    state = hand.state
    assert card("7c") in state.hole[0] and card("6h") not in state.hole[0]
    assert len(state.hole[0]) == 5 and state.actor == 0  # the betting after the draw
    assert state.stacks == (980, 780, 1480) and state.pot_total == 60


def test_IRR_DR_SHORT_before_any_action_is_a_misdeal() -> None:
    hand = dealt_lowball().add(HandSizeWrong(0, 4))
    flag = hand.only_flag("IRR-DR-SHORT")
    assert flag.severity is Severity.MISDEAL
    _misdeal_returns_everything(hand, flag)


def test_IRR_DR_SHORT_button_or_after_action_draws_to_five() -> None:
    button = dealt_lowball().add(HandSizeWrong(2, 4)).only_flag("IRR-DR-SHORT")
    hand = dealt_lowball().play("c").add(HandSizeWrong(0, 4))
    after = hand.only_flag("IRR-DR-SHORT")
    assert button.severity is Severity.WARNING and after.severity is Severity.WARNING
    assert "draws to five" in after.message
    _unchanged_by(hand, after)
    assert hand.state.stacks == (990, 780, 1480)


def test_IRR_DR_FOUL_wrong_count_after_the_draw_kills_the_hand() -> None:
    hand = _drawing().add(CardsDrawn(0, (card("Kd"),), (card("6h"),)),
                          HandSizeWrong(1, 6, after_draw=True))
    flag = hand.only_flag("IRR-DR-FOUL")
    assert hand.confirm(flag)[-1] == HandKilled(1, "IRR-DR-FOUL")
    state = hand.state
    assert state.in_hand == (0, 2) and state.stacks == (980, 780, 1480)
    assert state.pot_total == 60 and state.total_chips == 3300  # the dead hand's 20 stays


def test_IRR_DR_FOUL_the_dead_hand_draws_no_more_and_the_betting_starts() -> None:
    # p3 fouls before its turn to draw: p2 still draws, then the betting starts without p3.
    hand = _drawing().add(CardsDrawn(0, (card("Kd"),), (card("6h"),)),
                          HandSizeWrong(2, 6, after_draw=True))
    hand.confirm(hand.only_flag("IRR-DR-FOUL"))
    assert hand.state.due_draw == (1,)
    hand.add(CardsDrawn(1, (card("As"),), (card("7c"),)))
    state = hand.state
    assert state.phase is Phase.BETTING and state.actor == 0 and state.in_hand == (0, 1)
    assert state.pot_total == 60 and state.total_chips == 3300


def test_IRR_DR_FOUL_the_last_live_hand_cannot_be_killed() -> None:
    # Heads-up, p2 bets all in and p1 folds: p2's is the only hand left, it takes the pot.
    hand = Hand(setup("F2L3D", (21, 21))).deal(DRAW[:2]).play(("b", 21), "f")
    hand.add(HandSizeWrong(1, 6))
    flag = hand.only_flag("IRR-DR-FOUL")
    before = hand.state
    with pytest.raises(IllegalActionError, match="last live hand") as refused:
        hand.confirm(flag)
    assert refused.value.rule_id == "IRR-DR-FOUL"
    assert hand.state == before and hand.state.in_hand == (1,)


def test_IRR_DR_FOUL_detected_from_an_uneven_draw() -> None:
    hand = _drawing().add(CardsDrawn(0, (card("Kd"), card("5c")), (card("6h"),)))
    flag = hand.only_flag("IRR-DR-FOUL")
    assert "4 cards" in flag.message
    assert hand.confirm(flag)[-1] == HandKilled(0, "IRR-DR-FOUL")
    assert hand.state.in_hand == (1, 2) and hand.state.pot_total == 60


# ----- jacks or better (really dealt) ----------------------------------------------------


def test_IRR_JB_FALSE_opener_hand_dead() -> None:
    hand = jacks().deal().play(("b", 20), "c", "f").add(FalseOpeners(0))
    flag = hand.only_flag("IRR-JB-FALSE")
    assert "refund" in flag.steps[3] and "antes again" in flag.steps[3]
    assert [f.rule_id for f in hand.flags] == ["IRR-JB-FALSE"]  # one caller: not played
    assert hand.confirm(flag)[-1] == HandKilled(0, "IRR-JB-FALSE")
    assert hand.state.in_hand == (1,) and hand.state.total_chips == 3300


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
    hand = jacks().deal().play(("b", 20), ("b", 40)).add(FalseOpeners(0))
    assert [f.rule_id for f in hand.flags] == ["IRR-JB-FALSE", "IRR-JB-PLAYED"]
    flag = hand.only_flag("IRR-JB-PLAYED")
    assert "raise" in flag.message
    _unchanged_by(hand, flag)
    assert hand.state.stacks == (975, 755, 1495) and hand.state.actor == 2


def test_IRR_JB_PLAYED_two_callers() -> None:
    hand = jacks().deal().play(("b", 20), "c", "c").add(FalseOpeners(0))
    flag = hand.only_flag("IRR-JB-PLAYED")
    assert "2 players called" in flag.message
    _unchanged_by(hand, flag)
    assert hand.state.pot_total == 75 and hand.state.in_hand == (0, 1, 2)


def test_IRR_JB_ALLIN_FALSE_loses_the_antes_and_sits_out() -> None:
    # p3 opens all in for its last 20 (after a 5 ante) and shows false openers.
    hand = Hand(setup("FJB", (1000, 800, 25), ante=5, small_blind=0, big_blind=0,
                      small_bet=20, big_bet=40)).deal().play("k", "k", ("b", 20))
    hand.add(FalseOpeners(2, all_in=True))
    flag = hand.only_flag("IRR-JB-ALLIN-FALSE")
    assert "sits out" in flag.steps[1]
    total = hand.state.total_chips
    assert hand.confirm(flag)[-1] == HandKilled(2, "IRR-JB-ALLIN-FALSE")
    state = hand.state
    assert state.in_hand == (0, 1) and state.stacks == (995, 795, 0)
    assert state.total_chips == total and state.actor == 0


def test_IRR_JB_FALSE_pot_declared_open_the_opener_takes_back_his_other_bets() -> None:
    # Pre-draw action unfinished: the opener bet 20 and called a raise to 40 when he shows
    # false openers; the pot is declared open (the raise makes it play, IRR-JB-PLAYED).
    hand = jacks().deal().play(("b", 20), "c", ("b", 40), "c").add(FalseOpeners(0))
    assert hand.state.actor == 1  # player 1 still owes 20: the action is unfinished
    flag = [f for f in hand.flags if f.rule_id == "IRR-JB-FALSE"][0]
    stacks = hand.state.stacks
    chips = sum(stacks) + hand.state.pot_total + sum(hand.state.bets)
    events = hand.confirm(flag)
    # his opening bet (20) stays; the 20 he added to call the raise comes back
    assert events[1:] == (ChipsReturned(0, 20, "IRR-JB-FALSE"), HandKilled(0, "IRR-JB-FALSE"))
    assert hand.state.stacks == (stacks[0] + 20, stacks[1], stacks[2])
    assert sum(hand.state.stacks) + hand.state.pot_total + sum(hand.state.bets) == chips
    assert 0 not in hand.state.in_hand and hand.state.actor == 1
