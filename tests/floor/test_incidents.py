"""Incident records: checked, stored beside the journal, listed and exported."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from dealerassist.floor import IncidentBook, IncidentError, incidents_csv, incidents_html
from dealerassist.journal.store import SQLiteJournal


def _book(path: Path) -> IncidentBook:
    return IncidentBook(path, clock=lambda: "2026-11-30T01:30:00Z")


def test_record_list_and_reopen(tmp_path: Path) -> None:
    path = tmp_path / "table.sqlite"
    book = _book(path)
    first = book.record(hand_id=12, disputed="Seat 4 raised to 150 after a raise to 100",
                        ruling="Under-raise made up to 180 (half rule)",
                        rule_id="irr-underraise", decided_by="Marie (floor)",
                        notes="Seat 4 accepted")
    book.record(hand_id=13, disputed="Flop turned early", ruling="New flop without a burn",
                rule_id="IRR-FLOP-EARLY", decided_by="Marie (floor)")
    assert first.id == 1 and first.rule_id == "IRR-UNDERRAISE"
    book.close()
    again = _book(path)
    assert [i.hand_id for i in again.list()] == [12, 13]
    assert [i.rule_id for i in again.list(hand_id=13)] == ["IRR-FLOP-EARLY"]
    again.close()
    journal = SQLiteJournal(path)
    assert journal.last_seq() == 0
    journal.close()


@pytest.mark.parametrize(("fields", "message"), [
    ({"rule_id": "IRR-NOPE"}, "rule ID 'IRR-NOPE' is not in the catalogue"),
    ({"disputed": " "}, "what was disputed is missing"),
    ({"decided_by": ""}, "who decided is missing"),
    ({"hand_id": 0}, "hand number must be 1 or more"),
])
def test_a_bad_incident_names_the_field_and_stores_nothing(
        tmp_path: Path, fields: dict, message: str) -> None:
    book = _book(tmp_path / "t.sqlite")
    values = {"hand_id": 3, "disputed": "x", "ruling": "y", "rule_id": "IRR-DECK",
              "decided_by": "Bob"} | fields
    with pytest.raises(IncidentError, match=message):
        book.record(**values)
    assert book.list() == ()


def test_csv_and_printable_html_exports(tmp_path: Path) -> None:
    book = _book(tmp_path / "t.sqlite")
    book.record(hand_id=None, disputed='Card "Ah" seen twice, <camera>', ruling="Deck checked",
                rule_id="IRR-DECK", decided_by="Luc", notes="a, b")
    rows = list(csv.reader(io.StringIO(incidents_csv(book.list()))))
    assert rows[0][:6] == ["id", "hand", "recorded_at", "disputed", "ruling", "rule_id"]
    assert rows[1][3] == 'Card "Ah" seen twice, <camera>' and rows[1][7] == "a, b"
    page = incidents_html(book.list(), title="Incidents 30/11")
    assert page.startswith("<!DOCTYPE html>") and "@media print" in page
    assert "&lt;camera&gt;" in page and "<camera>" not in page
    assert "IRR-DECK" in page and "1 incident(s)" in page


def test_incidents_and_history_beside_a_live_journal_in_use(tmp_path: Path) -> None:
    from dealerassist.journal.progress import AttemptRecord, ProgressStore
    from dealerassist.rules import default_rules
    from dealerassist.rules.model import GamePreset
    from dealerassist.session.controller import TableSession

    path = tmp_path / "live.sqlite"
    journal = SQLiteJournal(path)
    preset = GamePreset(name="NLHE 1/2", game="NT", small_blind=1, big_blind=2)
    session = TableSession(journal, rules=default_rules(), preset=preset)
    session.execute("sit 1 A 100")
    book = _book(path)
    progress = ProgressStore(path)
    book.record(hand_id=None, disputed="x", ruling="y", rule_id="IRR-DECK", decided_by="F")
    progress.add_attempt(AttemptRecord("T", "rake", "beginner", 1, True, 5, "2026-11-30"))
    session.execute("sit 2 B 100")  # the live table keeps writing its journal
    seq = journal.last_seq()
    journal.close()
    reopened = SQLiteJournal(path)
    assert reopened.last_seq() == seq
    assert TableSession(reopened, rules=default_rules()).state.table.player(2) is not None
    assert len(book.list()) == 1 and len(progress.attempts("T")) == 1
    for closable in (book, progress, reopened):
        closable.close()
