"""The card room's floor window: one row per table, live, and the floor's answers.

`RoomWindow` draws what a room source gives (`dealerassist.room.floor.RoomFloor`, or any
object with ``refresh``, ``snapshot``, ``follow``, ``reconnect``, ``sign_in``, ``rule`` and
``account``):
per table its game and stakes, hand, whose turn, pots, players and stacks, open flags,
floor calls waiting (and for how long), the dealer on duty and for how long, the
rotation (who dealt the table, from when to when, UTC), the last activity. A background
thread follows the room (LISTEN/NOTIFY, catch-up by sequence number) and hands each new
snapshot to the window through a queued signal; the window never talks to the server from
its own thread except to send a ruling.
"""

from __future__ import annotations

import datetime as _dt
import threading
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from dealerassist.errors import DealerAssistError

__all__ = ["COLUMNS", "RoomWindow", "main", "rotation_text", "row_texts"]

COLUMNS = ("Table", "Game", "Stakes", "Hand", "To act", "Pots", "Players", "Flags",
           "Calls waiting", "Dealer", "Rotation", "Last activity")


def _since(text: str | None, now: _dt.datetime) -> str:
    """Return how long ago an ISO 8601 UTC time was, as ``12 min`` / ``45 s``."""
    if not text:
        return "-"
    try:
        then = _dt.datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return text
    seconds = max(0, int((now - then).total_seconds()))
    if seconds < 60:
        return f"{seconds} s"
    if seconds < 3600:
        return f"{seconds // 60} min"
    return f"{seconds // 3600} h {seconds % 3600 // 60:02d}"


def _clock(text: str | None) -> str:
    """Return the ``HH:MM`` (UTC) of an ISO 8601 time, or the text as it is."""
    if not text:
        return ""
    try:
        return _dt.datetime.fromisoformat(text.replace("Z", "+00:00")).strftime("%H:%M")
    except ValueError:
        return text


def rotation_text(rotation: list[dict[str, Any]]) -> str:
    """Return the rotation as ``ann 09:00-10:30, bo 10:30-`` (oldest first, UTC).

    A sign-in the room could not check is marked ``(unverified)``.
    """
    return ", ".join(f"{shift['name']} {_clock(shift['started'])}-{_clock(shift.get('ended'))}"
                     + (" (unverified)" if shift.get("verified") == "unverified" else "")
                     for shift in rotation) or "-"


def row_texts(table: dict[str, Any], now: _dt.datetime) -> list[str]:
    """Return the cells of one table's row (one ``floor --json`` table object)."""
    pots = " + ".join(str(pot["amount"]) for pot in table["pots"]) or "-"
    names = {str(seat["seat"]): seat["name"] for seat in table.get("seats", [])}
    players = ", ".join(f"{seat} {names.get(seat, '')} {chips}".replace("  ", " ")
                        for seat, chips in table["stacks"].items()) or "-"
    flags = ", ".join(f"{flag['rule_id']} ({flag['status']})" for flag in table["flags"]) or "-"
    waiting = [call for call in table["calls"] if call["status"] == "waiting"]
    calls = ", ".join(f"{call['id']} seat {call['seat'] or 'table'} {_since(call['since'], now)}"
                      for call in waiting) or "-"
    dealer = (f"{table['dealer']} ({_since(table.get('dealer_since'), now)})"
              if table["dealer"] else "-")
    return [table["table_id"], table["game"] or "-", table["stakes"] or "-",
            str(table["hand_id"] or "-"), str(table["to_act"] or "-"), pots, players, flags,
            calls, dealer, rotation_text(table.get("rotation") or []),
            _since(table["last_event_at"], now)]


class _Relay(QObject):
    snapshot = Signal(object)
    failed = Signal(str)


