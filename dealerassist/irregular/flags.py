"""Flags: an irregularity noticed in a hand, with its rule ID, severity and ruling.

A `Flag` is what the dealer sees: the rule from the catalogue (``IRR-*``), how urgent it is
(`Severity`), one sentence saying what happened and the ruling as steps, in English and in
French. The wording of each rule's ruling lives in `dealerassist.irregular.texts`; a flag
adds the facts of this hand (who, which card) to it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum, unique

__all__ = ["Flag", "FlagStatus", "Language", "Severity"]


@unique
class Severity(StrEnum):
    """How urgently a flag needs the dealer (the console shows it as `FlagSeverity`)."""

    INFO = "info"  # worth knowing; play continues
    WARNING = "warning"  # a ruling to apply before play continues
    MISDEAL = "misdeal"  # the hand cannot continue as dealt


@unique
class FlagStatus(StrEnum):
    """Where a flag stands: waiting for the dealer, ruling applied, or overruled by the floor."""

    OPEN = "open"
    CONFIRMED = "confirmed"
    OVERRULED = "overruled"


@unique
class Language(StrEnum):
    """Languages of the rulings' texts."""

    EN = "en"
    FR = "fr"


@dataclass(frozen=True, slots=True)
class Flag:
    """One irregularity of one hand.

    Attributes:
        rule_id: the catalogue's rule ("IRR-TURN-EARLY").
        severity: how urgent.
        message: what happened and what the rule is, one sentence, English.
        message_fr: the same in French.
        steps: the ruling as steps for the dealer, English.
        steps_fr: the same in French.
        event_index: position in the hand's event stream of the event that raised it.
        player: the player concerned (engine index), or None.
        status: open, confirmed (ruling applied) or overruled (floor decision).
        overrule_reason: the floor's recorded reason when overruled.

    """

    rule_id: str
    severity: Severity
    message: str
    message_fr: str
    steps: tuple[str, ...]
    steps_fr: tuple[str, ...]
    event_index: int = -1
    player: int | None = None
    status: FlagStatus = FlagStatus.OPEN
    overrule_reason: str = ""

    def __post_init__(self) -> None:
        if not self.rule_id:
            raise ValueError("a flag needs a rule ID")
        if not self.message or not self.message_fr:
            raise ValueError(f"flag {self.rule_id}: the message is empty")

    @property
    def flag_id(self) -> str:
        """A stable name the dealer's ``confirm``/``overrule`` commands refer to: ``3:IRR-DECK``."""
        return f"{self.event_index}:{self.rule_id}"

    def text(self, language: Language = Language.EN) -> str:
        """Return the message in ``language``."""
        return self.message_fr if language is Language.FR else self.message

    def ruling(self, language: Language = Language.EN) -> tuple[str, ...]:
        """Return the ruling's steps in ``language``."""
        return self.steps_fr if language is Language.FR else self.steps
