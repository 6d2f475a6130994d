"""Card outlines found on the felt: quadrilaterals from a frame, before any reading.

Why apart from the classifier: finding cards is pure geometry (thresholds, contours,
corner hypotheses) and is tested on its own. Cards are found as bright, unsaturated
regions. A region that is one quadrilateral of card proportions is one card; a larger
region (touching or overlapping cards, a chip over a card) gives card hypotheses from its
right-angled corners and, for a strip of cards in a row, from the card edges inside it.
Wrong hypotheses are expected: the classifier answers "no index" for them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

__all__ = ["CARD_ASPECT", "INDEX_BOX", "CardQuad", "CardSearch", "FoundCards", "find_card_quads",
           "find_cards", "grid_weights", "index_regions", "inside_shares", "order_quad"]

CARD_ASPECT = 88 / 63  # long side / short side of a poker card
_DETECT_LONG_SIDE = 640  # frames are searched at this size (speed); quads are scaled back
# The corner index region as fractions of the card (x0, y0, x1, y1), generous enough for
# the index of most decks (rank above suit in the top-left corner).
INDEX_BOX = (0.0, 0.0, 0.24, 0.36)


def index_regions(corners: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The TL and BR index regions of a card (TL, TR, BR, BL corners) as quads.

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


def _median_u8(values: np.ndarray) -> float:
    """The (lower) median of uint8 values, from their histogram (no sorting)."""
    counts = np.bincount(values.ravel(), minlength=256).cumsum()
    return float(np.searchsorted(counts, (counts[-1] + 1) // 2))


def _card_mask(small: np.ndarray) -> np.ndarray:
    """Bright, unsaturated pixels: card faces (and the white border of a back)."""
    blue, green, red = cv2.split(small)
    lowest = cv2.min(cv2.min(blue, green), red)
    highest = cv2.max(cv2.max(blue, green), red)
    level, _ = cv2.threshold(lowest, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    # Lean towards the felt: shaded or tinted card stock is still card.
    sample = lowest[::4, ::4]
    below = sample[sample <= level]
    felt = _median_u8(below) if below.size else 0.0
    level = float(np.clip(0.65 * level + 0.35 * felt, 80, 200))
    # Unsaturated: the spread between channels is small relative to brightness.
    spread = cv2.subtract(highest, lowest)
    limit = cv2.addWeighted(highest, 0.45, highest, 0.0, 12.0)
    bright = cv2.compare(lowest, level, cv2.CMP_GT)
    grey = cv2.compare(spread, limit, cv2.CMP_LT)
    mask = cv2.bitwise_and(bright, grey)
    return cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))


def _not_felt_mask(small: np.ndarray) -> np.ndarray:
    """Pixels whose colour is far from the felt's (the frame's dominant colour)."""
    ycc = cv2.cvtColor(small, cv2.COLOR_BGR2YCrCb)
    sample = ycc[::4, ::4]
    felt = [_median_u8(sample[..., channel]) for channel in range(3)]
    luma, red_diff, blue_diff = cv2.split(ycc)
    chroma = cv2.add(cv2.absdiff(red_diff, float(felt[1])), cv2.absdiff(blue_diff, float(felt[2])))
    far = cv2.bitwise_or(cv2.compare(chroma, 20, cv2.CMP_GT),
                         cv2.compare(cv2.absdiff(luma, float(felt[0])), 70, cv2.CMP_GT))
    far = cv2.morphologyEx(far, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    return cv2.morphologyEx(far, cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))


_BACKGROUND = cv2.getStructuringElement(cv2.MORPH_RECT, (81, 81))  # wider than a card


def _lifted_mask(small: np.ndarray) -> np.ndarray:
    """Pixels much brighter than the local background (a white top-hat, glare removed)."""
    lowest = cv2.min(cv2.min(small[..., 0], small[..., 1]), small[..., 2])
    lifted = cv2.morphologyEx(lowest, cv2.MORPH_TOPHAT, _BACKGROUND)
    level, _ = cv2.threshold(lifted, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    mask = cv2.compare(lifted, max(float(level), 40.0), cv2.CMP_GT)
    return cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))


def _card_like(quad: np.ndarray) -> bool:
    sides = [math.hypot(*(quad[i] - quad[(i + 1) % 4])) for i in range(4)]
    short, long_ = sorted(((sides[0] + sides[2]) / 2, (sides[1] + sides[3]) / 2))
    return short > 0 and 1.15 <= long_ / short <= 1.85


def _intersect(p: np.ndarray, u: np.ndarray, q: np.ndarray, v: np.ndarray) -> np.ndarray | None:
    cross = float(u[0] * v[1] - u[1] * v[0])
    if abs(cross) < 1e-6:
        return None
    t = float((q[0] - p[0]) * v[1] - (q[1] - p[1]) * v[0]) / cross
    return p + t * u


def _refine_quad(quad: np.ndarray, hull: np.ndarray) -> np.ndarray:
    """Put each side on the longest straight stretch of the outline along it.

    Rounded corners, and ink touching a card's edge, pull the vertices of a polygon
    approximation inwards; the straight edges between them are reliable.
    """
    points = hull.reshape(-1, 2).astype(np.float32)
    starts, ends = points, np.roll(points, -1, axis=0)
    spans = np.linalg.norm(ends - starts, axis=1)
    units = (ends - starts) / np.maximum(spans, 1e-6)[:, None]
    lines = []
    for side in range(4):
        a, b = quad[side], quad[(side + 1) % 4]
        length = math.hypot(*(b - a))
        if length < 1:
            return quad
        direction = (b - a) / length
        normal = np.array([-direction[1], direction[0]], np.float32)
        off_start = np.abs((starts - a) @ normal)
        off_end = np.abs((ends - a) @ normal)
        fits = (
            (spans >= 0.25 * length)
            & (np.abs(units @ direction) >= 0.97)
            & (np.maximum(off_start, off_end) <= 0.1 * length)
        )
        if fits.any():
            best = int(np.argmax(np.where(fits, spans, -1.0)))
            lines.append((starts[best], units[best]))
        else:
            lines.append((a, direction))
    corners = []
    for side in range(4):
        corner = _intersect(*lines[side - 1], *lines[side])
        if corner is None:
            return quad
        corners.append(corner)
    refined = np.array(corners, np.float32)
    size = float(np.linalg.norm(quad[0] - quad[2]))
    if float(np.abs(refined - quad).max()) > 0.15 * size:
        return quad
    return refined


def _quad_from_contour(contour: np.ndarray) -> np.ndarray | None:
    """One card's corners when the region is a single card outline, else None."""
    area = cv2.contourArea(contour)
    # The hull ignores notches that ink at the card's edge cuts into the mask.
    hull = cv2.convexHull(contour)
    perimeter = cv2.arcLength(hull, True)
    for epsilon in (0.02, 0.035, 0.05):
        approx = cv2.approxPolyDP(hull, epsilon * perimeter, True)
        if len(approx) == 4:
            quad = approx.reshape(4, 2).astype(np.float32)
            quad_area = cv2.contourArea(quad)
            if quad_area > 0 and 0.88 <= area / quad_area <= 1.04 and _card_like(quad):
                return _refine_quad(quad, hull)
            break
    # A corner lost to blur or a shadow: the smallest enclosing rectangle still fits.
    rect = cv2.minAreaRect(contour)
    rect_area = rect[1][0] * rect[1][1]
    quad = cv2.boxPoints(rect).astype(np.float32)
    if rect_area > 0 and area / rect_area >= 0.8 and _card_like(quad):
        return _refine_quad(order_quad(quad), hull)
    return None


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
    points = np.einsum("pk,nkc->npc", weights, quads)
    xs = np.round(points[..., 0]).astype(np.intp)
    ys = np.round(points[..., 1]).astype(np.intp)
    height, width = mask.shape[:2]
    on_image = (xs >= 0) & (xs < width) & (ys >= 0) & (ys < height)
    values = mask[np.clip(ys, 0, height - 1), np.clip(xs, 0, width - 1)] > 0
    return (values & on_image).mean(axis=1)


