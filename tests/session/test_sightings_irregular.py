"""The camera notices what the dealer did not say: early board cards, a fourth flop card.

Those readings become reports for the dealer to confirm (never applied by themselves).
"""

from __future__ import annotations

from dealerassist.cards import parse_card
from dealerassist.session.presenter import present
from dealerassist.vision.sighting import Sighting

from .helpers import seated_session


def seen(card: str, x: int) -> Sighting:
    return Sighting(card=parse_card(card), confidence=0.99, box=(x, 100, 40, 60), zone="board")


def test_IRR_FLOP_EARLY_flop_seen_while_preflop_betting_is_open_is_a_report_to_confirm():
    session = seated_session(1000, 1000, 1000)
    session.execute("hand")  # pre-flop betting open
    before = session.state
    proposal = session.observe([seen("Ah", 100), seen("Kd", 200), seen("7c", 300)])
    assert proposal is not None and not proposal.automatic
    assert proposal.rule_id == "IRR-FLOP-EARLY"
    assert proposal.line == "early Ah Kd 7c"
    assert session.state is before  # nothing applied by the camera
    session.execute(proposal.line)  # the dealer confirms the report
    assert [flag.rule_id for flag in present(session.state).flags] == ["IRR-FLOP-EARLY"]


def test_IRR_TURN_EARLY_turn_seen_while_flop_betting_is_open():
    session = seated_session(1000, 1000)
    for line in ("hand", "c", "x", "flop Ah Kd 7c"):
        session.execute(line)
    proposal = session.observe([seen("Ah", 100), seen("Kd", 200), seen("7c", 300),
                                seen("2s", 400)])
    assert proposal is not None and proposal.rule_id == "IRR-TURN-EARLY"
    assert proposal.line == "early 2s" and not proposal.automatic


def test_IRR_FLOP_COUNT_four_cards_flopped_is_a_report_not_a_flop():
    session = seated_session(1000, 1000)
    for line in ("hand", "c", "x"):
        session.execute(line)
    before = session.state
    proposal = session.observe([seen("Ah", 100), seen("Kd", 200), seen("7c", 300),
                                seen("2s", 400)])
    assert proposal is not None and proposal.rule_id == "IRR-FLOP-COUNT"
    assert proposal.line == "flopped Ah Kd 7c 2s" and not proposal.automatic
    assert session.state is before


def test_no_report_when_the_board_seen_is_the_board_dealt():
    session = seated_session(1000, 1000)
    for line in ("hand", "c", "x", "flop Ah Kd 7c"):
        session.execute(line)
    assert session.observe([seen("Ah", 100), seen("Kd", 200), seen("7c", 300)]) is None