class RoomWindow(QWidget):
    """The floor's window over a room source."""

    def __init__(self, source: Any, *, follow: bool = True, parent: QWidget | None = None,
                 now: Any = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("dealerassist — card room"))
        self._source = source
        self._now = now or (lambda: _dt.datetime.now(_dt.UTC))
        self._tables: list[dict[str, Any]] = []
        self._stop = threading.Event()
        self.grid = QTableWidget(0, len(COLUMNS))
        self.grid.setHorizontalHeaderLabels([self.tr(name) for name in COLUMNS])
        self.grid.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.status = QLabel("")
        self.account = QLineEdit()
        self.password = QLineEdit()
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.sign_in_button = QPushButton(self.tr("Sign in"))
        self.call_box = QComboBox()
        self.kind_box = QComboBox()
        for kind in ("confirm", "overrule", "ruling"):
            self.kind_box.addItem(self.tr(kind), kind)
        self.flag_box = QComboBox()
        self.reason = QLineEdit()
        self.send_button = QPushButton(self.tr("Send the ruling"))
        answer = QFormLayout()
        login = QHBoxLayout()
        login.addWidget(self.account)
        login.addWidget(self.password)
        login.addWidget(self.sign_in_button)
        answer.addRow(self.tr("Floor account"), login)
        answer.addRow(self.tr("Call"), self.call_box)
        answer.addRow(self.tr("Answer"), self.kind_box)
        answer.addRow(self.tr("Flag"), self.flag_box)
        answer.addRow(self.tr("Reason / ruling"), self.reason)
        answer.addRow("", self.send_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.grid, 1)
        layout.addLayout(answer)
        layout.addWidget(self.status)
        self.sign_in_button.clicked.connect(self._sign_in)
        self.send_button.clicked.connect(self._send)
        self.call_box.currentIndexChanged.connect(self._fill_flags)
        self._relay = _Relay()
        self._relay.snapshot.connect(self.show_snapshot)
        self._relay.failed.connect(self.status.setText)
        self._ticker = QTimer(self)  # the "waiting for" times keep counting between changes
        self._ticker.timeout.connect(lambda: self.show_snapshot({"tables": self._tables}))
        self._ticker.start(1000)
        if follow:
            self._thread = threading.Thread(target=self._follow, daemon=True,
                                            name="room-floor")
            self._thread.start()
        else:
            source.refresh()
            self.show_snapshot(source.snapshot())
        self.resize(1300, 700)

    def _follow(self) -> None:
        lost = False
        while not self._stop.is_set():
            try:
                if lost:
                    self._source.reconnect()
                    lost = False
                    self._relay.failed.emit("")
                for _ in self._source.follow(stop=self._stop.is_set):
                    self._relay.snapshot.emit(self._source.snapshot())
            except DealerAssistError as error:
                lost = True
                self._relay.failed.emit(self.tr("room: ") + str(error))
                self._stop.wait(1.0)

    def show_snapshot(self, snapshot: dict[str, Any]) -> None:
        """Draw the room's state (one ``floor --json`` object)."""
        self._tables = list(snapshot["tables"])
        now = self._now()
        self.grid.setRowCount(len(self._tables))
        for row, table in enumerate(self._tables):
            for column, text in enumerate(row_texts(table, now)):
                self.grid.setItem(row, column, QTableWidgetItem(text))
        chosen = self.call_box.currentData()
        self.call_box.blockSignals(True)
        self.call_box.clear()
        for table in self._tables:
            for call in table["calls"]:
                if call["status"] == "waiting":
                    key = (table["table_id"], call["id"])
                    self.call_box.addItem(f"{table['table_id']} {call['id']} seat "
                                          f"{call['seat'] or '-'} {call.get('reason', '')}", key)
        index = self.call_box.findData(chosen) if chosen else -1
        self.call_box.setCurrentIndex(max(index, 0) if self.call_box.count() else -1)
        self.call_box.blockSignals(False)
        self._fill_flags()

    def _fill_flags(self) -> None:
        key = self.call_box.currentData()
        self.flag_box.clear()
        self.flag_box.addItem("-", "")
        table = next((t for t in self._tables if key and t["table_id"] == key[0]), None)
        for flag in (table or {}).get("flags", []):
            if flag["status"] == "open":
                self.flag_box.addItem(f"{flag['id']} {flag['rule_id']}", flag["id"])

    def _sign_in(self) -> None:
        try:
            role = self._source.sign_in(self.account.text().strip(), self.password.text())
        except DealerAssistError as error:
            self.status.setText(str(error))
            return
        self.password.clear()
        self.status.setText(self.tr("signed in as {0} ({1})").format(self.account.text(), role))

    def _send(self) -> None:
        key = self.call_box.currentData()
        if not key:
            self.status.setText(self.tr("no call waiting"))
            return
        if not self._source.account:
            self.status.setText(self.tr("sign in with a floor account first"))
            return
        try:
            ruling = self._source.rule(key[0], key[1], self.kind_box.currentData(),
                                       flag_id=self.flag_box.currentData() or "",
                                       reason=self.reason.text().strip())
        except DealerAssistError as error:
            self.status.setText(str(error))
            return
        self.reason.clear()
        self.status.setText(self.tr("ruling {0} sent to {1} ({2})").format(ruling, *key))

    def closeEvent(self, event) -> None:  # type: ignore[no-untyped-def]  # noqa: N802
        """Stop following the room with the window."""
        self._stop.set()
        self._ticker.stop()
        super().closeEvent(event)


def main(dsn: str) -> int:
    """Open the floor window on the room of ``dsn`` (``dealerassist floor --room DSN``)."""
    from dealerassist.room.floor import RoomFloor
    from dealerassist.ui.app import _no_display

    if _no_display():
        raise DealerAssistError(
            "no display to open the floor window on (DISPLAY is not set); "
            "use floor --json [--follow]")
    floor = RoomFloor(dsn)
    app = QApplication.instance() or QApplication([])
    window = RoomWindow(floor)
    window.show()
    try:
        return int(app.exec())
    finally:
        window.close()
        floor.close()