def _corner_hypotheses(
    contour: np.ndarray, mask: np.ndarray, *, long_side: float, short_side: float
) -> list[np.ndarray]:
    """Cards hypothesised from right-angled corners of a merged region's outline."""
    perimeter = cv2.arcLength(contour, True)
    poly = cv2.approxPolyDP(contour, max(2.0, 0.012 * perimeter), True).reshape(-1, 2)
    poly = poly.astype(np.float32)
    count = len(poly)
    if count < 3:
        return []
    orientation = 1.0 if cv2.contourArea(poly, oriented=True) > 0 else -1.0
    found: list[tuple[float, np.ndarray]] = []
    for index in range(count):
        vertex = poly[index]
        before, after = poly[index - 1], poly[(index + 1) % count]
        e1, e2 = before - vertex, after - vertex
        n1, n2 = math.hypot(*e1), math.hypot(*e2)
        if n1 < 0.25 * short_side or n2 < 0.25 * short_side:
            continue
        u1, u2 = e1 / n1, e2 / n2
        cosine = float(np.dot(u1, u2))
        cross = float(u1[0] * u2[1] - u1[1] * u2[0])
        if abs(cosine) > 0.3 or cross * orientation > 0:  # not ~90 degrees, or a concave corner
            continue
        # Square up the corner: the bisector keeps both edges' directions fair.
        bisector = (u1 + u2) / math.hypot(*(u1 + u2))
        a = np.array([bisector[0] - bisector[1], bisector[1] + bisector[0]]) / math.sqrt(2)
        b = np.array([bisector[0] + bisector[1], bisector[1] - bisector[0]]) / math.sqrt(2)
        if np.dot(a, u1) < np.dot(b, u1):
            a, b = b, a
        for along_a, along_b, len_a, len_b in (
            (a, b, long_side, short_side),
            (a, b, short_side, long_side),
        ):
            quad = np.array(
                [vertex, vertex + along_a * len_a, vertex + along_a * len_a + along_b * len_b,
                 vertex + along_b * len_b],
                np.float32,
            )
            # Edges that end where the card's side ends are strong evidence.
            match = sum(
                0.5 for edge, want in ((n1, len_a), (n2, len_b)) if abs(edge - want) < 0.15 * want
            )
            found.append((match, quad))
    if not found:
        return []
    shares = inside_shares(mask, np.stack([quad for _, quad in found]))
    found = [(float(share) + match, quad)
             for share, (match, quad) in zip(shares, found, strict=True) if share >= 0.9]
    found.sort(key=lambda item: -item[0])
    return [quad for _, quad in found]


