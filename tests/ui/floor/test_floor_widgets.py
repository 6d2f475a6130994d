"""pytest-qt: the rulings browser, the hand stepper and an incident record through widgets."""

from __future__ import annotations

import csv
import dataclasses
import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pathlib import Path  # noqa: E402

from PySide6.QtCore import Qt  # noqa: E402

from dealerassist.journal.incidents import IncidentStore  # noqa: E402
from dealerassist.journal.store import SQLiteJournal  # noqa: E402
from dealerassist.rules import default_rules  # noqa: E402
from dealerassist.rules.model import GamePreset, UnderRaiseRuling  # noqa: E402
from dealerassist.session.controller import TableSession  # noqa: E402
from dealerassist.ui.floor import open_floor  # noqa: E402
from dealerassist.ui.floor.rulings_view import QtRulings  # noqa: E402

RULES = default_rules()
NLHE = GamePreset(name="NLHE 10/20", game="NT", small_blind=10, big_blind=20, max_seats=6)


def _journal_with_a_hand(path: Path) -> None:
    journal = SQLiteJournal(path)
    session = TableSession(journal, rules=RULES, preset=NLHE,
                           clock=lambda: "2026-11-30T01:00:00.000000Z")
    for line in ["sit 1 Chloe 500", "sit 2 Alice 3000", "sit 3 Bruno 3000", "hand", "r 500",
                 "r 1200", "c", "flop Ah Kd 7c", "x", "x", "turn 2s", "x", "x", "river 9h",
                 "x", "x", "show 1 As Ad", "show 2 Kh Ks", "show 3 Qh Qs", "hand", "r 60"]:
        session.execute(line)
    journal.close()


def test_rulings_browser_searches_in_french_and_shows_the_house_option(qtbot) -> None:
    house = dataclasses.replace(RULES, irregularities=dataclasses.replace(
        RULES.irregularities, underraise=UnderRaiseRuling.MINIMUM_RAISE))
    widget = QtRulings(rules=house)
    qtbot.addWidget(widget)
    assert widget.results.count() == 120
    widget.search_edit.setText("relance inférieure")  # keyClicks types ASCII only
    assert widget.results.count() >= 1
    assert widget.results.item(0).text().startswith("IRR-UNDERRAISE")
    text = widget.detail.toPlainText()
    assert "A raise below the legal minimum" in text
    assert "Relance inférieure au minimum légal" in text
    # The option by what it does and its value; its rules.yaml key is not floor talk.
    assert "what a raise below the minimum becomes" in text and "minimum_raise" in text
    assert "irregularities.underraise" not in text
    widget.search_edit.setText("zzz nothing")
    assert widget.results.count() == 0 and "No rule matches" in widget.detail.toPlainText()


def test_floor_window_steps_a_journal_hand_and_records_an_incident_on_it(
        qtbot, tmp_path: Path) -> None:
    path = tmp_path / "table.sqlite"
    _journal_with_a_hand(path)
    window = open_floor(None, rules=RULES, db_path=path)
    qtbot.addWidget(window)
    stepper = window.stepper
    assert window.incidents.hand_spin.value() == 2  # the newest hand, shown first
    assert [stepper.hand_box.itemData(i) for i in range(stepper.hand_box.count())] == [2, 1]
    assert "(running)" in stepper.hand_box.itemText(0)
    stepper.choose_hand(1)
    labels = [s.label_en for s in stepper.steps]
    target = labels.index("Seat 3 (Bruno) calls 1180")
    for _ in range(target):
        qtbot.mouseClick(stepper.next_button, Qt.MouseButton.LeftButton)
    assert stepper.slider.value() == target
    assert stepper.event_label.text() == "Seat 3 (Bruno) calls 1180"
    state = stepper.state_label.text()
    assert "1500 (seats 2, 3, 1); 1400 (seats 2, 3)" in state  # POT-EXAMPLE
    assert stepper.seats.rowCount() == 3
    assert stepper.seats.item(2, 6).text() == "all in"  # Chloé, seat 1, on the button
    qtbot.mouseClick(stepper.previous_button, Qt.MouseButton.LeftButton)
    assert "Seat 3 to act: to call 1180" in stepper.state_label.text()

    window.setCurrentWidget(window.incidents)
    form = window.incidents
    assert form.hand_spin.value() == 1  # the hand under review
    qtbot.keyClicks(form.disputed_edit, "Bruno says the main pot was short")
    qtbot.mouseClick(form.record_button, Qt.MouseButton.LeftButton)
    assert "the ruling is missing" in form.error_label.text()
    assert form.table.rowCount() == 0
    form.rule_box.setCurrentText("POT-MAIN-SIDE")
    qtbot.keyClicks(form.ruling_edit, "Main 1500 to seat 1, side 1400 to seat 2")
    qtbot.keyClicks(form.decided_edit, "Marie (floor)")
    with qtbot.waitSignal(form.recorded) as signal:
        qtbot.mouseClick(form.record_button, Qt.MouseButton.LeftButton)
    assert signal.args[0].id == 1 and form.error_label.text() == ""
    assert form.table.rowCount() == 1 and form.table.item(0, 5).text() == "POT-MAIN-SIDE"
    form.rule_box.setCurrentText("IRR-FLOP-COUNT")  # prefills the catalogue's ruling
    assert form.ruling_edit.text().startswith("Redeal the flop")

    csv_path = form.export_to(tmp_path / "incidents.csv")
    rows = list(csv.reader(csv_path.open(encoding="utf-8")))
    assert rows[1][1] == "1" and rows[1][5] == "POT-MAIN-SIDE" and rows[1][6] == "Marie (floor)"
    page = form.export_to(tmp_path / "incidents.html").read_text("utf-8")
    assert "Bruno says the main pot was short" in page and "@media print" in page
    window.close()
    french = open_floor(None, rules=RULES, db_path=path, lang="fr")
    qtbot.addWidget(french)
    french.stepper.choose_hand(1)
    french.stepper.slider.setValue(target)
    assert french.stepper.event_label.text() == "Siège 3 (Bruno) suit 1180"
    french.close()
    store = IncidentStore(path)
    assert [i.rule_id for i in store.list(hand_id=1)] == ["POT-MAIN-SIDE"]
    store.close()
