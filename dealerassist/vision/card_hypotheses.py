"""Card hypotheses inside regions that are not one clean card outline.

Why apart from the outlines (geometry.py): a region of touching or overlapping cards, a
fan, or a card under a chip or a back is not one quadrilateral; the cards in it are
guessed from what does show: right-angled corners of the outline, straight card edges
across a strip of cards, halves of double outlines, and the strip a fanned card shows
beside the card on top of it. Each guess is built with the card's local size and shape
(`card_metric.CardMetric`: farther cards are smaller under a tilted camera). Wrong
hypotheses are expected (the classifier answers "no index"), but each one costs a
network read: a hypothesis must lie on what is not felt, and a fanned card's must
contain the strip it came from.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from dealerassist.vision.card_metric import SHORT_SIDE, CardMetric
from dealerassist.vision.quads import inside_shares, order_quad

__all__ = ["corner_hypotheses", "pair_halves", "strip_hypotheses"]

_SQRT_HALF = math.sqrt(0.5)


def _square_corner(w1: np.ndarray, w2: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Two unit vectors at a right angle, each near one of w1 and w2 (bisector kept)."""
    bisector = (w1 + w2) / math.hypot(*(w1 + w2))
    a = np.array([bisector[0] - bisector[1], bisector[1] + bisector[0]]) * _SQRT_HALF
    b = np.array([bisector[0] + bisector[1], bisector[1] - bisector[0]]) * _SQRT_HALF
    if np.dot(a, w1) < np.dot(b, w1):
        a, b = b, a
    return a, b


def corner_hypotheses(
    contour: np.ndarray,
    support: np.ndarray,
    metric: CardMetric,
    *,
    inset: float = 0.0,
    contain: np.ndarray | None = None,
) -> list[tuple[float, np.ndarray]]:
    """Cards hypothesised from right-angled corners of a region's outline, with scores.

    A corner is right-angled on the table (in the metric's table units, not on screen);
    from it a card lies along both edges, long side along either. The score is the share
    of the card on ``support`` (at least 0.9) plus 0.5 for each edge that ends where the
    card's side ends.

    Args:
        contour: the region's outline.
        support: pixels a card may lie on (not felt).
        metric: the card's local size and shape.
        inset: pixels the outline lies inside the card's true edge (a cut mask).
        contain: a quad the card must contain (the visible strip of a fanned card).

    """
    perimeter = cv2.arcLength(contour, True)
    poly = cv2.approxPolyDP(contour, max(2.0, 0.012 * perimeter), True).reshape(-1, 2)
    poly = poly.astype(np.float64)
    count = len(poly)
    if count < 3:
        return []
    orientation = 1.0 if cv2.contourArea(poly.astype(np.float32), oriented=True) > 0 else -1.0
    found: list[tuple[float, np.ndarray]] = []
    for index in range(count):
        vertex = poly[index]
        e1, e2 = poly[index - 1] - vertex, poly[(index + 1) % count] - vertex
        to_table = metric.to_table(vertex)
        t1, t2 = to_table @ e1, to_table @ e2
        m1, m2 = math.hypot(*t1), math.hypot(*t2)
        if m1 < 0.25 * SHORT_SIDE or m2 < 0.25 * SHORT_SIDE:
            continue
        w1, w2 = t1 / m1, t2 / m2
        cosine = float(np.dot(w1, w2))
        cross = float(w1[0] * w2[1] - w1[1] * w2[0])
        if abs(cosine) > 0.3 or cross * orientation > 0:  # not ~90 degrees, or concave
            continue
        a, b = _square_corner(w1, w2)
        to_image = metric.to_image(vertex)
        if inset:
            u1, u2 = e1 / math.hypot(*e1), e2 / math.hypot(*e2)
            vertex = vertex - inset * (u1 + u2)
        for len_a, len_b in ((1.0, SHORT_SIDE), (SHORT_SIDE, 1.0)):
            table = np.array([[0.0, 0.0], a * len_a, a * len_a + b * len_b, b * len_b])
            quad = (vertex + table @ to_image.T).astype(np.float32)
            # Edges that end where the card's side ends are strong evidence.
            match = sum(0.5 for edge, want in ((m1, len_a), (m2, len_b))
                        if abs(edge - want) < 0.15 * want)
            found.append((match, quad))
    if not found:
        return []
    shares = inside_shares(support, np.stack([quad for _, quad in found]))
    kept = [(float(share) + match, quad)
            for share, (match, quad) in zip(shares, found, strict=True) if share >= 0.9]
    if contain is not None and kept:
        area = max(cv2.contourArea(contain), 1.0)
        kept = [(score, quad) for score, quad in kept
                if cv2.intersectConvexConvex(contain, quad)[0] >= 0.85 * area]
    kept.sort(key=lambda item: -item[0])
    return kept


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
    profile = np.percentile(band[::2], 30, axis=0)
    profile = cv2.GaussianBlur(profile.reshape(1, -1), (1, 5), 0).ravel()
    threshold = max(4.0, float(profile.mean() + 2.0 * profile.std()))
    gap = max(3, round(0.18 * card_w))
    lefts = [0.0]
    rights = [float(width)]
    for x in range(gap, width - gap):
        window = profile[x - gap : x + gap + 1]
        if profile[x] >= threshold and profile[x] == window.max():
            lefts.append(float(x))
            rights.append(float(x))
    spans = []
    for left in lefts:
        if left + 0.6 * card_w <= width:
            spans.append((left, min(left + card_w, width)))
    for right in rights:
        if right - 0.6 * card_w >= 0:
            spans.append((max(right - card_w, 0.0), right))
    out = []
    for x0, x1 in spans:
        if x1 - x0 < 0.9 * card_w:
            continue
        corners = [origin + ux * x0, origin + ux * x1, origin + ux * x1 + uy * rh,
                   origin + ux * x0 + uy * rh]
        out.append(np.array(corners, np.float32))
    return out


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
