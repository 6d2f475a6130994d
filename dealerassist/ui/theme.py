"""The console's look: a dark, high-contrast felt theme with large type.

Dealers read the console at arm's length in a dim room, so every colour pair here keeps a
strong contrast (light text on near-black or deep green) and the base font is large. The
scale setting (percent) multiplies every size, so one stylesheet serves 1280x720 and up.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QColor, QFont, QPalette
from PySide6.QtWidgets import QApplication

__all__ = ["Colours", "COLOURS", "SUIT_COLOURS", "SUIT_SYMBOLS", "apply_theme", "stylesheet"]


@dataclass(frozen=True, slots=True)
class Colours:
    """The theme's palette, by role."""

    background: str = "#0d1014"
    panel: str = "#161b22"
    panel_edge: str = "#3a4350"
    felt: str = "#0f5132"
    felt_edge: str = "#5b3a1e"
    felt_line: str = "#1d7a4e"
    text: str = "#f4f6f8"
    muted: str = "#a9b4c0"
    accent: str = "#ffd54a"
    to_act: str = "#ffd54a"
    all_in: str = "#4fc3f7"
    folded: str = "#6b7480"
    danger: str = "#ff6b6b"
    ok: str = "#69db7c"
    card_face: str = "#fbfbf8"
    chip: str = "#ffe08a"


COLOURS = Colours()

# A four-colour deck: suits tell apart at a glance in a dim room.
SUIT_COLOURS = {"s": "#111111", "h": "#c62828", "d": "#1565c0", "c": "#2e7d32"}
SUIT_SYMBOLS = {"s": "\u2660", "h": "\u2665", "d": "\u2666", "c": "\u2663"}


