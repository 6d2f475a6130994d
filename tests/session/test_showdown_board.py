"""HE-BEST5: a hold'em hand whose best five are the board's plays the board, and the
showdown text says so."""

from __future__ import annotations

from dealerassist.cards import parse_cards
from dealerassist.engine import (
    BoardDealt,
    Checked,
    HandSetup,
    HoleCardsDealt,
    evolve_all,
    new_hand,
)
from dealerassist.rules import phh_profile
from dealerassist.session.showdown_views import _hand_words


def _showdown(board: str, holes: list[str]):  # type: ignore[no-untyped-def]
    setup = HandSetup.create(game="NT", stacks=(100, 100), small_blind=1, big_blind=1,
                             rules=phh_profile())
    events: list[object] = [HoleCardsDealt(i, tuple(parse_cards(h))) for i, h in
                            enumerate(holes)]
    events.append(Checked(1))
    events.append(Checked(0))
    for cards in (board[:6], board[6:8], board[8:10]):
        events.append(BoardDealt(tuple(parse_cards(cards))))
        events += [Checked(0), Checked(1)]
    return evolve_all(new_hand(setup), events)


def test_HE_BEST5_playing_the_board_is_said_in_the_showdown_text() -> None:
    # Board A-K-Q-J-T (a straight): 2-3 plays the board, 9-8 too; both split.
    state = _showdown("AhKdQcJsTh", ["2c3d", "9c8d"])
    words = _hand_words(state, "en")
    assert words[0][0].endswith("(plays the board)") and words[1][0].endswith(
        "(plays the board)")
    assert _hand_words(state, "fr")[0][0].endswith("(joue le tableau)")
    # Board K-K-7-7-Q: an ace kicker beats the queen (no board play); 5-4 plays the board.
    state = _showdown("KhKd7c7sQh", ["Ac3d", "4c5d"])
    words = _hand_words(state, "en")
    assert "board" not in words[0][0] and words[1][0].endswith("(plays the board)")
