"""The flags panel: an irregularity with its rule ID, severity, ruling and status.

`FlagStatus` and `FlagSeverity` are the irregular package's own enums (one vocabulary from
the detector to the screen), re-exported here for the console.
"""

from __future__ import annotations

from dataclasses import dataclass

from dealerassist.irregular.flags import FlagStatus
from dealerassist.irregular.flags import Severity as FlagSeverity

__all__ = [
    "FlagSeverity",
    "FlagStatus",
    "FlagView",
]


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