def stylesheet(scale: int = 100) -> str:
    """Return the application stylesheet for a text scale in percent (100 = default)."""
    c = COLOURS

    def px(size: int) -> int:
        return max(8, size * scale // 100)

    return f"""
    QWidget {{ background: {c.background}; color: {c.text}; font-size: {px(17)}px; }}
    QMainWindow::separator {{ background: {c.panel_edge}; width: 2px; height: 2px; }}
    QFrame#panel, QGroupBox {{ background: {c.panel}; border: 1px solid {c.panel_edge};
        border-radius: 8px; }}
    QGroupBox {{ margin-top: {px(14)}px; padding-top: {px(8)}px; font-weight: bold; }}
    QGroupBox::title {{ subcontrol-origin: margin; left: 10px; color: {c.accent}; }}
    QLabel {{ background: transparent; }}
    QWidget#tableCentre, QWidget#cardRow, QWidget#pots {{ background: transparent; }}
    QLabel[role="muted"] {{ color: {c.muted}; }}
    QLabel[role="big"] {{ font-size: {px(30)}px; font-weight: bold; }}
    QLabel[role="huge"] {{ font-size: {px(40)}px; font-weight: bold; color: {c.accent}; }}
    QLabel[role="title"] {{ font-size: {px(22)}px; font-weight: bold; }}
    QLabel[role="error"] {{ color: {c.danger}; font-weight: bold; }}
    QLabel[role="ok"] {{ color: {c.ok}; }}
    QLabel[role="rule"] {{ color: {c.background}; background: {c.accent}; border-radius: 4px;
        padding: 1px 6px; font-weight: bold; }}
    QPushButton {{ background: #243040; border: 2px solid {c.panel_edge}; border-radius: 8px;
        padding: {px(8)}px {px(14)}px; font-size: {px(19)}px; font-weight: bold; }}
    QPushButton:hover {{ border-color: {c.accent}; }}
    QPushButton:focus {{ border-color: {c.accent}; }}
    QPushButton:disabled {{ color: #5c6673; background: #1a2029; border-color: #262d37; }}
    QPushButton#fold {{ background: #5a1f24; }}
    QPushButton#call {{ background: #1f4a35; }}
    QPushButton#raise {{ background: #6b5200; }}
    QPushButton#fold:disabled, QPushButton#call:disabled, QPushButton#raise:disabled {{
        color: #5c6673; background: #1a2029; border-color: #262d37; }}
    QPushButton[preset="true"] {{ font-size: {px(16)}px; padding: {px(6)}px {px(8)}px; }}
    QLineEdit {{ background: #0a0c0f; border: 2px solid {c.panel_edge}; border-radius: 6px;
        padding: {px(6)}px; font-size: {px(20)}px; selection-background-color: {c.accent};
        selection-color: {c.background}; }}
    QLineEdit:focus {{ border-color: {c.accent}; }}
    QLineEdit#amount {{ font-size: {px(26)}px; font-weight: bold; }}
    QLineEdit#commandLine {{ font-family: "DejaVu Sans Mono", monospace; }}
    QTabWidget::pane {{ border: 1px solid {c.panel_edge}; background: {c.panel}; }}
    QTabBar::tab {{ background: {c.panel}; color: {c.muted}; padding: {px(7)}px {px(9)}px;
        border: 1px solid {c.panel_edge}; border-bottom: none; font-weight: bold;
        font-size: {px(15)}px; }}
    QTabBar::tab:selected {{ color: {c.text}; background: #243040; border-color: {c.accent}; }}
    QListWidget, QTreeWidget, QTableWidget {{ background: #0a0c0f; border: 1px solid
        {c.panel_edge}; font-size: {px(16)}px; alternate-background-color: #12161c; }}
    QHeaderView::section {{ background: {c.panel}; color: {c.muted}; border: none;
        padding: 4px; }}
    QStatusBar {{ background: {c.panel}; color: {c.muted}; }}
    QMenuBar {{ background: {c.panel}; }}
    QMenuBar::item:selected, QMenu::item:selected {{ background: #243040; }}
    QMenu {{ background: {c.panel}; border: 1px solid {c.panel_edge}; }}
    QProgressBar {{ border: 1px solid {c.panel_edge}; border-radius: 4px; text-align: center; }}
    QProgressBar::chunk {{ background: {c.accent}; }}
    QScrollArea {{ border: none; }}
    QFrame#seat {{ background: #11161c; border: 3px solid {c.panel_edge}; border-radius: 12px; }}
    QFrame#seat[status="to_act"] {{ border-color: {c.to_act}; background: #2a2408; }}
    QFrame#seat[status="all_in"] {{ border-color: {c.all_in}; }}
    QFrame#seat[status="folded"] {{ border-color: #262d37; background: #0d1014; }}
    QFrame#seat[status="empty"] {{ border-style: dashed; border-color: #2a323d;
        background: transparent; }}
    QFrame#seat[status="sitting_out"], QFrame#seat[status="waiting"] {{
        border-style: dotted; }}
    QFrame#seat[status="folded"] QLabel {{ color: {c.folded}; }}
    QFrame#seat[flagged="true"] {{ border: 3px solid {c.danger}; }}
    QLabel#ruling {{ color: {c.danger}; font-size: {px(18)}px; font-weight: bold; }}
    QLabel#seatName {{ font-size: {px(19)}px; font-weight: bold; }}
    QLabel#seatStack {{ font-size: {px(22)}px; font-weight: bold; color: {c.text}; }}
    QLabel#seatBet {{ font-size: {px(18)}px; font-weight: bold; color: {c.chip}; }}
    QLabel#seatStatus {{ font-size: {px(14)}px; color: {c.muted}; }}
    QLabel#seatStatus[status="to_act"] {{ color: {c.to_act}; font-weight: bold; }}
    QLabel#seatStatus[status="all_in"] {{ color: {c.all_in}; font-weight: bold; }}
    QLabel#button {{ background: {c.card_face}; color: #111; border-radius: {px(10)}px;
        font-weight: bold; font-size: {px(13)}px; min-width: {px(20)}px; max-width: {px(20)}px;
        min-height: {px(20)}px; max-height: {px(20)}px; qproperty-alignment: AlignCenter; }}
    QLabel#marker {{ background: {c.all_in}; color: #111; border-radius: 5px;
        padding: 0 4px; font-weight: bold; font-size: {px(13)}px; }}
    QLabel#card {{ background: {c.card_face}; border: 1px solid #888; border-radius: 6px;
        font-weight: bold; qproperty-alignment: AlignCenter; }}
    QLabel#card[hidden_face="true"] {{ background: #7b1e2a; border: 2px solid #f0e0c0; }}
    QLabel#cardSlot {{ border: 2px dashed #2f7a55; border-radius: 6px; }}
    QLabel#pot {{ font-size: {px(22)}px; font-weight: bold; color: {c.chip}; }}
    QLabel#street {{ font-size: {px(18)}px; color: {c.muted}; font-weight: bold; }}
    """


def apply_theme(app: QApplication, *, scale: int = 100) -> None:
    """Give the application its palette, base font and stylesheet."""
    app.setStyle("Fusion")
    palette = QPalette()
    palette.setColor(QPalette.ColorRole.Window, QColor(COLOURS.background))
    palette.setColor(QPalette.ColorRole.WindowText, QColor(COLOURS.text))
    palette.setColor(QPalette.ColorRole.Base, QColor("#0a0c0f"))
    palette.setColor(QPalette.ColorRole.Text, QColor(COLOURS.text))
    palette.setColor(QPalette.ColorRole.Button, QColor("#243040"))
    palette.setColor(QPalette.ColorRole.ButtonText, QColor(COLOURS.text))
    palette.setColor(QPalette.ColorRole.Highlight, QColor(COLOURS.accent))
    palette.setColor(QPalette.ColorRole.HighlightedText, QColor(COLOURS.background))
    app.setPalette(palette)
    font = QFont("DejaVu Sans")
    font.setPixelSize(max(8, 17 * scale // 100))
    app.setFont(font)
    app.setStyleSheet(stylesheet(scale))
