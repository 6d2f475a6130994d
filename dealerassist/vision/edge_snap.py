"""Card hypotheses put on the card edges next to their index corners before they are read.

Why: a hypothesis built from a region's outline (a fan, a pile, a card under a chip)
often lands a few pixels off the card (the polygon of a merged outline cuts corners, a
fanned strip is thin, the card metric is a fit): its index region then shows half the
index and the classifier answers "no index". The two sides that meet at an index corner
are card edges wherever that index shows: card stock on the inside, felt, a back or the
shadow of the card's edge on the outside. Each of those sides is moved along its normal
onto the straightest such edge within a few pixels (the response along the side taken
at a low percentile, so that ink beside it does not count), and the hypothesis follows
its corners. A side with no edge near it (covered by another card) stays where it was.
Nothing is added: the hypotheses are only moved, so the network reads no more patches.
How firmly a hypothesis's index corner lies on edges also ranks it: of two hypotheses
that repeat each other (a few pixels apart), the finder keeps the better placed one.
"""

from __future__ import annotations

import cv2
import numpy as np

__all__ = ["snap_quads"]

# Where along a side the edge is looked for (fractions of the side from the index corner):
# past the rounded corner, beside the index, not far into the part a fan covers.
_ALONG_SHORT = np.linspace(0.1, 0.55, 8, dtype=np.float32)
_ALONG_LONG = np.linspace(0.06, 0.4, 8, dtype=np.float32)
_REACH = 0.09  # the farthest a side moves, in card long sides
_STEP = 0.5  # pixels between the offsets tried; the response spans 4 steps (2 pixels)
# Of the 8 points along a side, the 3rd lowest response (~25th percentile) counts.
_MIN_EDGE = 14.0  # grey levels: the weakest step from card stock to what lies outside it
_GAIN = 1.25  # a side moves only to an edge this much stronger than where it lies
_MAX_ROWS = 32000  # rows of the maps given to one remap (it wants fewer than 32767)


