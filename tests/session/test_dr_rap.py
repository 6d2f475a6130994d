"""DR-RAP: rapping the table in turn is a check or a pat-hand declaration as the situation
says. ``rap`` at the table: a check with nothing to call, pat when the player is due to
draw, refused (DR-RAP) facing a bet. 2-7 triple draw, seats 1-3 (Ann is the button;
Ben posts the small blind, Cy the big blind).
"""

from __future__ import annotations

from dealerassist.engine.events import CardsDrawn, Checked
from dealerassist.journal.memory import InMemoryJournal
from dealerassist.session.commands import Rap, parse_command
from tests.session.test_draw_declare import engine, play, refused, table


def _journal_events(session) -> list:  # noqa: ANN001
    return list(session.state.hand.events)


def test_DR_RAP_rap_is_a_check_or_pat_as_the_situation_says() -> None:
    assert parse_command("rap") == Rap()
    journal = InMemoryJournal()
    session = table(journal)
    play(session, journal, "sit 1 Ann 500", "sit 2 Ben 500", "sit 3 Cy 500", "hand")
    text = refused(session, journal, "rap", "DR-RAP")  # Ann faces the big blind
    assert "10 to call" in text
    play(session, journal, "c", "c", "rap")  # Cy, the big blind, raps: a check
    assert isinstance(_journal_events(session)[-1], Checked)
    assert engine(session).due_draw  # the betting is over: the draw
    play(session, journal, "draw 2", "rap")  # Cy raps at the draw: pat
    last = _journal_events(session)[-1]
    assert isinstance(last, CardsDrawn) and last.discarded == () and last.received == ()
    play(session, journal, "draw 1", "rap")  # after the draw Ben raps: a check
    assert isinstance(_journal_events(session)[-1], Checked)
    play(session, journal, "b 10")
    refused(session, journal, "rap", "DR-RAP")  # facing that bet a rap is no check
