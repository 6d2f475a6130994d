"""Dealer report commands (session/reports.py) on a live table's running hand."""

from __future__ import annotations

import dataclasses

import pytest

from dealerassist.cards import parse_cards
from dealerassist.engine.events import BoardDealt, Called, Checked, Folded
from dealerassist.engine.ruling_events import (
    BurnSkipped,
    CardExposed,
    FloorOverruled,
    MisdealDeclared,
    RulingApplied,
)
from dealerassist.engine.rulings import evolve
from dealerassist.errors import IllegalActionError
from dealerassist.irregular.flags import Language
from dealerassist.journal.memory import InMemoryJournal
from dealerassist.rules.model import GamePreset
from dealerassist.rules.profiles import default_rules
from dealerassist.session.commands import CommandError
from dealerassist.session.controller import TableSession
from dealerassist.session.events import HandFinished
from dealerassist.session.reports import (
    ConfirmRuling,
    OverruleFlag,
    Report,
    board_events,
    decide_report,
    hand_flags,
    is_report,
    parse_report,
)
from dealerassist.session.viewmodels import FlagSeverity, FlagStatus

RULES = default_rules()
NLHE = GamePreset(name="NLHE 5/10", game="NT", small_blind=5, big_blind=10, max_seats=6)


def running_hand():  # type: ignore[no-untyped-def]
    session = TableSession(InMemoryJournal(), rules=RULES, preset=NLHE,
                           clock=lambda: "2026-11-30T01:00:00.000000Z")
    for line in ("sit 1 Ann 500", "sit 2 Bob 600", "sit 4 Cy 700", "hand"):
        session.execute(line)
    assert session.state.hand is not None
    return session.state.hand


def run(hand, line: str):  # type: ignore[no-untyped-def]
    """Decide a report line and apply its events as the hooked session would."""
    command = parse_report(line)
    assert command is not None
    events = decide_report(hand, command, rules=RULES)
    state = hand.engine_state
    for event in events:
        if not isinstance(event, HandFinished):
            state = evolve(state, event)
    return dataclasses.replace(hand, engine_state=state, events=(*hand.events, *events)), events


def act(hand, *events):  # type: ignore[no-untyped-def]
    state = hand.engine_state
    for event in events:
        state = evolve(state, event)
    return dataclasses.replace(hand, engine_state=state, events=(*hand.events, *events))


def test_parse_report_lines() -> None:
    assert parse_report("exposed 3 Ah second") == Report("exposed", seat=3,
                                                         cards=parse_cards("Ah"), own=2)
    assert parse_report("exposed 3 Ah deal 5") == Report("exposed", seat=3,
                                                         cards=parse_cards("Ah"), nth=5)
    assert parse_report("extra 2") == Report("extra", seat=2, count=1)
    assert parse_report("acted 3 r 30") == Report("acted", seat=3, count=30, flag="raise")
    assert parse_report("acted 5 c") == Report("acted", seat=5, flag="call")
    assert parse_report("flopped Ah Kd 7c 2s") == Report("flopped",
                                                         cards=parse_cards("Ah Kd 7c 2s"))
    assert parse_report("dealerror out_of_sequence 4") == Report("dealerror", seat=4,
                                                                 flag="out_of_sequence")
    assert parse_report("confirm 5:IRR-HE-EXPOSE-OTHER Qs") == ConfirmRuling(
        "5:IRR-HE-EXPOSE-OTHER", parse_cards("Qs")[0])
    assert parse_report("misdeal") == ConfirmRuling(misdeal_only=True)
    assert parse_report("confirm 9:IRR-JB-FALSE nodeclare") == ConfirmRuling(
        "9:IRR-JB-FALSE", nobody_declares=True)
    assert parse_report("overrule 4:IRR-DECK misread by camera") == OverruleFlag(
        "4:IRR-DECK", "misread by camera")
    assert parse_report("overrule 4:IRR-DECK dealer didn't see it #2") == OverruleFlag(
        "4:IRR-DECK", "dealer didn't see it #2")
    assert parse_report("overrule 4:IRR-DECK 'dealer didn'\"'\"'t see it'") == OverruleFlag(
        "4:IRR-DECK", "dealer didn't see it")  # as the console's button quotes it
    assert parse_report("r 60") is None and not is_report("r 60") and is_report("early Ks")


@pytest.mark.parametrize(("line", "words"), [
    ("exposed x Ah", "seat 'x' is not a whole number"),
    ("exposed 3 Zz", "exposed"),
    ("exposed 3", "needs more values"),
    ("dealerror wrong_seat", "is not one of"),
    ("holding 3 four", "count 'four'"),
    ("overrule 4:IRR-DECK", "needs a flag and the floor's reason"),
    ("acted 3 r", "needs its amount"),
    ("acted 3 shove 30", "is not f, x, c, b, r or allin"),
])
def test_bad_report_lines_say_how_to_fix_them(line: str, words: str) -> None:
    with pytest.raises(CommandError, match=words):
        parse_report(line)


