"""Card quadrilaterals: corner order, index regions, and sampling a mask inside quads.

Why apart: the finder's outlines, its hypotheses, the recogniser and the scene renderer
all speak in card quads (four corners, TL, TR, BR, BL of the face); these helpers are the
shared vocabulary, with no search logic in them.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

__all__ = ["CARD_ASPECT", "INDEX_BOX", "RECUTS", "CardQuad", "grid_weights", "in_box",
           "index_regions", "inside_shares", "order_quad", "order_quads", "overlap", "recut"]

CARD_ASPECT = 88 / 63  # long side / short side of a poker card
# The corner index region as fractions of the card (x0, y0, x1, y1), generous enough for
# the index of most decks (rank above suit in the top-left corner).
INDEX_BOX = (0.0, 0.0, 0.24, 0.36)


def in_box(point: tuple[float, float], box: tuple[float, float, float, float]) -> bool:
    """Whether ``point`` (x, y) lies in the upright ``box`` (x, y, w, h), edges included."""
    x, y, w, h = box
    return x <= point[0] <= x + w and y <= point[1] <= y + h


def index_regions(corners: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Return the TL and BR index regions of a card (TL, TR, BR, BL corners) as quads.

    Each region's corners are ordered as seen by a reader of that index, so the BR region
    is the TL region of the card turned half a turn.
    """
    src = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], np.float32)
    matrix = cv2.getPerspectiveTransform(src, np.asarray(corners, np.float32))
    x0, y0, x1, y1 = INDEX_BOX
    tl = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float32)
    br = 1.0 - tl
    both = cv2.perspectiveTransform(np.concatenate([tl, br]).reshape(1, 8, 2), matrix)
    return both[0, :4].copy(), both[0, 4:].copy()


# An unsure index region is cut again at these (shift across, shift down, scale): shifts
# as fractions of the region's own sides, the scale about its centre. A reading that holds
# on the cuts beside is surer; one that the next cut changes was the framing's.
RECUTS = ((0.06, 0.04, 1.0), (-0.06, -0.04, 1.0), (0.0, 0.0, 0.9))


def recut(region: np.ndarray, cuts: tuple[tuple[float, float, float], ...] = RECUTS
          ) -> list[np.ndarray]:
    """Return an index region (TL, TR, BR, BL) cut again slightly shifted and scaled."""
    region = np.asarray(region, np.float32)
    across, down = region[1] - region[0], region[3] - region[0]
    centre = region.mean(axis=0)
    return [centre + scale * (region - centre) + shift_x * across + shift_y * down
            for shift_x, shift_y, scale in cuts]


def overlap(a: np.ndarray, b: np.ndarray, *, of_larger: bool = False) -> float:
    """Return the intersection of two convex quads over the smaller one's area.

    Over the smaller one's: how much of one lies on the other (an index on a card, a card
    inside a back). ``of_larger``: over the larger one's, whether they are one outline.
    """
    area, _ = cv2.intersectConvexConvex(a.astype(np.float32), b.astype(np.float32))
    areas = (cv2.contourArea(a.astype(np.float32)), cv2.contourArea(b.astype(np.float32)))
    base = max(areas) if of_larger else min(areas)
    return float(area) / base if base > 0 else 0.0


@dataclass(frozen=True, slots=True)
class CardQuad:
    """A card hypothesis: four corners in frame pixels, ordered TL, TR, BR, BL of the face.

    "Top" is one short side of the card (the index corners are TL and BR, so the other
    orientation is read by turning the quad half a turn).
    """

    corners: np.ndarray  # float32, shape (4, 2)
    single: bool  # True when the region was one clean card outline

    @property
    def box(self) -> tuple[int, int, int, int]:
        """The upright bounding box (x, y, w, h) in frame pixels."""
        x, y, w, h = cv2.boundingRect(self.corners.astype(np.float32))
        return (int(x), int(y), int(w), int(h))


