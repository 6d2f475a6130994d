"""The tournament clock view (pytest-qt): level, time left, stakes, pause/resume through
dealer lines, the alert at a level change, the large-type window."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import dataclasses  # noqa: E402

import pytest  # noqa: E402

from dealerassist.journal.memory import InMemoryJournal  # noqa: E402
from dealerassist.rules.model import BlindLevel, BlindSchedule, GamePreset  # noqa: E402
from dealerassist.rules.profiles import default_rules  # noqa: E402
from dealerassist.session.clock import FakeClock  # noqa: E402
from dealerassist.session.tournament_table import TournamentTable  # noqa: E402
from dealerassist.ui.clock_view import ClockWindow, QtClockPanel, install_clock  # noqa: E402

SCHEDULE = BlindSchedule(name="view", levels=(
    BlindLevel(small_blind=10, big_blind=20, minutes=10),
    BlindLevel(is_break=True, minutes=5),
    BlindLevel(small_blind=25, big_blind=50, ante=5, minutes=10),
))
PRESET = GamePreset(name="View SNG", game="NT", schedule="view", starting_stack=500,
                    max_seats=6, rake=False)
RULES = default_rules()
RULES = dataclasses.replace(RULES, schedules=(SCHEDULE, *RULES.schedules),
                            presets=(PRESET, *RULES.presets))


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def table(clock: FakeClock) -> TournamentTable:
    tournament = TournamentTable(InMemoryJournal(), rules=RULES, preset=PRESET, clock=clock)
    tournament.execute("sit 1 Ann 500")
    tournament.execute("sit 2 Ben 500")
    tournament.execute("clock start")
    return tournament


@pytest.fixture
def panel(qtbot, table: TournamentTable) -> QtClockPanel:  # noqa: ANN001
    widget = QtClockPanel(table.face, tick_ms=0, alert_ms=50, beep=False)
    qtbot.addWidget(widget)
    widget.command.connect(table.execute)  # the console sends the panel's lines
    widget.show()
    return widget


def test_clock_view_shows_level_time_left_stakes_and_next_level(panel, clock) -> None:  # noqa: ANN001
    assert panel.level_label.text() == "Level 1"
    assert panel.time_label.text() == "10:00"
    assert panel.stakes_label.text() == "10/20"
    assert panel.next_label.text() == "Next: Break"
    clock.advance(minutes=3, seconds=1)
    panel.refresh()
    assert panel.time_label.text() == "6:59"


def test_clock_view_pause_and_resume_buttons_send_clock_lines_that_stop_the_clock(
    qtbot, panel, table, clock,  # noqa: ANN001
) -> None:
    with qtbot.waitSignal(panel.command) as sent:
        panel.pause_button.click()
    assert sent.args == ["clock pause"]
    panel.refresh()
    assert "PAUSED" in panel.status_label.text() and panel.pause_button.text() == "Resume"
    clock.advance(minutes=20)
    panel.refresh()
    assert panel.time_label.text() == "10:00"  # stopped
    panel.pause_button.click()
    assert table.tournament.running_since_ms is not None
    clock.advance(minutes=1)
    panel.refresh()
    assert (panel.time_label.text(), panel.status_label.text()) == ("9:00", "")


def test_clock_view_alerts_at_level_change_and_the_flash_ends(qtbot, panel, clock) -> None:  # noqa: ANN001
    clock.advance(minutes=10)
    with qtbot.waitSignal(panel.level_changed, timeout=1000) as changed:
        panel.refresh()
    assert changed.args == ["Break"]
    assert panel.alerting and panel.property("alert") == "true"
    assert panel.time_label.text() == "5:00"
    qtbot.waitUntil(lambda: not panel.alerting, timeout=2000)
    clock.advance(minutes=5)
    with qtbot.waitSignal(panel.level_changed, timeout=1000) as changed:
        panel.refresh()
    assert changed.args == ["Level 2: 25/50 ante 5"]
    assert panel.next_label.text() == "Last level"
    assert not panel.next_button.isEnabled()


def test_clock_view_says_from_the_next_hand_while_a_hand_runs_past_the_level(
    panel, table, clock,  # noqa: ANN001
) -> None:
    table.execute("hand")
    clock.advance(minutes=16)
    panel.refresh()
    assert panel.level_label.text() == "Level 2"
    assert "from the next hand" in panel.status_label.text()


def test_clock_view_timer_polls_the_source(qtbot, table, clock) -> None:  # noqa: ANN001
    widget = QtClockPanel(table.face, tick_ms=10, beep=False)
    qtbot.addWidget(widget)
    clock.advance(minutes=2)
    qtbot.waitUntil(lambda: widget.time_label.text() == "8:00", timeout=2000)


def test_clock_view_start_button_starts_a_clock_not_started_yet(qtbot, clock) -> None:  # noqa: ANN001
    tournament = TournamentTable(InMemoryJournal(), rules=RULES, preset=PRESET, clock=clock)
    widget = QtClockPanel(tournament.face, tick_ms=0, beep=False)
    qtbot.addWidget(widget)
    widget.command.connect(tournament.execute)
    assert widget.status_label.text() == "not started"
    assert widget.pause_button.text() == "Start"
    widget.pause_button.click()
    assert tournament.tournament.clock_on
    widget.refresh()
    assert (widget.status_label.text(), widget.pause_button.text()) == ("", "Pause")


def test_defect_37_3_big_screen_time_is_a_fifth_of_the_screen_and_shows_the_field(
        qtbot, table) -> None:  # noqa: ANN001
    from PySide6.QtGui import QFontMetrics  # noqa: PLC0415
    from PySide6.QtWidgets import QApplication  # noqa: PLC0415

    from dealerassist.ui.theme import apply_theme  # noqa: PLC0415

    app = QApplication.instance()
    apply_theme(app)  # the stylesheet's 17 px once overrode every clock font
    try:
        console = QtClockPanel(table.face, tick_ms=0, beep=False)
        window = ClockWindow(table.face, tick_ms=0)
        qtbot.addWidget(console)
        qtbot.addWidget(window)
        window.resize(1920, 1080)
        window.show()
        qtbot.waitExposed(window)
        QApplication.processEvents()
        time = window.panel.time_label
        assert time.text() == console.time_label.text() == "10:00"
        drawn = QFontMetrics(time.drawn_font())
        assert drawn.capHeight() >= 0.2 * 1080 * 0.7  # digits' height (cap) >= 14 % ...
        assert drawn.height() >= 0.2 * 1080  # ... the line of type >= 20 % of the screen
        assert time.fits()
        assert drawn.height() >= 4 * QFontMetrics(console.time_label.drawn_font()).height()
        # Players left, average stack and the next break, as tournament clocks show.
        assert window.panel.info_label.text() == "2 players · average 500 · break in 10:00"
        assert not window.panel.screen_button.isVisibleTo(window)  # no "Big screen" in it
        assert not window.panel.pause_button.isVisibleTo(window)
    finally:
        app.setStyleSheet("")


def test_the_console_controller_drives_a_tournament_table_unchanged(table, clock) -> None:  # noqa: ANN001
    from dealerassist.ui.session_adapter import SessionController  # noqa: PLC0415

    controller = SessionController(table)  # type: ignore[arg-type]
    refused = controller.submit("sit 3 Cy 900")
    assert not refused.ok and refused.rule_id == "TRN-START"
    for line in ["hand", "allin", "c", "flop 2c 3d 4h", "turn 9s", "river Jd", "show 1 Ah As",
                 "show 2 Kh Ks"]:
        assert controller.submit(line).ok, line
    over = controller.submit("hand")
    assert not over.ok and over.rule_id == "TRN-OUT"
    assert [(s.place, s.name) for s in table.standings()] == [(1, "Ann"), (2, "Ben")]


def test_clock_window_without_a_second_screen_opens_as_a_window(qtbot, table) -> None:  # noqa: ANN001
    window = ClockWindow(table.face, tick_ms=0)
    qtbot.addWidget(window)
    assert window.show_on_second_screen() is False  # offscreen: one screen
    assert window.isVisible() and not window.isFullScreen()


def test_install_clock_docks_the_panel_and_its_big_screen_button_opens_the_window(
    qtbot, table,  # noqa: ANN001
) -> None:
    from PySide6.QtWidgets import QDockWidget, QMainWindow  # noqa: PLC0415

    window = QMainWindow()
    qtbot.addWidget(window)
    sent: list[str] = []
    panel = install_clock(window, face=table.face, send=sent.append)
    assert window.findChild(QDockWidget, "tournamentClock").widget() is panel
    panel.pause_button.click()
    assert sent == ["clock pause"]
    big = panel.open_big_screen()
    qtbot.addWidget(big)
    assert big.isVisible() and big.panel.time_label.text() == panel.time_label.text()
    big.panel.next_button.click()  # the big screen's buttons send through the console too
    assert sent == ["clock pause", "level next"]
    assert panel.open_big_screen() is big


def test_console_shows_the_clock_when_a_tournament_table_opens(window, table, clock) -> None:  # noqa: ANN001
    from dealerassist.ui.session_adapter import SessionController  # noqa: PLC0415

    assert window.clock_panel is None  # the demo is a cash table
    window.set_controller(SessionController(table))  # type: ignore[arg-type]
    panel = window.clock_panel
    assert panel is not None and panel.level_label.text() == "Level 1"
    panel.pause_button.click()  # sent through the console's bridge to the table
    assert table.tournament.running_since_ms is None
    clock.advance(minutes=30)
    panel.refresh()
    assert panel.time_label.text() == "10:00"


def test_console_opens_a_tournament_journal_as_a_tournament_with_its_clock(
    tmp_path, clock,  # noqa: ANN001
) -> None:
    from dealerassist.journal.store import SQLiteJournal  # noqa: PLC0415
    from dealerassist.ui.session_adapter import open_session  # noqa: PLC0415

    db = tmp_path / "sng.sqlite3"
    first = TournamentTable(SQLiteJournal(db), rules=default_rules(),
                            preset=default_rules().preset("Sit & Go 6-max"), clock=clock)
    first.execute("sit 1 Ann 1500")
    first.journal.close()
    controller = open_session(rules=None, db=str(db))
    try:
        assert isinstance(controller.session, TournamentTable)
        view = controller.current_view()
        assert view.clock is not None and (view.clock.level, view.clock.stakes) == (1, "10/20")
        refused = controller.submit("sit 2 Ben 1000")
        assert not refused.ok and refused.rule_id == "TRN-START"
    finally:
        controller.session.journal.close()


def test_TRN_LEVELS_the_console_clock_follows_the_console_language() -> None:
    from types import SimpleNamespace

    from dealerassist.journal.memory import InMemoryJournal
    from dealerassist.session.clock import FakeClock
    from dealerassist.session.tournament_table import TournamentTable
    from dealerassist.ui.clock_view import _in_console_language
    from dealerassist.ui.settings import Language
    from tests.session.test_tournament_table import CLOCKED, NAMES, T_RULES, run

    clock = FakeClock()
    tournament = TournamentTable(InMemoryJournal(), rules=T_RULES, preset=CLOCKED, clock=clock)
    for seat in (1, 2):
        tournament.execute(f"sit {seat} {NAMES[seat - 1]} 500")
    run(tournament, "hand", "f")
    clock.advance(minutes=11)  # a break
    window = SimpleNamespace(settings=SimpleNamespace(language=Language.FRENCH))
    source = _in_console_language(window, tournament.face)
    assert source().level == "Pause"
    window.settings.language = Language.ENGLISH  # a language change shows at the next tick
    assert source().level == "Break"


_SECOND_SCREEN_PROBE = """
import json
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication
from dealerassist.journal.memory import InMemoryJournal
from dealerassist.rules import default_rules
from dealerassist.session.tournament_table import TournamentTable
from dealerassist.ui.clock_view import ClockWindow
from dealerassist.ui.theme import apply_theme

