"""DR-CHANGE and DR-DRAW-MAX through the table's own lines (``ask``, ``change``, ``draw``,
``fifth``), with the dealer's message in English and French.

In these hands (2-7 triple draw, seats 1-3, button on seat 1) the draw goes seat 2 (Ben),
seat 3 (Cy), seat 1 (Ann). After every accepted line the journal replayed from scratch
gives the live state (a table restarted mid-draw carries on); a refused line changes
neither the state nor the journal.
"""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from dealerassist.cards import UNKNOWN
from dealerassist.engine.events import CardsDrawn, DrawDeclared
from dealerassist.engine.state import Phase
from dealerassist.errors import DealerAssistError, IllegalActionError
from dealerassist.journal.memory import InMemoryJournal
from dealerassist.rules import default_rules
from dealerassist.session.commands import (
    COMMAND_HELP,
    ChangeDraw,
    CommandError,
    DeclareDraw,
    Draw,
    FifthCard,
    parse_command,
)
from dealerassist.session.controller import TableSession, session_codec
from dealerassist.session.presenter import present
from tests.session.helpers import clock

RULES = default_rules()
PRESET = "2-7 Triple Draw 10/20"
TO_THE_DRAW = ["sit 1 Ann 500", "sit 2 Ben 500", "sit 3 Cy 500", "hand", "c", "c", "x"]


def table(journal: InMemoryJournal) -> TableSession:
    return TableSession(journal, rules=RULES, preset=RULES.preset(PRESET), clock=clock,
                        confirm_payouts=True)


def play(session: TableSession, journal: InMemoryJournal, *lines: str) -> None:
    for line in lines:
        session.execute(line)
        assert table(journal).state == session.state, line  # restart: same state


def refused(session: TableSession, journal: InMemoryJournal, line: str, rule_id: str) -> str:
    state, records = session.state, journal.last_seq()
    with pytest.raises(IllegalActionError) as error:
        session.execute(line)
    assert error.value.rule_id == rule_id, error.value
    assert session.state == state and journal.last_seq() == records
    return str(error.value)


def at_the_draw() -> tuple[TableSession, InMemoryJournal]:
    journal = InMemoryJournal()
    session = table(journal)
    play(session, journal, *TO_THE_DRAW)
    return session, journal


def engine(session: TableSession):  # noqa: ANN201
    assert session.state.hand is not None
    return session.state.hand.engine_state


def message(session: TableSession, lang: str = "en") -> str:
    return present(session.state, lang=lang).message


def test_DR_CHANGE_DR_DRAW_MAX_ask_change_fifth_are_commands_and_bad_ones_say_how() -> None:
    assert parse_command("ask 2") == DeclareDraw(count=2)
    assert parse_command("change 3 1") == ChangeDraw(seat=3, count=1)
    assert parse_command("fifth") == FifthCard()
    assert parse_command("5th") == FifthCard()
    assert parse_command("draw 5") == Draw(count=5)
    for bad in ("ask", "ask two", "ask 1 2", "change 3", "change 0 1", "change x 1"):
        with pytest.raises(CommandError, match="usage"):
            parse_command(bad)
    with pytest.raises(CommandError, match="fifth takes no value"):
        parse_command("fifth 3")
    usages = {usage for usage, _, _ in COMMAND_HELP}
    assert {"ask N", "change SEAT N", "fifth", "draw N | pat"} <= usages


def test_DR_DRAW_simple_path_draw_2_is_one_line_and_one_draw_event() -> None:
    session, journal = at_the_draw()
    seq = journal.last_seq()
    play(session, journal, "draw 2")
    types = [record.type for record in journal.read(after_seq=seq)]
    assert types == ["CommandReceived", "CardsDrawn"]
    assert engine(session).due_draw == (1, 2)  # Cy, then Ann (PHH 0 is Ben)


