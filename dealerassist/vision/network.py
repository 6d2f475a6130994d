"""Running a shipped ONNX network: with ONNX Runtime where installed, else OpenCV's ``cv2.dnn``.

Why: most of a frame's reading time is the two tiny networks (the corner index, the card
face), run a few dozen times a frame. ONNX Runtime, the engine made for running ONNX
files, runs them about 1.8 times faster than OpenCV 5's classic ``cv2.dnn`` engine on one
thread (the index network, batches of 8 to 48 patches: ~63 against ~115 us a patch),
with the same results to float rounding.
OpenCV stays the fallback, so that a machine without an ONNX Runtime wheel still reads
cards, only slower.

One engine session is used by one thread at a time. A network loaded with ``split``
reads a large batch half on each core: a second copy of it runs the second half on its
own thread (a forward releases the GIL; the same outputs bit for bit).
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Protocol

import cv2
import numpy as np

from dealerassist.errors import RecognitionError

__all__ = ["ENGINES", "Network", "load_network"]

ENGINES = ("onnxruntime", "opencv")  # by preference: a caller naming none gets the first installed


class Network(Protocol):
    """A loaded network: float32 inputs (N, C, H, W) in, its one output (N, K) out."""

    engine: str

    def forward(self, inputs: np.ndarray) -> np.ndarray:
        """Run the network on a batch."""
        ...


class _RuntimeNetwork:
    """An ONNX Runtime session on one thread (the caller shares work between threads)."""

    engine = "onnxruntime"

    def __init__(self, path: Path) -> None:
        import onnxruntime

        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
        options.log_severity_level = 3  # errors only: no warnings on the dealer's console
        self._session = onnxruntime.InferenceSession(
            str(path), options, providers=["CPUExecutionProvider"])
        self._input = self._session.get_inputs()[0].name

    def forward(self, inputs: np.ndarray) -> np.ndarray:
        return np.asarray(self._session.run(None, {self._input: inputs})[0])


class _OpenCvNetwork:
    """A ``cv2.dnn`` network (OpenCV 5's classic engine: ~30 % faster here than the new one)."""

    engine = "opencv"

    def __init__(self, path: Path) -> None:
        engine = getattr(cv2.dnn, "ENGINE_CLASSIC", None)
        try:
            self._net = (cv2.dnn.readNetFromONNX(str(path), engine=engine)
                         if engine is not None else cv2.dnn.readNetFromONNX(str(path)))
        except TypeError:  # an OpenCV without engines
            self._net = cv2.dnn.readNetFromONNX(str(path))

    def forward(self, inputs: np.ndarray) -> np.ndarray:
        self._net.setInput(inputs)
        return np.asarray(self._net.forward())


class _SplitNetwork:
    """Two copies of one network: a batch of ``split`` or more inputs is read half by each."""

    def __init__(self, first: Network, second: Network, split: int) -> None:
        self.engine = first.engine
        self._first, self._second, self._split = first, second, split
        self._pool: ThreadPoolExecutor | None = None  # the second copy's thread, on first use

    def forward(self, inputs: np.ndarray) -> np.ndarray:
        if len(inputs) < self._split:
            return self._first.forward(inputs)
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="network-half")
        half = len(inputs) // 2
        other = self._pool.submit(self._second.forward, inputs[half:])
        return np.concatenate([self._first.forward(inputs[:half]), other.result()])


def _installed(engine: str) -> bool:
    if engine != "onnxruntime":
        return True
    try:
        import onnxruntime  # noqa: F401
    except ImportError:
        return False
    return True


def load_network(path: Path, *, what: str, script: str, engine: str | None = None,
                 split: int | None = None) -> Network:
    """Load a shipped ONNX network, or raise RecognitionError naming the file and the model.

    Args:
        path: the ONNX file.
        what: how the message names the model ("card model").
        script: the training script that writes it (named when the file is missing).
        engine: "onnxruntime" or "opencv"; by default ONNX Runtime where it is installed.
        split: a batch of this many inputs or more is read half on each of two threads.

    """
    if not path.is_file():
        raise RecognitionError(f"{path}: the {what} is missing (run scripts/{script})")
    chosen = engine or next(name for name in ENGINES if _installed(name))
    if chosen not in ENGINES:
        raise RecognitionError(f"{chosen!r} is not an engine for the {what} (one of {ENGINES})")
    if not _installed(chosen):
        raise RecognitionError(f"the {what} cannot run on {chosen}: it is not installed")
    try:
        first = _RuntimeNetwork(path) if chosen == "onnxruntime" else _OpenCvNetwork(path)
        if split is None:
            return first
        second = _RuntimeNetwork(path) if chosen == "onnxruntime" else _OpenCvNetwork(path)
        return _SplitNetwork(first, second, split)
    except cv2.error as error:
        raise RecognitionError(f"{path}: the {what} cannot be loaded: {error}") from error
    except Exception as error:  # noqa: BLE001 - ONNX Runtime's errors subclass Exception only
        raise RecognitionError(f"{path}: the {what} cannot be loaded: {error}") from error
