"""Bounds on what the table accepts from outside: chips, a command line's length.

A stack or an amount past `MAX_CHIPS` is a typing slip or hostile input, never a live
table's chips; a command line past `MAX_LINE` characters is no dealer's line. Readers
(the command language, PHH replay) refuse both with a one-line message, before any
arithmetic or parsing that would grow with them.
"""

from __future__ import annotations

__all__ = ["MAX_CHIPS", "MAX_CHIPS_DIGITS", "MAX_LINE", "MAX_NAME", "chips_too_large", "shown"]

MAX_CHIPS = 10**12
"""The most chips one stack, bet or amount may hold (a thousand billion)."""

MAX_CHIPS_DIGITS = len(str(MAX_CHIPS))
"""Digits of `MAX_CHIPS`: a longer number is refused before it is converted."""

MAX_LINE = 4096
"""The longest command line read, in characters."""

MAX_NAME = 40
"""The longest player name, in characters (any printable Unicode, one word)."""


def chips_too_large(digits: str) -> bool:
    """Tell whether the whole number written ``digits`` (ASCII digits) exceeds `MAX_CHIPS`."""
    text = digits.lstrip("0")
    return len(text) > MAX_CHIPS_DIGITS or (bool(text) and int(text) > MAX_CHIPS)


def shown(digits: str) -> str:
    """Return a long number as a short text for a message (its start and its length)."""
    if len(digits) <= 16:
        return digits
    return f"{digits[:8]}... ({len(digits)} digits)"
