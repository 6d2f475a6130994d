"""Card outlines found on the felt: quadrilaterals from a frame, before any reading.

Why apart from the classifier: finding cards is pure geometry (thresholds, contours,
corner hypotheses) and is tested on its own. Cards are found as bright, unsaturated
regions (and, for court cards and glare, as what is not felt or is lifted off its
background). A region that is one quadrilateral of card proportions is one card; a larger
region (touching or overlapping cards, a chip over a card), a fan that happens to look
like one card, and the strip a fanned card shows beside the next one give card
hypotheses (`card_hypotheses`), built with the card's local size and shape under the
camera's perspective, learnt from the clean outlines (`card_metric`). Wrong hypotheses
are expected: the classifier answers "no index" for them. Quad helpers live in `quads`
(re-exported here).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from dealerassist.vision.card_hypotheses import corner_hypotheses, pair_halves, strip_hypotheses
from dealerassist.vision.card_metric import CardMetric
from dealerassist.vision.edge_snap import snap_quads
from dealerassist.vision.quads import (
    CARD_ASPECT,
    INDEX_BOX,
    CardQuad,
    grid_weights,
    index_regions,
    inside_shares,
    order_quad,
    order_quads,
)

__all__ = ["CARD_ASPECT", "INDEX_BOX", "CardQuad", "CardSearch", "FoundCards", "find_card_quads",
           "find_cards", "grid_weights", "index_regions", "inside_shares", "order_quad"]

_DETECT_LONG_SIDE = 640  # frames are searched at this size (speed); quads are scaled back


def _median_u8(values: np.ndarray) -> float:
    """Return the (lower) median of uint8 values, from their histogram (no sorting)."""
    counts = np.bincount(values.ravel(), minlength=256).cumsum()
    return float(np.searchsorted(counts, (counts[-1] + 1) // 2))


def _planes(image: np.ndarray) -> tuple[np.ndarray, ...]:
    """Return the channels of an image as planes (what ``cv2.split`` gives, ~3x faster)."""
    return tuple(cv2.extractChannel(image, channel) for channel in range(image.shape[2]))


def _channel_extremes(small: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Return the lowest and the highest of the B, G, R channels at each pixel (once a frame)."""
    blue, green, red = _planes(small)
    return cv2.min(cv2.min(blue, green), red), cv2.max(cv2.max(blue, green), red)


_OPEN_3 = np.ones((3, 3), np.uint8)
_CLOSE_5 = np.ones((5, 5), np.uint8)
_CLOSE_7 = np.ones((7, 7), np.uint8)


def _card_mask(lowest: np.ndarray, highest: np.ndarray) -> np.ndarray:
    """Bright, unsaturated pixels: card faces (and the white border of a back).

    Args:
        lowest: the lowest channel at each pixel (`_channel_extremes`).
        highest: the highest channel at each pixel.

    """
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
    return cv2.morphologyEx(mask, cv2.MORPH_OPEN, _OPEN_3)


def _not_felt_mask(small: np.ndarray) -> np.ndarray:
    """Pixels whose colour is far from the felt's (the frame's dominant colour)."""
    ycc = cv2.cvtColor(small, cv2.COLOR_BGR2YCrCb)
    sample = ycc[::4, ::4]
    felt = [_median_u8(sample[..., channel]) for channel in range(3)]
    luma, red_diff, blue_diff = _planes(ycc)
    chroma = cv2.add(cv2.absdiff(red_diff, float(felt[1])), cv2.absdiff(blue_diff, float(felt[2])))
    far = cv2.bitwise_or(cv2.compare(chroma, 20, cv2.CMP_GT),
                         cv2.compare(cv2.absdiff(luma, float(felt[0])), 70, cv2.CMP_GT))
    far = cv2.morphologyEx(far, cv2.MORPH_OPEN, _OPEN_3)
    return cv2.morphologyEx(far, cv2.MORPH_CLOSE, _CLOSE_5)


_BACKGROUND = cv2.getStructuringElement(cv2.MORPH_RECT, (81, 81))  # wider than a card


