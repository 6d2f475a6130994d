"""Snapshots of a table's state between hands, so that a long journal opens in constant time.

Every `SNAPSHOT_EVERY` hands the session saves its state, as it is once a hand has
finished, beside the journal's records (`journal.records.Snapshot`). Opening the journal
then decodes the newest usable snapshot and folds only the records after it, so the time
to open does not grow with the journal. A snapshot is derived data, never the truth:

- its ``format`` names the snapshot layout (`FORMAT_VERSION`), this program's version,
  a digest of the classes it holds and of the house rules in force; a snapshot written
  by another program, another layout or under other rules is ignored;
- one that an `Undone` recorded after it reaches back past (an undo of the command that
  finished the hand, say) no longer tells the fold of the journal and is ignored;
- one that cannot be decoded is ignored.

When none is usable the journal is folded from its first record, as without snapshots.
The property tests check that a session opened from snapshots equals the full fold.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
from dataclasses import dataclass
from typing import Any

from dealerassist import __version__
from dealerassist.errors import DealerAssistError, JournalError
from dealerassist.journal.codec import EventCodec
from dealerassist.journal.records import Snapshot
from dealerassist.rules.model import HouseRules
from dealerassist.session.events import GameSelected
from dealerassist.session.state import FinishedHand, SessionState
from dealerassist.session.table import Player, TableState

__all__ = [
    "FORMAT_VERSION",
    "SNAPSHOT_EVERY",
    "StateSnapshot",
    "TrailItem",
    "decode_state",
    "encode_state",
    "snapshot_format",
]

#: Layout of `StateSnapshot`; raise it when the snapshot's meaning changes.
FORMAT_VERSION = 1

#: Hands between two snapshots: opening folds at most this many hands after the newest.
SNAPSHOT_EVERY = 50


@dataclass(frozen=True, slots=True)
class TrailItem:
    """One event of the session's history before a snapshot, with its record number."""

    seq: int
    event: Any


@dataclass(frozen=True, slots=True)
class StateSnapshot:
    """`SessionState` between hands (no hand running), as the codec stores it.

    ``trail`` carries what readers of `TableSession.history` fold from before the
    snapshot (`TableSession` keeps it: the desk's events, the recent `HandFinished`).
    """

    game: GameSelected | None
    table: TableState
    last_hand_id: int
    finished: tuple[FinishedHand, ...]
    event_count: int
    carried: int
    passed_out_deals: int
    history_limit: int | None
    trail: tuple[TrailItem, ...] = ()


def register(codec: EventCodec) -> None:
    """Teach ``codec`` the snapshot record (the session's codec calls this)."""
    codec.register(StateSnapshot)


def snapshot_format(codec: EventCodec, rules: HouseRules) -> str:
    """Return the ``format`` of snapshots this program writes under ``rules``."""
    layout = [codec.registrations()]
    for cls in (StateSnapshot, TrailItem, SessionState, FinishedHand, TableState, Player):
        layout.append([(field.name, str(field.type)) for field in dataclasses.fields(cls)])
    return (
        f"session-state/{FORMAT_VERSION}/dealerassist-{__version__}"
        f"/layout-{_digest(layout)}/rules-{_digest(_canonical(rules))}"
    )


def encode_state(state: SessionState, *, codec: EventCodec,
                 trail: tuple[TrailItem, ...] = ()) -> str:
    """Return the payload of a snapshot of ``state``, which must be between hands."""
    if state.hand is not None:
        raise JournalError("a snapshot is taken between hands, not during one")
    body = StateSnapshot(
        game=state.game,
        table=state.table,
        last_hand_id=state.last_hand_id,
        finished=state.finished,
        event_count=state.event_count,
        carried=state.carried,
        passed_out_deals=state.passed_out_deals,
        history_limit=state.history_limit,
        trail=trail,
    )
    return codec.encode(body).payload


def decode_state(snapshot: Snapshot, *, codec: EventCodec,
                 expected_format: str) -> tuple[SessionState, tuple[TrailItem, ...]]:
    """Return the state a snapshot holds, and its trail.

    Raises:
        JournalError: another format, or a payload that cannot be read.

    """
    if snapshot.format != expected_format:
        raise JournalError(f"snapshot after record {snapshot.seq}: format {snapshot.format!r}")
    try:
        body = codec.decode(
            StateSnapshot.__name__, codec_version(codec), snapshot.payload
        )
    except (DealerAssistError, ValueError, TypeError, KeyError) as error:
        raise JournalError(f"snapshot after record {snapshot.seq}: {error}") from error
    if not isinstance(body, StateSnapshot):
        raise JournalError(f"snapshot after record {snapshot.seq} holds no table state")
    return SessionState(
        game=body.game,
        table=body.table,
        hand=None,
        last_hand_id=body.last_hand_id,
        finished=tuple(body.finished),
        event_count=body.event_count,
        carried=body.carried,
        passed_out_deals=body.passed_out_deals,
        history_limit=body.history_limit,
    ), tuple(body.trail)


def codec_version(codec: EventCodec) -> int:
    """Return the class version the codec gives `StateSnapshot`."""
    return dict(codec.registrations())[StateSnapshot.__name__]


def _digest(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _canonical(value: Any) -> Any:
    """Return a JSON-ready form of ``value``, the same whatever the set order or hash seed."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            "$": type(value).__name__,
            **{f.name: _canonical(getattr(value, f.name)) for f in dataclasses.fields(value)},
        }
    if isinstance(value, enum.Enum):
        return _canonical(value.value)
    if isinstance(value, (frozenset, set)):
        return sorted((_canonical(item) for item in value), key=repr)
    if isinstance(value, (tuple, list)):
        return [_canonical(item) for item in value]
    if isinstance(value, dict):
        return sorted(([_canonical(k), _canonical(v)] for k, v in value.items()), key=repr)
    if value is None or isinstance(value, (bool, int, str)):
        return value
    return f"{type(value).__name__}:{value}"
