"""A white top-hat over a large square window: OpenCV's result, in fewer passes.

Why: the finder lifts the cards off the felt's local background (glare) with a white
top-hat 81 pixels wide (`geometry._lifted_mask`). OpenCV's rectangular morphology makes
about as many comparisons per pixel as the window is wide; here the minimum (maximum)
over a window is built from windows of doubling width, ~log2(width) whole-image
``cv2.min`` / ``cv2.max`` passes along each axis. The bytes are those of
``cv2.morphologyEx(image, cv2.MORPH_TOPHAT, square)`` with its default border (pixels
outside the image are ignored): proven on random images, sizes and windows in
tests/vision/test_finder_morphology.py.
"""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np

__all__ = ["white_top_hat"]


def white_top_hat(image: np.ndarray, size: int) -> np.ndarray:
    """Return the image minus its opening by a ``size`` x ``size`` square (uint8).

    Args:
        image: a single-channel uint8 image.
        size: the window's side (odd, pixels), centred on each pixel.

    """
    if size % 2 != 1:
        raise ValueError(f"top-hat window: an odd side is needed, not {size}")
    eroded = _window(_window(image, size, 1, cv2.min, 255), size, 0, cv2.min, 255)
    opened = _window(_window(eroded, size, 1, cv2.max, 0), size, 0, cv2.max, 0)
    return cv2.subtract(image, opened)


def _window(
    image: np.ndarray,
    size: int,
    axis: int,
    combine: Callable[[np.ndarray, np.ndarray], np.ndarray],
    fill: int,
) -> np.ndarray:
    """Return ``combine`` (min or max) over a centred window of ``size`` along ``axis``.

    Outside the image counts as ``fill`` (the value the combination ignores). Windows of
    1, 2, 4 ... pixels are combined in turn; the last two overlapping ones span ``size``.
    """
    radius = size // 2
    length = image.shape[axis]
    pad = (0, 0, radius, radius) if axis == 1 else (radius, radius, 0, 0)
    values = cv2.copyMakeBorder(image, *pad, cv2.BORDER_CONSTANT, value=fill)
    width = 1
    while 2 * width <= size:
        if axis == 1:
            values = combine(values[:, :-width], values[:, width:])
        else:
            values = combine(values[:-width], values[width:])
        width *= 2
    rest = size - width  # windows [j, j + width) and [j + rest, j + size) cover [j, j + size)
    if axis == 1:
        return combine(values[:, :length], values[:, rest : rest + length])
    return combine(values[:length], values[rest : rest + length])