def _strip_hypotheses(
    gray: np.ndarray, rect: tuple, *, long_side: float, short_side: float
) -> list[np.ndarray]:
    """Cards in a row (touching or fanned): split a strip at the card edges inside it."""
    (cx, cy), (rw, rh), angle = rect
    if rw < rh:
        rw, rh, angle = rh, rw, angle + 90.0
    # The strip's height is a card's long side when cards stand side by side, its short
    # side when they lie along the strip.
    card_h = rh
    card_w = card_h / CARD_ASPECT
    if long_side and abs(rh - short_side) < abs(rh - long_side):
        card_w = long_side
    if rw < 1.3 * card_w:
        return []
    theta = math.radians(angle)
    ux = np.array([math.cos(theta), math.sin(theta)], np.float32)  # along the strip
    uy = np.array([-ux[1], ux[0]], np.float32)
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
    quads = []
    for left in lefts:
        if left + 0.6 * card_w <= width:
            quads.append((left, min(left + card_w, width)))
    for right in rights:
        if right - 0.6 * card_w >= 0:
            quads.append((max(right - card_w, 0.0), right))
    out = []
    for x0, x1 in quads:
        if x1 - x0 < 0.9 * card_w:
            continue
        corners = [origin + ux * x0, origin + ux * x1, origin + ux * x1 + uy * rh,
                   origin + ux * x0 + uy * rh]
        out.append(np.array(corners, np.float32))
    return out


def _pair_halves(
    singles: list[np.ndarray], *, among: list[np.ndarray] | None = None
) -> list[np.ndarray]:
    """Halves of outlines twice a card's area, offered as cards too.

    Two touching cards side by side make a card-shaped rectangle; the classifier tells
    which reading, the whole or the halves, is right. The typical card area comes from all
    ``singles``; only the outlines in ``among`` (default: all) are halved.
    """
    if len(singles) < 2:
        return []
    median = float(np.median([cv2.contourArea(q) for q in singles]))
    halves = []
    for quad in singles if among is None else among:
        if cv2.contourArea(quad) < 1.6 * median:
            continue
        q = order_quad(quad)  # q[0]-q[1] is a short side: halve the long sides
        mid_a, mid_b = (q[1] + q[2]) / 2, (q[0] + q[3]) / 2
        halves.append(np.array([q[0], q[1], mid_a, mid_b], np.float32))
        halves.append(np.array([mid_b, mid_a, q[2], q[3]], np.float32))
    return halves


