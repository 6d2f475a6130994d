"""DR-ASK: the dealer tells how many cards a player drew only until there is action after
the draw; after it the dealer may not answer.

The seat view's ``drawn_count`` is that answer, read from the journal's draw events: shown
from the player's draw until the first betting action after the draw, then withdrawn
(None), and shown again for the next draw. 2-7 triple draw, seats 1-3; the draw goes
seat 2 (Ben), seat 3 (Cy), seat 1 (Ann).
"""

from __future__ import annotations

from dealerassist.session.draw_messages import drawn_count
from dealerassist.session.presenter import present
from tests.session.test_draw_declare import at_the_draw, play


def _answers(session) -> dict[int, int | None]:  # noqa: ANN001
    return {s.seat: s.drawn_count for s in present(session.state).seats if s.name}


def test_DR_ASK_the_drawn_count_is_answered_until_action_after_the_draw() -> None:
    session, journal = at_the_draw()
    assert _answers(session) == {1: None, 2: None, 3: None}
    play(session, journal, "draw 2", "pat")
    assert _answers(session) == {1: None, 2: 2, 3: 0}  # Ann has not drawn yet
    play(session, journal, "draw 1")
    assert _answers(session) == {1: 1, 2: 2, 3: 0}  # the draw is over, no action yet
    play(session, journal, "x")  # Ben checks: action after the draw
    assert _answers(session) == {1: None, 2: None, 3: None}
    play(session, journal, "x", "x", "draw 3")  # the second draw: Ben's new answer only
    assert _answers(session) == {1: None, 2: 3, 3: None}


def test_DR_ASK_a_restarted_table_gives_the_same_answer_from_the_journal() -> None:
    session, journal = at_the_draw()
    play(session, journal, "draw 2", "pat", "draw 1")  # play() checks a restart each line
    hand = session.state.hand
    assert hand is not None
    assert [drawn_count(hand.events, p) for p in range(3)] == [2, 0, 1]
    assert [drawn_count(hand.events[:-1], p) for p in range(3)] == [2, 0, None]
