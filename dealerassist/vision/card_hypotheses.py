"""Card hypotheses inside regions that are not one clean card outline.

Why apart from the outlines (geometry.py): a region of touching or overlapping cards, a
fan, or a card under a chip or a back is not one quadrilateral; the cards in it are
guessed from what does show: right-angled corners of the outline (a rounded corner, a
short edge between two vertices, where the edges beside it meet), straight card edges
across a strip of cards, halves of double outlines, the strip a fanned card shows
beside the card on top of it, straight lines across card stock inside a region (the
edge of a card lying on another), and two square edges of the outline whose corner is
hidden on another card. Each guess is built with the card's local size and shape
(`card_metric.CardMetric`: farther cards are smaller under a tilted camera). Wrong
hypotheses are expected (the classifier answers "no index"), but each one costs a
network read: a hypothesis must lie on what is not felt, and a fanned card's must
contain the strip it came from.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from dealerassist.vision.card_metric import SHORT_SIDE, CardMetric
from dealerassist.vision.quads import inside_shares, order_quad

__all__ = ["CornerSearch", "corner_hypotheses", "line_hypotheses", "many_corner_hypotheses",
           "pair_halves", "strip_hypotheses"]

_CLOCKWISE = np.array([1.0, -1.0])  # (y, x) times this: (x, y) turned a quarter on screen


def _apply(maps: np.ndarray, vectors: np.ndarray) -> np.ndarray:
    """Return each 2x2 map (N, 2, 2) applied to its vector (N, 2), as einsum 'nij,nj->ni'."""
    out = np.empty_like(vectors, dtype=np.float64)
    out[:, 0] = maps[:, 0, 0] * vectors[:, 0] + maps[:, 0, 1] * vectors[:, 1]
    out[:, 1] = maps[:, 1, 0] * vectors[:, 0] + maps[:, 1, 1] * vectors[:, 1]
    return out


def _apply_corners(maps: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """Return each 2x2 map (N, 2, 2) applied to its corners (N, 4, 2): 'nij,nkj->nki'."""
    out = np.empty_like(corners)
    out[..., 0] = maps[:, None, 0, 0] * corners[..., 0] + maps[:, None, 0, 1] * corners[..., 1]
    out[..., 1] = maps[:, None, 1, 0] * corners[..., 0] + maps[:, None, 1, 1] * corners[..., 1]
    return out


@dataclass(frozen=True, slots=True)
class CornerSearch:
    """One region's corners to build card hypotheses from (see `corner_hypotheses`).

    Attributes:
        contour: the region's outline.
        metric: the card's local size and shape.
        inset: pixels the outline lies inside the card's true edge (a cut mask).
        contain: a quad the card must contain (the visible strip of a fanned card).
        min_edge: the shortest edge (table units) a corner is taken from.

    """

    contour: np.ndarray
    metric: CardMetric
    inset: float = 0.0
    contain: np.ndarray | None = None
    min_edge: float = 0.25 * SHORT_SIDE


def corner_hypotheses(
    contour: np.ndarray,
    support: np.ndarray,
    metric: CardMetric,
    *,
    inset: float = 0.0,
    contain: np.ndarray | None = None,
    min_edge: float = 0.25 * SHORT_SIDE,
) -> list[tuple[float, np.ndarray]]:
    """Cards hypothesised from right-angled corners of a region's outline, with scores.

    A corner is right-angled on the table (in the metric's table units, not on screen);
    from it a card lies along both edges, long side along either. The corner is squared
    with the longer edge trusted more (a fanned card may show a strip only a few pixels
    wide). The score is the share of the card on ``support`` (at least 0.9) plus 0.5 for
    each edge that ends where the card's side ends. All corners are worked out at once.

    Args:
        contour: the region's outline.
        support: pixels a card may lie on (not felt).
        metric: the card's local size and shape.
        inset: pixels the outline lies inside the card's true edge (a cut mask).
        contain: a quad the card must contain (the visible strip of a fanned card).
        min_edge: the shortest edge (table units) a corner is taken from.

    """
    search = CornerSearch(contour, metric, inset=inset, contain=contain, min_edge=min_edge)
    return many_corner_hypotheses([search], support)[0]


def _polygon(search: CornerSearch) -> np.ndarray:
    """Return the region's outline simplified to its corners, (P, 2)."""
    perimeter = cv2.arcLength(search.contour, True)
    return cv2.approxPolyDP(search.contour, max(2.0, 0.012 * perimeter), True).reshape(-1, 2)


# The longest edge (table units, a card's long side 1) taken for a rounded or nicked corner
# of a region's outline, the edges on either side meeting beyond it (0: none is).
_CUT_CORNER = 0.12


def _cross(first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """Return the cross products of vectors (N, 2), row by row."""
    return first[:, 0] * second[:, 1] - first[:, 1] * second[:, 0]


def _cut_corners(
    poly: np.ndarray, to_table: np.ndarray, *, e1: np.ndarray, e2: np.ndarray,
    following: np.ndarray, count: np.ndarray,
) -> tuple[np.ndarray, ...] | None:
    """Corners of outlines simplified to a short edge (a card's rounded or nicked corner).

    A card's rounded corner, or one nicked by its index's ink in a cut mask, becomes a
    short edge between two vertices, neither of them right-angled. Where the edges on
    either side of a short edge meet just beyond it (each within its length), there is
    the card's corner.

    Args:
        poly: vertices of all outlines (V, 2).
        to_table: each vertex's image-to-table map (V, 2, 2).
        e1: each vertex to the previous one.
        e2: each vertex to the next one.
        following: each vertex's next vertex (its row).
        count: each vertex's outline's vertex count.

    Returns:
        None, or the rows of the short edges' first vertices, the corners (C, 2), and the
        far ends of the edges on either side (C, 2 each).

    """
    table = _apply(to_table, e2)
    short = (count >= 4) & (table[:, 0] * table[:, 0] + table[:, 1] * table[:, 1]
                            <= _CUT_CORNER * _CUT_CORNER)
    if not short.any():
        return None
    rows = np.flatnonzero(short)
    gap = e2[rows]  # the short edge
    back = -e1[rows]  # the edge before it, towards it
    ahead = e2[following[rows]]  # the edge after it, away from it
    det = _cross(back, ahead)
    with np.errstate(divide="ignore", invalid="ignore"):
        beyond_first = _cross(gap, ahead) / det  # corner = first + beyond_first * back
        before_second = _cross(back, gap) / det  # corner = second - before_second * ahead
    length = np.hypot(gap[:, 0], gap[:, 1])
    near = ((beyond_first >= 0) & (before_second >= 0)
            & (beyond_first * np.hypot(back[:, 0], back[:, 1]) <= length)
            & (before_second * np.hypot(ahead[:, 0], ahead[:, 1]) <= length))
    if not near.any():
        return None
    rows, back, ahead, beyond_first = rows[near], back[near], ahead[near], beyond_first[near]
    corner = poly[rows] + beyond_first[:, None] * back
    second = following[rows]
    return rows, corner, poly[rows] + e1[rows], poly[second] + e2[second]


def many_corner_hypotheses(
    searches: Sequence[CornerSearch], support: np.ndarray
) -> list[list[tuple[float, np.ndarray]]]:
    """`corner_hypotheses` of several regions at once: one list (best first) per region.

    The regions' corners are stacked and worked out together (each one exactly as alone:
    the arithmetic is per corner), so a frame pays numpy's cost per call once, not once a
    region.
    """
    out: list[list[tuple[float, np.ndarray]]] = [[] for _ in searches]
    polys, owners, signs, maps_in, maps_out = [], [], [], [], []
    by_metric: dict[int, list[int]] = {}
    for number, search in enumerate(searches):
        poly = _polygon(search)
        if len(poly) < 3:
            continue
        poly = poly.astype(np.float64)
        polys.append(poly)
        owners.append(number)
        signs.append(1.0 if cv2.contourArea(poly.astype(np.float32), oriented=True) > 0
                     else -1.0)
        by_metric.setdefault(id(search.metric), []).append(len(polys) - 1)
    if not polys:
        return out
    sizes = np.array([len(poly) for poly in polys])
    maps_in = [None] * len(polys)
    maps_out = [None] * len(polys)
    for members in by_metric.values():
        metric = searches[owners[members[0]]].metric
        to_table, to_image = metric.maps(np.concatenate([polys[k] for k in members]))
        bounds = np.cumsum([0] + [len(polys[k]) for k in members])
        for k, start, stop in zip(members, bounds[:-1], bounds[1:], strict=True):
            maps_in[k], maps_out[k] = to_table[start:stop], to_image[start:stop]
    poly = np.concatenate(polys)
    group = np.repeat(np.arange(len(polys)), sizes)  # each vertex's polygon
    first = np.repeat(np.cumsum(sizes) - sizes, sizes)
    place = np.arange(len(poly)) - first
    count = sizes[group]
    e1 = poly[first + (place - 1) % count] - poly  # to the previous vertex
    e2 = poly[first + (place + 1) % count] - poly  # to the next vertex
    to_table, to_image = np.concatenate(maps_in), np.concatenate(maps_out)
    if _CUT_CORNER > 0:
        # A rounded or nicked corner is simplified to a short edge between two vertices:
        # the corner where the edges on either side of it meet is searched too.
        cut = _cut_corners(poly, to_table, e1=e1, e2=e2,
                           following=first + (place + 1) % count, count=count)
        if cut is not None:
            rows, corner, before, beyond = cut
            poly = np.concatenate([poly, corner])
            e1 = np.concatenate([e1, before - corner])
            e2 = np.concatenate([e2, beyond - corner])
            to_table = np.concatenate([to_table, to_table[rows]])
            to_image = np.concatenate([to_image, to_image[rows]])
            group = np.concatenate([group, group[rows]])
    t1, t2 = _apply(to_table, e1), _apply(to_table, e2)
    m1, m2 = np.hypot(t1[:, 0], t1[:, 1]), np.hypot(t2[:, 0], t2[:, 1])
    min_edge = np.array([searches[n].min_edge for n in owners])[group]
    keep = (m1 >= min_edge) & (m2 >= min_edge)
    if not keep.any():
        return out
    with np.errstate(divide="ignore", invalid="ignore"):
        w1, w2 = t1 / m1[:, None], t2 / m2[:, None]
    cross = w1[:, 0] * w2[:, 1] - w1[:, 1] * w2[:, 0]
    orientation = np.array(signs)[group]
    # About 90 degrees on the table, and convex.
    right = keep & (np.abs((w1 * w2).sum(axis=1)) <= 0.3) & (cross * orientation <= 0)
    if not right.any():
        return out
    chosen = np.flatnonzero(right)
    w1, w2, cross = w1[chosen], w2[chosen], cross[chosen]
    m1, m2 = m1[chosen], m2[chosen]
    # Square the corner: w2 turned a quarter towards w1, both weighed by their length.
    # A quarter turn one way or the other (negation and swapping are exact).
    sense = np.where(cross[:, None] > 0, _CLOCKWISE, -_CLOCKWISE)
    turn = w2[:, ::-1] * sense
    along = m1[:, None] * w1 + m2[:, None] * turn
    a = along / np.hypot(along[:, 0], along[:, 1])[:, None]
    b = a[:, ::-1] * -sense
    vertex = poly[chosen]
    insets = np.array([searches[n].inset for n in owners])[group[chosen]]
    if insets.any():
        inset = insets != 0
        u1 = e1[chosen] / np.hypot(e1[chosen, 0], e1[chosen, 1])[:, None]
        u2 = e2[chosen] / np.hypot(e2[chosen, 0], e2[chosen, 1])[:, None]
        vertex = np.where(inset[:, None], vertex - insets[:, None] * (u1 + u2), vertex)
    quads, matches = [], []
    to_image = to_image[chosen]
    for len_a, len_b in ((1.0, SHORT_SIDE), (SHORT_SIDE, 1.0)):
        table = np.zeros((len(a), 4, 2))
        table[:, 1], table[:, 3] = a * len_a, b * len_b
        table[:, 2] = a * len_a + b * len_b  # (n, 4, 2): the card's corners on the table
        quads.append(vertex[:, None] + _apply_corners(to_image, table))
        # Edges that end where the card's side ends are strong evidence.
        matches.append(0.5 * (np.abs(m1 - len_a) < 0.15 * len_a)
                       + 0.5 * (np.abs(m2 - len_b) < 0.15 * len_b))
    stacked = np.stack(quads, 1).reshape(-1, 4, 2).astype(np.float32)  # corner by corner
    shares = inside_shares(support, stacked)
    scores = (np.stack(matches, 1).ravel() + shares).tolist()
    regions = np.repeat(np.array(owners)[group[chosen]], 2).tolist()
    for number in np.flatnonzero(shares >= 0.9).tolist():
        out[regions[number]].append((scores[number], stacked[number]))
    for number, kept in enumerate(out):
        contain = searches[number].contain
        if contain is not None and kept:
            area = max(cv2.contourArea(contain), 1.0)
            kept = [(score, quad) for score, quad in kept
                    if cv2.intersectConvexConvex(contain, quad)[0] >= 0.85 * area]
        kept.sort(key=lambda item: -item[0])
        out[number] = kept
    return out


def _percentile_30(rows: np.ndarray) -> np.ndarray:
    """``np.percentile(rows, 30, axis=0)`` (linear), bit for bit, without its overhead.

    The two order statistics around the virtual index, interpolated as numpy does (the
    weight as a Python float, from the upper one when it is at least a half).
    """
    count = rows.shape[0]
    virtual = (count - 1) * 0.3
    if virtual >= count - 1:
        return np.partition(rows, -1, axis=0)[-1]
    low = math.floor(virtual)
    ordered = np.partition(rows, [low, low + 1], axis=0)
    below, above = ordered[low], ordered[low + 1]
    gamma = virtual - low
    step = above - below
    if gamma >= 0.5:
        return above - step * (1 - gamma)
    return below + step * gamma


def strip_hypotheses(
    gray: np.ndarray, rect: tuple, metric: CardMetric | None
) -> list[np.ndarray]:
    """Cards in a row (touching or fanned): split a strip at the card edges inside it.

    The strip's height is a card's long side when cards stand side by side, its short
    side when they lie along the strip; the metric at the strip's centre says which.
    """
    (cx, cy), (rw, rh), angle = rect
    if rw < rh:
        rw, rh, angle = rh, rw, angle + 90.0
    theta = math.radians(angle)
    ux = np.array([math.cos(theta), math.sin(theta)], np.float32)  # along the strip
    uy = np.array([-ux[1], ux[0]], np.float32)
    card_h = rh
    card_w = card_h * SHORT_SIDE
    if metric is not None:
        to_table = metric.to_table(np.array([cx, cy]))
        along = 1.0 / max(math.hypot(*(to_table @ ux)), 1e-9)  # pixels per table unit
        across = 1.0 / max(math.hypot(*(to_table @ uy)), 1e-9)
        if abs(rh - across * SHORT_SIDE) < abs(rh - across):
            card_w = along  # cards lying along the strip: their long side along it
        else:
            card_w = along * SHORT_SIDE
    if rw < 1.3 * card_w:
        return []
    origin = np.array([cx, cy], np.float32) - ux * rw / 2 - uy * rh / 2
    width, height = max(8, round(rw)), max(8, round(rh))
    src = np.array([origin, origin + ux * rw, origin + ux * rw + uy * rh], np.float32)
    dst = np.array([[0, 0], [width, 0], [width, height]], np.float32)
    strip = cv2.warpAffine(gray, cv2.getAffineTransform(src, dst), (width, height))
    edges = np.abs(cv2.Sobel(strip, cv2.CV_32F, 1, 0, ksize=3))
    band = edges[round(height * 0.1) : round(height * 0.9)]
    # A card edge runs the full height: use a low percentile so glyph edges do not count.
    profile = _percentile_30(band[::2])
    profile = cv2.GaussianBlur(profile.reshape(1, -1), (1, 5), 0).ravel()
    threshold = max(4.0, float(profile.mean() + 2.0 * profile.std()))
    gap = max(3, round(0.18 * card_w))
    # Card edges: peaks above the threshold, the highest within gap on either side.
    edges_at: list[float] = []
    if width - 2 * gap > 0:
        centre = profile[gap : width - gap]
        # The highest within gap on either side: a running maximum (exact).
        highest = cv2.dilate(profile.reshape(1, -1), np.ones((1, 2 * gap + 1), np.uint8))
        peaks = (centre >= threshold) & (centre == highest[0, gap : width - gap])
        edges_at = (np.flatnonzero(peaks) + gap).astype(float).tolist()
    lefts = [0.0, *edges_at]
    rights = [float(width), *edges_at]
    spans = []
    for left in lefts:
        if left + 0.6 * card_w <= width:
            spans.append((left, min(left + card_w, width)))
    for right in rights:
        if right - 0.6 * card_w >= 0:
            spans.append((max(right - card_w, 0.0), right))
    spans = [(x0, x1) for x0, x1 in spans if x1 - x0 >= 0.9 * card_w]
    if not spans:
        return []
    # All spans at once, in float32 as one corner at a time was (x0 and x1 taken to float32).
    ends = np.array(spans, np.float32)
    near, far = origin + ux * ends[:, :1], origin + ux * ends[:, 1:]
    return list(np.stack([near, far, far + uy * rh, near + uy * rh], axis=1))


def pair_halves(quads: list[np.ndarray], metric: CardMetric | None) -> list[np.ndarray]:
    """Halves of outlines twice a card's area, offered as cards too.

    Two touching cards side by side make a card-shaped rectangle; the classifier tells
    which reading, the whole or the halves, is right.
    """
    if metric is None:
        return []
    halves = []
    for quad in quads:
        if cv2.contourArea(quad) < 1.6 * metric.card_area(quad.mean(axis=0)):
            continue
        q = order_quad(quad)  # q[0]-q[1] is a short side: halve the long sides
        mid_a, mid_b = (q[1] + q[2]) / 2, (q[0] + q[3]) / 2
        halves.append(np.array([q[0], q[1], mid_a, mid_b], np.float32))
        halves.append(np.array([mid_b, mid_a, q[2], q[3]], np.float32))
    return halves


# Card edges inside a region (`line_hypotheses`): Canny's thresholds on the grey search
# image, and the smallest region searched, in cards' areas (a smaller one holds no edge of
# a card lying on another).
_CANNY = (30, 90)
_MIN_CARDS = 1.3
_LINE_VOTES = 0.3  # Hough votes, in a card's long side (pixels)
_LINE_GAP = 0.08  # the widest gap a line bridges, in a card's long side (0.15 / 0.3: +4 /
# +7 cards, +3 / +8 false reports on seeds 3030/3131/3232/2027)
_RING = np.array([[math.cos(k * math.pi / 4), math.sin(k * math.pi / 4)] for k in range(8)])


def line_hypotheses(
    gray: np.ndarray, paper: np.ndarray, support: np.ndarray, metric: CardMetric | None,
    contours: Sequence[np.ndarray],
) -> list[np.ndarray]:
    """Cards whose long edge shows as a straight line inside a region of cards.

    In a fan or a pile, a card lying on another shows its edge over that card as a thin
    line of shadow across card stock: not on the region's outline, so no outline corner
    gives the card. A straight line on card stock longer than a card is wide (and no
    longer than a card is long) is taken as a card's long side; where one of its ends
    touches what is not card stock (the fan's edge), that end is the card's corner, and the
    card runs a card's length from it along the line, a card's width to either side. Only hypotheses
    lying on what is not felt (``support``) are kept, repeats dropped; the classifier
    answers "no index" for the wrong ones.
    """
    if metric is None or not contours:
        return []
    # Regions of more than one card (by area), with the local card's long side in pixels.
    boxes, sizes = [], []
    for contour in contours:
        x, y, w, h = cv2.boundingRect(contour)
        long_px = 1.0 / math.sqrt(max(abs(float(np.linalg.det(
            metric.to_table(np.array([x + w / 2, y + h / 2]))))), 1e-12))
        if min(w, h) >= 8 and cv2.contourArea(contour) >= _MIN_CARDS * SHORT_SIDE * long_px**2:
            boxes.append((x, y, w, h))
            sizes.append(long_px)
    if not boxes:
        return []
    # One edge map over all of them (Canny on their common bounding box), read per region.
    spans = np.array(boxes)
    left, top = spans[:, :2].min(axis=0)
    right, bottom = (spans[:, :2] + spans[:, 2:]).max(axis=0)
    edges = cv2.bitwise_and(cv2.Canny(gray[top:bottom, left:right], *_CANNY),
                            paper[top:bottom, left:right])
    found = []
    for (x, y, w, h), long_px in zip(boxes, sizes, strict=True):
        lines = cv2.HoughLinesP(edges[y - top:y - top + h, x - left:x - left + w], 1,
                                math.pi / 180, threshold=max(8, round(_LINE_VOTES * long_px)),
                                minLineLength=0.45 * long_px,
                                maxLineGap=max(3.0, _LINE_GAP * long_px))
        if lines is not None:
            found.append(lines.reshape(-1, 4).astype(np.float64) + [x, y, x, y])
    if not found:
        return []
    segments = np.concatenate(found)
    a, b = segments[:, :2], segments[:, 2:]
    length = np.linalg.norm(b - a, axis=1)
    u = (b - a) / np.maximum(length, 1e-9)[:, None]
    n = u @ np.array([[0.0, 1.0], [-1.0, 0.0]])  # u turned a quarter
    here = metric.maps((a + b) / 2)[0]
    along = 1.0 / np.maximum(np.linalg.norm(_apply(here, u), axis=1), 1e-9)
    width = SHORT_SIDE / np.maximum(np.linalg.norm(_apply(here, n), axis=1), 1e-9)
    long_side = (length > 1.15 * SHORT_SIDE * along) & (length < 1.1 * along)
    height, wide = paper.shape
    reach = (0.12 * width + 2)[:, None]
    quads = []
    for end, towards in ((a, u), (b, -u)):
        # The end is at the region's edge: something not card stock lies within reach of it
        # (sampled on a ring of eight points).
        px = np.clip(np.rint(end[:, :1] + reach * _RING[:, 0]).astype(int), 0, wide - 1)
        py = np.clip(np.rint(end[:, 1:] + reach * _RING[:, 1]).astype(int), 0, height - 1)
        at_edge = long_side & (paper[py, px] == 0).any(axis=1)
        if not at_edge.any():
            continue
        e, far = end[at_edge], end[at_edge] + towards[at_edge] * along[at_edge, None]
        for sign in (1.0, -1.0):
            side = sign * n[at_edge] * width[at_edge, None]
            quads.append(np.stack([e, far, far + side, e + side], axis=1))
    if not quads:
        return []
    stack = np.concatenate(quads).astype(np.float32)
    stack = stack[inside_shares(support, stack) >= 0.85]
    # A line's two sides of shadow, or one line found in two regions, give the same card
    # twice.
    return _distinct(stack)


# Hidden corners (`hidden_corner_hypotheses`): the shortest outline edge taken (table units),
# how far (table units) a side's visible stretch may start past the hidden corner, and how
# far from square (cosine, on the table) two edges may be.
_HIDDEN_EDGE = 0.3 * SHORT_SIDE
_HIDDEN_GAP = 0.5
_HIDDEN_SQUARE = 0.17
_HIDDEN_FIT = 0.04  # the outline simplified to this share of a card's width
_HIDDEN_OVER = 0.05  # an edge may start this far (table units) before the corner


def hidden_corner_hypotheses(
    contours: Sequence[np.ndarray], support: np.ndarray, metric: CardMetric | None
) -> list[np.ndarray]:
    """Cards whose corner is hidden, from two square edges of a region's outline.

    A card lying on the corner of another, or under it, shows two of its sides against the
    felt, but not the corner where they meet: that lies on (or under) the other card, and
    the region's outline turns away along the other card's edge before it. Extended, the
    two sides meet at the hidden corner. Any two straight edges of the outline that are
    square on the table, the region inside both, each running away from the point where
    they meet (starting within half a card's length of it, and no longer than the card's
    side), give a card there, its long side along either. Adjacent edges are the outline's
    own corners (`corner_hypotheses`). All regions are worked out at once (speed).
    """
    if metric is None or not contours:
        return []
    edges = _outline_edges(contours, metric)
    if edges is None:
        return []
    start, edge, table, length, normal, group, place, count = edges
    # Pairs of long enough edges of one outline, not neighbours.
    pairs = []
    for number in np.unique(group):
        rows = np.flatnonzero((group == number) & (length >= _HIDDEN_EDGE))
        if len(rows) >= 2:
            pairs.append(rows[_pairs(len(rows))])
    if not pairs:
        return []
    i, j = np.concatenate(pairs, axis=1)
    steps = np.abs(place[j] - place[i])
    apart = np.minimum(steps, count[i] - steps) >= 2
    wi = table[i] / length[i, None]
    wj = table[j] / length[j, None]
    keep = apart & (np.abs((wi * wj).sum(axis=1)) <= _HIDDEN_SQUARE)
    i, j = i[keep], j[keep]
    if not len(i):
        return []
    # Where the two lines meet.
    ei, ej = edge[i], edge[j]
    with np.errstate(divide="ignore", invalid="ignore"):
        t = _cross(start[j] - start[i], ej) / _cross(ei, ej)
        corner = start[i] + t[:, None] * ei  # parallel lines meet nowhere: inf, dropped below
    finite = np.isfinite(corner).all(axis=1)
    i, j, corner = i[finite], j[finite], corner[finite]
    if not len(i):
        return []
    here_table, here_image = metric.maps(corner)
    reach = []
    for k in (i, j):
        # Each edge runs away from the corner: its ends' distances along it (table).
        u = _apply(here_table, edge[k])
        u /= np.maximum(np.hypot(u[:, 0], u[:, 1]), 1e-9)[:, None]
        near = (_apply(here_table, start[k] - corner) * u).sum(axis=1)
        far = (_apply(here_table, start[k] + edge[k] - corner) * u).sum(axis=1)
        sign = np.where(near + far >= 0, 1.0, -1.0)
        near, far = np.minimum(near * sign, far * sign), np.maximum(near * sign, far * sign)
        reach.append((u * sign[:, None], near, far))
    (ui, near_i, far_i), (uj, near_j, far_j) = reach
    # The region lies inside both edges, towards the other one.
    inward = (((normal[i] * _apply(here_image, uj)).sum(axis=1) > 0)
              & ((normal[j] * _apply(here_image, ui)).sum(axis=1) > 0))
    ok = (inward & (near_i >= -_HIDDEN_OVER) & (near_j >= -_HIDDEN_OVER)
          & (near_i <= _HIDDEN_GAP) & (near_j <= _HIDDEN_GAP))
    if not ok.any():
        return []
    ui, uj, far_i, far_j = ui[ok], uj[ok], far_i[ok], far_j[ok]
    corner, here_image = corner[ok], here_image[ok]
    # Square the corner on the table: the edge that reaches farther is trusted.
    vi, vj = _squared(ui, uj, far_i >= far_j)
    quads = []
    for len_i, len_j in ((1.0, SHORT_SIDE), (SHORT_SIDE, 1.0)):
        fits = (far_i <= 1.1 * len_i) & (far_j <= 1.1 * len_j)
        if not fits.any():
            continue
        card = np.zeros((int(fits.sum()), 4, 2))
        card[:, 1] = vi[fits] * len_i
        card[:, 3] = vj[fits] * len_j
        card[:, 2] = card[:, 1] + card[:, 3]
        quads.append(corner[fits][:, None] + _apply_corners(here_image[fits], card))
    if not quads:
        return []
    stack = np.concatenate(quads).astype(np.float32)
    return _distinct(stack[inside_shares(support, stack) >= 0.9])


@functools.lru_cache(maxsize=64)
def _pairs(count: int) -> np.ndarray:
    """Every pair of ``count`` items, (2, P), read-only (kept: numpy's is slow to build)."""
    pairs = np.stack(np.triu_indices(count, k=1))
    pairs.flags.writeable = False
    return pairs


def _outline_edges(
    contours: Sequence[np.ndarray], metric: CardMetric
) -> tuple[np.ndarray, ...] | None:
    """Regions' outlines as straight edges, at the scale of a card (a pile's is long).

    Outlines of fewer than five edges (one card) are left out. Returns None when none is
    left, else, for every edge of them all: its start (E, 2), its vector, its vector and
    its length in table units, its unit normal pointing into the region, its outline's
    number, its place in that outline and that outline's edge count.
    """
    boxes = np.array([cv2.boundingRect(contour) for contour in contours], np.float64)
    centres = boxes[:, :2] + boxes[:, 2:] / 2
    roots = metric.maps(centres)[1]  # a card's area is |det| x SHORT_SIDE
    widths = np.sqrt(np.abs(np.linalg.det(roots)) * SHORT_SIDE * SHORT_SIDE)
    polys, senses = [], []
    for contour, width in zip(contours, widths.tolist(), strict=True):
        poly = cv2.approxPolyDP(contour, max(1.5, _HIDDEN_FIT * width), True).reshape(-1, 2)
        if len(poly) >= 5:
            polys.append(poly.astype(np.float64))
            # The region lies on one side of every edge of its (simple) outline: which
            # one, the outline's turning sense says.
            senses.append(1.0 if cv2.contourArea(poly.astype(np.float32), oriented=True) > 0
                          else -1.0)
    if not polys:
        return None
    sizes = np.array([len(poly) for poly in polys])
    group = np.repeat(np.arange(len(polys)), sizes)
    place = np.arange(int(sizes.sum())) - np.repeat(np.cumsum(sizes) - sizes, sizes)
    start = np.concatenate(polys)
    stop = np.concatenate([np.concatenate([poly[1:], poly[:1]]) for poly in polys])
    edge = stop - start
    table = _apply(metric.maps((start + stop) / 2)[0], edge)
    length = np.hypot(table[:, 0], table[:, 1])
    normal = np.array(senses)[group][:, None] * edge[:, ::-1] * np.array([-1.0, 1.0])
    normal /= np.maximum(np.hypot(edge[:, 0], edge[:, 1]), 1e-9)[:, None]
    return start, edge, table, length, normal, group, place, sizes[group]


def _squared(
    first: np.ndarray, second: np.ndarray, trust_first: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Two unit directions (N, 2) made square: the trusted one kept, the other turned."""
    def turned(keep: np.ndarray, towards: np.ndarray) -> np.ndarray:
        quarter = np.stack([-keep[:, 1], keep[:, 0]], axis=1)
        return np.where(((quarter * towards).sum(axis=1) >= 0)[:, None], quarter, -quarter)
    return (np.where(trust_first[:, None], first, turned(second, first)),
            np.where(trust_first[:, None], turned(first, second), second))


def _distinct(stack: np.ndarray) -> list[np.ndarray]:
    """Return the quads (N, 4, 2) less repeats: corners all within 0.15 of a card's width."""
    if len(stack) < 2:
        return list(stack)
    gaps = np.abs(stack[:, None] - stack[None, :]).max(axis=(2, 3))
    short = np.linalg.norm(stack[:, 3] - stack[:, 0], axis=1)
    same = np.triu(gaps <= 0.15 * short[:, None], k=1)
    return list(stack[~same.any(axis=0)])