def _dedupe(quads: list[CardQuad], *, limit: float = 0.85) -> list[CardQuad]:
    """Drop hypotheses that repeat an earlier one (same corners, either way round)."""
    if len(quads) < 2:
        return list(quads)
    corners = np.stack([quad.corners for quad in quads])  # (N, 4, 2)
    sizes = np.hypot(*(corners[:, 0] - corners[:, 2]).T)
    same = np.abs(corners[:, None] - corners[None]).max(axis=(2, 3))
    turned = np.abs(corners[:, None] - corners[None][:, :, [2, 3, 0, 1]]).max(axis=(2, 3))
    close = np.minimum(same, turned) < (1 - limit) * sizes[:, None]  # close[i, j]: i repeats j
    kept: list[int] = []
    for number in range(len(quads)):
        if not kept or not close[number, kept].any():
            kept.append(number)
    return [quads[number] for number in kept]


@dataclass(frozen=True, slots=True)
class FoundCards:
    """What the card finder saw in one frame: the hypotheses and the card-paper mask.

    Attributes:
        quads: card outlines and hypotheses, clean outlines first, in frame pixels.
        paper: the bright, unsaturated pixels (card stock) at the search size.
        scale: search size / frame size.

    """

    quads: list[CardQuad]
    paper: np.ndarray
    scale: float

    def paper_shares(self, regions: np.ndarray) -> np.ndarray:
        """Share of card stock in each region (N, 4, 2) given in frame pixels."""
        regions = np.asarray(regions, np.float32).reshape(-1, 4, 2)
        return inside_shares(self.paper, regions * self.scale, weights=_INDEX_GRID)


_INDEX_GRID = grid_weights(6)


def find_card_quads(frame: np.ndarray, *, max_hypotheses: int = 40) -> list[CardQuad]:
    """Card outlines and hypotheses in a BGR frame, in frame pixels."""
    return find_cards(frame, max_hypotheses=max_hypotheses).quads


def find_cards(frame: np.ndarray, *, max_hypotheses: int = 40) -> FoundCards:
    """Card outlines and hypotheses in a BGR frame, with the paper mask they came from."""
    search = CardSearch(frame)
    return search.found(search.hypotheses(), max_hypotheses=max_hypotheses)