def snap_quads(gray: np.ndarray, quads: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Move each hypothesis onto the card edges at its two index corners.

    Args:
        gray: the grey search image (uint8).
        quads: (N, 4, 2) hypotheses ordered TL, TR, BR, BL (side 0-1 short), in the
            grey image's pixels.

    Returns:
        The moved quads (N, 4, 2) float32: each index corner (TL, BR) moved by the shift
        that puts the two sides meeting there on the card's edges; TR and BL move by the
        mean of the two shifts (an affine change of the quad). A corner with no edge in
        reach stays. And how surely each quad has an index corner on card edges (N,):
        over its two index corners, the best of the weaker side's edge response where
        it ends up (grey levels).

    """
    quads = np.asarray(quads, np.float32).reshape(-1, 4, 2)
    count = len(quads)
    if count == 0:
        return quads.copy(), np.zeros(0)
    # The four sides searched, stacked: TL's short and long side, then BR's.
    vertex = np.concatenate(
        [quads[:, 0], quads[:, 0], quads[:, 2], quads[:, 2]])
    ends = np.concatenate([quads[:, 1], quads[:, 3], quads[:, 3], quads[:, 1]])
    others = np.concatenate([quads[:, 3], quads[:, 1], quads[:, 1], quads[:, 3]])
    sides = ends - vertex
    across = others - vertex
    lengths = np.hypot(sides[:, 0], sides[:, 1])
    long_len = np.tile(np.hypot(*(quads[:, 3] - quads[:, 0]).T), 4)
    ok = (lengths > 1.0) & (np.hypot(across[:, 0], across[:, 1]) > 1.0)
    units = sides / np.maximum(lengths, 1.0)[:, None]
    normal = np.stack([-units[:, 1], units[:, 0]], axis=1)
    inward = np.sign((normal * across).sum(axis=1))
    normal *= np.where(inward == 0, 1.0, inward).astype(np.float32)[:, None]
    along = np.concatenate([np.broadcast_to(t, (count, len(t)))
                            for t in (_ALONG_SHORT, _ALONG_LONG, _ALONG_SHORT, _ALONG_LONG)])
    reach = np.maximum(2.0, _REACH * long_len)
    move, edge = _side_offsets(gray, vertex, sides, normal, along, reach)
    move = np.where(ok, move, 0.0)
    edge = np.where(ok, edge, 0.0)
    shift = (move[:, None] * normal).reshape(4, count, 2)
    edge = edge.reshape(4, count)
    shift_tl, shift_br = shift[0] + shift[1], shift[2] + shift[3]
    strength = np.maximum(np.minimum(edge[0], edge[1]), np.minimum(edge[2], edge[3]))
    middle = (shift_tl + shift_br) / 2
    moved = quads.astype(np.float64)
    moved[:, 0] += shift_tl
    moved[:, 2] += shift_br
    moved[:, 1] += middle
    moved[:, 3] += middle
    return moved.astype(np.float32), strength


def _side_offsets(
    gray: np.ndarray,
    vertex: np.ndarray,
    sides: np.ndarray,
    normal: np.ndarray,
    along: np.ndarray,
    reach: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """Return how far (pixels, inwards positive) each side moves to lie on a card edge.

    The grey level is sampled along each side's normal every half pixel; the response
    at an offset is, at each point along the side, the level one pixel inside minus one
    pixel outside, and its ~25th percentile over the points says whether a straight
    edge runs there. Also returns that response where each side ends up.

    Args:
        gray: the grey search image.
        vertex: (S, 2) the corner each side starts from.
        sides: (S, 2) each side, from its corner to the next.
        normal: (S, 2) each side's unit normal, pointing into the card.
        along: (S, K) where along each side to look (fractions of it).
        reach: (S,) the farthest each side may move (pixels).

    """
    # Sides that reach more than twice as far as most are searched apart: the offsets span
    # the farthest reach searched with them, so one large hypothesis does not make every
    # small one search as far (the work and memory grow with the offsets; each side's
    # result is the same). Real frames' snaps: 1.8 -> 1.3 ms; renders' 0.66 -> 0.73.
    spans = np.ceil(reach / _STEP).astype(np.int64)
    large = spans > 2 * np.median(spans)
    if not large.any():
        return _offsets_within(gray, vertex, sides, normal, along, reach, int(spans.max()))
    move = np.zeros(len(vertex), np.float32)
    edge = np.zeros(len(vertex), np.float32)
    for these in (np.flatnonzero(~large), np.flatnonzero(large)):
        move[these], edge[these] = _offsets_within(
            gray, vertex[these], sides[these], normal[these], along[these], reach[these],
            int(spans[these].max()))
    return move, edge


def _offsets_within(gray: np.ndarray, vertex: np.ndarray, sides: np.ndarray,
                    normal: np.ndarray, along: np.ndarray, reach: np.ndarray, span: int,
                    ) -> tuple[np.ndarray, np.ndarray]:
    """`_side_offsets` for sides whose reach is at most ``span`` steps."""
    offsets = np.arange(-span - 2, span + 3, dtype=np.float32) * _STEP  # 2 more each way
    points = vertex[:, None] + along[..., None] * sides[:, None]  # (S, K, 2)
    count, width = len(vertex), along.shape[1]
    # The points along a side first, one row of the maps per point of a side (remap wants
    # fewer than 32767 rows and columns): each point's plane (S, M) comes out contiguous.
    points = points.transpose(1, 0, 2)  # (K, S, 2)
    map_x = points[..., 0, None] + offsets * normal[:, 0, None]  # (K, S, M)
    map_y = points[..., 1, None] + offsets * normal[:, 1, None]
    map_x, map_y = map_x.reshape(width * count, -1), map_y.reshape(width * count, -1)
    values = np.concatenate([
        cv2.remap(gray, map_x[start : start + _MAX_ROWS], map_y[start : start + _MAX_ROWS],
                  cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        for start in range(0, len(map_x), _MAX_ROWS)])
    values = values.reshape(width, count, len(offsets)).astype(np.int16)
    response = values[:, :, 4:] - values[:, :, :-4]  # inside minus outside, (K, S, M)
    offsets = offsets[2:-2]
    profile = _third_lowest(response).astype(np.float32)  # (S, M), whole grey levels
    profile[np.abs(offsets)[None] > reach[:, None]] = -np.inf
    best = np.argmax(profile, axis=1)
    rows = np.arange(count)
    strongest = profile[rows, best]
    here = profile[:, span]
    moved = (strongest >= _MIN_EDGE) & (strongest >= _GAIN * np.maximum(here, 0.0))
    # Sub-pixel: the vertex of the parabola through the peak and its neighbours.
    left = profile[rows, np.maximum(best - 1, 0)]
    right = profile[rows, np.minimum(best + 1, len(offsets) - 1)]
    inner = (best > 0) & (best < len(offsets) - 1) & np.isfinite(left) & np.isfinite(right)
    left, right = np.where(inner, left, strongest), np.where(inner, right, strongest)
    curve = left - 2 * strongest + right
    fraction = np.where(curve < 0, 0.5 * (left - right) / np.where(curve < 0, curve, -1.0), 0.0)
    return (np.where(moved, offsets[best] + np.clip(fraction, -0.5, 0.5) * _STEP, 0.0),
            np.where(moved, strongest, here))


def _third_lowest(values: np.ndarray) -> np.ndarray:
    """Return the third lowest along the first axis (``np.partition(v, 2, axis=0)[2]``).

    The three lowest so far are kept through the first axis, elementwise over the others
    (a partition over a short axis pays its overhead per row: slower).
    """
    first = np.minimum(values[0], values[1])
    second = np.maximum(values[0], values[1])
    # The third value: the third lowest of three is the largest (any dtype, no infinity).
    third = np.maximum(second, values[2])
    second = np.minimum(second, np.maximum(first, values[2]))
    first = np.minimum(first, values[2])
    for value in values[3:]:
        np.minimum(third, np.maximum(second, value), out=third)
        np.minimum(second, np.maximum(first, value), out=second)
        np.minimum(first, value, out=first)
    return third
