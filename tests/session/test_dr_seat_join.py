"""DR-SEAT and DR-JOIN at a jacks-or-better table (seats 1-4, ante 1).

DR-SEAT: no seat changes between hands while multiple antes or forfeited money are in the
pot. DR-JOIN: a player may pay the ante(s) and be dealt in, unless the pot holds money
forfeited in a deal they did not play. A refused line changes neither the state nor the
journal.
"""

from __future__ import annotations

import pytest

from dealerassist.errors import IllegalActionError
from dealerassist.journal.memory import InMemoryJournal
from tests.session.test_jacks_carry import _open_and_fold_round, _pass_out, _rules, _table


def _refused(session, line: str, rule_id: str) -> str:  # noqa: ANN001
    state, records = session.state, session.journal.last_seq()
    with pytest.raises(IllegalActionError) as error:
        session.execute(line)
    assert error.value.rule_id == rule_id, error.value
    assert session.state == state and session.journal.last_seq() == records
    return str(error.value)


def _forfeited():  # noqa: ANN202
    """A false opener's pot (IRR-JB-FALSE) carried: forfeited money in the pot."""
    session = _table(_rules(2), InMemoryJournal())
    _pass_out(session)
    _pass_out(session)
    started = _open_and_fold_round(session)
    session.execute(f"show {started.seats[0]} 2c 5s 9h Kd Ah")  # no openers
    assert session.state.carried == 10 and session.state.passed_out_deals == 0
    return session


def test_DR_SEAT_no_seat_change_while_the_passed_out_antes_are_in_the_pot() -> None:
    session = _table(journal=InMemoryJournal())
    _pass_out(session)
    assert session.state.carried == 4
    session.execute("leave 4")
    text = _refused(session, "sit 6 P4 96", "DR-SEAT")
    assert "P4 played seat 4" in text
    session.execute("sit 6 Newcomer 100")  # another player may sit there
    assert session.state.table.player(6) is not None


def test_DR_SEAT_the_seat_change_is_allowed_once_nothing_is_carried() -> None:
    session = _table(journal=InMemoryJournal())
    _open_and_fold_round(session)
    session.execute("show " + str(session.state.hand.started.seats[0]) + " Jc Js 2h 3d 4c")
    assert session.state.hand is None and session.state.carried == 0
    session.execute("leave 4")
    session.execute("sit 6 P4 100")
    assert session.state.table.player(6).name == "P4"


def test_DR_JOIN_a_newcomer_is_not_dealt_in_while_forfeited_money_is_in_the_pot() -> None:
    session = _forfeited()
    session.execute("sit 5 Eve 100")
    session.execute("post 5")  # Eve asks to pay the ante and be dealt in
    text = _refused(session, "hand", "DR-JOIN")
    assert "seat 5 Eve" in text and "out 5" in text
    session.execute("out 5")
    session.execute("hand")
    assert 5 not in session.state.hand.started.seats
    assert session.state.hand.started.carried == 10


def test_DR_JOIN_carried_antes_of_passed_out_deals_are_not_forfeited_money() -> None:
    session = _table(journal=InMemoryJournal())
    _pass_out(session)
    session.execute("sit 5 Eve 100")
    session.execute("post 5")
    session.execute("hand")  # no DR-JOIN refusal: the antes were not forfeited
    started = session.state.hand.started
    assert 5 in started.seats and started.carried == 4
    assert started.antes == (1, 1, 1, 1, 1)  # Eve antes like everyone (DR-JOIN)
