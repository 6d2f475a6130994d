"""The learned index-corner finder and reader: cards found without knowing the table.

Two tiny networks (`resources/vision/corner_finder.onnx`, `corner_reader.onnx`, trained by
`scripts/vision_corners_train.py` on randomised renders and the real development photos):

1. The finder looks at the whole frame (shrunk so its long side is at most `_LONG`
   pixels) and gives, every 4 pixels, how likely an index corner's centre lies there and
   that corner's box size. Nothing in it depends on the table's colour: it learned corners
   on white, wooden, patterned, bright and dark tables.
2. Each peak's box (grown by a quarter, square, at the frame's full resolution) is read by
   the reader as one of the 52 cards or "no card". Suits come from this network (colour
   crops, four-colour decks included); no colour threshold changes them.

A card is reported once per frame with the best of its corners' readings; two corners of
one card that agree make it surer (`_AGREE`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from dealerassist.cards import Card, parse_card
from dealerassist.vision.network import Network, load_network

__all__ = ["DEFAULT_FINDER_PATH", "DEFAULT_READER_PATH", "CornerReader", "CornerReading"]

_RESOURCES = Path(__file__).resolve().parents[1] / "resources" / "vision"
DEFAULT_FINDER_PATH = _RESOURCES / "corner_finder.onnx"
DEFAULT_READER_PATH = _RESOURCES / "corner_reader.onnx"
_CARDS = tuple(parse_card(r + s) for r in "23456789TJQKA" for s in "cdhs")
_STRIDE = 4  # the finder's output step, input pixels
_LONG = 640  # the finder's input: the frame shrunk so its long side is at most this
_CROP = 32  # the reader's input side
_GROW = 0.25  # a corner box grown by this share of its side on each side before reading
_PEAK = 0.3  # a finder peak this likely is a corner worth reading
_MAX_PEAKS = 64  # corners read a frame at most, likeliest first


@dataclass(frozen=True, slots=True)
class CornerReading:
    """One index corner found and read.

    Attributes:
        card: the card read, or None for "no card".
        probability: the reader's probability of ``card`` (of "no card" when None).
        found: the finder's probability that a corner lies there.
        box: the corner's box, frame pixels ``(x, y, w, h)``.

    """

    card: Card | None
    probability: float
    found: float
    box: tuple[float, float, float, float]


def _softmax(logits: np.ndarray) -> np.ndarray:
    shifted = np.exp(logits - logits.max(axis=1, keepdims=True))
    return shifted / shifted.sum(axis=1, keepdims=True)


def corner_crop(frame: np.ndarray, box: tuple[float, float, float, float]) -> np.ndarray:
    """Return the reader's input for one box: grown by `_GROW`, square, `_CROP` pixels (BGR)."""
    x, y, w, h = box
    side = max(w, h) * (1 + 2 * _GROW)
    scale = _CROP / max(side, 1.0)
    cx, cy = x + w / 2, y + h / 2
    warp = np.array([[scale, 0, _CROP / 2 - cx * scale], [0, scale, _CROP / 2 - cy * scale]],
                    np.float32)
    flags = cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR
    return cv2.warpAffine(frame, warp, (_CROP, _CROP), flags=flags,
                          borderMode=cv2.BORDER_REPLICATE)


class CornerReader:
    """Find and read the index corners of a BGR frame."""

    def __init__(self, finder_path: Path = DEFAULT_FINDER_PATH,
                 reader_path: Path = DEFAULT_READER_PATH, *, engine: str | None = None) -> None:
        self._finder: Network = load_network(
            finder_path, what="corner finder", script="vision_corners_train.py", engine=engine)
        self._reader: Network = load_network(
            reader_path, what="corner reader", script="vision_corners_train.py", engine=engine)

    def peaks(self, frame: np.ndarray) -> list[tuple[float, tuple[float, float, float, float]]]:
        """(probability, box in frame pixels) of each corner the finder sees, likeliest first."""
        height, width = frame.shape[:2]
        scale = min(1.0, _LONG / max(height, width))
        small = frame if scale == 1.0 else cv2.resize(
            frame, (max(1, round(width * scale)), max(1, round(height * scale))),
            interpolation=cv2.INTER_AREA)
        sh, sw = small.shape[:2]
        ph, pw = -sh % 16, -sw % 16
        if ph or pw:
            small = cv2.copyMakeBorder(small, 0, ph, 0, pw, cv2.BORDER_REPLICATE)
        bgr = np.ascontiguousarray(small.transpose(2, 0, 1)[None], np.float32)
        maps = self._finder.forward(bgr)[0]
        heat = 1.0 / (1.0 + np.exp(-maps[0]))
        top = cv2.dilate(heat, np.ones((3, 3), np.uint8))
        ys, xs = np.nonzero((heat >= top) & (heat >= _PEAK))
        order = np.argsort(-heat[ys, xs])[:_MAX_PEAKS]
        out = []
        for gy, gx in zip(ys[order], xs[order], strict=True):
            w, h = np.exp(maps[1:3, gy, gx]) / scale
            cx, cy = gx * _STRIDE / scale, gy * _STRIDE / scale
            if cx >= width or cy >= height:  # on the padding
                continue
            out.append((float(heat[gy, gx]), (float(cx - w / 2), float(cy - h / 2),
                                              float(w), float(h))))
        return out

    def read(self, frame: np.ndarray) -> list[CornerReading]:
        """Every corner found, read."""
        found = self.peaks(frame)
        if not found:
            return []
        crops = np.stack([corner_crop(frame, box) for _, box in found])
        inputs = np.ascontiguousarray(crops.transpose(0, 3, 1, 2), np.float32)
        probs = _softmax(self._reader.forward(inputs))
        out = []
        for (score, box), p in zip(found, probs, strict=True):
            best = int(p.argmax())
            card = _CARDS[best] if best < len(_CARDS) else None
            out.append(CornerReading(card, float(p[best]), score, box))
        return out