class CardSearch:
    """One frame's card search in two steps: clean outlines first, hypotheses on demand.

    The recogniser reads the clean outlines first; an outline whose two corners agree on
    one card needs no hypotheses inside it (speed), so ``hypotheses`` takes the outlines
    to leave alone.

    Args:
        frame: a BGR frame.

    """

    def __init__(self, frame: np.ndarray) -> None:
        height, width = frame.shape[:2]
        self.scale = min(1.0, _DETECT_LONG_SIDE / max(height, width))
        small = frame if self.scale == 1.0 else cv2.resize(
            frame, (round(width * self.scale), round(height * self.scale)),
            interpolation=cv2.INTER_LINEAR,
        )
        self.mask = mask = _card_mask(small)
        contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        frame_area = small.shape[0] * small.shape[1]
        min_area = frame_area * 0.0012
        singles: list[tuple[np.ndarray, np.ndarray]] = []  # (quad, contour)
        merged: list[np.ndarray] = []
        for contour in contours:
            area = cv2.contourArea(contour)
            if area < min_area or area > frame_area * 0.5:
                continue
            quad = _quad_from_contour(contour)
            if quad is not None:
                singles.append((quad, contour))
            else:
                merged.append(contour)
        # Court cards and dark designs leave only a thin white rim, which blur or a shadow
        # can break: a closed mask seals it, and any new clean outline it shows is a card.
        self.closed = closed = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((7, 7), np.uint8))
        contours, _ = cv2.findContours(closed, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        # Court cards with artwork to the edge: whatever is not felt, if it is card-shaped.
        self.not_felt = not_felt = _not_felt_mask(small)
        more, _ = cv2.findContours(not_felt, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        # Glare: a bright patch of felt merges with the cards in it. Cards are brighter than
        # the felt around them however bright it is: lift them off the local background.
        lifted, _ = cv2.findContours(_lifted_mask(small), cv2.RETR_EXTERNAL,
                                     cv2.CHAIN_APPROX_SIMPLE)
        more = list(more) + list(lifted)
        # A card lying on (or against) another card or a back's white rim: cut the mask
        # along the edges inside it. Those outlines lose the edge's width, given back below.
        self.gray = gray = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
        edges = cv2.dilate(cv2.Canny(gray, 40, 120), np.ones((3, 3), np.uint8))
        separated = cv2.morphologyEx(cv2.bitwise_and(mask, cv2.bitwise_not(edges)),
                                     cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
        cut, _ = cv2.findContours(separated, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        cut_ids = {id(c) for c in cut}
        pieces: list[np.ndarray] = []  # cut outlines that are not whole cards (fanned strips)
        for contour in list(contours) + list(more) + list(cut):
            area = cv2.contourArea(contour)
            if area < min_area or area > frame_area * 0.5:
                continue
            x, y, w, h = cv2.boundingRect(contour)
            centre = (x + w / 2, y + h / 2)
            if any(cv2.pointPolygonTest(q, centre, False) >= 0 for q, _ in singles):
                continue  # already found
            quad = _quad_from_contour(contour)
            if quad is not None:
                if id(contour) in cut_ids:
                    centre_q = quad.mean(axis=0)
                    size = math.hypot(*(quad[0] - quad[2]))
                    quad = (centre_q + (quad - centre_q) * (1 + 3.0 / max(size, 1.0))).astype(
                        np.float32)
                singles.append((quad, contour))
            elif id(contour) in cut_ids:
                pieces.append(contour)
        self._singles = singles
        self._merged = merged
        self._pieces = pieces
        self.singles = [CardQuad(order_quad(q) / self.scale, True) for q, _ in singles]

    def hypotheses(self, *, settled: Sequence[int] = ()) -> list[CardQuad]:
        """Card hypotheses from merged regions, fanned strips and odd outlines.

        Args:
            settled: numbers (in ``singles``) of clean outlines known to be one card each:
                they are neither halved nor searched inside.

        """
        scale = self.scale
        quads = [q for q, _ in self._singles]
        open_quads = [q for n, q in enumerate(quads) if n not in settled]
        results = [CardQuad(order_quad(half) / scale, False)
                   for half in _pair_halves(quads, among=open_quads)]
        merged = list(self._merged)
        short_side = long_side = 0.0
        if quads:
            sizes = [sorted((math.hypot(*(q[0] - q[1])), math.hypot(*(q[1] - q[2]))))
                     for q in quads]
            short_side = float(np.median([s[0] for s in sizes]))
            long_side = float(np.median([s[1] for s in sizes]))
            # A "card" larger than most, or of odd proportions, may be a fan of cards: look
            # inside it too (the outline itself stays a candidate).
            for number, ((_, contour), (short, long_)) in enumerate(
                zip(self._singles, sizes, strict=True)
            ):
                if number in settled:
                    continue
                if (short * long_ > 1.3 * short_side * long_side
                        or not 1.25 <= long_ / short <= 1.6):
                    merged.append(contour)
        # A card may lie under a back or a chip: a hypothesis need only lie on what is not
        # felt.
        support = cv2.bitwise_or(self.closed, self.not_felt)
        for contour in merged:
            rect = cv2.minAreaRect(contour)
            rect_area = rect[1][0] * rect[1][1]
            # Card size: from the clean cards of this frame, and from this region itself
            # (far cards look smaller under perspective).
            local = float(min(rect[1]))
            sizes_here = {(round(local), round(local / CARD_ASPECT))}
            if long_side:
                sizes_here.add((round(long_side), round(short_side)))
            long_here, short_here = max(sizes_here)
            found = []
            for long_try, short_try in sorted(sizes_here):
                found += _corner_hypotheses(contour, support, long_side=long_try,
                                            short_side=short_try)
            if rect_area > 0 and cv2.contourArea(contour) / rect_area > 0.75:
                found += _strip_hypotheses(self.gray, rect, long_side=long_here,
                                           short_side=short_here)
            results += [CardQuad(order_quad(q) / scale, False) for q in found]
        # The strip a fanned card shows beside the card on top of it: its outer corners
        # are the covered card's corners (one of them holds its index). The card may lie
        # under a back or a chip (see support).
        for contour in self._pieces:
            rect = cv2.minAreaRect(contour)
            strip_long = float(max(rect[1]))
            sizes_here = {(round(strip_long), round(strip_long / CARD_ASPECT))}
            if long_side:
                sizes_here.add((round(long_side), round(short_side)))
            for long_try, short_try in sorted(sizes_here):
                found = _corner_hypotheses(contour, support, long_side=long_try,
                                           short_side=short_try)
                results += [CardQuad(order_quad(q) / scale, False) for q in found]
        return results

    def found(self, hypotheses: list[CardQuad], *, max_hypotheses: int = 40) -> FoundCards:
        """The clean outlines then the hypotheses, repeats dropped, at most max_hypotheses."""
        return FoundCards(_dedupe(self.singles + hypotheses)[:max_hypotheses], self.mask,
                          self.scale)
