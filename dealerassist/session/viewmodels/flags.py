"""The flags panel: an irregularity with its rule ID, severity, ruling and status.

`FlagStatus` is the irregular package's own enum (one vocabulary from the detector to the
screen), re-exported here for the console.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum, unique

from dealerassist.irregular.flags import FlagStatus

__all__ = [
    "FlagSeverity",
    "FlagStatus",
    "FlagView",
]


@unique
class FlagSeverity(StrEnum):
    """How urgently a flag needs the dealer."""

    INFO = "info"
    """Worth knowing; play continues (e.g. an announcement to make)."""
    WARNING = "warning"
    """An irregularity with a ruling to apply before play continues."""
    MISDEAL = "misdeal"
    """The hand cannot continue as dealt (IRR-* rulings ending in a misdeal)."""


@dataclass(frozen=True, slots=True)
class FlagView:
    """An irregularity shown in the flags panel, with its ruling.

    Attributes:
        flag_id: Identifier the dealer's ``confirm``/``overrule`` commands refer to.
        rule_id: The rule from the catalogue ("IRR-UNDERRAISE").
        severity: How urgent.
        message: What happened, in plain words.
        ruling_steps: What the dealer does next, one step per item.
        status: Open, confirmed or overruled.
        overrule_reason: The reason given when overruled, else "".
        seat: The seat concerned, or None.

    """

    flag_id: str
    rule_id: str
    severity: FlagSeverity
    message: str
    ruling_steps: tuple[str, ...] = ()
    status: FlagStatus = FlagStatus.OPEN
    overrule_reason: str = ""
    seat: int | None = None
