"""Long work off the GUI thread (loading a big journal, exporting a day), with progress.

A `Task` runs a plain callable in the thread pool; the callable reports progress through
the function it is given and never touches a widget. Results, progress and errors come
back as Qt signals (queued to the GUI thread), as superqt's workers do. A task whose
window went away before the work ended (the console quit while a journal was still
opening) has nobody to tell: its answer is dropped, never printed as a traceback.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

from dealerassist.errors import DealerAssistError

__all__ = ["Progress", "Task", "wait_for_tasks"]

Progress = Callable[[int, int], None]
"""progress(done, total): called by the work as it goes."""


class _Signals(QObject):
    started = Signal()
    progressed = Signal(int, int)
    finished = Signal(object)
    errored = Signal(str)


class Task(QRunnable):
    """``work(progress) -> result`` run in the global thread pool.

    Signals (on ``task.signals``): started, progressed(done, total), finished(result),
    errored(message). Exactly one of finished/errored is emitted.
    """

    def __init__(self, work: Callable[[Progress], Any]):
        super().__init__()
        self.work = work
        self.signals = _Signals()
        self.setAutoDelete(False)

    def run(self) -> None:
        """Run the work (in a pool thread)."""
        self._emit("started")
        try:
            result = self.work(lambda done, total: self._emit("progressed", done, total))
        except DealerAssistError as error:
            self._emit("errored", str(error))
        except Exception as error:  # noqa: BLE001 - reported to the dealer, never a traceback
            self._emit("errored", f"internal error: {type(error).__name__}: {error}")
        else:
            self._emit("finished", result)

    def _emit(self, name: str, *args: Any) -> None:
        """Emit one of the signals; nothing when its object was deleted (the window closed)."""
        try:
            getattr(self.signals, name).emit(*args)
        except RuntimeError:  # "Signal source has been deleted": nobody is listening any more
            return

    def start(self) -> Task:
        """Queue the task in the global pool; return it (keep a reference until done)."""
        QThreadPool.globalInstance().start(self)
        return self


def wait_for_tasks() -> None:
    """Block until every queued task has run (before the process exits: see the module)."""
    QThreadPool.globalInstance().waitForDone()
