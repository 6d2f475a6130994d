"""RZ-ANNOUNCE: the dealer is told which pairs to announce in razz, the first time they show."""

from __future__ import annotations

from dealerassist.journal.memory import InMemoryJournal
from dealerassist.rules import default_rules
from dealerassist.session.controller import TableSession
from dealerassist.session.presenter import present
from tests.session.helpers import clock

RULES = default_rules()


def _razz() -> TableSession:
    session = TableSession(InMemoryJournal(), rules=RULES, preset=RULES.preset("Razz"),
                           clock=clock)
    for line in ("sit 1 Ann 500", "sit 2 Ben 500", "sit 3 Cy 500", "hand",
                 "up 1 Kh 2 7c 3 2d"):
        session.execute(line)
    return session


def _to_fourth_street(session: TableSession) -> None:
    while session.state.hand.engine_state.street_index == 0:  # type: ignore[union-attr]
        session.execute("c")


def test_RZ_ANNOUNCE_a_pair_showing_on_fourth_street_is_announced_in_both_languages():
    session = _razz()
    _to_fourth_street(session)
    session.execute("up 1 Kd 2 8c 3 3d")  # seat 1 pairs its king on board
    assert present(session.state).message.startswith("announce seat 1 pair of Ks; ")
    assert present(session.state, lang="fr").message.startswith("annoncez siège 1 paire de K ; ")


def test_RZ_ANNOUNCE_no_pair_on_board_no_announcement():
    session = _razz()
    _to_fourth_street(session)
    session.execute("up 1 Qd 2 8c 3 3d")
    assert "announce" not in present(session.state).message
