"""A frame's paper made white before it is read: a lamp's cast taken off, a dim frame raised.

Why: the networks learned photos whose paper is near white (the development photos'
whitest 0.5 % of pixels: a median brightest channel of 216 to 232, tinted some 2 %). A
camera over a dim table gives paper far darker, a tungsten or cool lamp tints it, and
both readers lose cards there. The val part of the development photos (249 cards; the
shipped networks, whose finder never learned them), read right / wrong as camera frames
and as stills, as they come and so corrected: at half their light 218 / 5 and 228 / 9
against 233 / 2 and 240 / 4; at 0.35 of it 198 / 3 and 210 / 2 against 231 / 1 and 238 /
3; under a warm cast (blue 0.7, green 0.9) 219 / 3 and 223 / 6 against 234 / 2 and 238 /
2; a cool one (red 0.75, green 0.92) 230 / 2 and 235 / 3 against 235 / 1 and 238 / 3. As
they are, in the nine deciding framings (`scripts/vision_val_decide.py`), 2,038 / 20
against 2,045 / 22 (sure 1,815 / 4 against 1,832 / 4); 17 of the 92 photos are dim by
`_DIM`.
Each channel is multiplied by its own gain, as a camera balances on a white card: no
colour threshold, and a suit's red stays as red against its paper.
"""

from __future__ import annotations

import cv2
import numpy as np

__all__ = ["exposed", "paper_colour"]

_PAPER = 0.995  # the share of pixels less white than the frame's paper (its whitest 0.5 %)
_DIM = 200  # paper whose brightest channel is darker than this is dim, brightened ...
_WHITE = 230  # ... to this grey (within the development photos' middle half)
_RAISE = 4.0  # ... by at most this much: a frame with no paper (an empty table at night) is
# not raised into its sensor noise
_CAST = 1.5  # a channel is raised at most this much to grey the paper: a frame with no
# white in it (a black deck on wood: its whitest pixels are the wood's) is not greyed
_SAMPLE = 60_000  # the paper is measured on about so many pixels, evenly spread (some 1 ms)


def paper_colour(frame: np.ndarray) -> np.ndarray:
    """Return the (B, G, R) of a BGR frame's paper: the mean of its whitest 0.5 %.

    How white a pixel is: its darkest channel (a saturated colour, however bright, is not
    white).
    """
    step = max(1, round((frame.shape[0] * frame.shape[1] / _SAMPLE) ** 0.5))
    sample = frame[::step, ::step].reshape(-1, 3)
    white = np.minimum(np.minimum(sample[:, 0], sample[:, 1]), sample[:, 2])
    counts = np.cumsum(np.bincount(white, minlength=256))
    level = int(np.searchsorted(counts, _PAPER * len(white)))
    return sample[white >= level].mean(axis=0, dtype=np.float64)


def exposed(frame: np.ndarray) -> np.ndarray:
    """Return ``frame`` with its paper grey and, where it is dim, brought to `_WHITE`.

    Each channel is multiplied by its own gain (white balance by the paper, as a camera
    balances on a white card), all three raised where the paper is dim (`_DIM`); a frame
    whose gains all lie within 2 % of one is returned as it is, and none is raised over
    `_RAISE` times. An 8-bit BGR frame of any size (another kind is returned as it is);
    one lookup, some 1 ms a 1280x720 frame.
    """
    if frame.dtype != np.uint8 or frame.ndim != 3 or frame.shape[2] != 3 or not frame.size:
        return frame
    paper = paper_colour(frame)
    top = float(paper.max())
    if top < 1.0:
        return frame
    gains = np.minimum(top / np.maximum(paper, 1.0), _CAST)
    if top < _DIM:
        gains *= min(_WHITE / top, _RAISE)
    if np.all(np.abs(gains - 1.0) < 0.02):
        return frame
    table = np.clip(np.arange(256)[:, None] * gains[None, :], 0, 255).round().astype(np.uint8)
    return cv2.LUT(frame, table.reshape(1, 256, 3))
