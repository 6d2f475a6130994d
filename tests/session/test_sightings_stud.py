"""ST7-DEAL / ST5-DEAL: the camera reads stud up cards in the seats' zones.

The dealer deals each street's up card to the seats in order; the camera sees the new
card in each seat's zone and proposes the ``up`` line the dealer would type (applied at
once when every card was read surely, like a board card).
"""

from __future__ import annotations

from dealerassist.cards import parse_card
from dealerassist.journal.memory import InMemoryJournal
from dealerassist.rules import default_rules
from dealerassist.session.controller import TableSession
from dealerassist.vision.sighting import Sighting

from .helpers import clock

RULES = default_rules()


def seen(card: str, seat: int, x: int, *, confidence: float = 0.99) -> Sighting:
    return Sighting(card=parse_card(card), confidence=confidence, box=(x, 100, 40, 60),
                    zone=f"seat{seat}")


def _stud() -> TableSession:
    session = TableSession(InMemoryJournal(), rules=RULES, preset=RULES.preset("Razz"),
                           clock=clock)
    for line in ("sit 1 Ann 500", "sit 2 Ben 500", "sit 3 Cy 500", "hand"):
        session.execute(line)
    return session


def _up_cards(session: TableSession) -> dict[int, list[str]]:
    """Each seat's up cards."""
    hand = session.state.hand
    assert hand is not None
    return {hand.started.seats[player]: [str(card) for card in hole if card.is_face]
            for player, hole in enumerate(hand.engine_state.hole)}


def test_ST7_DEAL_third_street_up_cards_seen_in_every_seat_are_dealt_in_one_line():
    session = _stud()
    proposal = session.observe([seen("2d", 3, 700), seen("Kh", 1, 100), seen("7c", 2, 400)])
    assert proposal is not None and proposal.automatic
    assert proposal.line == "up 2 7c 3 2d 1 Kh"  # in dealing order, from the button's left
    assert _up_cards(session) == {1: ["Kh"], 2: ["7c"], 3: ["2d"]}
    commands = [event.text for _, event in session.history() if hasattr(event, "text")]
    assert commands[-1] == "up 2 7c 3 2d 1 Kh  # camera"


def test_ST7_DEAL_seats_not_yet_dealt_follow_in_a_later_line():
    session = _stud()
    proposal = session.observe([seen("Kh", 1, 100)])
    assert proposal is not None and proposal.line == "up 1 Kh"
    # Seat 1's card is known now: seen again, it is not new.
    proposal = session.observe([seen("Kh", 1, 100), seen("7c", 2, 400), seen("2d", 3, 700)])
    assert proposal is not None and proposal.line == "up 2 7c 3 2d"
    assert _up_cards(session) == {1: ["Kh"], 2: ["7c"], 3: ["2d"]}


def test_ST7_DEAL_a_later_street_proposes_only_the_new_up_card_of_each_seat():
    session = _stud()
    session.execute("up 1 Kh 2 7c 3 2d")
    while session.state.hand.engine_state.street_index == 0:  # type: ignore[union-attr]
        session.execute("c")
    before = session.state
    old = [seen("Kh", 1, 100), seen("7c", 2, 400), seen("2d", 3, 700)]
    assert session.observe(old) is None  # nothing new yet
    assert session.state is before
    new = [seen("Qd", 1, 150), seen("8c", 2, 450), seen("3d", 3, 750, confidence=0.7)]
    proposal = session.observe(old + new)
    assert proposal is not None and not proposal.automatic  # 3d read unsurely
    assert proposal.line == "up 2 8c 3 3d 1 Qd"
    assert [str(c) for c in proposal.doubtful] == ["3d"]
    assert session.state is before  # proposed only: the dealer confirms
    session.execute(proposal.line)
    assert _up_cards(session) == {1: ["Kh", "Qd"], 2: ["7c", "8c"], 3: ["2d", "3d"]}


def test_IRR_DECK_an_up_card_already_in_another_hand_is_reported_not_dealt():
    session = _stud()
    session.execute("up 1 Kh")
    before = session.state
    proposal = session.observe([seen("Kh", 1, 100), seen("Kh", 2, 400)])
    assert proposal is not None and proposal.rule_id == "IRR-DECK" and proposal.line == ""
    assert "Kh" in proposal.message
    assert session.state is before


def test_two_new_cards_in_a_seat_owed_one_or_no_zones_propose_nothing():
    session = _stud()
    before = session.state
    assert session.observe([seen("Kh", 1, 100), seen("Qh", 1, 150)]) is None
    unzoned = Sighting(card=parse_card("Kh"), confidence=0.99, box=(0, 0, 40, 60), zone="")
    assert session.observe([unzoned]) is None
    assert session.state is before
