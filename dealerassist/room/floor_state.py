"""The floor's view of one table: a fold of the records the room holds for it.

`TableFold` decodes a table's records with the session's codec and folds them exactly as
the table does (command groups, `Undone` cancelling one), under the house rules the
table registered, so the room's state of a table equals the fold of that table's own
journal. `table_entry` writes one table of ``floor --json``; it is also applied to a
table's local session (`entry_of_session`), which is how the tests compare the two.
Nothing here touches the server.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from dealerassist.errors import DealerAssistError
from dealerassist.journal.records import JournalRecord
from dealerassist.rules.loader import parse_rules_text
from dealerassist.rules.model import HouseRules
from dealerassist.rules.profiles import default_rules
from dealerassist.session.controller import session_codec
from dealerassist.session.desk import DeskState, evolve_desk
from dealerassist.session.events import CommandReceived, Undone
from dealerassist.session.presenter import present
from dealerassist.session.state import SessionState, evolve

__all__ = ["TableFold", "entry_of_session", "table_entry"]

_CODEC = session_codec()
_KEPT = 512  # commands whose state before them is kept, for undo


def rules_from_text(text: str | None) -> HouseRules:
    """Return the rules a table registered (its text), else the shipped rules."""
    if text:
        try:
            return parse_rules_text(text, "<room>")
        except DealerAssistError:
            pass
    return default_rules()


@dataclass
class TableFold:
    """One table's state, kept up to date record by record."""

    table_id: str
    rules: HouseRules
    state: SessionState = field(default_factory=SessionState)
    desk: DeskState = field(default_factory=DeskState)
    last_seq: int = 0
    last_event_at: str | None = None
    _entries: list[tuple[int, Any]] = field(default_factory=list)  # (group, event)
    _cancelled: set[int] = field(default_factory=set)
    # Per command (its seq): where its entries start, and the state and desk before it.
    _before: dict[int, tuple[int, SessionState, DeskState]] = field(default_factory=dict)

    def add(self, records: list[JournalRecord]) -> None:
        """Fold ``records`` (the next ones of this table, in sequence order).

        An `Undone` refolds from the state kept before the command it cancels (the
        last ``_KEPT`` commands keep theirs), not from the table's first record, so an
        undo costs what follows that command, not the whole day.
        """
        for record in records:
            if record.seq != self.last_seq + 1:
                raise DealerAssistError(
                    f"table {self.table_id}: record {record.seq} after {self.last_seq}"
                )
            event = _CODEC.decode(record.type, record.class_version, record.payload)
            if isinstance(event, CommandReceived):
                self._before[record.seq] = (len(self._entries), self.state, self.desk)
                while len(self._before) > _KEPT:
                    del self._before[next(iter(self._before))]
            group = record.seq if isinstance(event, CommandReceived) else (
                self._entries[-1][0] if self._entries else 0)
            self._entries.append((group, event))
            self.last_seq = record.seq
            self.last_event_at = record.recorded_at
            if isinstance(event, Undone):
                self._cancelled.add(event.command_seq)
                self._refold(event.command_seq)
            else:
                self.state = evolve(self.state, event, rules=self.rules)
                self.desk = evolve_desk(self.desk, event)

    def _refold(self, cancelled: int) -> None:
        """Fold again from before the command ``cancelled`` (or from the start)."""
        kept = self._before.get(cancelled)
        start, state, desk = kept if kept is not None else (0, None, None)
        for group in [group for group in self._before if group >= cancelled]:
            del self._before[group]  # states after a cancelled command are no longer true
        if kept is None:
            self._before.clear()
        state = state if state is not None else SessionState()
        desk = desk if desk is not None else DeskState()
        for index in range(start, len(self._entries)):
            group, event = self._entries[index]
            if group in self._cancelled:
                continue
            if isinstance(event, CommandReceived) and group > cancelled:
                self._before[group] = (index, state, desk)
            state = evolve(state, event, rules=self.rules)
            desk = evolve_desk(desk, event)
        self.state, self.desk = state, desk

    def entry(self) -> dict[str, Any]:
        """Return this table's object of ``floor --json``."""
        return table_entry(self.table_id, self.state, self.desk, self.last_event_at,
                           rules=self.rules, last_seq=self.last_seq)


def _stakes(state: SessionState) -> str:
    game = state.game
    if game is None:
        return ""
    if game.small_bet or game.big_bet:
        return f"{game.small_bet}/{game.big_bet}"
    stakes = f"{game.small_blind}/{game.big_blind}"
    return stakes + (f" ante {game.ante}" if game.ante else "")


def table_entry(table_id: str, state: SessionState, desk: DeskState,
                last_event_at: str | None, *, rules: HouseRules,
                last_seq: int) -> dict[str, Any]:
    """Return the ``floor --json`` object of one table.

    Keys of the contract: table_id, game, stakes, hand_id, to_act, pots [{amount,
    eligible}], stacks {seat: chips}, flags [{id, rule_id, status}], calls [{id, seat,
    since, status}], dealer, last_event_at; and also street, board, seats (names),
    dealer_since, rotation, last_seq.
    """
    view = present(state, rules=rules)
    occupied = [seat for seat in view.seats if seat.name]
    dealer = desk.dealer
    return {
        "table_id": table_id,
        "game": view.game,
        "stakes": _stakes(state),
        "hand_id": view.hand_id,
        "to_act": view.action.seat if view.action else None,
        "pots": [{"amount": pot.amount, "eligible": list(pot.eligible_seats)}
                 for pot in view.pots],
        "stacks": {str(seat.seat): seat.stack for seat in occupied},
        "flags": [{"id": flag.flag_id, "rule_id": flag.rule_id, "status": str(flag.status)}
                  for flag in view.flags],
        "calls": [{"id": call.call_id, "seat": call.seat, "since": call.since,
                   "status": call.status, "reason": call.reason} for call in desk.calls],
        "dealer": dealer.name if dealer else None,
        "last_event_at": last_event_at,
        "street": view.street,
        "board": list(view.board),
        "seats": [{"seat": seat.seat, "name": seat.name, "stack": seat.stack}
                  for seat in occupied],
        "dealer_since": dealer.started if dealer else None,
        "rotation": [{"name": shift.name, "started": shift.started, "ended": shift.ended or None,
                      "verified": shift.verified} for shift in desk.rotation],
        "last_seq": last_seq,
    }


def entry_of_session(table_id: str, session: Any, records: list[JournalRecord],
                     rules: HouseRules) -> dict[str, Any]:
    """Return the ``floor --json`` object of a table's local session (its own journal)."""
    from dealerassist.session.desk import desk_of

    return table_entry(table_id, session.state, desk_of(session.history()),
                       records[-1].recorded_at if records else None, rules=rules,
                       last_seq=records[-1].seq if records else 0)
