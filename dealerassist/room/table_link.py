"""`TableLink`: a running table's link to the room (its outbox and the floor's answers).

The table opens it with ``--room DSN`` (or the console's setting). The link starts the
outbox, journals each answer from the floor once (`session.desk.answer_events`) and, for
an answer confirming or overruling a flag, applies it to the hand like the dealer's own
``confirm FLAG`` / ``overrule FLAG REASON``; an answer the hand can no longer take (the
hand moved on) is still journaled as the floor's word.
"""

from __future__ import annotations

from typing import Any

from dealerassist.errors import DealerAssistError, IllegalActionError
from dealerassist.journal.records import Journal
from dealerassist.room.admin import sign_in
from dealerassist.room.connection import RoomError, connect
from dealerassist.room.outbox import Outbox, OutboxStatus
from dealerassist.session.desk import answer_events, answer_line, desk_of

__all__ = ["TableLink"]


def _session_of(table: Any) -> Any:
    """Return the `TableSession` of a table (a `TournamentTable` holds one)."""
    return getattr(table, "session", table)


class TableLink:
    """One table's outbox plus the answers it brings back.

    Args:
        table: The `TableSession` or `TournamentTable` the dealer drives.
        journal: Its journal.
        table_id: The room's name for the table.
        dsn: The room's connection string.
        rules_text: The house rules text in force.

    """

    def __init__(self, table: Any, journal: Journal, *, table_id: str, dsn: str,
                 rules_text: str, retry_s: float = 1.0) -> None:
        self._table = table
        self._dsn = dsn
        desk = desk_of(table.history())
        self.outbox = Outbox(journal, table_id=table_id, dsn=dsn, rules_text=rules_text,
                             retry_s=retry_s, answer_after=max(desk.ruling_ids, default=0))
        self.outbox.start()

    def status(self) -> OutboxStatus:
        """Return the outbox's status."""
        return self.outbox.status()

    def committed(self) -> None:
        """Say that the table journaled something (push it now)."""
        self.outbox.notify()

    def apply_answers(self) -> list[str]:
        """Journal the floor's answers received; return one line per answer applied."""
        lines = []
        for answer in self.outbox.take_answers():
            session = _session_of(self._table)
            desk = desk_of(self._table.history())
            events = answer_events(desk, answer)
            if not events:
                continue
            session.record(f"# floor answer {answer.ruling_id} to {answer.call_id}", events)
            said = f"floor ({answer.by}) on {answer.call_id}: {answer.kind}"
            if answer.flag_id:
                said += f" {answer.flag_id}"
            if answer.reason:
                said += f": {answer.reason}"
            line = answer_line(answer)
            if line is not None:
                try:
                    self._table.execute(line)
                except DealerAssistError as error:
                    said += f" (not applied to the hand: {error})"
            lines.append(said)
        if lines:
            self.outbox.notify()
        return lines

    def verify_dealer(self, name: str, password: str | None) -> str:
        """Check a dealer's password against the room's accounts; return how it was checked.

        ``verified`` when the room knows the account (any role) with that password;
        ``unverified`` when there is no password to check (``None``: nowhere to ask one
        without echo) or the room cannot be reached: the table stays offline-first and
        signs the dealer in locally. A wrong password or unknown account, when the room
        answers, raises `IllegalActionError` (the room logs the refusal).
        """
        if password is None:
            return "unverified"
        try:
            connection = connect(self._dsn, timeout_s=2, application="dealerassist sign-in")
        except RoomError:
            return "unverified"
        try:
            sign_in(connection, name, password, roles=("dealer", "floor", "manager"))
        except RoomError as error:
            if "unknown or wrong password" in str(error):
                raise IllegalActionError(f"dealer in {name}: the room refused the sign-in "
                                         "(unknown account or wrong password)") from error
            return "unverified"
        finally:
            connection.close()
        return "verified"

    def wait_contact(self, timeout_s: float) -> OutboxStatus:
        """Wait for the first contact with the room (answers already there are fetched)."""
        return self.outbox.wait_contact(timeout_s)

    def close(self, *, drain_s: float = 0.0) -> OutboxStatus:
        """Journal the answers received, push what can be pushed within ``drain_s``, stop."""
        self.apply_answers()
        status = self.outbox.drain(drain_s) if drain_s > 0 else self.outbox.status()
        self.outbox.stop()
        return status