def _lifted_mask(lowest: np.ndarray) -> np.ndarray:
    """Pixels much brighter than the local background (a white top-hat, glare removed).

    Args:
        lowest: the lowest channel at each pixel (`_channel_extremes`).

    """
    lifted = cv2.morphologyEx(lowest, cv2.MORPH_TOPHAT, _BACKGROUND)
    level, _ = cv2.threshold(lifted, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    mask = cv2.compare(lifted, max(float(level), 40.0), cv2.CMP_GT)
    return cv2.morphologyEx(mask, cv2.MORPH_OPEN, _OPEN_3)


def _card_like(quad: np.ndarray) -> bool:
    sides = [math.hypot(*(quad[i] - quad[(i + 1) % 4])) for i in range(4)]
    short, long_ = sorted(((sides[0] + sides[2]) / 2, (sides[1] + sides[3]) / 2))
    return short > 0 and 1.1 <= long_ / short <= 2.1


def _refine_quad(quad: np.ndarray, hull: np.ndarray) -> np.ndarray:
    """Put each side on the longest straight stretch of the outline along it.

    Rounded corners, and ink touching a card's edge, pull the vertices of a polygon
    approximation inwards; the straight edges between them are reliable. The four sides
    are worked out at once (float32 throughout, as one side at a time was).
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
    # The products stay matrix products, side by side: BLAS may fuse a multiply and an
    # add, so written-out sums can differ in the last bit and flip a fit.
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


_NEXT_CORNER = np.array([1, 2, 3, 0])
_TURN = np.array([-1.0, 1.0], np.float32)
_PREVIOUS_SIDE = np.array([3, 0, 1, 2])


def _quad_from_contour(contour: np.ndarray) -> np.ndarray | None:
    """One card's corners when the region is a single card outline, else None."""
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
            if quad_area > 0 and 0.88 <= area / quad_area <= 1.04 and _card_like(quad):
                return _refine_quad(quad, hull)
            if quad_area > 0 and 1.04 < area / quad_area <= 1.12 and _card_like(quad):
                rounded = quad
            break
    # A corner lost to blur or a shadow: the smallest enclosing rectangle still fits.
    rect = cv2.minAreaRect(contour)
    rect_area = rect[1][0] * rect[1][1]
    quad = cv2.boxPoints(rect).astype(np.float32)
    if rect_area > 0 and area / rect_area >= 0.8 and _card_like(quad):
        # Under a tilted camera a card is no rectangle: its own four corners, put on its
        # straight edges, fit better when the rectangle leaves gaps at two corners.
        if rounded is not None and cv2.contourArea(hull) < 0.94 * rect_area:
            quad = rounded
        return _refine_quad(order_quad(quad), hull)
    return None


def _dedupe(quads: list[CardQuad], *, limit: float = 0.85) -> list[CardQuad]:
    """Drop hypotheses that repeat an earlier one (same corners, either way round)."""
    if len(quads) < 2:
        return list(quads)
    corners = np.stack([quad.corners for quad in quads])  # (N, 4, 2)
    sizes = np.hypot(*(corners[:, 0] - corners[:, 2]).T)
    # Largest coordinate difference, same way round and half a turn round, one coordinate
    # at a time on (N, N) planes (a reduction over a short last axis is slow).
    flat = corners.reshape(len(quads), 8).T.copy()  # (8, N): x0, y0, x1, y1, ...
    same = turned = None
    for k in range(8):
        here = flat[k][:, None]
        step = np.abs(here - flat[k][None])
        half = np.abs(here - flat[(k + 4) % 8][None])
        same = step if same is None else np.maximum(same, step, out=same)
        turned = half if turned is None else np.maximum(turned, half, out=turned)
    close = np.minimum(same, turned) < (1 - limit) * sizes[:, None]  # close[i, j]: i repeats j
    # Only a repeat of an earlier quad can be dropped; most rows have none.
    earlier = np.flatnonzero(np.tril(close, -1).any(axis=1)).tolist()
    kept = np.ones(len(quads), bool)
    for number in earlier:
        kept[number] = not close[number, :number][kept[:number]].any()
    return [quad for quad, keep in zip(quads, kept.tolist(), strict=True) if keep]


_THIN_STRIP = 0.12  # the narrowest strip of a fanned card searched (table units: long side 1)
_AMBIGUOUS = 1.3  # an outline's sides closer than this on screen may be either way round


def _aspects(quads: np.ndarray) -> list[float]:
    """Long side over short side on screen of ordered quads (N, 4, 2), all at once."""
    quads = np.asarray(quads, np.float32).reshape(-1, 4, 2)
    steps = quads[:, _NEXT_CORNER] - quads  # sides 0-1, 1-2, 2-3, 3-0
    sides = np.sqrt(steps[..., 0] * steps[..., 0] + steps[..., 1] * steps[..., 1])
    short = sides[:, 0] + sides[:, 2]
    long_ = sides[:, 1] + sides[:, 3]
    return (long_ / np.maximum(short, np.float32(1e-9))).tolist()


def _order_singles(
    singles: list[tuple[np.ndarray, np.ndarray]], *, span: float
) -> list[tuple[np.ndarray, np.ndarray]]:
    """Clean outlines ordered TL, TR, BR, BL with a short side first, on the table.

    Under a strong tilt a card can look square: which side is short is then taken from
    the metric of the outlines whose shape leaves no doubt (the index corners depend on
    it).
    """
    if not singles:
        return []
    quads = order_quads(np.stack([q for q, _ in singles]))
    ordered = [(q, contour) for q, (_, contour) in zip(quads, singles, strict=True)]
    ambiguous = [aspect < _AMBIGUOUS for aspect in _aspects(quads)]
    clear = [q for (q, _), odd in zip(ordered, ambiguous, strict=True) if not odd]
    if len(clear) == len(ordered) or not clear:
        return ordered
    metric = CardMetric.fit(clear, span=span)
    out = []
    for (q, contour), odd in zip(ordered, ambiguous, strict=True):
        if odd and metric is not None:
            to_table = metric.to_table(q.mean(axis=0))
            first = np.linalg.norm(to_table @ (q[1] - q[0] + q[2] - q[3]))
            second = np.linalg.norm(to_table @ (q[2] - q[1] + q[3] - q[0]))
            if second < first:
                q = q[[1, 2, 3, 0]]
        out.append((q, contour))
    return out


def _given_back(quad: np.ndarray) -> np.ndarray:
    """Grow a card outline of the cut mask by the width the cut took off its edges."""
    centre = quad.mean(axis=0)
    size = math.hypot(*(quad[0] - quad[2]))
    return (centre + (quad - centre) * (1 + 3.0 / max(size, 1.0))).astype(np.float32)


def _metrics(metric: CardMetric | None, sure: bool, long_side: float) -> list[CardMetric]:
    """List the metrics to try in a region: the frame's, and unless sure, the region's."""
    tries = [] if metric is None else [metric]
    if not sure:
        tries.append(CardMetric.isotropic(max(long_side, 1.0)))
    return tries


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
        lowest, highest = _channel_extremes(small)
        self.mask = mask = _card_mask(lowest, highest)
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
        self.closed = closed = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, _CLOSE_7)
        contours, _ = cv2.findContours(closed, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        # Court cards with artwork to the edge: whatever is not felt, if it is card-shaped.
        self.not_felt = not_felt = _not_felt_mask(small)
        more, _ = cv2.findContours(not_felt, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        # Glare: a bright patch of felt merges with the cards in it. Cards are brighter than
        # the felt around them however bright it is: lift them off the local background.
        lifted, _ = cv2.findContours(_lifted_mask(lowest), cv2.RETR_EXTERNAL,
                                     cv2.CHAIN_APPROX_SIMPLE)
        felt_ids = {id(c) for c in more}
        more = list(more) + list(lifted)
        # A card lying on (or against) another card or a back's white rim: cut the mask
        # along the edges inside it. Those outlines lose the edge's width, given back below.
        self.gray = gray = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
        edges = cv2.dilate(cv2.Canny(gray, 40, 120), _OPEN_3)
        separated = cv2.morphologyEx(cv2.bitwise_and(mask, cv2.bitwise_not(edges)),
                                     cv2.MORPH_OPEN, _OPEN_3)
        cut, _ = cv2.findContours(separated, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        cut_ids = {id(c) for c in cut}
        pieces: list[np.ndarray] = []  # cut outlines that are not whole cards (fanned strips)
        # Cut outlines inside a clean outline, by its number: a fan or a stack can look
        # like one card; they are searched only if its two corners do not agree on one.
        inner: list[tuple[int, np.ndarray]] = []
        for contour in list(contours) + list(more) + list(cut):
            area = cv2.contourArea(contour)
            if area < min_area or area > frame_area * 0.5:
                continue
            x, y, w, h = cv2.boundingRect(contour)
            centre = (x + w / 2, y + h / 2)
            owner = next((n for n, (q, _) in enumerate(singles)
                          if cv2.pointPolygonTest(q, centre, False) >= 0), None)
            if owner is not None:
                if id(contour) in cut_ids:
                    inner.append((owner, contour))
                    continue
                if area <= 1.3 * cv2.contourArea(singles[owner][0]):
                    continue  # already found
                # A larger region around a clean outline: a row or pile it belongs to.
            quad = _quad_from_contour(contour)
            if quad is not None:
                if id(contour) in cut_ids:
                    quad = _given_back(quad)
                singles.append((quad, contour))
            elif id(contour) in cut_ids:
                pieces.append(contour)
            elif id(contour) in felt_ids:
                # Court cards with colour to the edge show little card stock: a group of
                # them is only seen as "not felt".
                merged.append(contour)
        self._singles = _order_singles(singles, span=float(mask.shape[1]))
        self._merged = merged
        self._pieces = pieces
        self._inner = inner
        self.singles = [CardQuad(q / self.scale, True) for q, _ in self._singles]

    def metric(self, settled: Sequence[int] = ()) -> CardMetric | None:
        """Fit the card's local size and shape to the outlines surest to be one card each.

        Outlines whose two corners agreed (``settled``) when there are any; else the
        card-like outlines of about the median's area (a double outline is left out).
        """
        quads = [q for q, _ in self._singles]
        chosen = [quads[n] for n in settled if n < len(quads)]
        if not chosen and quads:
            areas = np.array([cv2.contourArea(q) for q in quads])
            median = float(np.median(areas))
            chosen = [q for q, area in zip(quads, areas, strict=True)
                      if 0.6 * median <= area <= 1.6 * median]
        return CardMetric.fit(chosen, span=float(self.mask.shape[1]))

    def hypotheses(self, *, settled: Sequence[int] = ()) -> list[CardQuad]:
        """Card hypotheses from merged regions, fanned strips and odd outlines.

        Args:
            settled: numbers (in ``singles``) of clean outlines known to be one card each:
                they are neither halved nor searched inside.

        """
        scale = self.scale
        metric = self.metric(settled)
        open_singles = [(q, c) for n, (q, c) in enumerate(self._singles) if n not in settled]
        found = pair_halves([q for q, _ in open_singles], metric)
        merged = list(self._merged)
        strips = []  # outlines of one card's shape that may still be two or three cards
        for quad, contour in open_singles:
            if metric is None:
                strips.append(contour)
                continue
            # A "card" larger than most, or of odd proportions on the table, may be a fan
            # of cards: look inside it too (the outline itself stays a candidate).
            q = quad
            to_table = metric.to_table(q.mean(axis=0))
            short = float(np.linalg.norm(to_table @ ((q[1] - q[0] + q[2] - q[3]) / 2)))
            long_ = float(np.linalg.norm(to_table @ ((q[3] - q[0] + q[2] - q[1]) / 2)))
            short, long_ = min(short, long_), max(short, long_)
            if (cv2.contourArea(q) > 1.3 * metric.card_area(q.mean(axis=0))
                    or not 1.25 <= long_ / max(short, 1e-9) <= 1.6):
                merged.append(contour)
            else:
                strips.append(contour)
        # A card may lie under a back or a chip: a hypothesis need only lie on what is not
        # felt.
        support = cv2.bitwise_or(self.closed, self.not_felt)
        # Outlines not confirmed by their two corners may be doubles: then the region's own
        # size is tried too (far cards look smaller under perspective).
        sure = metric is not None and bool(settled)
        for contour in merged:
            rect = cv2.minAreaRect(contour)
            rect_area = rect[1][0] * rect[1][1]
            for here in _metrics(metric, sure, float(min(rect[1]))):
                found += [quad for _, quad in corner_hypotheses(contour, support, here)]
            if rect_area > 0 and cv2.contourArea(contour) / rect_area > 0.75:
                found += strip_hypotheses(self.gray, rect, metric)
                if metric is not None and not sure:
                    found += strip_hypotheses(self.gray, rect, None)
        for contour in strips:
            rect = cv2.minAreaRect(contour)
            found += strip_hypotheses(self.gray, rect, metric)
            if metric is not None and not sure:
                found += strip_hypotheses(self.gray, rect, None)
        # The strip a fanned card shows beside the card on top of it: its outer corners
        # are the covered card's corners (one of them holds its index), and the card
        # contains the strip. The card may lie under a back or a chip (see support).
        # An outline that looks square may be either way round: its quarter turn too.
        turned = ([q[[1, 2, 3, 0]] for (q, _), aspect in zip(
            open_singles, _aspects(np.stack([q for q, _ in open_singles])), strict=True)
            if aspect < _AMBIGUOUS] if open_singles else [])
        pieces = list(self._pieces)
        for owner, contour in self._inner:
            if owner in settled:
                continue
            quad = _quad_from_contour(contour)
            if quad is not None:
                found.append(_given_back(quad))
            else:
                pieces.append(contour)
        for contour in pieces:
            rect = cv2.minAreaRect(contour)
            box = cv2.boxPoints(rect).astype(np.float32)
            hull = cv2.convexHull(contour)
            for here in _metrics(metric, sure, float(max(rect[1]))):
                found += [quad for _, quad in corner_hypotheses(
                    hull, support, here, inset=1.5, contain=box, min_edge=_THIN_STRIP)]
        # Hypotheses are put on the card edges at their index corners (`edge_snap`), and
        # those whose index corners lie surest on card edges come first: of two that
        # repeat each other (`_dedupe`), the better placed is read.
        quads = [order_quads(np.stack(found))] if found else []
        if turned:
            quads.append(np.stack(turned))
        if not quads:
            return []
        snapped, strength = snap_quads(self.gray, np.concatenate(quads))
        order = np.argsort(-strength, kind="stable")
        return [CardQuad(q, False) for q in snapped[order] / scale]

    def found(self, hypotheses: list[CardQuad], *, max_hypotheses: int = 40) -> FoundCards:
        """Return clean outlines then hypotheses, repeats dropped, at most max_hypotheses."""
        return FoundCards(_dedupe(self.singles + hypotheses)[:max_hypotheses], self.mask,
                          self.scale)
