"""The corner-index classifier: a tiny CNN shipped as ONNX and run by ``cv2.dnn``.

Why ONNX through OpenCV: the program already depends on OpenCV, the network is ~100 kB and
runs in well under a millisecond per card on a laptop CPU, and nothing is downloaded at run
time. The network is trained by ``scripts/vision_train.py`` on scenes the project renders
itself. Input: gray index patches ``PATCH_H x PATCH_W``, each normalised to zero mean and
unit spread. Output: 14 rank logits (2..A, then "no index here") and 4 suit logits (c, d, h, s).
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from dealerassist.errors import RecognitionError

__all__ = ["DEFAULT_MODEL_PATH", "NO_INDEX", "PATCH_H", "PATCH_W", "IndexClassifier",
           "normalise_patches"]

PATCH_W = 28
PATCH_H = 56
NO_INDEX = 13  # the rank class meaning "this is not a card's corner index"
DEFAULT_MODEL_PATH = Path(__file__).resolve().parents[2] / "resources" / "vision" / "card_index.onnx"


def normalise_patches(patches: np.ndarray) -> np.ndarray:
    """uint8 (N, H, W) gray patches -> float32 (N, 1, H, W), zero mean and unit spread each."""
    data = patches.astype(np.float32)
    mean = data.mean(axis=(1, 2), keepdims=True)
    spread = data.std(axis=(1, 2), keepdims=True)
    return ((data - mean) / (spread + 8.0))[:, None, :, :]


def _softmax(logits: np.ndarray) -> np.ndarray:
    shifted = logits - logits.max(axis=1, keepdims=True)
    exp = np.exp(shifted)
    return exp / exp.sum(axis=1, keepdims=True)


class IndexClassifier:
    """Rank and suit probabilities for corner-index patches."""

    def __init__(self, path: Path | str = DEFAULT_MODEL_PATH) -> None:
        path = Path(path)
        if not path.is_file():
            raise RecognitionError(f"{path}: the card model is missing (run scripts/vision_train.py)")
        try:
            self._net = cv2.dnn.readNetFromONNX(str(path))
        except cv2.error as error:
            raise RecognitionError(f"{path}: the card model cannot be loaded: {error}") from error
        self.path = path

    def predict(self, patches: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(rank probabilities (N, 14), suit probabilities (N, 4)) for uint8 (N, H, W) patches."""
        if len(patches) == 0:
            return np.zeros((0, 14), np.float32), np.zeros((0, 4), np.float32)
        self._net.setInput(normalise_patches(patches))
        logits = np.asarray(self._net.forward()).reshape(len(patches), 18)
        return _softmax(logits[:, :14]), _softmax(logits[:, 14:])
