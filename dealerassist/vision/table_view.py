"""The table seen from straight above: a tilted camera's frame flattened onto the felt.

A camera beside the table sees it at a slant: every card is foreshortened along the line
of sight, more on the far side, and the networks learned cards seen from about overhead
(held apart, a photo pressed to 0.6 of its height, a camera tilted 53 degrees, loses a
third of its cards; pressed and stretched back, almost none). The felt's four marked
corners are the image of a rectangle, and from them alone, with the principal point at
the frame's centre and square pixels (a webcam's), the camera's focal length and the
felt's true width-to-height ratio follow (Zhang and He, "Whiteboard scanning and image
enhancement", 2007: the rectangle's sides are at right angles and each pair is as long
as the other). The frame is then warped onto a rectangle of that shape: the cards read
there have their own shape, wherever they lie.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from dealerassist.vision.calibration import TableCalibration

__all__ = ["SLANT", "TableView", "felt_shape", "table_view"]

# A view whose flattening changes a card's shape by less than this (the larger-to-smaller
# stretch of the frame at the felt's middle) is read as it is: an overhead camera.
SLANT = 1.05
# A flattening that stretches the felt's middle more than this (a camera some 75 degrees
# from overhead, where an index is a quarter of its height) follows corners marked amiss.
_STEEPEST = 4.0
# The flat view reaches this share of the felt beyond each side: cards on the rail, a
# dealer's hand laid past the marked corners.
_MARGIN = 0.08
# A focal length outside these multiples of the frame's diagonal is no camera's (a 10 to
# 120 degree lens): the marked corners are too near a parallelogram to tell it, and one
# of this typical webcam's (about 78 degrees across the diagonal) stands in.
_FOCAL_RANGE = (0.3, 6.0)
_TYPICAL_FOCAL = 0.6
# The lens the corners give counts only where moving any corner by a click's error (this
# many pixels) moves it by at most this share: near the square-on view it swings wildly
# (clicks up to 3 pixels off, a camera 53 degrees from overhead turned 3 degrees: the
# felt's shape off by 0.19 or less nine times in ten, 0.36 trusting every lens).
_CLICK = 2.0
_STEADY = 0.3


@dataclass(frozen=True)
class TableView:
    """How a frame is flattened onto the felt.

    Attributes:
        to_flat: the 3x3 homography from frame pixels to the flat view's pixels.
        from_flat: its inverse.
        size: the flat view's (width, height), the felt and its margin.
        slant: the larger-to-smaller stretch of the frame at the felt's middle.
        calibration: the frame's calibration moved onto the flat view (the same zones).

    """

    to_flat: np.ndarray
    from_flat: np.ndarray
    size: tuple[int, int]
    slant: float
    calibration: TableCalibration

    def flatten(self, frame: np.ndarray) -> np.ndarray:
        """Return the frame warped onto the felt, seen from above (outside it: black)."""
        return cv2.warpPerspective(frame, self.to_flat, self.size, flags=cv2.INTER_LINEAR,
                                   borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0))

    def to_frame(self, points: np.ndarray) -> np.ndarray:
        """Return flat-view points (N, 2) in frame pixels."""
        return cv2.perspectiveTransform(
            np.asarray(points, np.float64).reshape(1, -1, 2), self.from_flat).reshape(-1, 2)

    def box_to_frame(self, box: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
        """Return a flat-view box (x, y, w, h) as the frame box around its image."""
        x, y, w, h = box
        corners = self.to_frame(np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]]))
        x0, y0 = np.floor(corners.min(axis=0)).astype(int)
        x1, y1 = np.ceil(corners.max(axis=0)).astype(int)
        return int(x0), int(y0), int(x1 - x0), int(y1 - y0)


def felt_shape(corners: np.ndarray, frame_size: tuple[int, int]) -> tuple[float, float]:
    """Return the felt's true width / height and the camera's focal length, in pixels.

    ``corners``: the felt's four image corners, clockwise from its top-left. The focal
    length is that of a camera whose principal point is the frame's centre. Where the
    corners do not tell it (two sides about parallel in the image: a camera square to the
    table), or a dealer's click (`_CLICK` pixels) would move it by over `_STEADY`, a
    typical webcam's stands in: the ratio is then off by as much as the lens differs.
    """
    quad = np.asarray(corners, np.float64)
    diagonal = float(np.hypot(*frame_size))
    focal = _focal(quad, frame_size)
    if focal is None or not _steady(quad, frame_size, focal):
        focal = _TYPICAL_FOCAL * diagonal
    n2, n3 = _sides(quad)
    inverse = np.linalg.inv(np.array([[focal, 0, frame_size[0] / 2.0],
                                      [0, focal, frame_size[1] / 2.0], [0, 0, 1]]))
    across, down = inverse @ n2, inverse @ n3
    return float(np.linalg.norm(across) / np.linalg.norm(down)), focal


def _steady(quad: np.ndarray, frame_size: tuple[int, int], focal: float) -> bool:
    """Whether moving any corner by `_CLICK` pixels moves the lens by `_STEADY` at most."""
    for corner in range(4):
        for step in ((_CLICK, 0), (-_CLICK, 0), (0, _CLICK), (0, -_CLICK)):
            moved = quad.copy()
            moved[corner] += step
            other = _focal(moved, frame_size)
            if other is None or abs(other / focal - 1.0) > _STEADY:
                return False
    return True


def _sides(quad: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Return the images of the felt's across and down directions (homogeneous)."""
    m = np.hstack([quad, np.ones((4, 1))])
    # Zhang and He number the corners 1 top-left, 2 top-right, 3 bottom-left, 4 bottom-right.
    m1, m2, m4, m3 = m
    k2 = np.dot(np.cross(m1, m4), m3) / np.dot(np.cross(m2, m4), m3)
    k3 = np.dot(np.cross(m1, m4), m2) / np.dot(np.cross(m3, m4), m2)
    return k2 * m2 - m1, k3 * m3 - m1


