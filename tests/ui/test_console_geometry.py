"""Issue 37: every screen fits at 1280x720 and 1920x1080, in English and French.

Each game at its fullest (hold'em with ten seats, Omaha, stud with eight seats and seven
cards, triple draw with six, a sit & go with its clock) is drawn at both sizes in both
languages, and the window is measured: every label's text fits its rectangle
(QFontMetrics, through the label's size hint or the fitted type of a `FitLabel`), every
button's text fits the button, no two seat plates intersect, and every up card is shown
at full size inside its plate.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel

from dealerassist.ui.bridge import ConsoleBridge
from dealerassist.ui.i18n import install_translator
from dealerassist.ui.main_window import MainWindow
from dealerassist.ui.settings import Language
from dealerassist.ui.theme import apply_theme
from dealerassist.ui.widgets.fit_label import FitLabel
from dealerassist.ui.widgets.qt_cards import UNKNOWN, CardLabel

from . import scenes

SIZES = ((1280, 720), (1920, 1080))
LANGS = ("en", "fr")


@pytest.fixture(autouse=True)
def themed():
    """The console's stylesheet, as the app applies it (its type sizes are what must fit)."""
    app = QApplication.instance()
    apply_theme(app)
    yield
    app.setStyleSheet("")
    install_translator(app, Language.ENGLISH)


def open_scene(qtbot, settings, name: str, lang: str, size: tuple[int, int]) -> MainWindow:
    language = Language.FRENCH if lang == "fr" else Language.ENGLISH
    settings.language = language
    install_translator(QApplication.instance(), language)
    controller = scenes.build(name, lang=lang)
    window = MainWindow(bridge=ConsoleBridge(controller), settings=settings,
                        presets=[p.name for p in controller.session.rules.presets])
    qtbot.addWidget(window)
    window.set_controller(controller)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    QApplication.processEvents()
    return window


def _shown(window, widget) -> bool:
    return widget.isVisibleTo(window) and widget.width() > 0 and widget.window() is window


def label_problems(window: MainWindow) -> list[str]:
    """Return each shown label or button whose text does not fit its rectangle."""
    problems = []
    for label in window.findChildren(QLabel):
        if not _shown(window, label) or not label.text():
            continue
        if isinstance(label, FitLabel):
            if not label.fits():
                problems.append(f"{label.objectName() or 'label'} {label.text()!r} "
                                f"does not fit {label.width()}x{label.height()}")
            continue
        if isinstance(label, CardLabel):  # a fixed size: its face inside the border
            metrics = QFontMetrics(label.font())
            inside = label.contentsRect()
            if (metrics.horizontalAdvance(label.text()) > inside.width()
                    or metrics.height() > inside.height()):
                problems.append(f"card {label.text()!r} does not fit {inside.width()} px")
            continue
        if label.wordWrap():
            fits = label.heightForWidth(label.width()) <= label.height()
        else:
            hint = label.sizeHint()
            fits = hint.width() <= label.width() and hint.height() <= label.height()
        if not fits:
            problems.append(f"{label.objectName() or 'label'} {label.text()!r} needs "
                            f"{label.sizeHint().width()}x{label.sizeHint().height()}, has "
                            f"{label.width()}x{label.height()}")
    for button in window.findChildren(QAbstractButton):
        if not _shown(window, button) or not button.text():
            continue
        if button.sizeHint().width() > button.width():
            problems.append(f"button {button.text()!r} needs {button.sizeHint().width()} px, "
                            f"has {button.width()}")
    return problems


def plate_problems(window: MainWindow) -> list[str]:
    """Return plates that overlap or leave the table, and up cards squeezed or cut."""
    table = window.table
    problems = []
    rects = {n: plate.geometry() for n, plate in table.seats.items()}
    for number, rect in rects.items():
        if not table.rect().contains(rect):
            problems.append(f"seat {number} leaves the table: {rect}")
        for other, second in rects.items():
            if other > number and rect.intersects(second):
                problems.append(f"seats {number} and {other} overlap")
    for number, plate in table.seats.items():
        inside = QRect(plate.contentsRect())
        for card in plate.findChildren(CardLabel):
            if not card.isVisibleTo(plate) or card.card == UNKNOWN:
                continue
            where = QRect(card.mapTo(plate, card.rect().topLeft()), card.size())
            if not inside.contains(where):
                problems.append(f"seat {number}: card {card.card} cut by the plate")
            if card.width() < card.height() * 5 // 7:
                problems.append(f"seat {number}: card {card.card} squeezed to {card.width()}")
    return problems


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", list(scenes.SCENES))
def test_defect_37_every_game_fits_the_screen(qtbot, settings, name, size, lang):
    window = open_scene(qtbot, settings, name, lang, size)
    assert window.width() == size[0] and window.height() == size[1]
    assert plate_problems(window) == []
    assert label_problems(window) == []
    assert window.action_bar.geometry().bottom() < window.centralWidget().height()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_defect_37_6_stud_eight_seats_seven_cards_readable(qtbot, settings, size):
    window = open_scene(qtbot, settings, "stud", "en", size)
    view = scenes.stud_seven_cards(window.view)
    window.render(view)
    QApplication.processEvents()
    acting = next(s for s in view.seats if s.status.value == "to_act")
    assert window.table.seats[acting.seat].cards_row.cards[-4:] == acting.up_cards
    assert len(window.table.seats[acting.seat].cards_row.cards) == 7
    assert plate_problems(window) == []
    assert label_problems(window) == []


def test_defect_37_long_prompts_never_move_the_felt(qtbot, settings):
    window = open_scene(qtbot, settings, "draw", "en", (1280, 720))
    felt = window.table.geometry()
    long = ("seat 6 Maximilian draws 5: deal 4 now, burn a card, then the fifth after "
            "everyone else has drawn (draw 5) — the last player to draw may ask again")
    window.action_bar.show_action(None, idle_message=long)
    window.show_refusal("draw 9: a player draws 0 to 5 cards, got 9 [DR-DRAW-MAX]")
    QApplication.processEvents()
    assert window.table.geometry() == felt
    assert label_problems(window) == []


def test_the_measures_catch_a_cut_button_a_cut_label_and_overlapping_plates(qtbot, settings):
    window = open_scene(qtbot, settings, "sitgo", "en", (1280, 720))
    window.action_bar.call_button.setFixedWidth(60)  # "all 50 [" as the issue saw it
    window.table.seats[2].setGeometry(window.table.seats[1].geometry())
    label = QLabel("Seat 3 · Jean-Baptiste to act", window.table)
    label.setGeometry(0, 0, 80, 20)
    label.show()
    QApplication.processEvents()
    problems = label_problems(window)
    assert any("Call 50 [C]" in p for p in problems)
    assert any("Jean-Baptiste" in p for p in problems)
    assert "seats 1 and 2 overlap" in plate_problems(window)


@pytest.mark.parametrize("lang", LANGS)
def test_defect_37_8_setup_dialog_shows_whole_stacks(qtbot, settings, lang):
    window = open_scene(qtbot, settings, "holdem", lang, (1280, 720))
    dialog = window.open_setup()
    qtbot.waitExposed(dialog)
    QApplication.processEvents()
    assert [edit.text() for edit in dialog.stack_edits[:2]] == ["1925", "2022"]
    for edit in (*dialog.name_edits, *dialog.stack_edits):
        if not edit.isVisibleTo(dialog):
            continue  # below the scroll: the same rows
        assert edit.height() >= edit.sizeHint().height(), edit.text()
        metrics = QFontMetrics(edit.font())
        assert metrics.horizontalAdvance(edit.text()) < edit.width(), edit.text()
    dialog.reject()
