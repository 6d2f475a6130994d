"""The start-up probe and background tasks: no traceback when the console quits early."""

from __future__ import annotations

import os
import subprocess
import sys
import threading

import shiboken6
from PySide6.QtCore import QThreadPool

from dealerassist.ui.app import STARTUP_PROBE
from dealerassist.ui.workers import Task


def test_startup_probe_prints_no_signal_source_deleted(tmp_path):
    # The probe quits at the first paint while the live journal is still opening in the
    # pool; the task's answer used to reach its deleted signals and print
    # "RuntimeError: Signal source has been deleted".
    env = dict(os.environ, **{STARTUP_PROBE: "1", "QT_QPA_PLATFORM": "offscreen"})
    done = subprocess.run([sys.executable, "-m", "dealerassist", "--db",
                           str(tmp_path / "journal.sqlite3")], env=env, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert any(line.startswith(STARTUP_PROBE + "=") for line in done.stdout.splitlines())
    assert "RuntimeError" not in done.stderr
    assert "Traceback" not in done.stderr


def test_startup_probe_task_outliving_its_window_drops_its_answer(qapp, capfd):
    gate = threading.Event()
    task = Task(lambda progress: (progress(1, 2), gate.wait(5), "opened")[-1])
    task.start()
    shiboken6.delete(task.signals)  # the window and its task's signals went away
    gate.set()
    assert QThreadPool.globalInstance().waitForDone(5000)
    err = capfd.readouterr().err
    assert "Signal source has been deleted" not in err
    assert "Traceback" not in err


def test_startup_probe_task_still_reports_to_a_live_window(qtbot):
    task = Task(lambda progress: 42)
    with qtbot.waitSignal(task.signals.finished, timeout=5000) as blocker:
        task.start()
    assert blocker.args == [42]