def _focal(quad: np.ndarray, frame_size: tuple[int, int]) -> float | None:
    """Return the focal length the corners give (the felt's sides at right angles), or None."""
    n2, n3 = _sides(quad)
    if abs(n2[2] * n3[2]) <= 1e-12:
        return None
    u0, v0 = frame_size[0] / 2.0, frame_size[1] / 2.0
    f2 = -((n2[0] - u0 * n2[2]) * (n3[0] - u0 * n3[2])
           + (n2[1] - v0 * n2[2]) * (n3[1] - v0 * n3[2])) / (n2[2] * n3[2])
    diagonal = float(np.hypot(*frame_size))
    if f2 <= 0 or not _FOCAL_RANGE[0] <= np.sqrt(f2) / diagonal <= _FOCAL_RANGE[1]:
        return None
    return float(np.sqrt(f2))


def table_view(calibration: TableCalibration, frame_size: tuple[int, int]
               ) -> TableView | None:
    """Return how frames of ``frame_size`` are flattened onto the felt ``calibration`` marks.

    ``calibration``: fitted to frames of that size. The flat view holds as many pixels as
    the felt and its margin cover in the frame (at most the frame's own): the near side's
    cards lose a little detail, the far side's are enlarged. None where the marked corners
    are no rectangle's image (not convex, or a shape no camera gives: `_STEEPEST`).
    """
    quad = np.asarray(calibration.felt_corners, np.float64)
    if not cv2.isContourConvex(quad.astype(np.float32).reshape(-1, 1, 2)):
        return None
    ratio, _ = felt_shape(quad, frame_size)
    if not np.isfinite(ratio) or not 0.1 <= ratio <= 10.0:
        return None
    grown = (1 + 2 * _MARGIN) ** 2
    area = min(abs(float(cv2.contourArea(quad.astype(np.float32)))) * grown,
               float(frame_size[0] * frame_size[1]))
    height = np.sqrt(area / grown / ratio)
    width = ratio * height
    size = (max(1, round(width * (1 + 2 * _MARGIN))), max(1, round(height * (1 + 2 * _MARGIN))))
    flat = (np.array([[0, 0], [1, 0], [1, 1], [0, 1]], np.float64) * [width, height]
            + [_MARGIN * width, _MARGIN * height])
    to_flat = cv2.getPerspectiveTransform(quad.astype(np.float32), flat.astype(np.float32))
    on_flat = TableCalibration(tuple((float(x), float(y)) for x, y in flat), calibration.zones,
                               size)
    slant = _slant(to_flat, quad.mean(axis=0))
    if slant > _STEEPEST:
        return None
    return TableView(to_flat, np.linalg.inv(to_flat), size, slant, on_flat)


def _slant(to_flat: np.ndarray, point: np.ndarray) -> float:
    """Return how unequally the homography stretches the frame at ``point`` (1: not at all)."""
    x, y = point
    h = to_flat
    w = h[2, 0] * x + h[2, 1] * y + h[2, 2]
    u = (h[0, 0] * x + h[0, 1] * y + h[0, 2]) / w
    v = (h[1, 0] * x + h[1, 1] * y + h[1, 2]) / w
    jacobian = np.array([[h[0, 0] - u * h[2, 0], h[0, 1] - u * h[2, 1]],
                         [h[1, 0] - v * h[2, 0], h[1, 1] - v * h[2, 1]]]) / w
    stretch = np.linalg.svd(jacobian, compute_uv=False)
    return float(stretch[0] / max(stretch[1], 1e-12))
