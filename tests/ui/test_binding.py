"""The Qt binding must keep Python's books straight, or the console aborts mid-hand."""

from __future__ import annotations

import sys
from dataclasses import replace

from PySide6.QtWidgets import QLabel

from dealerassist.ui.app import check_qt_binding
from dealerassist.ui.demo import demo_showdown_view, demo_view


def test_void_calls_do_not_drop_references_to_none(qapp):
    # PySide6 6.12.0 on CPython 3.11 lost one reference per call: Python aborted with
    # "none_dealloc" after a few thousand calls (found by the click-to-repaint bench).
    label = QLabel()
    before = sys.getrefcount(None)
    for _ in range(2000):
        label.setText("x")
        label.style().polish(label)
    assert before - sys.getrefcount(None) < 100
    check_qt_binding()  # passes on a sound build


def test_a_long_shift_of_redraws_does_not_crash(window):
    views = [demo_view(), demo_showdown_view(), replace(demo_view(), action=None)]
    before = sys.getrefcount(None)
    for index in range(300):
        window.render(views[index % 3])
    assert before - sys.getrefcount(None) < 100
