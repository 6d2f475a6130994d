"""French everywhere in the console: the trainer, floor and clock windows, and a live hand.

With the French translator installed (as the console does when the dealer picks
Français), the other windows' own texts come from ``dealerassist/resources/i18n/dealerassist_fr.qm``
and the live session's street names, status lines and hand lines come from the presenter
in French (``present(state, lang="fr")``, set by the console's language).
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402
from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from dealerassist.journal.memory import InMemoryJournal  # noqa: E402
from dealerassist.journal.store import SQLiteJournal  # noqa: E402
from dealerassist.rules import default_rules  # noqa: E402
from dealerassist.rules.model import GamePreset  # noqa: E402
from dealerassist.session.clock import FakeClock  # noqa: E402
from dealerassist.session.controller import TableSession  # noqa: E402
from dealerassist.session.tournament_table import TournamentTable  # noqa: E402
from dealerassist.ui.bridge import ConsoleBridge  # noqa: E402
from dealerassist.ui.clock_view import QtClockPanel  # noqa: E402
from dealerassist.ui.floor import open_floor  # noqa: E402
from dealerassist.ui.i18n import install_translator  # noqa: E402
from dealerassist.ui.main_window import MainWindow  # noqa: E402
from dealerassist.ui.session_adapter import SessionController  # noqa: E402
from dealerassist.ui.settings import Language  # noqa: E402
from dealerassist.ui.trainer import open_trainer  # noqa: E402

RULES = default_rules()
NLHE = GamePreset(name="NLHE 5/10", game="NT", small_blind=5, big_blind=10, max_seats=6)


@pytest.fixture
def french():
    app = QApplication.instance()
    assert install_translator(app, Language.FRENCH)
    yield
    install_translator(app, Language.ENGLISH)


def test_trainer_window_in_french(qtbot, french) -> None:
    window = open_trainer(None, rules=RULES)
    qtbot.addWidget(window)
    assert window.windowTitle() == "dealerassist — formation"
    assert [window.tabText(i) for i in range(window.count())] == [
        "Exercices", "Certification", "Progression"]


def test_floor_window_in_french(qtbot, french, tmp_path) -> None:
    path = tmp_path / "table.sqlite"
    session = TableSession(SQLiteJournal(path), rules=RULES, preset=NLHE)
    for line in ("sit 1 Ann 1000", "sit 2 Bob 1000", "hand"):
        session.execute(line)
    session.journal.close()
    window = open_floor(None, rules=RULES, db_path=path, lang="fr")
    qtbot.addWidget(window)
    assert window.windowTitle() == "dealerassist — arbitrage"
    assert [window.tabText(i) for i in range(window.count())] == [
        "Règles", "Revue de main", "Incidents"]
    stepper = window.stepper
    assert stepper.refresh_button.text() == "Actualiser"
    assert stepper.previous_button.text() == "◀ Précédent"
    assert stepper.hand_box.itemText(0) == "Main 1 (en cours)"
    headers = [stepper.seats.horizontalHeaderItem(i).text() for i in range(6)]
    assert headers == ["Siège", "Nom", "Tapis", "Mise", "Dans les pots", "Cartes"]
    assert "Pots : " in stepper.state_label.text()


def test_clock_panel_in_french(qtbot, french) -> None:
    preset = RULES.preset("Sit & Go 6-max")
    table = TournamentTable(InMemoryJournal(), rules=RULES, preset=preset, clock=FakeClock())
    table.execute("sit 1 Ann 1500")
    table.execute("sit 2 Ben 1500")
    panel = QtClockPanel(table.face, tick_ms=0, beep=False)
    qtbot.addWidget(panel)
    panel.refresh()
    assert panel.pause_button.text() == "Démarrer"
    assert panel.next_button.text() == "Niveau suivant"
    assert panel.screen_button.text() == "Grand écran"
    assert panel.status_label.text() == "pas commencé"
    table.execute("clock start")
    table.execute("clock pause")
    panel.refresh()
    assert panel.pause_button.text() == "Reprendre"
    assert panel.status_label.text() == "EN PAUSE"


def test_live_hand_street_status_and_lines_in_french(qtbot, settings) -> None:
    controller = SessionController(TableSession(InMemoryJournal(), rules=RULES, preset=NLHE,
                                                confirm_payouts=True))
    settings.language = Language.FRENCH
    window = MainWindow(bridge=ConsoleBridge(controller), settings=settings)
    qtbot.addWidget(window)
    try:
        install_translator(QApplication.instance(), Language.FRENCH)
        window.set_language(Language.FRENCH)
        assert window.view.message == ("Table → Installer la table… : placez les joueurs et "
                                       "choisissez le jeu (F1 : les touches)")
        for line in ("sit 1 Ann 1000", "sit 2 Bob 1000", "hand"):
            assert window.bridge.send(line).ok
        view = window.view
        assert view.street == "Pré-flop"
        assert view.message == "siège 1 Ann parle"  # heads-up: the button acts first
        assert window.action_bar.fold_button.text() == "Se coucher [F]"
        for line in ("c", "x"):
            assert window.bridge.send(line).ok
        assert window.view.message == "donnez le flop : flop __ __ __"
        assert window.view.history == ("siège 1 Ann suit 5", "siège 2 Bob parle")
        for line in ("flop Ah Kd Qc", "x", "x", "turn 2c", "x", "x", "river 3d", "x", "x",
                     "show 2 Kc Ks"):
            assert window.bridge.send(line).ok, line
        assert window.view.street == "Abattage"
        assert window.view.message.startswith("abattage : saisissez les cartes du ou des "
                                              "sièges 1")
        assert window.bridge.send("show 1 Ac Ad").ok
        assert window.view.message == (
            "abattage : vérifiez les paiements, puis pay (Confirmer les paiements)")
        assert window.showdown.confirm_button.text() == "Confirmer les paiements"
        award = window.view.showdown.pots[0].awards[0]
        assert (award.seat, award.hand) == (1, "Brelan d'As")  # the winning hand, in French
        qtbot.mouseClick(window.showdown.confirm_button, Qt.MouseButton.LeftButton)
        # 20 less the rake of 1 (RAKE-RATE 5 %)
        assert window.view.past_hands[-1].result == "Ann gagne 19"
        window.set_language(Language.ENGLISH)
        assert window.view.past_hands[-1].result == "Ann wins 19"
        assert window.view.message == "press N to deal hand 2"
    finally:
        install_translator(QApplication.instance(), Language.ENGLISH)
