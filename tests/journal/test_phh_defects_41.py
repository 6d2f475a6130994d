"""Issue 41's PHH defects: unknown verbs refused, errors name the file's line, amounts bounded."""

from __future__ import annotations

import pytest

from dealerassist.errors import HandHistoryError
from dealerassist.journal.phh import parse_phh, replay
from dealerassist.limits import MAX_CHIPS

HAND = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 200, STACK]
actions = [
  "d dh p1 ????",
  "d dh p2 ????",
  "d dh p3 ????",   # line 9; the action under test is on line 10
  "ACTION",
  "p1 f",
  "p2 f",
]
"""


def hand(action: str, stack: str = "200") -> str:
    return HAND.replace("ACTION", action).replace("STACK", stack)


@pytest.mark.parametrize("action", ["p3 xyz 6", "p3 bet 20", "p3 call", "p3 raise 20",
                                    "p3 check"])
def test_defect_41_5_an_unknown_verb_is_an_error_naming_its_line(action: str) -> None:
    with pytest.raises(HandHistoryError) as refused:
        replay(parse_phh(hand(action)))
    verb = action.split()[1]
    assert str(refused.value).startswith(f"line 10: action {action!r}: unknown action {verb!r}")


def test_defect_41_5_the_known_verbs_still_replay() -> None:
    result = replay(parse_phh(hand("p3 cbr 6")))
    assert result.state.stacks == (199, 198, 203)  # p3 raised to 6: both blinds folded


def test_defect_41_5_an_impossible_action_names_its_line_too() -> None:
    text = hand("p3 cc").replace('"p1 f"', '"p1 cbr 5000"')
    with pytest.raises(HandHistoryError, match=r"^line 11: action 'p1 cbr 5000' cannot be"):
        replay(parse_phh(text))


def test_defect_41_5_hole_cards_applied_as_one_run_name_the_failing_deal() -> None:
    # The three deals are applied together at the first betting action; the error names
    # the third deal's own line, not the line being read.
    text = hand("p3 f").replace('"d dh p3 ????"', '"d dh p3 AhKdQc"')
    with pytest.raises(HandHistoryError, match=r"^line 9: action 'd dh p3 AhKdQc' cannot"):
        replay(parse_phh(text))


@pytest.mark.parametrize(("action", "stack"), [
    ("p3 cbr 1" + "0" * 5000, "200"),
    ("p3 cbr 1000000000001", "200"),
    ("p3 f", "2" + "0" * 5000),
    ("p3 f", str(MAX_CHIPS + 1)),
    ("p3 cbr 1" + "0" * 30 + ".5", "200"),
])
def test_defect_41_3_a_huge_phh_amount_is_refused_in_one_line(action: str, stack: str) -> None:
    with pytest.raises(HandHistoryError) as refused:
        replay(parse_phh(hand(action, stack)))
    message = str(refused.value)
    assert "too large" in message and "\n" not in message and len(message) < 300
