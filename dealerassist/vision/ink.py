"""The colour an index is printed in: black, red, green or blue (a four-colour deck's suits).

A four-colour deck (the poker rooms' "four-colour" deck) prints clubs green and diamonds
blue beside black spades and red hearts. The corner-index network sees a patch as grey and
redness (`model.reading_image`): when a far or blurred index's suit sign is a few pixels,
it confuses a club with a spade and a diamond with a club, though the ink's colour alone
tells them apart at any distance. This module measures that colour on the colour patch of
an index (the reader's own cut, `recogniser.extract_patch`), relative to the patch's paper
(so a yellow lamp or a blue cast is not taken for ink).

How: the patch's edges are left out (where a region a few pixels off its card shows felt
or a neighbour); of the rest, the paper is the mean colour of the brightest fifth, each
pixel is divided by it, and the ink is the darkest eighth. Its excess in one channel over
the mean of the other two says red, green or blue; no excess, and dark enough, says black.
Measured on 34,342 true index regions of rendered cards (development seeds
2028, 2029, 2030, 3131, 7575; all conditions, far and blurred included): no two-colour
card's ink reached a green excess of 0.08 nor a blue one of 0.11; 99.3 % of the
four-colour clubs reach 0.15 green (the rest: unknown) and 99.9 % of the diamonds 0.15 blue.
"""

from __future__ import annotations

from enum import IntEnum

import numpy as np

__all__ = ["Ink", "ink_colours", "ink_measures"]

_PAPER_SHARE = 0.2  # the brightest fifth of a patch is its paper
_INK_SHARE = 0.125  # ... the darkest eighth its ink
_GREEN = 0.15  # green excess (over the mean of red and blue, paper = 1) of green ink
_BLUE = 0.15  # blue excess of blue ink
_RED = 0.2  # red excess of red ink
_GREY = 0.08  # no channel in excess more than this: black (or grey) ink ...
_DARK = 0.5  # ... when the ink is at least this much darker than the paper
_BORDER = 0.15  # the patch's edges (where felt or a neighbour shows) are left out
_MARGIN = 0.1  # a colour's excess beats each other channel's by at least this


class Ink(IntEnum):
    """What an index's ink looks like."""

    UNKNOWN = 0  # no clear colour (too little ink, mixed, or a colour no deck prints)
    BLACK = 1
    RED = 2
    GREEN = 3
    BLUE = 4


def ink_measures(patches: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each BGR uint8 patch's (N, H, W, 3) ink: excess in red, green, blue (N, 3), darkness (N,).

    Relative to the patch's paper: 0 excess is grey; darkness 0 is paper, 1 black.
    """
    patches = np.asarray(patches)
    count, height, width = patches.shape[:3]
    top, side = int(height * _BORDER), int(width * _BORDER)
    inner = patches[:, top:height - top, side:width - side]
    pixels = inner.reshape(count, -1, 3).astype(np.float32)
    size = pixels.shape[1]
    brightness = pixels.sum(axis=2)
    bright, dark = max(1, int(size * _PAPER_SHARE)), max(1, int(size * _INK_SHARE))
    paper_rows = np.argpartition(brightness, size - bright, axis=1)[:, size - bright:]
    ink_rows = np.argpartition(brightness, dark - 1, axis=1)[:, :dark]
    paper = np.take_along_axis(pixels, paper_rows[:, :, None], axis=1).mean(axis=1) + 1.0
    ink = np.take_along_axis(pixels, ink_rows[:, :, None], axis=1).mean(axis=1) / paper
    blue, green, red = ink[:, 0], ink[:, 1], ink[:, 2]
    excess = np.stack([red - (green + blue) / 2, green - (red + blue) / 2,
                       blue - (red + green) / 2], axis=1)
    return excess, 1.0 - ink.mean(axis=1)


def ink_colours(patches: np.ndarray) -> list[Ink]:
    """Say the ink colour of each BGR uint8 patch (N, H, W, 3)."""
    patches = np.asarray(patches)
    if patches.ndim != 4 or patches.shape[-1] != 3 or len(patches) == 0:
        return []
    excess, darkness = ink_measures(patches)
    best = excess.argmax(axis=1)
    ordered = np.sort(excess, axis=1)
    clear = ordered[:, 2] - ordered[:, 1] >= _MARGIN  # the best beats the others
    strong = excess[np.arange(len(excess)), best] >= np.array([_RED, _GREEN, _BLUE])[best]
    colour = np.array([Ink.RED, Ink.GREEN, Ink.BLUE])[best]
    black = (np.abs(excess).max(axis=1) <= _GREY) & (darkness >= _DARK)
    kinds = np.where(clear & strong, colour, np.where(black, Ink.BLACK, Ink.UNKNOWN))
    return [Ink(int(kind)) for kind in kinds]
