"""The camera in the console: a scripted (synthetic) table read live, never freezing.

The synthetic source renders the board as the hand goes; the real recogniser reads it on
the pipeline's threads; the console draws the cards and gives the stable ones to the
session, which deals the flop by itself when every card is read with confidence. A doubtful
reading is only proposed; the console sends it on the dealer's click.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import Qt

from dealerassist.cards import parse_cards
from dealerassist.errors import RecognitionError
from dealerassist.rules import default_rules
from dealerassist.vision.model import DEFAULT_MODEL_PATH
from dealerassist.vision.sources import SyntheticSource

from .test_console_session import assert_display_matches_engine, open_console, seat_players

FLOP = tuple(parse_cards("Ah Kd 7c"))
needs_model = pytest.mark.skipif(
    not DEFAULT_MODEL_PATH.is_file(),
    reason="the card model (dealerassist/resources/vision) is not in this checkout")


def _to_the_flop(qtbot, settings):
    window, controller = open_console(qtbot, settings, default_rules().preset("NLHE 1/2"))
    seat_players(qtbot, window, {1: ("Ann", 200), 2: ("Ben", 200)}, button=1)
    for line in ("hand", "c", "x"):
        assert window.bridge.send(line).ok, line
    return window, controller


@needs_model
def test_a_confident_flop_is_read_and_dealt_through_the_session(qtbot, settings):
    window, controller = _to_the_flop(qtbot, settings)
    # Paced like a camera (10 frames a second): a loaded machine's worker keeps the newest
    # frame only, and an unpaced source could be read out before the smoother settles.
    source = SyntheticSource([(), FLOP], frames_per_step=10, seed=3, fps=10)
    assert window.start_camera(lambda: source)
    qtbot.waitUntil(lambda: window.table.board.cards == ("Ah", "Kd", "7c"), timeout=20000)
    window.stop_camera()
    assert window.camera_feed.frames_shown > 0
    assert "# camera" in [e.text for _, e in controller.session.history()
                          if type(e).__name__ == "CommandReceived"][-1]
    assert_display_matches_engine(window, controller)


@needs_model
def test_a_doubtful_reading_waits_for_the_dealer(qtbot, settings):
    window, controller = _to_the_flop(qtbot, settings)
    from dealerassist.vision.recogniser import Recogniser

    recogniser = Recogniser()

    def unsure(frame, frame_index=0):  # every card read at 60 %
        return [replace(s, confidence=0.6) for s in recogniser.recognise(frame,
                                                                          frame_index=frame_index)]

    source = SyntheticSource([(), FLOP], frames_per_step=10, seed=4, fps=10)  # as above
    assert window.start_camera(lambda: source, recognise=unsure)
    qtbot.waitUntil(lambda: bool(window.proposals.rows), timeout=20000)
    window.stop_camera()
    proposal, label, confirm, _ = window.proposals.rows[0]
    assert proposal.line == "flop Ah Kd 7c" and proposal.doubtful == ("Ah", "Kd", "7c")
    assert window.table.board.cards == ()  # nothing changed by itself
    qtbot.mouseClick(confirm, Qt.MouseButton.LeftButton)
    assert window.table.board.cards == ("Ah", "Kd", "7c")
    assert not window.proposals.rows


def test_a_camera_that_cannot_open_is_reported_not_raised(qtbot, settings):
    window, _ = _to_the_flop(qtbot, settings)

    def broken():
        raise RecognitionError("camera 7: cannot be opened (is it plugged in?)")

    assert not window.start_camera(broken)
    assert "camera 7" in window.refusal_label.text()
    assert not window.camera_feed.running
