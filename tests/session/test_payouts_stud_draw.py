"""Stud and draw hands through the session's own lines (``up``, ``draw``, ``pay``).

ST7-DEAL: the dealer enters each street's up cards; they decide the bring-in (ST-BRINGIN)
and who opens later streets (ST-FIRST). DR-DRAW: each draw is the player due to draw.
Refusals carry their rule ID and change nothing; replaying the journal gives the live
state at every step; the payout waits for ``pay`` as in hold'em (POT-AWARD).
"""

from __future__ import annotations

import pytest

from dealerassist.errors import IllegalActionError
from dealerassist.journal.memory import InMemoryJournal
from dealerassist.rules import default_rules
from dealerassist.session.commands import (
    COMMAND_HELP,
    CommandError,
    DealUp,
    Draw,
    Pay,
    RaiseTo,
    parse_command,
)
from dealerassist.session.controller import TableSession
from dealerassist.session.presenter import present
from tests.session.helpers import clock

RULES = default_rules()
SEATS = ["sit 1 Ann 500", "sit 2 Ben 500", "sit 3 Cy 500", "hand"]


def table(preset: str, journal: InMemoryJournal) -> TableSession:
    return TableSession(journal, rules=RULES, preset=RULES.preset(preset), clock=clock,
                        confirm_payouts=True)


def play_replaying(session: TableSession, journal: InMemoryJournal, preset: str,
                   lines: list[str]) -> None:
    for line in lines:
        session.execute(line)
        assert table(preset, journal).state == session.state, line


def test_ST7_DEAL_DR_DRAW_up_draw_pay_are_commands_and_bad_ones_say_how() -> None:
    assert parse_command("up 1 Kh 2 7c") == DealUp(cards=((1, (parse_card("Kh"),)),
                                                          (2, (parse_card("7c"),))))
    assert parse_command("UP 3 Kh7c # two cards") == DealUp(
        cards=((3, (parse_card("Kh"), parse_card("7c"))),))
    assert parse_command("draw 2") == Draw(count=2)
    assert parse_command("pat") == Draw(count=0)
    assert parse_command("pay  # confirmed") == Pay()
    assert parse_command("r 60") == RaiseTo(amount=60)
    for bad in ("up Kh", "up 1", "up 0 Kh", "up 1 Zz", "draw", "draw two", "draw 1 2",
                "pat 2", "draw -1"):
        with pytest.raises(CommandError, match="usage"):
            parse_command(bad)
    with pytest.raises(CommandError, match="pay takes no value"):
        parse_command("pay 3")
    with pytest.raises(CommandError, match="did you mean 'pay'"):
        parse_command("pya")
    usages = [usage for usage, _, _ in COMMAND_HELP]
    assert {"pay", "up SEAT CARD [SEAT CARD ...]", "draw N | pat"} <= set(usages)


def parse_card(text: str):  # noqa: ANN201
    from dealerassist.cards import parse_card as parse

    return parse(text)


def test_ST_BRINGIN_ST_FIRST_stud_hand_pays_on_pay_and_replays() -> None:
    journal = InMemoryJournal()
    preset = "Stud 15/30 ante 2 bring-in 5"
    session = table(preset, journal)
    play_replaying(session, journal, preset, SEATS)
    with pytest.raises(IllegalActionError) as refused:
        session.execute("c")
    assert refused.value.rule_id == "G-ACT"
    play_replaying(session, journal, preset, ["up 1 Kh 2 7c 3 2d"])
    assert present(session.state).action.seat == 3  # the 2d brings in
    assert present(session.state).action.bring_in == 5
    seq = journal.last_seq()
    with pytest.raises(IllegalActionError) as refused:
        session.execute("up 1 Ks")  # the up cards of 3rd street are all dealt
    assert refused.value.rule_id == "ST7-DEAL" and journal.last_seq() == seq
    play_replaying(session, journal, preset, ["c", "c", "c"])  # bring-in 5, two calls
    with pytest.raises(IllegalActionError) as refused:
        session.execute("up 1 Kd 2 8c 3 3d 1 Qs")  # seat 1 twice
    assert refused.value.rule_id == "ST7-DEAL"
    with pytest.raises(IllegalActionError) as refused:
        session.execute("up 1 Kh")  # the Kh is dealt already (IRR-DECK)
    assert refused.value.rule_id == "IRR-DECK", refused.value
    play_replaying(session, journal, preset, ["up 1 Kd", "up 2 8c 3 3d"])
    assert present(session.state).action.seat == 1  # ST-FIRST: open kings
    lines = ["x", "x", "x", "up 1 Qd 2 9c 3 4d", "x", "x", "x", "up 1 Jd 2 Tc 3 5d",
             "x", "x", "x", "x", "x", "x"]
    play_replaying(session, journal, preset, lines)
    with pytest.raises(IllegalActionError, match="seat 2 .Ben. shows 2 card.s.: enter the 3 "
                       "down") as refused:
        session.execute("show 2 As Ac")
    assert refused.value.rule_id == "ST7-DEAL"
    lines = ["show 2 As Ac 2h", "show 3 Ah Ad 6d",
             "show 1 Ks Qs 3h"]
    play_replaying(session, journal, preset, lines)
    assert session.state.hand is not None  # waiting for pay
    proposal = present(session.state).showdown
    (pot,) = proposal.pots
    assert (pot.amount, pot.rake, [(a.seat, a.amount) for a in pot.awards]) == (
        21, 1, [(3, 20)])  # antes 6 + bring-in and calls 15; Cy's straight flush
    play_replaying(session, journal, preset, ["pay"])
    assert {p.seat: p.stack for p in session.state.table.players} == {1: 493, 2: 493, 3: 513}


def test_DR_DRAW_draw_is_for_the_player_due_and_refused_otherwise() -> None:
    journal = InMemoryJournal()
    preset = "2-7 Triple Draw 10/20"
    session = table(preset, journal)
    play_replaying(session, journal, preset, SEATS)
    with pytest.raises(IllegalActionError) as refused:
        session.execute("draw 1")  # the betting comes first
    assert refused.value.rule_id == "DR-DRAW"
    play_replaying(session, journal, preset, ["c", "c", "x"])
    with pytest.raises(IllegalActionError) as refused:
        session.execute("draw 6")
    assert refused.value.rule_id == "DR-DRAW"
    assert "seat 2 (Ben) holds 5 cards" in str(refused.value)
    play_replaying(session, journal, preset, ["draw 2", "pat", "draw 1"])
    seats = {s.seat: s.drawn_count for s in present(session.state).seats if s.name}
    assert seats == {1: 1, 2: 2, 3: 0}
    assert present(session.state).history[-3:] == (
        "seat 2 Ben draws 2", "seat 3 Cy stands pat", "seat 1 Ann draws 1")
