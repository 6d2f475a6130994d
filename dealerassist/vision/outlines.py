"""One card's outline from a region's contour: its four corners, put on its straight edges.

Why apart from the search (geometry.py): deciding whether a contour is one card, and
where exactly its sides run, is per-contour geometry with no knowledge of the frame. The
refinement is done for many outlines at once (`refine_quads`): a frame has about ten
clean outlines, and numpy's cost per call, not the arithmetic, is what one outline at a
time pays for.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import cv2
import numpy as np

from dealerassist.vision.quads import order_quad

__all__ = ["card_like", "outline_from_contour", "quad_from_contour", "refine_quad",
           "refine_quads"]

_NEXT_CORNER = np.array([1, 2, 3, 0])
_PREVIOUS_SIDE = np.array([3, 0, 1, 2])
_TURN = np.array([-1.0, 1.0], np.float32)
# How near a limit (relative, in float32 products of a few hundred pixels: far above their
# rounding) a stretch's distance or alignment must be for the one-quad form to decide.
_DOUBT = 1e-5


def card_like(quad: np.ndarray) -> bool:
    """Return whether a quad's long sides are 1.1 to 2.1 times its short sides on screen."""
    sides = [math.hypot(x, y) for x, y in (quad - quad[_NEXT_CORNER]).tolist()]
    short, long_ = sorted(((sides[0] + sides[2]) / 2, (sides[1] + sides[3]) / 2))
    return short > 0 and 1.1 <= long_ / short <= 2.1


