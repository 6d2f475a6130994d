"""The camera feed for the console: the vision pipeline's results as Qt signals.

`VisionPipeline` (``dealerassist.vision``) captures and recognises on its own threads and
calls back on its worker thread. `CameraFeed` keeps only the newest result and signals the
GUI thread once per result it can take (a slow repaint drops frames, never queues them), so
the window never lags behind the camera and never freezes. Widgets are only touched in the
GUI thread, by whoever connects to `ready`.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal

__all__ = ["CameraFeed", "SourceFactory"]

SourceFactory = Callable[[], Any]
"""Returns a ``vision.sources.FrameSource`` (opened when the feed starts)."""


class CameraFeed(QObject):
    """Runs a frame source through the recogniser; ``ready`` fires with the newest result."""

    ready = Signal(object)
    """A ``vision.pipeline.FrameResult``, in the GUI thread."""
    failed = Signal(str)
    """The source stopped with an error (camera unplugged, unreadable file)."""
    ended = Signal()
    """The source has no more frames (end of a video file or a script)."""

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self._pipeline: Any = None
        self._lock = threading.Lock()
        self._latest: Any = None
        self._pending = False
        self._wake = _Wake()
        self._wake.woken.connect(self._deliver)
        self._wake.failed.connect(self.failed)
        self._wake.ended.connect(self.ended)
        self.frames_shown = 0

    @property
    def running(self) -> bool:
        """True while a source is being read."""
        return self._pipeline is not None

    def start(self, source_factory: SourceFactory, *, recognise: Callable[..., Any] | None = None
              ) -> None:
        """Open the source and start recognising (stops a running feed first).

        Raises:
            RecognitionError: the source cannot be opened (names it).

        """
        from dealerassist.vision.pipeline import VisionPipeline

        self.stop()
        if recognise is None:
            from dealerassist.vision.recogniser import Recogniser

            recognise = Recogniser().recognise
        source = source_factory()
        self._pipeline = VisionPipeline(source, recognise, on_result=self._offer,
                                        on_error=lambda error: self._fail(str(error)))
        self._pipeline.start()
        threading.Thread(target=self._watch, args=(self._pipeline,), daemon=True,
                         name="camera-end").start()

    def stop(self) -> None:
        """Stop the pipeline and close the source (safe to call twice)."""
        pipeline, self._pipeline = self._pipeline, None
        if pipeline is not None:
            pipeline.stop()

    def monitor(self) -> Any:
        """Return the running pipeline's FPS/latency monitor, or None."""
        return self._pipeline.monitor if self._pipeline is not None else None

    # -- worker threads -------------------------------------------------------------------

    def _offer(self, result: Any) -> None:
        """Keep the newest result; wake the GUI thread unless a wake-up is pending."""
        with self._lock:
            self._latest = result
            if self._pending:
                return
            self._pending = True
        self._wake.woken.emit()

    def _fail(self, message: str) -> None:
        self._wake.failed.emit(message)

    def _watch(self, pipeline: Any) -> None:
        # ``finished`` is set when the source runs out and also after `stop`; only the
        # former is an end the dealer should hear about.
        if pipeline.join(None) and pipeline.error is None and self._pipeline is pipeline:
            self._wake.ended.emit()

    # -- GUI thread -------------------------------------------------------------------------

    def _deliver(self) -> None:
        with self._lock:
            result, self._latest = self._latest, None
            self._pending = False
        if result is not None:
            self.frames_shown += 1
            self.ready.emit(result)


class _Wake(QObject):
    """Signals emitted from worker threads, delivered (queued) in the GUI thread."""

    woken = Signal()
    failed = Signal(str)
    ended = Signal()
