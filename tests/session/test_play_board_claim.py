"""G-PLAY-BOARD: a hold'em player who plays the board must show before throwing the cards
away, or loses all claim to the pot.

At a cash table (NLHE 1/2, seats 1-3, checked down) the board A-K-Q-J-T is a straight
that every player plays. Seat 2 shows and plays the board; seat 3 throws the cards away
without showing; seat 1 shows too. The showdown panel names the lost claim with its rule
ID, and the pot goes to the shown hands only.
"""

from __future__ import annotations

from dealerassist.journal.memory import InMemoryJournal
from dealerassist.rules import default_rules
from dealerassist.session.controller import TableSession
from dealerassist.session.presenter import present
from tests.session.helpers import clock

RULES = default_rules()
CHECKED_DOWN = ["sit 1 Ann 200", "sit 2 Ben 200", "sit 3 Cy 200", "hand", "c", "c", "x",
                "flop Ah Kd Qc", "x", "x", "x", "turn Js", "x", "x", "x", "river {river}",
                "x", "x", "x"]


def _showdown(river: str, *shows: str, pay: bool = False):  # noqa: ANN202
    session = TableSession(InMemoryJournal(), rules=RULES, preset=RULES.preset("NLHE 1/2"),
                           clock=clock, confirm_payouts=True)
    for line in (*CHECKED_DOWN, *shows):
        session.execute(line.format(river=river))
    if pay:
        session.execute("pay")
        assert session.state.finished
        from dealerassist.session.showdown_views import finished_showdown
        return finished_showdown(session.state.finished[-1], rules=RULES, lang="fr")
    view = present(session.state).showdown
    assert view is not None
    return view


def test_G_PLAY_BOARD_a_player_who_mucks_unshown_loses_the_claim_to_the_split() -> None:
    view = _showdown("Th", "show 2 2c 3d", "muck 3", "show 1 4c 5d")
    hands = {h.seat: h for h in view.hands}
    assert hands[3].mucked
    assert hands[3].high == ("mucked without showing: no claim, not even playing the board "
                             "(G-PLAY-BOARD)")
    assert hands[2].high.endswith("(plays the board)")
    assert view.winnings_by_seat() == {1: 3, 2: 3}  # the pot of 6 split by the shown hands


def test_G_PLAY_BOARD_not_named_when_a_shown_hand_beats_the_board() -> None:
    # River 2h: the board is A-K-Q-J-2; seat 2's ten makes a straight, beating the board.
    view = _showdown("2h", "show 2 Tc 3d", "muck 3", "show 1 4c 5d")
    assert [h.seat for h in view.hands] == [2, 1]  # the mucked hand: no ruling to show
    assert not any("G-PLAY-BOARD" in h.high for h in view.hands)
    assert view.winnings_by_seat() == {2: 6}


def test_G_PLAY_BOARD_the_paid_showdown_keeps_the_ruling_in_french() -> None:
    view = _showdown("Th", "show 2 2c 3d", "muck 3", "show 1 4c 5d", pay=True)
    hands = {h.seat: h for h in view.hands}
    assert hands[3].mucked and hands[3].high.startswith("jeté sans montrer")
    assert hands[3].high.endswith("(G-PLAY-BOARD)")
    assert view.winnings_by_seat() == {1: 3, 2: 3}
