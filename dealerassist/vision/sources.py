"""Frame sources behind one small protocol: a webcam, a video file, an image folder, a script.

Why a protocol: the pipeline, the console and the tests take any source; the synthetic one
renders a scripted hand so everything downstream is tested without a camera. A missing or
unplugged camera raises `RecognitionError` with a clear message, never a crash.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Protocol, runtime_checkable

import cv2
import numpy as np

from dealerassist.cards import Card
from dealerassist.errors import RecognitionError
from dealerassist.vision.faces import FaceDesign
from dealerassist.vision.synthetic import DrawnDeck, render_board

__all__ = [
    "CameraSource",
    "FrameSource",
    "ImageFolderSource",
    "SyntheticSource",
    "VideoFileSource",
    "iterate",
]

_IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp"}


@runtime_checkable
class FrameSource(Protocol):
    """Gives BGR frames one at a time; ``read`` returns None when there are no more."""

    name: str

    def read(self) -> np.ndarray | None:
        """Return the next frame, or None at the end (a camera never ends by itself)."""
        ...

    def close(self) -> None:
        """Release the device or file; reading after close returns None."""
        ...


def iterate(source: FrameSource) -> Iterator[np.ndarray]:
    """Every frame of a source until it ends."""
    while (frame := source.read()) is not None:
        yield frame


class _Capture:
    """Shared by the camera and the video file: a cv2.VideoCapture with clear errors."""

    def __init__(self, capture: cv2.VideoCapture, name: str) -> None:
        self.name = name
        self._capture: cv2.VideoCapture | None = capture

    def close(self) -> None:
        """Release the capture."""
        if self._capture is not None:
            self._capture.release()
            self._capture = None

    def __enter__(self):  # noqa: D105
        return self

    def __exit__(self, *exc: object) -> None:  # noqa: D105
        self.close()


class CameraSource(_Capture):
    """A webcam through ``cv2.VideoCapture``.

    Raises:
        RecognitionError: the camera cannot be opened, or stops delivering frames.

    """

    def __init__(self, index: int = 0, *, width: int = 1280, height: int = 720) -> None:
        name = f"camera {index}"
        capture = cv2.VideoCapture(index)
        if not capture.isOpened():
            capture.release()
            raise RecognitionError(f"{name}: not found or in use by another program")
        capture.set(cv2.CAP_PROP_FRAME_WIDTH, width)
        capture.set(cv2.CAP_PROP_FRAME_HEIGHT, height)
        super().__init__(capture, name)

    def read(self) -> np.ndarray | None:
        """Return the next frame; an unplugged camera raises RecognitionError."""
        if self._capture is None:
            return None
        ok, frame = self._capture.read()
        if not ok or frame is None:
            raise RecognitionError(f"{self.name}: stopped delivering frames (unplugged?)")
        return frame


class VideoFileSource(_Capture):
    """The frames of a video file, then None."""

    def __init__(self, path: Path | str) -> None:
        path = Path(path)
        if not path.is_file():
            raise RecognitionError(f"{path}: no such video file")
        capture = cv2.VideoCapture(str(path))
        if not capture.isOpened():
            capture.release()
            raise RecognitionError(f"{path}: not a video this app can read")
        super().__init__(capture, str(path))

    def read(self) -> np.ndarray | None:
        """Return the next frame, or None at the end of the file."""
        if self._capture is None:
            return None
        ok, frame = self._capture.read()
        return frame if ok else None


class ImageFolderSource:
    """The images of a folder in name order, then None. Unreadable files raise, named."""

    def __init__(self, path: Path | str) -> None:
        folder = Path(path)
        if not folder.is_dir():
            raise RecognitionError(f"{folder}: no such folder")
        self.name = str(folder)
        self.paths = sorted(p for p in folder.iterdir() if p.suffix.lower() in _IMAGE_SUFFIXES)
        self._next = 0

    def read(self) -> np.ndarray | None:
        """Return the next image."""
        if self._next >= len(self.paths):
            return None
        path = self.paths[self._next]
        self._next += 1
        image = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if image is None:
            raise RecognitionError(f"{path}: not an image this app can read")
        return image

    def close(self) -> None:
        """Stop: later reads return None."""
        self._next = len(self.paths)


class SyntheticSource:
    """Renders a scripted hand: each step is the board (left to right) at that moment.

    Args:
        steps: the cards face up on the board, one tuple per step.
        frames_per_step: how many frames each step lasts.
        design: the deck design (default: a plain drawn deck).
        seed: felt texture and noise seed; frames are reproducible.
        backs: face-down cards beside the board (hole cards), never to be reported.
        fps: deliver at most this many frames per second, like a camera (None: at once).

    """

    def __init__(
        self,
        steps: Sequence[Sequence[Card]],
        *,
        frames_per_step: int = 5,
        design: FaceDesign | None = None,
        seed: int = 0,
        backs: int = 2,
        size: tuple[int, int] = (1280, 720),
        fps: float | None = None,
    ) -> None:
        self.name = "synthetic"
        self._period = 1.0 / fps if fps else 0.0
        self._last = 0.0
        self.steps = [tuple(step) for step in steps]
        self.frames_per_step = frames_per_step
        self._deck = DrawnDeck(design or FaceDesign("synthetic"))
        self._seed = seed
        self._backs = backs
        self._size = size
        self._frame = 0
        self._cache: dict[int, np.ndarray] = {}

    def read(self) -> np.ndarray | None:
        """Return the next frame of the script."""
        step = self._frame // self.frames_per_step
        if step >= len(self.steps):
            return None
        if self._period:  # pace like a camera
            wait = self._last + self._period - time.perf_counter()
            if wait > 0:
                time.sleep(wait)
            self._last = time.perf_counter()
        noise_seed = self._seed * 100_003 + self._frame
        self._frame += 1
        if step not in self._cache:
            self._cache[step] = render_board(self.steps[step], deck=self._deck, seed=self._seed,
                                             backs=self._backs, size=self._size)
        base = self._cache[step].astype(np.int16)
        noise = np.random.default_rng(noise_seed).integers(-3, 4, base.shape, dtype=np.int16)
        return np.clip(base + noise, 0, 255).astype(np.uint8)

    def close(self) -> None:
        """End the script."""
        self._frame = len(self.steps) * self.frames_per_step
