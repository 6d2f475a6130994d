"""DR-DRAW at the table: when the stub runs out, ``reshuffle`` before the rest of the draw.

2-7 triple draw, seats 1-3, each player drawing four on each draw: on the third draw
seat 1 (Ann), last to draw, finds two cards in the stub. ``draw 4`` is refused until
``reshuffle`` shuffles the discards of Ben and Cy (never Ann's own) into a new stub. The
reshuffle is journaled (a restarted table is where it was) and has its hand log line.
"""

from __future__ import annotations

import pytest

from dealerassist.engine.draws import draw_stub
from dealerassist.engine.events import DiscardsReshuffled
from dealerassist.session.commands import Reshuffle, parse_command
from dealerassist.session.controller import session_codec
from dealerassist.session.dealer_texts import hand_line
from tests.session.test_draw_declare import (
    at_the_draw,
    engine,
    message,
    play,
    refused,
    table,
)

ROUND = ["draw 4", "draw 4", "draw 4"]
CHECKS = ["x", "x", "x"]


def _third_draw_to_ann():  # noqa: ANN202
    session, journal = at_the_draw()
    play(session, journal, *ROUND, *CHECKS, *ROUND, *CHECKS, "draw 4", "draw 4")
    return session, journal


def test_DR_DRAW_reshuffle_is_a_command() -> None:
    assert parse_command("reshuffle") == Reshuffle()
    with pytest.raises(Exception, match="reshuffle takes no value"):
        parse_command("reshuffle 2")


def test_DR_DRAW_stub_out_the_draw_waits_for_reshuffle_of_the_others_discards() -> None:
    session, journal = _third_draw_to_ann()
    state = engine(session)
    assert state.due_draw == (2,) and draw_stub(state) == 2  # 52 - 15 - 3 burns - 32
    text = refused(session, journal, "draw 4", "DR-DRAW")
    assert "stub holds 2" in text and "reshuffle" in text
    play(session, journal, "reshuffle")
    state = engine(session)
    # Ben's and Cy's twelve discards (three draws of four) are back; Ann's eight are not.
    assert state.reshuffled == (12, 12, 0) and draw_stub(state) == 2 + 24
    play(session, journal, "draw 4")
    assert draw_stub(engine(session)) == 22 and engine(session).actor == 0


def test_DR_DRAW_reshuffle_refused_while_the_stub_serves_and_between_draws() -> None:
    session, journal = at_the_draw()
    refused(session, journal, "reshuffle", "DR-DRAW")  # the stub is full
    play(session, journal, *ROUND)
    refused(session, journal, "reshuffle", "DR-DRAW")  # betting, no draw due


def test_DR_DRAW_reshuffle_is_journaled_with_its_line_in_english_and_french() -> None:
    session, journal = _third_draw_to_ann()
    play(session, journal, "reshuffle")
    event = DiscardsReshuffled(player=2)
    codec = session_codec()
    encoded = codec.encode(event)
    assert codec.decode(encoded.type, encoded.class_version, encoded.payload) == event
    hand = session.state.hand
    assert hand is not None
    assert hand_line(hand, event) == "stub out: the others' discards shuffled to serve seat 1 " \
        "Ann (DR-DRAW)"
    assert "talon épuisé" in hand_line(hand, event, "fr")
    restarted = table(journal)  # the journal replays to the same state
    assert restarted.state == session.state
    assert draw_stub(engine(restarted)) == 26



def test_DR_DRAW_the_status_line_asks_for_the_reshuffle_when_the_stub_is_short() -> None:
    session, journal = _third_draw_to_ann()
    assert message(session) == "seat 1 Ann draws: draw N (0 = pat)"  # 2 left: may do
    play(session, journal, "ask 4")
    assert message(session) == ("seat 1 Ann: the stub holds 2, reshuffle the others' "
                                "discards first (reshuffle)")
    assert message(session, "fr").startswith("siège 1 Ann : le talon compte 2 carte(s)")
    play(session, journal, "reshuffle")
    assert message(session) == "seat 1 Ann draws 4: draw 4"