app = QApplication([])
apply_theme(app)
rules = default_rules()
table = TournamentTable(InMemoryJournal(), rules=rules, preset=rules.preset("Sit & Go 6-max"))
for seat, name in enumerate(("Ann", "Ben", "Cy"), 1):
    table.execute(f"sit {seat} {name} 1500")
table.execute("clock start")
window = ClockWindow(table.face, tick_ms=0)
second = window.show_on_second_screen()
for _ in range(5):
    app.processEvents()
time = window.panel.time_label
print(json.dumps({
    "second": second, "full": window.isFullScreen(), "screen": window.screen().name(),
    "geometry": list(window.geometry().getRect()),
    "type": QFontMetrics(time.drawn_font()).height(), "fits": time.fits(),
    "info": window.panel.info_label.text(), "button": window.panel.screen_button.isVisible(),
}))
"""


def test_defect_37_3_big_screen_goes_full_screen_on_the_second_screen(tmp_path) -> None:
    import json  # noqa: PLC0415
    import os  # noqa: PLC0415
    import subprocess  # noqa: PLC0415
    import sys  # noqa: PLC0415

    screens = tmp_path / "screens.json"
    screens.write_text(json.dumps({"screens": [
        {"name": "console", "x": 0, "y": 0, "width": 1280, "height": 720},
        {"name": "players", "x": 1280, "y": 0, "width": 1920, "height": 1080},
    ]}))
    env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={screens}"}
    run = subprocess.run([sys.executable, "-c", _SECOND_SCREEN_PROBE], env=env,
                         capture_output=True, text=True, timeout=60, check=True)
    shown = json.loads(run.stdout.strip().splitlines()[-1])
    assert (shown["second"], shown["full"], shown["screen"]) == (True, True, "players")
    assert shown["geometry"] == [1280, 0, 1920, 1080]
    assert shown["type"] >= 0.2 * 1080 and shown["fits"]  # the time: a fifth of the screen
    assert shown["info"] == "3 players · average 1\u202f500 · break in 40:00"
    assert shown["button"] is False