_NEXT = np.array([1, 2, 3, 0])
_FROM = np.array([[(start + i) % 4 for i in range(4)] for start in range(4)])


def order_quad(points: np.ndarray) -> np.ndarray:
    """Order four corners clockwise (on screen) starting so that side 0-1 is a short side."""
    pts = np.asarray(points, np.float32).reshape(4, 2)
    centre = pts.mean(axis=0)
    angles = np.arctan2(pts[:, 1] - centre[1], pts[:, 0] - centre[0])
    pts = pts[np.argsort(angles)]  # clockwise on screen (y grows downwards)
    steps = pts[_NEXT] - pts
    sides = np.hypot(steps[:, 0], steps[:, 1])  # 0-1, 1-2, 2-3, 3-0
    start = 1 if sides[0] + sides[2] > sides[1] + sides[3] else 0
    # Start from the corner nearest the top-left of the screen among the two choices.
    if pts[start].sum() > pts[start + 2].sum():
        start += 2
    return pts[_FROM[start % 4]]


def order_quads(quads: np.ndarray) -> np.ndarray:
    """`order_quad` for a stack of quads (N, 4, 2) at once."""
    pts = np.asarray(quads, np.float32).reshape(-1, 4, 2)
    if len(pts) == 0:
        return pts
    centre = pts.mean(axis=1, keepdims=True)
    angles = np.arctan2(pts[..., 1] - centre[..., 1], pts[..., 0] - centre[..., 0])
    pts = np.take_along_axis(pts, np.argsort(angles, axis=1)[..., None], axis=1)
    steps = pts[:, _NEXT] - pts
    sides = np.hypot(steps[..., 0], steps[..., 1])
    start = (sides[:, 0] + sides[:, 2] > sides[:, 1] + sides[:, 3]).astype(np.intp)
    rows = np.arange(len(pts))
    first, opposite = pts[rows, start].sum(axis=1), pts[rows, start + 2].sum(axis=1)
    start = np.where(first > opposite, start + 2, start)
    return np.take_along_axis(pts, _FROM[start % 4][..., None], axis=1)


def grid_weights(steps: int) -> np.ndarray:
    """Bilinear weights (steps*steps, 4) of evenly spread points inside a quad."""
    t = (np.arange(steps, dtype=np.float32) + 0.5) / steps
    u, v = np.meshgrid(t, t)
    u, v = u.ravel(), v.ravel()
    return np.stack([(1 - u) * (1 - v), u * (1 - v), u * v, (1 - u) * v], axis=1)


_GRID = grid_weights(10)


def inside_shares(
    mask: np.ndarray, quads: np.ndarray, *, weights: np.ndarray = _GRID
) -> np.ndarray:
    """Share of each quad (N, 4, 2) lying on the mask's set pixels, by sampling a grid.

    Points off the image count as outside. One vectorised lookup for all quads: no Python
    loop over quads or pixels.
    """
    quads = np.asarray(quads, np.float32).reshape(-1, 4, 2)
    if len(quads) == 0:
        return np.zeros(0, np.float32)
    height, width = mask.shape[:2]
    # The grid points, one coordinate at a time: the bilinear sum over the four corners in
    # their order, as ``einsum("pk,nkc->npc")`` adds them (the same float32 roundings).
    on_image = None
    for axis, size in ((0, width), (1, height)):
        corner = quads[..., axis]  # (N, 4)
        points = weights[:, 0] * corner[:, 0, None]
        for k in (1, 2, 3):
            points += weights[:, k] * corner[:, k, None]
        whole = np.rint(points).astype(np.intp)
        inside = whole.view(np.uintp) < size  # 0 <= whole < size
        on_image = inside if on_image is None else on_image & inside
        if axis == 0:
            columns = whole
        else:
            rows = whole
    flat = np.where(on_image, rows * width + columns, 0)
    values = mask.reshape(-1)[flat] > 0
    return (values & on_image).mean(axis=1)
