"""The dealer command lines the console's buttons send, in one place.

The console speaks the session's command language (docs/commands.md) exactly as a dealer
would type it, so a button press and a typed line are the same input, journaled the same.
If the language changes, only this module changes.
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence

__all__ = [
    "FOLD",
    "CHECK",
    "CALL",
    "ALL_IN",
    "UNDO",
    "bet_or_raise",
    "confirm_flag",
    "overrule_flag",
    "show_cards",
    "confirm_showdown",
    "sit",
    "leave",
    "sit_out",
    "sit_in",
    "add_chips",
    "correct_stack",
    "set_button",
    "choose_game",
    "new_hand",
]

FOLD = "f"
CHECK = "x"
CALL = "c"
ALL_IN = "allin"
NEW_HAND = "hand"
UNDO = "undo"
CALL_FLOOR = "floor"  # the floor is called with the hand frozen (session.desk)
CONFIRM_SHOWDOWN = "pay"  # the session pays the settlement shown (POT-AWARD)


def bet_or_raise(amount: int, *, opening: bool) -> str:
    """Return ``b N`` for an opening bet or ``r N`` for a raise to N (a street total)."""
    return f"{'b' if opening else 'r'} {int(amount)}"


def confirm_flag(flag_id: str) -> str:
    """Confirm a flag's ruling."""
    return f"confirm {flag_id}"


def overrule_flag(flag_id: str, reason: str) -> str:
    """Overrule a flag, with the reason the floor gave (kept on one line)."""
    return f"overrule {flag_id} {shlex.quote(' '.join(reason.split()))}"


def show_cards(seat: int, cards: Sequence[str]) -> str:
    """Enter the cards a seat shows at showdown."""
    return f"show {seat} {' '.join(cards)}"


def confirm_showdown() -> str:
    """Confirm the showdown payouts (stacks update)."""
    return CONFIRM_SHOWDOWN


def sit(seat: int, name: str, stack: int) -> str:
    """Seat a player with a stack."""
    return f"sit {seat} {shlex.quote(' '.join(name.split()))} {int(stack)}"


def add_chips(seat: int, amount: int) -> str:
    """Add chips to a seated player's stack between hands."""
    return f"add {seat} {int(amount)}"


def correct_stack(seat: int, stack: int, reason: str) -> str:
    """Set a stack right between hands, with the reason."""
    return f"correct {seat} {int(stack)} {shlex.quote(' '.join(reason.split()))}"


def sit_out(seat: int) -> str:
    """Stop dealing a seated player in (the seat is kept)."""
    return f"out {seat}"


def sit_in(seat: int) -> str:
    """Deal a player who sat out in again."""
    return f"in {seat}"


def leave(seat: int) -> str:
    """Take a player off the table."""
    return f"leave {seat}"


def set_button(seat: int) -> str:
    """Put the dealer button at a seat."""
    return f"button {seat}"


def choose_game(preset: str) -> str:
    """Choose a game preset from rules.yaml."""
    return f"game {shlex.quote(preset)}"  # "Limit Hold'em 10/20" has a quote in it


def new_hand() -> str:
    """Start the next hand."""
    return NEW_HAND
