"""Replaying lowball under the house's "open with a double big blind" (LB-STRUCT, LB-OPEN).

Why: a hand history may record a player just calling the blinds before the draw. Under
that house option it is an irregular action, and the replay must say so (a flag naming
LB-STRUCT) rather than pass it silently as the fast path for calls used to.
"""

from __future__ import annotations

import dataclasses

from dealerassist.journal.phh import parse_phh, replay
from dealerassist.rules import phh_profile
from dealerassist.rules.model import LowballOpening

HAND = """
variant = "F2L3D"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
small_bet = 2
big_bet = 4
starting_stacks = [100, 100, 100]
actions = [
  "d dh p1 7h6c4c3d2c", "d dh p2 AsQs6s5c3c", "d dh p3 KhKd9s8s8d",
  "p3 {opening}", "p1 f", "p2 {answer}",
  "p2 sd", "p3 sd", "p2 cc", "p3 cc",
  "p2 sd", "p3 sd", "p2 cc", "p3 cc",
  "p2 sd", "p3 sd", "p2 cc", "p3 cc",
  "p2 sm AsQs6s5c3c", "p3 sm KhKd9s8s8d",
]
"""


def _flags(opening: str, answer: str, house: LowballOpening) -> list[str]:
    rules = phh_profile()
    rules = dataclasses.replace(rules, lowball=dataclasses.replace(rules.lowball,
                                                                   opening=house))
    history = parse_phh(HAND.format(opening=opening, answer=answer))
    return [flag.rule_id for flag in replay(history, rules=rules).flags]


def test_LB_STRUCT_calling_the_blinds_is_flagged_where_the_house_opens_double() -> None:
    assert "LB-STRUCT" in _flags("cc", "cc", LowballOpening.DOUBLE_BIG_BLIND)


def test_LB_STRUCT_calling_the_blinds_is_allowed_where_the_house_lets_players_call() -> None:
    assert "LB-STRUCT" not in _flags("cc", "cc", LowballOpening.CALL_BIG_BLIND)


def test_LB_OPEN_opening_with_a_raise_and_calling_it_is_not_flagged() -> None:
    assert "LB-STRUCT" not in _flags("cbr 4", "cc", LowballOpening.DOUBLE_BIG_BLIND)