def test_IRR_HE_EXPOSE_FIRST2_reported_then_misdeal_finishes_hand_every_chip_back() -> None:
    hand = running_hand()
    seats = hand.started.seats
    start = hand.started.starting_stacks
    hand, events = run(hand, f"exposed {seats[0]} Ah first")
    assert events == [CardExposed(0, parse_cards("Ah")[0], nth=1)]
    [view] = hand_flags(hand)
    assert view.rule_id == "IRR-HE-EXPOSE-FIRST2" and view.severity is FlagSeverity.MISDEAL
    assert view.seat == seats[0] and f"seat {seats[0]}" in view.message
    hand, events = run(hand, "misdeal")
    assert isinstance(events[0], RulingApplied)
    assert events[1] == MisdealDeclared("IRR-HE-EXPOSE-FIRST2")
    assert events[2] == HandFinished(hand_id=hand.started.hand_id, final_stacks=start, rake=0)
    assert hand_flags(hand)[0].status is FlagStatus.CONFIRMED


def test_misdeal_without_a_misdeal_flag_is_refused() -> None:
    hand = running_hand()
    with pytest.raises(IllegalActionError, match="no open misdeal flag"):
        run(hand, "misdeal")


def test_IRR_FLOP_EARLY_reported_confirmed_then_new_flop_unburned() -> None:
    hand = running_hand()
    state = hand.engine_state
    first = state.actor
    hand = act(hand, Called(first, state.bets[1] - state.bets[first]))
    hand, _ = run(hand, "early Ah Kd 7c")
    [view] = hand_flags(hand)
    assert view.rule_id == "IRR-FLOP-EARLY"
    hand, events = run(hand, "confirm")
    assert events[0] == RulingApplied(view.flag_id, "IRR-FLOP-EARLY")
    while hand.engine_state.actor is not None:
        state = hand.engine_state
        actor = state.actor
        owed = max(state.bets) - state.bets[actor]
        hand = act(hand, Called(actor, owed) if owed else Checked(actor))
    assert board_events(hand, parse_cards("Ah 2c 3d"), rules=RULES) == [
        BoardDealt(parse_cards("Ah 2c 3d")), BurnSkipped("IRR-FLOP-EARLY")]


def test_overrule_is_recorded_and_the_flag_kept() -> None:
    hand = running_hand()
    hand, _ = run(hand, "dealerror out_of_sequence")
    assert hand_flags(hand) == ()  # hold'em: not on the lowball list, nothing to flag
    hand, _ = run(hand, "extra 1 2")
    [flag] = hand_flags(hand)
    assert flag.rule_id == "IRR-HE-EXTRA-2" and flag.seat == 1
    hand, events = run(hand, f"overrule {flag.flag_id} cards recovered before anyone looked")
    assert events == [FloorOverruled(flag.flag_id, "cards recovered before anyone looked")]
    [flag] = hand_flags(hand)
    assert flag.status is FlagStatus.OVERRULED and flag.overrule_reason.startswith("cards")
    assert hand.engine_state.phase.value == "betting"  # the hand goes on
    with pytest.raises(IllegalActionError, match="already overruled"):
        run(hand, f"confirm {flag.flag_id}")


def test_report_for_a_seat_not_dealt_in_is_refused() -> None:
    hand = running_hand()
    with pytest.raises(IllegalActionError, match="not in this hand"):
        run(hand, "exposed 6 Ah")


def test_refusals_name_seats_not_engine_players() -> None:
    hand = running_hand()
    seats = hand.started.seats
    actor = hand.engine_state.actor
    hand, _ = run(hand, f"exposed {seats[actor]} Kd second")
    flag = hand_flags(hand)[0]
    hand = act(hand, Folded(actor))
    with pytest.raises(IllegalActionError) as error:
        run(hand, f"confirm {flag.flag_id} 2c")  # that hand is folded: nothing to replace
    reason = error.value.reason
    assert "player" not in reason and f"seat {seats[actor]}" in reason, reason


def test_flags_panel_in_french() -> None:
    hand = running_hand()
    seats = hand.started.seats
    hand, _ = run(hand, f"extra {seats[0]}")
    [view] = hand_flags(hand, language=Language.FR)
    assert view.message.startswith("1 carte(s) en trop") and f"siège {seats[0]}" in view.message
    assert view.ruling_steps[0].startswith("Reprenez")


def test_acted_for_a_legal_action_is_refused_with_the_usual_command() -> None:
    hand = running_hand()
    seats = hand.started.seats
    actor = hand.engine_state.actor
    with pytest.raises(IllegalActionError, match="breaks no rule now") as error:
        run(hand, f"acted {seats[actor]} c")
    assert f"seat {seats[actor]}" in error.value.reason
    hand, events = run(hand, f"acted {seats[(actor + 1) % 3]} c")  # out of turn: recorded
    assert [v.rule_id for v in hand_flags(hand)] == ["IRR-OUT-OF-TURN"]
