"""The table's desk: calling the floor, the floor's answers, dealer rotation, handover.

Dealer lines (beside the command language of docs/commands.md):

- ``floor [SEAT] [REASON...]`` calls the floor with the hand frozen as it
  stands and its open flags;
- ``dealer in NAME`` signs a dealer in (relieving the one on duty), ``dealer out`` signs
  the dealer on duty out;
- ``handover`` shows the relief dealer's card (`handover_card`; nothing is journaled).

`fold_desk` folds the desk events (`session.desk_events`) of a journal into `DeskState`:
each call waiting or answered, the dealer on duty since when, and the rotation. The floor's
answers arrive from the room and are journaled by `answer_events`, once per ruling id;
a ``confirm`` or ``overrule`` answer naming a flag is then applied to the hand like the
dealer's own ``confirm FLAG`` / ``overrule FLAG REASON``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from dealerassist.errors import IllegalActionError
from dealerassist.session.desk_events import (
    DealerSignedIn,
    DealerSignedOut,
    FloorAnswered,
    FloorCalled,
)
from dealerassist.session.events import HandFinished
from dealerassist.session.presenter import present
from dealerassist.session.state import SessionState
from dealerassist.session.table_json import table_json

__all__ = [
    "CallState",
    "DeskState",
    "Shift",
    "answer_events",
    "desk_events",
    "fold_desk",
    "handover_card",
    "is_desk_line",
    "snapshot",
]

DESK_HELP: tuple[tuple[str, str, str], ...] = (
    ("floor [SEAT] [REASON]", "floor 4 string bet?", "call the floor with the hand frozen"),
    ("dealer in NAME", "dealer in alice", "a dealer signs in (relieves the one on duty)"),
    ("dealer out", "dealer out", "the dealer on duty signs out"),
    ("handover", "handover", "show the relief dealer's handover card"),
)


@dataclass(frozen=True, slots=True)
class CallState:
    """A floor call: waiting for the floor, or answered (with the answer)."""

    call_id: str
    seat: int
    reason: str
    since: str
    by: str
    hand_id: int | None
    answer: FloorAnswered | None = None

    @property
    def status(self) -> str:
        """``waiting`` until the floor answered, then ``answered``."""
        return "waiting" if self.answer is None else "answered"


@dataclass(frozen=True, slots=True)
class Shift:
    """One dealer's time at the table (``ended`` empty while on duty).

    ``verified``: how the sign-in was checked (`DealerSignedIn.verified`).
    """

    name: str
    started: str
    ended: str = ""
    verified: str = ""


@dataclass(frozen=True, slots=True)
class DeskState:
    """Calls, answers and the dealers' rotation, as folded from the journal."""

    calls: tuple[CallState, ...] = ()
    rotation: tuple[Shift, ...] = ()
    calls_made: int = 0

    @property
    def dealer(self) -> Shift | None:
        """The dealer on duty, or None."""
        if self.rotation and not self.rotation[-1].ended:
            return self.rotation[-1]
        return None

    @property
    def waiting(self) -> tuple[CallState, ...]:
        """The calls the floor has not answered yet."""
        return tuple(call for call in self.calls if call.answer is None)

    @property
    def ruling_ids(self) -> frozenset[int]:
        """The room's ruling ids already journaled here."""
        return frozenset(call.answer.ruling_id for call in self.calls if call.answer)


def fold_desk(events: Iterable[Any], start: DeskState | None = None) -> DeskState:
    """Return the desk after ``events`` (the journal's effective events; others ignored)."""
    desk = start if start is not None else DeskState()
    for event in events:
        desk = evolve_desk(desk, event)
    return desk


def evolve_desk(desk: DeskState, event: Any) -> DeskState:
    """Return the desk after one event (events that are not the desk's change nothing)."""
    if isinstance(event, FloorCalled):
        hand_id = json.loads(event.snapshot).get("hand_id") if event.snapshot else None
        call = CallState(call_id=event.call_id, seat=event.seat, reason=event.reason,
                         since=event.at, by=event.by, hand_id=hand_id)
        return replace(desk, calls=(*desk.calls, call), calls_made=desk.calls_made + 1)
    if isinstance(event, FloorAnswered):
        calls = tuple(replace(call, answer=event)
                      if call.call_id == event.call_id and call.answer is None else call
                      for call in desk.calls)
        return replace(desk, calls=calls)
    if isinstance(event, DealerSignedIn):
        rotation = desk.rotation
        if desk.dealer is not None:
            rotation = (*rotation[:-1], replace(rotation[-1], ended=event.at))
        return replace(desk, rotation=(*rotation, Shift(name=event.name, started=event.at,
                                                            verified=event.verified)))
    if isinstance(event, DealerSignedOut) and desk.dealer is not None:
        return replace(desk, rotation=(*desk.rotation[:-1],
                                       replace(desk.rotation[-1], ended=event.at)))
    return desk


def is_desk_line(line: str) -> bool:
    """Tell whether a dealer line is a desk command (``floor``, ``dealer``, ``handover``)."""
    words = line.split()
    return bool(words) and words[0].lower() in ("floor", "dealer", "handover")


def snapshot(state: SessionState) -> str:
    """Return the hand as it stands, frozen as JSON text, for a floor call."""
    view = table_json(present(state))
    frozen = {key: view[key] for key in ("hand_id", "street", "to_act", "to_call", "pots",
                                         "stacks", "board", "button", "flags")}
    return json.dumps(frozen, separators=(",", ":"), sort_keys=True)


