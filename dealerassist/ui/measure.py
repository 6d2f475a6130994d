"""Console speed: cold start to window shown, and click to repaint.

``python -m dealerassist.ui.measure [--quick] [--json]`` prints both; `measure` gives the
figures to ``dealerassist bench``. Targets (issue 6): start under 2 s, repaint under 50 ms.

- Cold start: a fresh ``python -m dealerassist --demo`` process, from before it is spawned
  to the end of the table's first paint (the process prints that moment when
  ``DEALERASSIST_STARTUP_PROBE`` is set, then quits). Interpreter start, imports, Qt start,
  window build and first paint are all inside.
- Click to repaint: in one process, a mouse click on the Call button, through the bridge
  and the controller, until the table has repainted with the new view.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from typing import Any

__all__ = ["measure", "measure_click_to_repaint", "measure_cold_start"]


def measure_cold_start(*, runs: int = 5, db: str | None = None) -> list[float]:
    """Return seconds from spawning the console to its first paint.

    With ``db`` the live console is started on that journal file (``--db``), else the demo
    (``--demo``).
    """
    from dealerassist.ui.app import STARTUP_PROBE

    env = dict(os.environ, **{STARTUP_PROBE: "1"})
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    figures = []
    for _ in range(runs):
        started = time.time()
        mode = ["--db", db] if db else ["--demo"]
        done = subprocess.run([sys.executable, "-m", "dealerassist", *mode], env=env,
                              capture_output=True, text=True, timeout=120, check=False)
        stamp = next((line.split("=", 1)[1] for line in done.stdout.splitlines()
                      if line.startswith(STARTUP_PROBE + "=")), None)
        if stamp is None:
            raise RuntimeError(f"the console did not start: {done.stderr.strip()[-300:]}")
        figures.append(float(stamp) - started)
    return figures


class _Flip:
    """A controller answering each command with the other of two views (a real redraw)."""

    def __init__(self) -> None:
        from dealerassist.ui.demo import demo_view

        first = demo_view()
        seats = tuple(replace(s, bet=200, stack=s.stack - 200, last_action="call 200")
                      if s.seat == 6 else s for s in first.seats)
        self.views = [first, replace(first, seats=seats, action=None, message="Deal the river")]
        self.index = 0

    def current_view(self) -> Any:
        return self.views[self.index]

    def submit(self, line: str) -> Any:
        from dealerassist.ui.bridge import SubmitResult

        self.index = 1 - self.index
        return SubmitResult(ok=True, view=self.views[self.index])


def measure_click_to_repaint(*, clicks: int = 50, controller: Any = None,
                             buttons: tuple[str, ...] = ("call",)) -> list[float]:
    """Return milliseconds from a click on a pad button to the end of the table's repaint.

    ``controller`` defaults to one flipping between two demo views; a session controller
    can be given (its answer time is then included). ``buttons`` are clicked in turn
    ("call", "fold", "raise").
    """
    from PySide6.QtCore import QSettings, Qt
    from PySide6.QtTest import QTest

    from dealerassist.ui.app import make_application
    from dealerassist.ui.bridge import ConsoleBridge
    from dealerassist.ui.main_window import MainWindow
    from dealerassist.ui.settings import ConsoleSettings
    from dealerassist.ui.theme import apply_theme

    app = make_application()
    apply_theme(app)
    scratch = tempfile.TemporaryDirectory(prefix="dealerassist-measure-")
    settings = ConsoleSettings(QSettings(os.path.join(scratch.name, "console.ini"),
                                         QSettings.Format.IniFormat))
    window = MainWindow(bridge=ConsoleBridge(controller or _Flip()), settings=settings)
    window.resize(1280, 720)
    window.show()
    for _ in range(5):
        app.processEvents()
    painted: list[float] = []
    window.table.painted.connect(lambda: painted.append(time.perf_counter()))
    figures = []
    for index in range(clicks):
        target = getattr(window.action_bar, f"{buttons[index % len(buttons)]}_button")
        if not target.isEnabled():
            raise RuntimeError(f"measure: the {target.text()!r} button is disabled")
        painted.clear()
        started = time.perf_counter()
        QTest.mouseClick(target, Qt.MouseButton.LeftButton)
        deadline = started + 2.0
        while not painted and time.perf_counter() < deadline:
            app.processEvents()
        if painted:
            figures.append((painted[0] - started) * 1000)
        if window.view is not None and window.view.action is None:
            # the flip's second view has no action: send a line to flip back
            window.send("c")
            for _ in range(3):
                app.processEvents()
    window.table.painted.disconnect()
    window.close()
    window.deleteLater()
    app.processEvents()
    scratch.cleanup()
    return figures


def measure_click_to_repaint_live(*, clicks: int = 30, db: str) -> list[float]:
    """Return milliseconds from a click to the repaint on a live table journaled in ``db``.

    A 3-player NLHE 1/2 table; every click is Fold: the first folds the player under the
    gun, the second the small blind, which ends the hand (settlement, HandFinished) and the
    next hand is dealt (``hand``) in the same click. Each command goes through the session,
    which commits its events to SQLite (synchronous=FULL) before the console redraws.
    """
    from dealerassist.ui.session_adapter import open_session

    controller = open_session(rules=None, db=db)
    for line in ("game NLHE 1/2", "sit 1 Ann 100000", "sit 2 Ben 100000", "sit 3 Cy 100000",
                 "button 3"):
        result = controller.submit(line)
        if not result.ok:
            raise RuntimeError(f"{line}: {result.error}")

    class _Dealer:
        """Deals a new hand whenever none is running, then forwards clicks."""

        def current_view(self) -> Any:
            return controller.current_view()

        def submit(self, line: str) -> Any:
            result = controller.submit(line)
            if controller.state.hand is None:
                controller.submit("hand")
            return result

    controller.submit("hand")
    return measure_click_to_repaint(clicks=clicks, controller=_Dealer(), buttons=("fold",))


def _summary(values: list[float]) -> dict[str, float | None]:
    if not values:
        return {"p50": None, "max": None}
    ordered = sorted(values)
    return {"p50": round(statistics.median(ordered), 3), "max": round(ordered[-1], 3)}


def measure(*, quick: bool = False) -> dict[str, dict[str, Any]]:
    """Return ``{"console": {...}}`` figures for ``dealerassist bench``."""
    start = _summary(measure_cold_start(runs=2 if quick else 5))
    with tempfile.TemporaryDirectory(prefix="dealerassist-measure-") as folder:
        live = _summary(measure_cold_start(runs=2 if quick else 5,
                                           db=os.path.join(folder, "journal.sqlite3")))
    repaint = _summary(measure_click_to_repaint(clicks=10 if quick else 60))
    with tempfile.TemporaryDirectory(prefix="dealerassist-measure-") as folder:
        live_repaint = _summary(measure_click_to_repaint_live(
            clicks=10 if quick else 60, db=os.path.join(folder, "journal.sqlite3")))
    return {"console": {
        "cold_start_s_p50": start["p50"], "cold_start_s_max": start["max"],
        "cold_start_live_s_p50": live["p50"], "cold_start_live_s_max": live["max"],
        "click_to_repaint_ms_p50": repaint["p50"], "click_to_repaint_ms_max": repaint["max"],
        "click_to_repaint_live_ms_p50": live_repaint["p50"],
        "click_to_repaint_live_ms_max": live_repaint["max"],
    }}


def main(argv: list[str] | None = None) -> int:
    """Print the console's speed figures."""
    parser = argparse.ArgumentParser(prog="python -m dealerassist.ui.measure")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    figures = measure(quick=args.quick)
    print(json.dumps(figures) if args.json else figures, flush=True)
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if app is not None:
        app.shutdown()  # tear Qt down before Python finalises (avoids a PySide6 exit crash)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
