"""The table's desk events: floor calls, the floor's answers, dealers signing in and out.

They are journaled in the table's own journal like every other fact (each in a command
group opened by `CommandReceived`), so a call, its answer and the rotation survive a
restart, travel to the room with the rest, and are a fold of the journal
(`session.desk.fold_desk`). The hand's fold ignores them: they never move a chip. Times
are ISO 8601 UTC text from the session's clock; ``place`` names where it happened (the
table id, or the floor station's login and address for an answer).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

__all__ = [
    "DESK_EVENTS",
    "DealerSignedIn",
    "DealerSignedOut",
    "FloorAnswered",
    "FloorCalled",
]


@dataclass(frozen=True, slots=True)
class FloorCalled:
    """The dealer called the floor, with the hand frozen as it stood.

    ``snapshot`` is the frozen hand as JSON text (hand number, street, pots, stacks, whose
    turn, board, the open flags with their rule IDs); ``seat`` 0 means the whole table.
    """

    class_version: ClassVar[int] = 1
    call_id: str
    seat: int
    reason: str
    snapshot: str
    by: str
    place: str
    at: str


@dataclass(frozen=True, slots=True)
class FloorAnswered:
    """The floor's answer to a call: ``confirm`` or ``overrule`` a flag, or a free ``ruling``.

    ``ruling_id`` is the room's number for it (a table journals each one once).
    """

    class_version: ClassVar[int] = 1
    call_id: str
    ruling_id: int
    kind: str
    flag_id: str
    reason: str
    by: str
    place: str
    at: str


@dataclass(frozen=True, slots=True)
class DealerSignedIn:
    """A dealer took over the table (the one before, if any, is relieved).

    ``verified`` says how the sign-in was checked: ``verified`` (the room checked the
    dealer's password), ``unverified`` (a table linked to a room signed the dealer in
    without the room's check: the room was unreachable, or no password could be asked),
    ``""`` (a table without a room: nothing to check against). Never a password.
    """

    class_version: ClassVar[int] = 2
    name: str
    at: str
    verified: str = ""


@dataclass(frozen=True, slots=True)
class DealerSignedOut:
    """The dealer on duty left the table."""

    class_version: ClassVar[int] = 1
    name: str
    at: str


DESK_EVENTS: tuple[type, ...] = (FloorCalled, FloorAnswered, DealerSignedIn, DealerSignedOut)
