"""Long work off the GUI thread (loading a big journal, exporting a day), with progress.

A `Task` runs a plain callable in the thread pool; the callable reports progress through
the function it is given and never touches a widget. Results, progress and errors come
back as Qt signals (queued to the GUI thread), as superqt's workers do.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

from dealerassist.errors import DealerAssistError

__all__ = ["Task", "Progress"]

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
        self.signals.started.emit()
        try:
            result = self.work(self.signals.progressed.emit)
        except DealerAssistError as error:
            self.signals.errored.emit(str(error))
        except Exception as error:  # noqa: BLE001 - reported to the dealer, never a traceback
            self.signals.errored.emit(f"internal error: {type(error).__name__}: {error}")
        else:
            self.signals.finished.emit(result)

    def start(self) -> Task:
        """Queue the task in the global pool; return it (keep a reference until done)."""
        QThreadPool.globalInstance().start(self)
        return self