def outline_from_contour(contour: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """One card's corners (not yet refined) and the contour's hull, else None.

    The region is one card when its hull is one quadrilateral of card proportions (or, a
    corner lost to blur or a shadow, when its smallest enclosing rectangle still fits).
    `refine_quads` then puts the sides on the hull's straight stretches.
    """
    area = cv2.contourArea(contour)
    # The hull ignores notches that ink at the card's edge cuts into the mask.
    hull = cv2.convexHull(contour)
    perimeter = cv2.arcLength(hull, True)
    rounded = None  # four corners cut short by rounded card corners
    for epsilon in (0.02, 0.035, 0.05):
        approx = cv2.approxPolyDP(hull, epsilon * perimeter, True)
        if len(approx) == 4:
            quad = approx.reshape(4, 2).astype(np.float32)
            quad_area = cv2.contourArea(quad)
            if quad_area > 0 and 0.88 <= area / quad_area <= 1.04 and card_like(quad):
                return quad, hull
            if quad_area > 0 and 1.04 < area / quad_area <= 1.12 and card_like(quad):
                rounded = quad
            break
    # A corner lost to blur or a shadow: the smallest enclosing rectangle still fits.
    rect = cv2.minAreaRect(contour)
    rect_area = rect[1][0] * rect[1][1]
    if rect_area <= 0 or area / rect_area < 0.8:
        return None
    quad = cv2.boxPoints(rect).astype(np.float32)
    if card_like(quad):
        # Under a tilted camera a card is no rectangle: its own four corners, put on its
        # straight edges, fit better when the rectangle leaves gaps at two corners.
        if rounded is not None and cv2.contourArea(hull) < 0.94 * rect_area:
            quad = rounded
        return order_quad(quad), hull
    return None


def quad_from_contour(contour: np.ndarray) -> np.ndarray | None:
    """One card's corners, refined, when the region is a single card outline, else None."""
    outline = outline_from_contour(contour)
    if outline is None:
        return None
    return refine_quads([outline[0]], [outline[1]])[0]


def refine_quads(quads: Sequence[np.ndarray], hulls: Sequence[np.ndarray]) -> list[np.ndarray]:
    """Put each side of each quad on the longest straight stretch of its hull along it.

    Rounded corners, and ink touching a card's edge, pull the vertices of a polygon
    approximation inwards; the straight edges between them are reliable. A stretch fits
    a side when it is at least a quarter of the side long, runs within 14 degrees of it
    and lies within a tenth of the side's length of it; the sides are then intersected.
    A quad is kept as it was when a side is shorter than a pixel, two fitted sides are
    parallel, or a corner would move more than 15 % of the diagonal. All quads and their
    four sides are worked out at once, elementwise in float32 (each product written out,
    the same for every point whatever its place in the arrays).

    Args:
        quads: (4, 2) float32 corners each (side k runs from corner k to k + 1).
        hulls: each quad's convex hull (P, 1, 2) as ``cv2.convexHull`` gives it.

    Returns:
        The refined quads (4, 2) float32, in order (a quad kept is returned as given).

    """
    count = len(quads)
    if count == 0:
        return []
    quad = np.stack(quads).astype(np.float32, copy=False)  # (Q, 4, 2)
    if count == 1:
        points = hulls[0].reshape(1, -1, 2).astype(np.float32)
        width = points.shape[1]
        valid = True
        following = np.roll(np.arange(width), -1)[None]
        ends = points[:, following[0]]
    else:
        sizes = [len(hull) for hull in hulls]
        width = max(sizes)
        points = np.zeros((count, width, 2), np.float32)
        for number, hull in enumerate(hulls):
            points[number, : sizes[number]] = hull.reshape(-1, 2)
        size_column = np.array(sizes)[:, None]
        valid = (np.arange(width)[None] < size_column)[:, None]  # (Q, 1, P)
        following = (np.arange(width)[None] + 1) % size_column  # (Q, P)
        ends = points[np.arange(count)[:, None], following]
    steps = ends - points
    spans = np.sqrt(steps[..., 0] * steps[..., 0] + steps[..., 1] * steps[..., 1])
    units = steps / np.maximum(spans, np.float32(1e-6))[..., None]
    sides = quad[:, _NEXT_CORNER] - quad  # (Q, 4, 2)
    lengths = np.array([[math.hypot(x, y) for x, y in row] for row in sides.tolist()])
    short = lengths.min(axis=1) < 1
    # (A side shorter than a pixel keeps its quad: its direction is never used.)
    directions = sides / np.maximum(lengths.astype(np.float32), np.float32(1e-30))[..., None]
    dir_x, dir_y = directions[..., 0, None], directions[..., 1, None]  # (Q, 4, 1)
    # Each hull point's distance off side k (along its normal), at both ends of a stretch.
    off_start = np.abs((points[:, None, :, 1] - quad[..., 1, None]) * dir_x
                       - (points[:, None, :, 0] - quad[..., 0, None]) * dir_y)  # (Q, 4, P)
    off_end = np.abs((ends[:, None, :, 1] - quad[..., 1, None]) * dir_x
                     - (ends[:, None, :, 0] - quad[..., 0, None]) * dir_y)
    along = np.abs(units[:, None, :, 0] * dir_x + units[:, None, :, 1] * dir_y)
    long_enough = (spans[:, None] >= (0.25 * lengths).astype(np.float32)[..., None]) & valid
    off = np.maximum(off_start, off_end)
    limit = (0.1 * lengths).astype(np.float32)[..., None]
    fits = long_enough & (along >= np.float32(0.97)) & (off <= limit)
    # A stretch within a rounding of a limit: the matrix products of `refine_quad` (BLAS
    # may fuse a multiply and an add) could decide it the other way. Such a quad (rare) is
    # refined by that one-quad form, so that every quad is the one it gives.
    doubtful = (long_enough & ((np.abs(off - limit) <= _DOUBT * (1.0 + limit))
                               | (np.abs(along - np.float32(0.97)) <= _DOUBT))).any(axis=(1, 2))
    best = np.argmax(np.where(fits, spans[:, None], np.float32(-1.0)), axis=2)  # (Q, 4)
    found = fits.any(axis=2)[..., None]
    rows = np.arange(count)[:, None]
    origins = np.where(found, points[rows, best], quad)  # (Q, 4, 2) float32
    heads = np.where(found, units[rows, best], directions)
    # Corner k where side k - 1 meets side k.
    p, u = origins[:, _PREVIOUS_SIDE], heads[:, _PREVIOUS_SIDE]
    q, v = origins, heads
    cross = (u[..., 0] * v[..., 1] - u[..., 1] * v[..., 0]).astype(np.float64)
    parallel = np.abs(cross) < 1e-6
    t = ((q[..., 0] - p[..., 0]) * v[..., 1] - (q[..., 1] - p[..., 1]) * v[..., 0]).astype(
        np.float64) / np.where(parallel, 1.0, cross)
    refined = p + t.astype(np.float32)[..., None] * u
    diagonals = (quad[:, 0] - quad[:, 2]).tolist()
    moved = np.abs(refined - quad).max(axis=(1, 2)).tolist()
    kept = (parallel.any(axis=1) | short).tolist()
    return [refine_quad(quads[number], hulls[number]) if doubtful[number]
            else quads[number] if kept[number] or moved[number] > 0.15 * math.hypot(
                *diagonals[number])
            else refined[number] for number in range(count)]


def refine_quad(quad: np.ndarray, hull: np.ndarray) -> np.ndarray:
    """`refine_quads` of one quad, its products as matrix products (the reference form).

    The four sides' distances and alignments are matrix products side by side, as the
    finder computed them before the many-at-once form: BLAS may fuse a multiply and an
    add, so a written-out sum can differ in the last bit and flip a fit that lies on a
    limit. `refine_quads` hands such quads to this form.
    """
    points = hull.reshape(-1, 2).astype(np.float32)
    starts, ends = points, np.concatenate((points[1:], points[:1]))
    steps = ends - starts
    spans = np.sqrt(steps[:, 0] * steps[:, 0] + steps[:, 1] * steps[:, 1])
    units = steps / np.maximum(spans, np.float32(1e-6))[:, None]
    sides = quad[_NEXT_CORNER] - quad  # side k runs from corner k to corner k + 1
    lengths = [math.hypot(float(x), float(y)) for x, y in sides.tolist()]
    if min(lengths) < 1:
        return quad
    lengths32 = np.array(lengths, np.float32)
    directions = sides / lengths32[:, None]
    normals = directions[:, ::-1] * _TURN  # (-dy, dx)
    off_start = np.empty((4, len(points)), np.float32)
    off_end = np.empty_like(off_start)
    along = np.empty_like(off_start)
    for side in range(4):
        off_start[side] = np.abs((starts - quad[side]) @ normals[side])
        off_end[side] = np.abs((ends - quad[side]) @ normals[side])
        along[side] = np.abs(units @ directions[side])
    lengths64 = np.array(lengths)
    fits = (
        (spans[None] >= (0.25 * lengths64).astype(np.float32)[:, None])
        & (along >= np.float32(0.97))
        & (np.maximum(off_start, off_end) <= (0.1 * lengths64).astype(np.float32)[:, None])
    )
    best = np.argmax(np.where(fits, spans[None], np.float32(-1.0)), axis=1)
    found = fits.any(axis=1)
    origins = np.where(found[:, None], starts[best], quad)  # (4, 2) float32
    heads = np.where(found[:, None], units[best], directions)
    # Corner k where side k - 1 meets side k.
    p, u = origins[_PREVIOUS_SIDE], heads[_PREVIOUS_SIDE]
    q, v = origins, heads
    cross = (u[:, 0] * v[:, 1] - u[:, 1] * v[:, 0]).astype(np.float64)
    if bool((np.abs(cross) < 1e-6).any()):
        return quad
    t = ((q[:, 0] - p[:, 0]) * v[:, 1] - (q[:, 1] - p[:, 1]) * v[:, 0]).astype(np.float64) / cross
    refined = p + t.astype(np.float32)[:, None] * u
    size = float(np.linalg.norm(quad[0] - quad[2]))
    if float(np.abs(refined - quad).max()) > 0.15 * size:
        return quad
    return refined
