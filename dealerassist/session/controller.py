"""`TableSession`: dealer command -> decide -> journal (commit) -> evolve -> state.

The one place where dealer commands (typed lines or the console's buttons) become events.
Each command is checked against the current state first; an illegal one raises with its
reason and rule ID and nothing is journaled or changed. A legal one is written to the
journal as one group — `CommandReceived` then the events it caused — committed before it
is applied, so what the dealer saw acknowledged survives a crash. Opening a session on an
existing journal replays it and resumes exactly where it was, mid-hand included.

Undo is a new event (`Undone`) cancelling the last command group still in force; the state
is then rebuilt as the fold of the journal minus the cancelled groups.

A long journal opens in constant time: every `SNAPSHOT_EVERY` hands the state between hands
is saved beside the records (`session.snapshots`), and opening starts from the newest
usable snapshot (the session's *base*) and folds only the records after it. The session
keeps the records after its base; an undo that reaches back past the base moves the base
to an older snapshot (or to the first record) and folds from there.

With ``confirm_payouts`` (the console), a showdown is not paid by the command that makes
it payable: the hand waits, the presenter shows the proposed settlement, and the dealer's
``pay`` journals the settlement and `HandFinished` (POT-AWARD). Until then ``show``,
``muck`` and ``undo`` still correct the hand. A hand won by folds is paid at once
(G-WIN-FOLD). ``pay`` is accepted with or without the option whenever a showdown waits
(a journal left mid-confirmation reopens waiting).
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from dealerassist.errors import IllegalActionError, JournalError
from dealerassist.journal.codec import EventCodec
from dealerassist.journal.records import (
    Journal,
    JournalRecord,
    PendingRecord,
    Snapshot,
    SnapshotStore,
)
from dealerassist.rules.model import GamePreset, HouseRules
from dealerassist.session import decide as deciding
from dealerassist.session import hand as hand_adapter
from dealerassist.session import snapshots
from dealerassist.session.commands import Command, Pay, Undo, parse_command
from dealerassist.session.desk_events import DESK_EVENTS
from dealerassist.session.events import TABLE_EVENTS, CommandReceived, HandFinished, Undone
from dealerassist.session.sightings import Proposal, propose
from dealerassist.session.snapshots import SNAPSHOT_EVERY
from dealerassist.session.state import RECENT_HANDS, SessionState, evolve, fold
from dealerassist.session.tournament_events import register as register_tournament_events

__all__ = ["TableSession", "effective_events", "session_codec", "utc_now"]

Clock = Callable[[], str]
AnyCommand = Command
"""A parsed line of the command language (``pay``, ``up`` and ``draw`` included)."""


def utc_now() -> str:
    """Return the current UTC time as ISO 8601 text (the journal's ``recorded_at``)."""
    return _dt.datetime.now(_dt.UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def session_codec() -> EventCodec:
    """Return a codec knowing every table event and every engine hand event."""
    codec = EventCodec()
    for cls in TABLE_EVENTS:
        codec.register(cls)
    for cls in hand_adapter.ENGINE_EVENTS:
        codec.register(cls)
    # The tournament's own stream (session.tournament_table), read by any TableSession
    # opened on a tournament journal (export, floor) and ignored by its fold.
    register_tournament_events(codec)
    for cls in DESK_EVENTS:  # floor calls, answers, dealers (session.desk)
        codec.register(cls)
    snapshots.register(codec)

    # Version 1 -> 2 only added fields with defaults: the old payload reads as it is.
    @codec.upcaster("GameSelected", 1)
    def _game_selected_v1(payload: dict[str, Any]) -> dict[str, Any]:
        return payload

    @codec.upcaster("HandStarted", 1)
    def _hand_started_v1(payload: dict[str, Any]) -> dict[str, Any]:
        return payload

    # Version 2 -> 3 added ``carried`` (JB-NO-OPEN): an old hand carried nothing in.
    @codec.upcaster("HandStarted", 2)
    def _hand_started_v2(payload: dict[str, Any]) -> dict[str, Any]:
        return payload

    # Version 1 -> 2 of DealerSignedIn added ``verified``: an older sign-in was by name only.
    @codec.upcaster("DealerSignedIn", 1)
    def _dealer_signed_in_v1(payload: dict[str, Any]) -> dict[str, Any]:
        return payload

    # Version 1 -> 2 of WrongBringIn added ``amount`` (IRR-ST-WRONG-LOW): none recorded.
    @codec.upcaster("WrongBringIn", 1)
    def _wrong_bring_in_v1(payload: dict[str, Any]) -> dict[str, Any]:
        return payload

    return codec


@dataclass(frozen=True, slots=True)
class _Entry:
    """A decoded journal record and the command group it belongs to."""

    seq: int
    group: int
    event: Any


def effective_events(entries: Sequence[_Entry]) -> list[Any]:
    """Return the events in force: every group not cancelled by an `Undone`, in order."""
    cancelled = {entry.event.command_seq for entry in entries if isinstance(entry.event, Undone)}
    return [entry.event for entry in entries if entry.group not in cancelled]


class TableSession:
    """A table driven by dealer commands, with every event journaled before it applies.

    Args:
        journal: Where events are committed (SQLite at the table, memory in tests).
        rules: The house rules in force.
        preset: The game to play when the journal has none yet (or to switch to between
            hands); None keeps the journal's game.
        clock: Returns the ``recorded_at`` text of new records.
        confirm_payouts: Hold a showdown's settlement until the dealer's ``pay``.
        recent_hands: Finished hands the state keeps (`RECENT_HANDS`); None keeps every
            one (export, the floor's review) and folds the whole journal, no snapshot.
        snapshot_every: Hands between two snapshots; 0 neither reads nor writes any.

    """

    def __init__(
        self,
        journal: Journal,
        *,
        rules: HouseRules,
        preset: GamePreset | None = None,
        clock: Clock = utc_now,
        confirm_payouts: bool = False,
        recent_hands: int | None = RECENT_HANDS,
        snapshot_every: int = SNAPSHOT_EVERY,
    ) -> None:
        self._confirm_payouts = confirm_payouts
        self._journal = journal
        self._rules = rules
        self._clock = clock
        self._codec = session_codec()
        self._entries: list[_Entry] = []
        self._empty = SessionState(history_limit=recent_hands)
        store = journal if isinstance(journal, SnapshotStore) else None
        self._store = store if snapshot_every > 0 and recent_hands is not None else None
        self._snapshot_every = snapshot_every
        self._format = snapshots.snapshot_format(self._codec, rules)
        self._base = self._empty
        self._base_seq = 0
        self._trail: tuple[snapshots.TrailItem, ...] = ()
        self._last_snapshot_hand = 0
        self._state = self._empty
        self._load()
        if preset is not None and self._state.game != deciding.game_selected(preset):
            self._run(f"game {preset.name}", deciding.select_game(self._state, preset))

    # -- reading ------------------------------------------------------------------------------

    @property
    def state(self) -> SessionState:
        """The state after every event in force."""
        return self._state

    @property
    def rules(self) -> HouseRules:
        """The house rules in force."""
        return self._rules

    @property
    def journal(self) -> Journal:
        """The journal this session writes to."""
        return self._journal

    @property
    def confirm_payouts(self) -> bool:
        """Whether a showdown waits for the dealer's ``pay`` before it is settled."""
        return self._confirm_payouts

    @confirm_payouts.setter
    def confirm_payouts(self, value: bool) -> None:
        self._confirm_payouts = bool(value)

    @property
    def base_seq(self) -> int:
        """The record the session's base state is after: 0, or a snapshot's record."""
        return self._base_seq

    def history(self) -> tuple[tuple[int, Any], ...]:
        """Return the journaled (seq, event), cancelled ones included (the audit trail).

        Without a snapshot in use (``recent_hands=None``, a short journal) that is the whole
        journal. From a snapshot it is the records after it, preceded by the trail the
        snapshot carries from before it: the desk's events in force (floor calls,
        dealers) and the last `RECENT_HANDS` `HandFinished`, what `session.desk` folds.
        """
        return (*((item.seq, item.event) for item in self._trail),
                *((entry.seq, entry.event) for entry in self._entries))

    # -- commands -----------------------------------------------------------------------------

    def execute(self, line: str) -> SessionState:
        """Parse, check, journal then apply one dealer command line.

        Raises:
            CommandError: the line cannot be read.
            IllegalActionError: the command is not allowed now (with its rule ID).

        """
        command = parse_command(line)
        return self.apply(command, text=line.strip())

    def apply(self, command: AnyCommand, *, text: str) -> SessionState:
        """Check, journal then apply an already parsed command; ``text`` is journaled."""
        if isinstance(command, Undo):
            return self._undo(text)
        return self._run(text, self._decide(command))

    def _decide(self, command: AnyCommand) -> list[Any]:
        hand = self._state.hand
        if isinstance(command, Pay):
            if hand is None:
                raise IllegalActionError("nothing to pay: no hand is running",
                                         rule_id="POT-AWARD")
            return hand_adapter.payout_events(hand)
        events = deciding.decide(self._state, command, rules=self._rules)  # type: ignore[arg-type]
        if self._confirm_payouts and hand is not None:
            events = hand_adapter.held_for_payout(hand, events)
        return events

    def observe(self, sightings: Sequence[Any]) -> Proposal | None:
        """Turn stable camera sightings into a command: applied when sure, else proposed.

        A confident proposal is executed like a typed line (checked, journaled with a
        ``# camera`` note, applied); a doubtful or conflicting one is returned untouched
        for the dealer to confirm (send its ``line``) or to resolve.
        """
        proposal = propose(self._state, sightings)
        if proposal is not None and proposal.automatic and proposal.line:
            self.apply(parse_command(proposal.line), text=f"{proposal.line}  # camera")
        return proposal

    def record(self, text: str, events: Sequence[Any]) -> SessionState:
        """Journal ``text`` and ``events`` as one command group, then apply them.

        For events decided outside the command language (the desk's floor calls and
        dealers, `session.desk`); they are folded like any other, so a bad one is refused
        before anything is written.
        """
        return self._run(text, events)

    def check(self, line: str) -> None:
        """Raise like `execute` would, without journaling or changing anything."""
        command = parse_command(line)
        if isinstance(command, Undo):
            self._undo_target()
            return
        self._decide(command)

    # -- internals ----------------------------------------------------------------------------

    def _load(self, *, before_seq: int | None = None) -> None:
        """Set the base (newest usable snapshot below ``before_seq``) and fold what follows."""
        base, base_seq, entries, trail = self._empty, 0, None, ()
        store = self._store
        candidate = store.latest_snapshot(before_seq=before_seq) if store is not None else None
        while store is not None and candidate is not None:
            found = self._usable(candidate)
            if found is not None:
                base, trail, entries = found
                base_seq = candidate.seq
                break
            candidate = store.latest_snapshot(before_seq=candidate.seq)
        if entries is None:
            entries = self._entries_after(0)
        self._base, self._base_seq, self._entries = base, base_seq, entries
        self._trail = trail
        self._last_snapshot_hand = base.last_hand_id if base_seq else 0
        self._state = fold(effective_events(entries), rules=self._rules, start=base)

    def _usable(self, snapshot: Snapshot) -> tuple[
            SessionState, tuple[snapshots.TrailItem, ...], list[_Entry]] | None:
        """Return the snapshot's state, its trail and the records after it, or None."""
        try:
            state, trail = snapshots.decode_state(snapshot, codec=self._codec,
                                                  expected_format=self._format)
        except JournalError:
            return None  # another program's, another layout, other rules, or unreadable
        entries = self._entries_after(snapshot.seq)
        if entries and not isinstance(entries[0].event, CommandReceived):
            return None  # not taken at the end of a command group
        if any(isinstance(e.event, Undone) and e.event.command_seq <= snapshot.seq
               for e in entries):
            return None  # an undo reaches back past it: it no longer tells the fold
        return state, trail, entries

    def _entries_after(self, seq: int) -> list[_Entry]:
        entries: list[_Entry] = []
        group = 0
        for record in self._journal.read(after_seq=seq):
            event = self._decode(record)
            if isinstance(event, CommandReceived):
                group = record.seq
            entries.append(_Entry(seq=record.seq, group=group, event=event))
        return entries

    def _save_snapshot(self, state: SessionState, last_seq: int) -> None:
        """Every `SNAPSHOT_EVERY` hands, save the state between hands and make it the base."""
        store = self._store
        if (store is None or state.hand is not None or state.last_hand_id == 0
                or state.last_hand_id < self._last_snapshot_hand + self._snapshot_every):
            return
        self._last_snapshot_hand = state.last_hand_id
        trail = self._trail_up_to_now()
        try:
            payload = snapshots.encode_state(state, codec=self._codec, trail=trail)
            store.save_snapshot(Snapshot(seq=last_seq, format=self._format, payload=payload))
        except JournalError:
            return  # derived data: the command is committed; the next hands try again
        # The records before it are no longer needed in memory (an undo reaching past
        # it reloads them), so a table that runs for months holds a bounded session.
        self._base, self._base_seq, self._entries = state, last_seq, []
        self._trail = trail

    def _trail_up_to_now(self) -> tuple[snapshots.TrailItem, ...]:
        """Return the trail a snapshot taken now carries.

        The desk's events in force and the last `HandFinished`: the base's trail, then the
        effective records since.
        """
        cancelled = {e.event.command_seq for e in self._entries if isinstance(e.event, Undone)}
        items = [*self._trail, *(snapshots.TrailItem(seq=e.seq, event=e.event)
                                 for e in self._entries if e.group not in cancelled
                                 and isinstance(e.event, (*DESK_EVENTS, HandFinished)))]
        finished = [k for k, item in enumerate(items) if isinstance(item.event, HandFinished)]
        limit = self._state.history_limit or 0
        dropped = set(finished[: max(0, len(finished) - limit)])
        return tuple(item for k, item in enumerate(items) if k not in dropped)

    def _decode(self, record: JournalRecord) -> Any:
        return self._codec.decode(record.type, record.class_version, record.payload)

    def _run(self, text: str, events: Sequence[Any]) -> SessionState:
        # Apply to a copy first: an event the fold cannot apply (a bug) must never reach
        # the journal, or every later replay would fail on it.
        batch = [CommandReceived(text=text), *events]
        state = self._state
        hand_ids: list[int | None] = []
        for event in batch:
            before = state.hand.started.hand_id if state.hand is not None else None
            state = evolve(state, event, rules=self._rules)
            after = state.hand.started.hand_id if state.hand is not None else None
            hand_ids.append(after if after is not None else before)
        last_seq = self._commit(batch, hand_ids)
        self._state = state
        self._save_snapshot(state, last_seq)
        return state

    def _commit(self, batch: Sequence[Any], hand_ids: Sequence[int | None]) -> int:
        now = self._clock()
        pending = []
        for event, hand_id in zip(batch, hand_ids, strict=True):
            encoded = self._codec.encode(event)
            pending.append(
                PendingRecord(
                    type=encoded.type,
                    class_version=encoded.class_version,
                    payload=encoded.payload,
                    hand_id=hand_id,
                    recorded_at=now,
                )
            )
        last = self._entries[-1].seq if self._entries else self._base_seq
        stored = self._journal.append(pending, expected_last_seq=last)
        group = stored[0].seq
        self._entries.extend(
            _Entry(seq=record.seq, group=group, event=event)
            for record, event in zip(stored, batch, strict=True)
        )
        return stored[-1].seq

    def _undo_target(self) -> _Entry:
        while True:
            found = self._undo_target_after_base()
            if found is not None:
                return found
            if self._base_seq == 0:
                raise IllegalActionError("nothing to undo")
            self._load(before_seq=self._base_seq)  # reach back past the base

    def _undo_target_after_base(self) -> _Entry | None:
        cancelled = {e.event.command_seq for e in self._entries if isinstance(e.event, Undone)}
        undo_groups = {e.group for e in self._entries if isinstance(e.event, Undone)}
        for entry in reversed(self._entries):
            if not isinstance(entry.event, CommandReceived):
                continue
            if entry.seq in cancelled or entry.seq in undo_groups:
                continue
            if entry.event.text.startswith("game ") and entry.seq == self._first_group():
                raise IllegalActionError("nothing to undo")  # the table's first game stays
            return entry
        return None

    def _first_group(self) -> int:
        if self._base_seq:
            return 0  # the journal's first command is before the base
        for entry in self._entries:
            if isinstance(entry.event, CommandReceived):
                return entry.seq
        return 0

    def _undo(self, text: str) -> SessionState:
        target = self._undo_target()
        undone = Undone(command_seq=target.seq, text=target.event.text)
        # Check that the fold without the cancelled group still applies before journaling.
        probe = [*self._entries, _Entry(seq=-1, group=-1, event=undone)]
        state = fold(effective_events(probe), rules=self._rules, start=self._base)
        running = self._state.hand.started.hand_id if self._state.hand is not None else None
        self._commit([CommandReceived(text=text), undone], [running, running])
        self._state = state
        return state