def test_DR_DRAW_MAX_draw_5_deals_four_and_the_fifth_after_everyone() -> None:
    session, journal = at_the_draw()
    play(session, journal, "ask 5")
    assert message(session) == ("seat 2 Ben draws 5: deal 4 now, the fifth after everyone "
                                "(draw 5)")
    assert message(session, "fr") == ("siège 2 Ben demande 5 : donnez 4 maintenant, la "
                                       "cinquième après tout le monde (draw 5)")
    play(session, journal, "draw 5")
    state = engine(session)
    assert len(state.hole[0]) == 4 and state.draw_owed == (0,) and state.due_draw == (1, 2, 0)
    assert present(session.state).history[-2:] == (
        "seat 2 Ben asks for 5", "seat 2 Ben draws 5: 4 dealt, the fifth to come")
    assert message(session) == ("seat 3 Cy draws: draw N (0 = pat); then the fifth card to "
                                "seat 2")
    text = refused(session, journal, "fifth", "DR-DRAW-MAX")  # not before the others
    assert "seat 2 (Ben)'s fifth card comes after every other player" in text
    play(session, journal, "pat", "draw 1")
    assert message(session) == "seat 2 Ben: deal the fifth card now (fifth)"
    assert message(session, "fr") == ("siège 2 Ben : donnez la cinquième carte maintenant "
                                       "(fifth)")
    # The betting starts only after the fifth card.
    text = refused(session, journal, "c", "G-ACT")
    assert "fifth card is due first" in text
    refused(session, journal, "draw 2", "DR-DRAW-MAX")
    play(session, journal, "fifth")
    state = engine(session)
    assert state.phase is Phase.BETTING and [len(h) for h in state.hole] == [5, 5, 5]
    assert state.burns == 0
    assert {s.seat: s.drawn_count for s in present(session.state).seats if s.name} == {
        1: 1, 2: 5, 3: 0}
    assert present(session.state).history[-1] == "seat 2 Ben gets the fifth card"
    refused(session, journal, "fifth", "DR-DRAW")  # no draw is due in the betting


def test_DR_DRAW_MAX_last_to_draw_deals_four_burns_one_then_the_fifth() -> None:
    session, journal = at_the_draw()
    play(session, journal, "pat", "pat", "ask 5")
    assert message(session) == ("seat 1 Ann draws 5, last to draw: deal 4, burn one, then "
                                "the fifth (draw 5)")
    assert message(session, "fr") == ("siège 1 Ann demande 5, dernier à échanger : donnez 4, "
                                       "brûlez une carte, puis la cinquième (draw 5)")
    burns = engine(session).burns
    play(session, journal, "draw 5")
    assert message(session) == "seat 1 Ann: burn one, then deal the fifth card (fifth)"
    play(session, journal, "fifth")
    assert engine(session).burns == burns + 1 and engine(session).phase is Phase.BETTING


def test_DR_CHANGE_a_change_before_the_deal_is_taken_and_refused_after() -> None:
    session, journal = at_the_draw()
    play(session, journal, "ask 2", "change 2 1")
    assert engine(session).draw_declared[0] == 1
    assert message(session) == "seat 2 Ben draws 1: draw 1"
    play(session, journal, "ask 0")  # Cy announces pat: Ben's number is now final
    assert message(session) == "seat 2 Ben draws 1: draw 1"
    text = refused(session, journal, "change 2 3", "DR-CHANGE")
    assert "seat 3 (Cy) has declared after seat 2 (Ben)" in text
    refused(session, journal, "draw 3", "DR-CHANGE")  # the change by dealing another number
    play(session, journal, "draw 1")
    refused(session, journal, "change 2 2", "DR-CHANGE")  # a card was pulled
    assert message(session) == "seat 3 Cy stands pat: pat"
    play(session, journal, "pat", "draw 2")
    assert engine(session).phase is Phase.BETTING


def test_DR_CHANGE_draw_of_another_number_than_announced_is_the_change_and_one_undo() -> None:
    session, journal = at_the_draw()
    play(session, journal, "ask 2")
    before = session.state
    seq = journal.last_seq()
    play(session, journal, "draw 3")
    types = [record.type for record in journal.read(after_seq=seq)]
    assert types == ["CommandReceived", "DrawDeclared", "CardsDrawn"]
    assert len(engine(session).discards[0]) == 3
    play(session, journal, "undo")
    assert engine(session) == before.hand.engine_state  # type: ignore[union-attr]


def test_DR_CHANGE_ask_with_everyone_announced_and_out_of_turn_changes() -> None:
    session, journal = at_the_draw()
    refused(session, journal, "change 3 2", "IRR-OUT-OF-TURN")  # Ben announces first
    play(session, journal, "ask 1", "ask 2", "ask 3")
    refused(session, journal, "ask 1", "DR-CHANGE")
    refused(session, journal, "ask 9", "DR-CHANGE")
    refused(session, journal, "change 1 9", "DR-DRAW")  # holds five
    play(session, journal, "change 1 0")  # the last to announce may still change


def test_DR_DRAW_MAX_journal_codec_round_trips_the_new_events() -> None:
    codec = session_codec()
    for event in (DrawDeclared(player=1, count=5),
                  CardsDrawn(player=1, discarded=(UNKNOWN,) * 5, received=(UNKNOWN,) * 4),
                  CardsDrawn(player=1, discarded=(), received=(UNKNOWN,))):
        encoded = codec.encode(event)
        assert codec.decode(encoded.type, encoded.class_version, encoded.payload) == event
    assert codec.encode(DrawDeclared(player=0, count=2)).class_version == 1