def desk_events(state: SessionState, desk: DeskState, line: str, *, now: str,
                place: str, verified: str = "") -> list[Any]:
    """Return the events of a desk line (``floor``, ``dealer in/out``) or raise.

    ``verified`` is how a ``dealer in`` was checked (`DealerSignedIn.verified`).

    Raises:
        IllegalActionError: the line is not a desk command this table can do now.

    """
    words = line.split()
    verb = words[0].lower() if words else ""
    on_duty = desk.dealer.name if desk.dealer else ""
    if verb == "floor":
        seat = 0
        rest = words[1:]
        if rest and rest[0].isdigit():
            seat = int(rest[0])
            rest = rest[1:]
            if state.table.player(seat) is None:
                raise IllegalActionError(f"floor: seat {seat} is empty")
        return [FloorCalled(call_id=f"c{desk.calls_made + 1}", seat=seat,
                            reason=" ".join(rest), snapshot=snapshot(state), by=on_duty,
                            place=place, at=now)]
    if verb == "dealer" and len(words) >= 3 and words[1].lower() == "in":
        name = " ".join(words[2:])
        if name == on_duty:
            raise IllegalActionError(f"{name} is already the dealer on duty")
        return [DealerSignedIn(name=name, at=now, verified=verified)]
    if verb == "dealer" and len(words) == 2 and words[1].lower() == "out":
        if not on_duty:
            raise IllegalActionError("no dealer is signed in")
        return [DealerSignedOut(name=on_duty, at=now)]
    raise IllegalActionError(
        f"cannot read {line!r}: floor [SEAT] [REASON], dealer in NAME, dealer out, handover"
    )


@dataclass(frozen=True, slots=True)
class Answer:
    """A ruling received from the room, before the table journals it."""

    ruling_id: int
    call_id: str
    kind: str
    flag_id: str
    reason: str
    by: str
    place: str
    at: str


def answer_events(desk: DeskState, answer: Answer) -> list[Any]:
    """Return the `FloorAnswered` to journal for ``answer`` (none if journaled already)."""
    if answer.ruling_id in desk.ruling_ids:
        return []
    return [FloorAnswered(call_id=answer.call_id, ruling_id=answer.ruling_id,
                          kind=answer.kind, flag_id=answer.flag_id, reason=answer.reason,
                          by=answer.by, place=answer.place, at=answer.at)]


def answer_line(answer: Answer) -> str | None:
    """Return the dealer line that applies a flag ruling (``confirm``/``overrule``), or None."""
    if not answer.flag_id:
        return None
    if answer.kind == "confirm":
        return f"confirm {answer.flag_id}"
    if answer.kind == "overrule":
        return f"overrule {answer.flag_id} {answer.reason or 'floor'}"
    return None


def handover_card(state: SessionState, desk: DeskState,
                  finished_rakes: Sequence[tuple[str, HandFinished]] = ()) -> dict[str, Any]:
    """Return the relief dealer's card: the hand, pots, all-ins, calls, the last down's rake.

    ``finished_rakes``: (recorded_at, HandFinished) of the table's hands; the rake of those
    finished since the dealer on duty signed in is the last down's.
    """
    view = table_json(present(state))
    since = desk.dealer.started if desk.dealer else ""
    rake = sum(done.rake for at, done in finished_rakes if at >= since)
    return {
        "dealer": desk.dealer.name if desk.dealer else None,
        "since": since or None,
        "hand_id": view["hand_id"],
        "street": view["street"],
        "to_act": view["to_act"],
        "pots": [{"amount": pot["amount"], "eligible": pot["eligible"]} for pot in view["pots"]],
        "all_in": [seat["seat"] for seat in view["seats"] if seat["status"] == "all_in"],
        "stacks": view["stacks"],
        "calls": [{"id": call.call_id, "seat": call.seat, "since": call.since,
                   "reason": call.reason} for call in desk.waiting],
        "rake_last_down": rake,
    }


def desk_of(history: Iterable[tuple[int, Any]]) -> DeskState:
    """Return the desk of a session's history (``(seq, event)``, cancelled groups skipped)."""
    from dealerassist.session.events import CommandReceived, Undone

    items = list(history)
    cancelled = {event.command_seq for _, event in items if isinstance(event, Undone)}
    group = 0
    effective = []
    for seq, event in items:
        if isinstance(event, CommandReceived):
            group = seq
        if group not in cancelled:
            effective.append(event)
    return fold_desk(effective)


def finished_rakes(history: Iterable[tuple[int, Any]], times: dict[int, str]) -> list[
        tuple[str, HandFinished]]:
    """Return (recorded_at, HandFinished) of the history's hands (``times``: seq -> time)."""
    return [(times.get(seq, ""), event) for seq, event in history
            if isinstance(event, HandFinished)]


def signing_in(line: str) -> str | None:
    """Return the name a ``dealer in NAME`` line signs in, or None for any other line."""
    words = line.split()
    if len(words) >= 3 and words[0].lower() == "dealer" and words[1].lower() == "in":
        return " ".join(words[2:])
    return None


def record_desk_line(table: Any, line: str, *, now: str, place: str,
                     verified: str = "") -> SessionState:
    """Journal a desk line (``floor``, ``dealer in/out``) at a table; return its state.

    Only the line and its events are journaled (a dealer's password never is).

    ``table`` is a `TableSession` or a `TournamentTable` (whose session records it).

    Raises:
        IllegalActionError: the line cannot be done now (nothing is journaled).

    """
    events = desk_events(table.state, desk_of(table.history()), line, now=now, place=place,
                         verified=verified)
    session = getattr(table, "session", table)
    return session.record(line, events)
