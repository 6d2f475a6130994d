"""The camera pipeline for a worker thread: capture -> recognise -> smooth, never blocking.

Why two threads and a one-slot queue: the camera keeps delivering while a frame is being
read; an old frame is worthless, so the newest frame replaces a waiting one (frames are
dropped, the view never lags). A sentinel stops the worker cleanly. Results go to a
callback (the console's Qt worker turns it into a signal) or to a bounded result queue.
No Qt here.
"""

from __future__ import annotations

import queue
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from dealerassist.errors import RecognitionError
from dealerassist.vision.sighting import Sighting
from dealerassist.vision.smoothing import SmoothedUpdate, Smoother
from dealerassist.vision.sources import FrameSource

__all__ = ["FrameResult", "Monitor", "VisionPipeline"]

_STOP = object()  # the sentinel


@dataclass(frozen=True, slots=True)
class FrameResult:
    """One recognised frame.

    Attributes:
        frame_index: the capture index (gaps mean frames were dropped).
        frame: the BGR frame itself, for the camera view.
        sightings: this frame's readings.
        update: the smoothed state after this frame.
        latency_ms: capture-to-result time.

    """

    frame_index: int
    frame: np.ndarray
    sightings: tuple[Sighting, ...]
    update: SmoothedUpdate
    latency_ms: float


class Monitor:
    """Frames per second and latency over the last ``window`` results (thread-safe)."""

    def __init__(self, window: int = 60) -> None:
        self._times: deque[float] = deque(maxlen=window)
        self._latencies: deque[float] = deque(maxlen=window)
        self._lock = threading.Lock()
        self.dropped = 0
        self.processed = 0

    def record(self, latency_ms: float) -> None:
        """Note one processed frame."""
        with self._lock:
            self._times.append(time.perf_counter())
            self._latencies.append(latency_ms)
            self.processed += 1

    def drop(self) -> None:
        """Note one frame replaced before it was processed."""
        with self._lock:
            self.dropped += 1

    @property
    def fps(self) -> float:
        """Processed frames per second over the window."""
        with self._lock:
            if len(self._times) < 2:
                return 0.0
            span = self._times[-1] - self._times[0]
            return (len(self._times) - 1) / span if span > 0 else 0.0

    def latency_ms(self, percentile: float = 50.0) -> float:
        """Return a latency percentile over the window (0.0 before any frame)."""
        with self._lock:
            if not self._latencies:
                return 0.0
            return float(np.percentile(np.array(self._latencies), percentile))


class VisionPipeline:
    """Runs a source through a recogniser and a smoother on background threads.

    Args:
        source: where frames come from.
        recognise: ``frame, frame_index -> sightings`` (usually ``Recogniser.recognise``).
        smoother: votes over frames (default ``Smoother()``).
        on_result: called on the worker thread with each `FrameResult`; when None,
            results wait in ``results`` (bounded; the oldest is dropped when full).
        on_error: called once with the RecognitionError that stopped the source.

    """

    def __init__(
        self,
        source: FrameSource,
        recognise: Callable[..., list[Sighting]],
        *,
        smoother: Smoother | None = None,
        on_result: Callable[[FrameResult], None] | None = None,
        on_error: Callable[[RecognitionError], None] | None = None,
        max_results: int = 8,
    ) -> None:
        self.source = source
        self._recognise = recognise
        self.smoother = smoother or Smoother()
        self._on_result = on_result
        self._on_error = on_error
        self._frames: queue.Queue[object] = queue.Queue(maxsize=1)
        self.results: queue.Queue[FrameResult] = queue.Queue(maxsize=max_results)
        self.monitor = Monitor()
        self.error: RecognitionError | None = None
        self._stopping = threading.Event()
        self._threads: list[threading.Thread] = []
        self.finished = threading.Event()

    def start(self) -> None:
        """Start capturing and recognising."""
        if self._threads:
            raise RuntimeError("the pipeline is already running")
        self._threads = [
            threading.Thread(target=self._capture, name="vision-capture", daemon=True),
            threading.Thread(target=self._work, name="vision-worker", daemon=True),
        ]
        for thread in self._threads:
            thread.start()

    def stop(self, timeout: float = 5.0) -> None:
        """Stop both threads and close the source (safe to call twice)."""
        self._stopping.set()
        self._offer(_STOP)
        for thread in self._threads:
            thread.join(timeout)
        self.source.close()

    def join(self, timeout: float | None = None) -> bool:
        """Wait until the source ended and every frame was processed; True if it did."""
        return self.finished.wait(timeout)

    def _offer(self, item: object) -> None:
        """Put into the one-slot queue; a waiting frame is replaced (newest wins)."""
        while True:
            try:
                self._frames.put_nowait(item)
                return
            except queue.Full:
                try:
                    old = self._frames.get_nowait()
                except queue.Empty:
                    continue
                if old is _STOP:  # never lose the sentinel
                    self._frames.put_nowait(old)
                    return
                self.monitor.drop()

    def _capture(self) -> None:
        index = 0
        try:
            while not self._stopping.is_set():
                frame = self.source.read()
                if frame is None:
                    break
                self._offer((index, time.perf_counter(), frame))
                index += 1
        except RecognitionError as error:
            self.error = error
            if self._on_error is not None:
                self._on_error(error)
        # The source ended: the last frame still waiting must be read, so wait for room.
        while not self._stopping.is_set():
            try:
                self._frames.put(_STOP, timeout=0.05)
                return
            except queue.Full:
                continue

    def _work(self) -> None:
        try:
            while True:
                item = self._frames.get()
                if item is _STOP:
                    return
                index, captured, frame = item  # type: ignore[misc]
                sightings = tuple(self._recognise(frame, frame_index=index))
                update = self.smoother.update(sightings)
                latency = (time.perf_counter() - captured) * 1000.0
                self.monitor.record(latency)
                result = FrameResult(index, frame, sightings, update, latency)
                if self._on_result is not None:
                    self._on_result(result)
                else:
                    while True:
                        try:
                            self.results.put_nowait(result)
                            break
                        except queue.Full:
                            try:
                                self.results.get_nowait()
                            except queue.Empty:
                                pass
        finally:
            self.finished.set()