_LINES = st.sampled_from(["ask 0", "ask 1", "ask 2", "ask 5", "change 1 3", "change 2 5",
                          "change 3 0", "draw 1", "draw 3", "draw 5", "pat", "fifth", "undo",
                          "c", "x"])


@settings(max_examples=25, deadline=None)
@given(st.lists(_LINES, min_size=1, max_size=14))
@example(["undo", "undo", "undo", "undo", "ask 0"])  # back past the deal (found by CI)
def test_DR_CHANGE_DR_DRAW_MAX_random_lines_refusals_change_nothing_and_replay(
        lines: list[str]) -> None:
    """Random draw lines: a refusal leaves state and journal alone; the journal replays.

    When the betting after the draw is reached every hand holds five cards and nobody is
    owed a fifth card.
    """
    session, journal = at_the_draw()
    chips = sum(p.stack for p in session.state.table.players) + engine(session).total_chips
    for line in lines:
        state, records = session.state, journal.last_seq()
        try:
            session.execute(line)
        except DealerAssistError as error:
            assert isinstance(error, IllegalActionError), (line, error)
            # Every refusal in a hand names its rule. Undo may go back past the deal: then
            # the one refusal is that no hand is running (console state, not a rule).
            assert error.rule_id or (state.hand is None and "no hand is running" in str(error)), \
                (line, error)
            assert session.state == state and journal.last_seq() == records
            continue
        hand = engine(session) if session.state.hand is not None else None
        if hand is not None:
            assert sum(p.stack for p in session.state.table.players) + hand.total_chips \
                == chips
            if hand.street_index == 1 and hand.phase is Phase.BETTING:
                assert all(len(h) == 5 for h in hand.hole) and hand.draw_owed == ()
    assert table(journal).state == session.state


def test_DR_DRAW_MAX_a_table_hand_with_a_draw_of_five_exports_and_replays_to_its_stacks() -> None:
    from dealerassist.journal.phh import parse_phh, replay
    from dealerassist.session.export import export_hands

    session, journal = at_the_draw()
    # Ben draws five then folds; Ann's 9-8 low beats Cy's kings.
    play(session, journal, "draw 5", "pat", "pat", "fifth", "x", "b 10", "c", "f",
         "pat", "pat", "x", "x", "pat", "pat", "x", "x",
         "show 3 KsKd8c6h4s", "show 1 9c8d7h6s2c", "pay")
    stacks = {p.seat: p.stack for p in session.state.table.players}
    assert stacks[2] == 490 and stacks[3] == 480 and sum(stacks.values()) <= 1500
    (exported,) = export_hands(journal, rules=RULES)
    assert '"p1 sd ??????????",\n  "d dh p1 ????????",' in exported.text
    assert '"d dh p1 ??",' in exported.text
    result = replay(parse_phh(exported.text), rules=RULES)
    assert result.final_stacks == (490, 480, stacks[1]) and result.flags == ()  # PHH order


def test_DR_DRAW_MAX_a_draw_of_five_is_no_foul_hand() -> None:
    session, journal = at_the_draw()
    play(session, journal, "draw 5", "pat", "pat", "fifth")
    from dealerassist.session.presenter import table_json

    flags = [f["rule_id"] for f in table_json(present(session.state))["flags"]]
    assert "IRR-DR-FOUL" not in flags


def test_DR_DRAW_MAX_players_who_drew_and_showed_export_with_the_faces_where_dealt() -> None:
    """The shown hand's cards are written in the deal and in the draws that gave them."""
    from dealerassist.journal.phh import parse_phh, replay
    from dealerassist.session.export import export_hands

    session, journal = at_the_draw()
    # Ben draws five (four, then the fifth after everyone) and shows; Cy draws two and
    # shows; Ann stands pat throughout and mucks. Ben's 8-6 low wins.
    play(session, journal, "draw 5", "draw 2", "pat", "fifth", "x", "x", "x",
         "pat", "pat", "pat", "x", "x", "x", "pat", "pat", "pat", "x", "x", "x",
         "show 2 8h6c5d3s2h", "show 3 KsKd8c6h4s", "muck 1", "pay")
    stacks = {p.seat: p.stack for p in session.state.table.players}
    assert stacks[2] > 500 and sum(stacks.values()) <= 1500
    (exported,) = export_hands(journal, rules=RULES)
    result = replay(parse_phh(exported.text), rules=RULES)
    assert result.final_stacks == (stacks[2], stacks[3], stacks[1]) and result.flags == ()
    # Ben kept none of his deal: his five shown cards are the four and the fifth drawn.
    assert '"d dh p1 8h6c5d3s",' in exported.text and '"d dh p1 2h",' in exported.text
