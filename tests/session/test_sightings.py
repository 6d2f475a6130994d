from __future__ import annotations

from dealerassist.cards import parse_card
from dealerassist.vision.sighting import Sighting

from .helpers import TO_THE_RIVER, execute_all, seated_session


def seen(card: str, x: int, *, zone: str = "board", confidence: float = 0.99) -> Sighting:
    return Sighting(card=parse_card(card), confidence=confidence, box=(x, 100, 40, 60), zone=zone)


def to_flop():  # type: ignore[no-untyped-def]
    session = seated_session(1000, 1000)
    for line in ["hand", "c", "x"]:
        session.execute(line)
    return session


def test_confident_flop_is_applied_and_journaled_as_a_camera_command() -> None:
    session = to_flop()
    proposal = session.observe([seen("7c", 300), seen("Ah", 100), seen("Kd", 200)])
    assert proposal is not None and proposal.automatic
    assert proposal.line == "flop Ah Kd 7c"  # left to right on the felt
    assert [str(c) for c in session.state.hand.engine_state.board] == ["Ah", "Kd", "7c"]  # type: ignore[union-attr]
    assert session.history()[-2][1].text == "flop Ah Kd 7c  # camera"


def test_doubtful_card_is_only_proposed_and_changes_nothing() -> None:
    session = to_flop()
    before = session.state
    proposal = session.observe([seen("Ah", 100), seen("Kd", 200), seen("7c", 300, confidence=0.5)])
    assert proposal is not None and not proposal.automatic
    assert [str(c) for c in proposal.doubtful] == ["7c"]
    assert session.state is before
    session.execute(proposal.line)  # the dealer confirms
    assert len(session.state.hand.engine_state.board) == 3  # type: ignore[union-attr]


def test_partial_board_or_cards_elsewhere_propose_nothing() -> None:
    session = to_flop()
    assert session.observe([seen("Ah", 100), seen("Kd", 200)]) is None
    assert session.observe([seen("Ah", 100, zone="seat1")]) is None


def test_IRR_DECK_card_seen_twice_is_reported_not_applied() -> None:
    session = seated_session(1000, 1000)
    execute_all(session, *TO_THE_RIVER, "x", "x")
    before = session.state
    proposal = session.observe([seen("Ah", 10, zone="seat1"), seen("Qd", 50, zone="seat1")])
    assert proposal is not None and proposal.rule_id == "IRR-DECK" and proposal.line == ""
    assert session.state is before
    proposal = session.observe([seen("Qd", 50, zone="seat1"), seen("Qs", 10, zone="seat1")])
    assert proposal is not None and proposal.line == "show 1 Qs Qd"
