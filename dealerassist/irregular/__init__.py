"""Irregularities (IRR-*): detectors over a hand's events, flags with rulings, consequences.

- `detect(setup, events)`: the flags of a hand (rule ID, severity, message and ruling steps
  in English and French) and the state after the events that applied;
- `confirm(setup, events, flag_id)`: the events that apply a flag's ruling (misdeal, replaced
  card, board cards back into the stub, corrected action, dead hand...);
- `overrule(setup, events, flag_id, reason)`: the floor's decision, recorded;
- `next_board(setup, events, cards)`: the next board cards, burned or not as rulings say;
- `due_events(setup, events)`: what confirmed rulings make due now (a binding out-of-turn
  action, an absent stud player's hand killed at its turn);
- `review_flags(setup, events)`: the flags `dealerassist replay` adds to its own.
See docs/irregularities.md.
"""

from dealerassist.irregular.consequences import (
    binding_action,
    can_confirm,
    confirm,
    due_events,
    next_board,
    overrule,
    verify_confirm,
)
from dealerassist.irregular.detectors import Detection, detect
from dealerassist.irregular.flags import Flag, FlagStatus, Language, Severity
from dealerassist.irregular.review import review_flags, review_records
from dealerassist.irregular.texts import RULINGS, RulingText, ruling_text

__all__ = [
    "RULINGS",
    "Detection",
    "Flag",
    "FlagStatus",
    "Language",
    "RulingText",
    "Severity",
    "binding_action",
    "can_confirm",
    "confirm",
    "detect",
    "due_events",
    "next_board",
    "overrule",
    "review_flags",
    "review_records",
    "ruling_text",
    "verify_confirm",
]
