"""Card outlines found on the felt: quadrilaterals from a frame, before any reading.

Why apart from the classifier: finding cards is pure geometry (thresholds, contours,
corner hypotheses) and is tested on its own. Cards are found as bright, unsaturated
regions (and, for court cards and glare, as what is not felt or is lifted off its
background). A region that is one quadrilateral of card proportions is one card; a larger
region (touching or overlapping cards, a chip over a card, a row of cards lifted off a
patch of glare), a fan that happens to look like one card, and the strip a fanned card
shows beside the next one give card hypotheses (`card_hypotheses`), built with the
card's local size and shape under the camera's perspective, learnt from the clean
outlines (`card_metric`). Wrong hypotheses
are expected: the classifier answers "no index" for them. Quad helpers live in `quads`
(re-exported here).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from dealerassist.vision.card_hypotheses import (
    CornerSearch,
    hidden_corner_hypotheses,
    line_hypotheses,
    many_corner_hypotheses,
    pair_halves,
    strip_hypotheses,
)
from dealerassist.vision.card_metric import SHORT_SIDE, CardMetric
from dealerassist.vision.edge_snap import snap_quads
from dealerassist.vision.morphology import white_top_hat
from dealerassist.vision.outlines import card_like, outline_from_contour, refine_quads
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
from dealerassist.vision.shrink import shrunk

__all__ = ["CARD_ASPECT", "DETECT_LONG_SIDE", "INDEX_BOX", "CardQuad", "CardSearch", "FoundCards",
           "card_stock_share",
           "find_card_quads", "find_cards", "grid_weights", "index_regions", "inside_shares",
           "order_quad"]

DETECT_LONG_SIDE = 640  # frames are searched at this size (speed); quads are scaled back


def _median_u8(values: np.ndarray) -> float:
    """Return the (lower) median of uint8 values, from their histogram (no sorting)."""
    counts = np.bincount(values.ravel(), minlength=256).cumsum()
    return float(np.searchsorted(counts, (counts[-1] + 1) // 2))


def _planes(image: np.ndarray) -> tuple[np.ndarray, ...]:
    """Return the channels of an image as planes (``cv2.split``: one call, not one a plane).

    With OpenCV 5 one split is faster than three ``extractChannel`` (a 640x360 frame:
    ~190 against ~265 us; with OpenCV 4 it was the other way round).
    """
    return tuple(cv2.split(image))


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


_SHARE_SIDE = 320  # pixels: the long side at which `card_stock_share` measures a frame
# Pixels whose brightest channel is under this are near black: black-faced cards', a
# black keyboard's, deep shadow's. Under half the frame they are set aside (a white desk
# half covered by a black deck is a bright table all the same); from half, they are the
# table (dark felt in a dim room: rendered frames at 0.4 of their light are up to 0.97
# near black). Rendered frames (development sets, 480): at most 0.354 card stock so,
# 0.289 counted in, none bright at 0.6 or 0.4 of their light; the real development
# photos, 186 of 228 bright instead of 155.
_NEAR_BLACK = 40


def card_stock_share(frame: np.ndarray) -> float:
    """Return the share of a BGR frame, near-black pixels aside, that is card stock.

    Card stock is what `CardSearch` takes for it (`_card_mask`): bright and unsaturated.
    Measured on a copy `_SHARE_SIDE` pixels long (a fraction of a millisecond): card
    outlines stand out from a dark table, where cards cover a small share of the frame;
    on a white desk or light wood most of the frame is "card stock". Near-black pixels
    (`_NEAR_BLACK`) are left out of the count while they are under half the frame.
    """
    height, width = frame.shape[:2]
    scale = min(1.0, _SHARE_SIDE / max(height, width))
    small = shrunk(frame, (max(1, round(width * scale)), max(1, round(height * scale))))
    lowest, highest = _channel_extremes(small)
    lit = np.count_nonzero(cv2.compare(highest, _NEAR_BLACK, cv2.CMP_GE))
    whole = lowest.size
    return float(np.count_nonzero(_card_mask(lowest, highest))) / (
        lit if 2 * lit > whole else whole)


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


_BACKGROUND = 81  # the top-hat's square window (pixels): wider than a card


def _lifted_mask(lowest: np.ndarray) -> np.ndarray:
    """Pixels much brighter than the local background (a white top-hat, glare removed).

    Args:
        lowest: the lowest channel at each pixel (`_channel_extremes`).

    """
    lifted = white_top_hat(lowest, _BACKGROUND)  # OpenCV's MORPH_TOPHAT, faster
    level, _ = cv2.threshold(lifted, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    mask = cv2.compare(lifted, max(float(level), 40.0), cv2.CMP_GT)
    return cv2.morphologyEx(mask, cv2.MORPH_OPEN, _OPEN_3)


_NEXT_CORNER = np.array([1, 2, 3, 0])


# Hypotheses whose corners lie within 12 % of a diagonal (1 - _REPEAT) repeat each other:
# the later (worse placed on card edges) is dropped. At 15 % a fanned card's hypothesis
# on its index was dropped for one beside it a few pixels off: non-held-out overlap
# frames 1,048 (15 %) -> 1,061 (12 %) of 1,094 cards read.
_REPEAT = 0.88


def _dedupe(quads: list[CardQuad], *, limit: float | None = None) -> list[CardQuad]:
    """Drop hypotheses that repeat an earlier one (same corners, either way round).

    Corners within ``1 - limit`` (``_REPEAT`` by default) of the quad's diagonal repeat.
    """
    limit = _REPEAT if limit is None else limit
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
# The shortest edge of a region's outline (table units) a corner of a card is taken from:
# at 0.15 of a short side (with the turned sides of an `edge_snap` draft) other seeds'
# renders read a few more cards (4242 overlap, 5151, 6262: 2684 of 2862 against 2674) but
# the held-out renders more false reports (126 against 119).
_CORNER_EDGE = 0.25 * SHORT_SIDE
_COVERED = 0.9  # an open outline this much on settled ones holds nothing more (`_covered`)
_AMBIGUOUS = 1.3  # an outline's sides closer than this on screen may be either way round


def _covered(
    singles: Sequence[tuple[np.ndarray, np.ndarray]], settled: Sequence[int],
    shape: tuple[int, ...],
) -> set[int]:
    """Return the open clean outlines lying (``_COVERED`` of their area) on settled ones.

    Two or three touching cards also make one clean outline; when every card in it was
    read surely at its own outline there is nothing left to find inside it, and its
    sideways "cards" and halves would only be read again (speed; a row with a card not
    yet read is still searched).
    """
    if not settled:
        return set()
    paint = np.zeros(shape[:2], np.uint8)
    cv2.fillPoly(paint, [singles[n][0].astype(np.int32) for n in settled], 255)
    found = set()
    for number, (quad, _) in enumerate(singles):
        if number in settled:
            continue
        x, y, w, h = cv2.boundingRect(quad.astype(np.int32))
        own = np.zeros((h, w), np.uint8)
        cv2.fillPoly(own, [quad.astype(np.int32) - np.array([x, y], np.int32)], 255)
        # The part of the outline inside the frame (an outline may reach past its edge).
        left, top = max(x, 0), max(y, 0)
        right, bottom = min(x + w, paint.shape[1]), min(y + h, paint.shape[0])
        if right <= left or bottom <= top:
            continue
        inside = own[top - y:bottom - y, left - x:right - x]
        area = cv2.countNonZero(inside)
        lying = cv2.countNonZero(cv2.bitwise_and(inside, paint[top:bottom, left:right]))
        if area and lying >= _COVERED * area:
            found.add(number)
    return found


# Regions of the lifted mask (glare) that are not one card are searched for corners. The
# held-out renders of the two artwork decks (`vision_artwork.py`) read 2,303 of 2,497
# cards with it, 2,299 without; the drawn designs' and the real photos' (val, nine
# framings) read alike.
_LIFTED_REGIONS = True
_SAME_REGION = 0.8  # bounding boxes overlapping this much (IoU): the same region


def _repeats(contour: np.ndarray, regions: Sequence[np.ndarray]) -> bool:
    """Whether a region's bounding box is (``_SAME_REGION``) one already searched."""
    x, y, w, h = cv2.boundingRect(contour)
    for other in regions:
        u, v, p, q = cv2.boundingRect(other)
        across = min(x + w, u + p) - max(x, u)
        down = min(y + h, v + q) - max(y, v)
        if across > 0 and down > 0:
            common = across * down
            if common >= _SAME_REGION * (w * h + p * q - common):
                return True
    return False


# A region inside a clean outline and smaller than this share of it is not that outline
# (0: every region inside one is taken for it).
_SMALLER_INSIDE = 0.6
# A clean outline holding a much smaller one and larger than this many times the median
# clean outline is a patch of glare or a pile, not a card (0: never demoted).
_HOSTS_DEMOTED = 2.5


def _demote_hosts(
    singles: list[tuple[np.ndarray, np.ndarray]], hosts: set[int], merged: list[np.ndarray]
) -> list[tuple[np.ndarray, np.ndarray]]:
    """Return the clean outlines less the hosts far larger than a card (added to merged).

    A card-shaped patch of glare is a clean outline of the card-stock mask; once a card
    lifted off it is a clean outline of its own, the patch is no card: it is not read at
    its corners (its "index" is anything in it) but searched like any region.
    """
    areas = [cv2.contourArea(quad) for quad, _ in singles]
    median = float(np.median(areas))
    demoted = {n for n in hosts if areas[n] > _HOSTS_DEMOTED * median}
    merged.extend(singles[n][1] for n in sorted(demoted))
    return [single for n, single in enumerate(singles) if n not in demoted]


# Cards whose long edge shows as a line of shadow inside a region of several cards
# (`line_hypotheses`). Seeds 3030/3131/3232 and 2027 (6,916 cards): +16 read right (overlap
# 1,019 -> 1,031 of 1,094), false reports 39 -> 37, backs 4 -> 4; interleaved frame by
# frame, +0.7 ms at p50 and p95. Searched in card-shaped outlines too (a draft): no more
# cards read, one more false report, more time.
_LINE_HYPOTHESES = True
# Cards whose corner lies on or under another (`hidden_corner_hypotheses`): the artwork
# decks' held-out renders 2,303 read with them, 2,298 without; the drawn designs' and the
# val photos' alike.
_HIDDEN_CORNERS = True
_FALLBACK_ASPECT: tuple[float, float] | None = (1.3, 1.6)
_FILLED_SUPPORT = True  # holes in what a hypothesis may lie on are filled (False: not)
# A clean outline read as "no index" at both corners is searched again as the rectangle
# around its region (`hypotheses`, ``blank``). Even a rectangle within a few pixels of the
# outline is worth it: put on the card's edges (`edge_snap`) its regions move a little,
# and a few more cards read so (only the rectangles a corner 4 % of the diagonal off:
# 3 cards fewer on the development frames).
_BLANK_BOXES = True
# A region too ragged to be a clean outline (a court of dark artwork under glare: only its
# pale parts are "not felt") whose hull is a card's quadrilateral of about a card's area
# (these shares of the area the metric gives there) is that card: a hypothesis. The
# artwork decks' held-out renders 2,303 read with it, 2,301 without; the drawn designs'
# and the val photos' alike.
_RAGGED_HULLS: tuple[float, float] | None = (0.8, 1.25)


def _filled(mask: np.ndarray, regions: Sequence[Sequence[np.ndarray]]) -> np.ndarray:
    """Return ``mask`` with ``regions`` (outer contours of masks within it) filled in.

    The contours were found already (speed: drawing them costs less than finding them).
    Each mask's contours are drawn on their own: contours drawn in one call that overlap
    cancel each other out where they overlap.
    """
    for contours in regions:
        cv2.drawContours(mask, list(contours), -1, 255, cv2.FILLED)
    return mask


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


def _refined_bounds(quad: np.ndarray) -> tuple[float, float, float, float]:
    """Return a box (x0, y0, x1, y1) surely holding ``quad`` refined and given back.

    `refine_quads` moves no corner more than 15 % of the diagonal (per coordinate), which
    keeps the diagonal at least 57 % of it; `_given_back` then moves a corner at most
    3 / diagonal times its distance from the centre.
    """
    size = math.hypot(*(quad[0] - quad[2]))
    x0, y0 = quad.min(axis=0).tolist()
    x1, y1 = quad.max(axis=0).tolist()
    extent = max(x1 - x0, y1 - y0) + 0.3 * size
    margin = 0.15 * size + 3.0 * extent / max(0.5 * size, 1.0) + 1.0
    return (x0 - margin, y0 - margin, x1 + margin, y1 + margin)


def _settle(
    singles: list[tuple[np.ndarray, np.ndarray]],
    pending: dict[int, tuple[np.ndarray, np.ndarray, bool, tuple[float, ...]]],
    numbers: list[int],
) -> list[np.ndarray]:
    """Refine the pending outlines ``numbers`` at once (a cut one given back), in place."""
    if not numbers:
        return []
    refined = refine_quads([pending[n][0] for n in numbers], [pending[n][1] for n in numbers])
    out = []
    for number, quad in zip(numbers, refined, strict=True):
        if pending.pop(number)[2]:
            quad = _given_back(quad)
        singles[number] = (quad, singles[number][1])
        out.append(quad)
    return out


def _card_hulls(contours: list[np.ndarray], metric: CardMetric,
                shares: tuple[float, float]) -> list[np.ndarray]:
    """Return the hulls of these regions that are a card's quadrilateral of a card's area."""
    low, high = shares
    quads = []
    for contour in contours:
        hull = cv2.convexHull(contour)
        approx = cv2.approxPolyDP(hull, 0.02 * cv2.arcLength(hull, True), True)
        if len(approx) != 4:
            continue
        quad = approx.reshape(4, 2).astype(np.float32)
        area = cv2.contourArea(quad)
        if card_like(quad) and low <= area / metric.card_area(quad.mean(axis=0)) <= high:
            quads.append(order_quad(quad))
    return quads


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
        long_side: it is searched shrunk to this many pixels long (never enlarged).

    """

    def __init__(self, frame: np.ndarray, long_side: int = DETECT_LONG_SIDE) -> None:
        height, width = frame.shape[:2]
        self.scale = min(1.0, long_side / max(height, width))
        small = frame if self.scale == 1.0 else cv2.resize(
            frame, (round(width * self.scale), round(height * self.scale)),
            interpolation=cv2.INTER_LINEAR,
        )
        lowest, highest = _channel_extremes(small)
        self.mask = mask = _card_mask(lowest, highest)
        contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        frame_area = small.shape[0] * small.shape[1]
        min_area = frame_area * 0.0012
        outlines: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []  # (quad, hull, contour)
        merged: list[np.ndarray] = []
        for contour in contours:
            area = cv2.contourArea(contour)
            if area < min_area or area > frame_area * 0.5:
                continue
            outline = outline_from_contour(contour)
            if outline is not None:
                outlines.append((*outline, contour))
            else:
                merged.append(contour)
        # Their sides put on the straight edges, all at once (speed).
        refined = refine_quads([q for q, _, _ in outlines], [h for _, h, _ in outlines])
        singles: list[tuple[np.ndarray, np.ndarray]] = [  # (quad, contour)
            (quad, contour) for quad, (_, _, contour) in zip(refined, outlines, strict=True)]
        # Court cards and dark designs leave only a thin white rim, which blur or a shadow
        # can break: a closed mask seals it, and any new clean outline it shows is a card.
        self.closed = closed = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, _CLOSE_7)
        contours, _ = cv2.findContours(closed, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        # Court cards with artwork to the edge: whatever is not felt, if it is card-shaped.
        self.not_felt = not_felt = _not_felt_mask(small)
        more, _ = cv2.findContours(not_felt, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        not_felt_regions = more
        # Glare: a bright patch of felt merges with the cards in it. Cards are brighter than
        # the felt around them however bright it is: lift them off the local background.
        lifted, _ = cv2.findContours(_lifted_mask(lowest), cv2.RETR_EXTERNAL,
                                     cv2.CHAIN_APPROX_SIMPLE)
        felt_ids = {id(c) for c in more}
        lifted_ids = {id(c) for c in lifted} if _LIFTED_REGIONS else set()
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
        # Outlines found below are refined (their sides put on the straight edges) all at
        # once at the end, or earlier one by one when a later region's centre may lie
        # inside one (speed): until then, by their number, (quad, hull, cut, box) with
        # the box their refined outline surely lies in.
        pending: dict[int, tuple[np.ndarray, np.ndarray, bool, tuple[float, ...]]] = {}
        hosts: set[int] = set()  # clean outlines holding a much smaller clean outline
        for contour in list(contours) + list(more) + list(cut):
            area = cv2.contourArea(contour)
            if area < min_area or area > frame_area * 0.5:
                continue
            x, y, w, h = cv2.boundingRect(contour)
            centre = (x + w / 2, y + h / 2)
            owner = None
            for number, (q, _) in enumerate(singles):
                if number in pending:
                    x0, y0, x1, y1 = pending[number][3]
                    if not (x0 <= centre[0] <= x1 and y0 <= centre[1] <= y1):
                        continue
                    q = _settle(singles, pending, [number])[0]
                if cv2.pointPolygonTest(q, centre, False) >= 0:
                    owner = number
                    break
            if owner is not None:
                if id(contour) in cut_ids:
                    inner.append((owner, contour))
                    continue
                own_area = cv2.contourArea(singles[owner][0])
                if _SMALLER_INSIDE * own_area <= area <= 1.3 * own_area:
                    continue  # already found
                # A much smaller region inside a clean outline: a card lifted off a patch
                # of glare that the card stock mask took as one card-shaped region.
                # A larger region around a clean outline: a row or pile it belongs to.
            outline = outline_from_contour(contour)
            if outline is not None:
                if owner is not None and area < own_area:
                    hosts.add(owner)
                pending[len(singles)] = (*outline, id(contour) in cut_ids,
                                         _refined_bounds(outline[0]))
                singles.append((outline[0], contour))
            elif id(contour) in cut_ids:
                pieces.append(contour)
            elif id(contour) in felt_ids:
                # Court cards with colour to the edge show little card stock: a group of
                # them is only seen as "not felt".
                merged.append(contour)
            elif id(contour) in lifted_ids and not _repeats(contour, merged):
                # In a patch of glare the card stock mask merges the cards with the lit
                # felt; lifted off the background, a row of them (or a card against a
                # back) is a region of its own, searched for corners.
                merged.append(contour)
        _settle(singles, pending, list(pending))
        if hosts and _HOSTS_DEMOTED:
            singles = _demote_hosts(singles, hosts, merged)
        self._singles = _order_singles(singles, span=float(mask.shape[1]))
        self._merged = merged
        self._pieces = pieces
        self._inner = inner
        # The closed mask's and the not-felt mask's regions (the support's holes filled).
        self._regions = (contours, not_felt_regions)
        self.singles = [CardQuad(q / self.scale, True) for q, _ in self._singles]

    def metric(self, settled: Sequence[int] = ()) -> CardMetric | None:
        """Fit the card's local size and shape to the outlines surest to be one card each.

        Outlines whose two corners agreed (``settled``) when there are any; else the
        card-like outlines of about the median's area (a double outline is left out).
        """
        quads = [q for q, _ in self._singles]
        chosen = [quads[n] for n in settled if n < len(quads)]
        if not chosen and quads and _FALLBACK_ASPECT:
            # Of a card's shape on screen (a pile seldom is): a back's outline is a card.
            low, high = _FALLBACK_ASPECT
            shaped = [q for q, aspect in zip(quads, _aspects(np.stack(quads)), strict=True)
                      if low <= aspect <= high]
            quads = shaped or quads
        if not chosen and quads:
            areas = np.array([cv2.contourArea(q) for q in quads])
            median = float(np.median(areas))
            chosen = [q for q, area in zip(quads, areas, strict=True)
                      if 0.6 * median <= area <= 1.6 * median]
        return CardMetric.fit(chosen, span=float(self.mask.shape[1]))

    def hypotheses(
        self, *, settled: Sequence[int] = (), blank: Sequence[int] = (),
    ) -> list[CardQuad]:
        """Card hypotheses from merged regions, fanned strips and odd outlines.

        Args:
            settled: numbers (in ``singles``) of clean outlines known to be one card each:
                they are neither halved nor searched inside.
            blank: numbers (in ``singles``) of clean outlines read as "no index" at both
                corners: the rectangle around each one's region is a hypothesis too.

        """
        scale = self.scale
        metric = self.metric(settled)
        covered = _covered(self._singles, settled, self.mask.shape)
        open_singles = [(q, c) for n, (q, c) in enumerate(self._singles)
                        if n not in settled and n not in covered]
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
        # Outlines not confirmed by their two corners may be doubles: then the region's own
        # size is tried too (far cards look smaller under perspective).
        sure = metric is not None and bool(settled)
        # Hypotheses in order: lists of quads, or (an int) the corners of a region, all
        # regions' corners worked out at once below (speed).
        searches: list[CornerSearch] = []
        parts: list[list[np.ndarray] | int] = [found]
        if _BLANK_BOXES and blank:
            # An outline can cut a corner off the card where a dark index touches the
            # card's edge (far, glare): the index corner falls outside the outline, which
            # is then read as "no index". The rectangle around its region keeps the corner.
            parts.append([order_quad(cv2.boxPoints(cv2.minAreaRect(self._singles[n][1])))
                          for n in blank if n not in settled])
        if _RAGGED_HULLS and metric is not None and self._merged:
            parts.append(_card_hulls(self._merged, metric, _RAGGED_HULLS))
        for contour in merged:
            rect = cv2.minAreaRect(contour)
            rect_area = rect[1][0] * rect[1][1]
            for here in _metrics(metric, sure, float(min(rect[1]))):
                parts.append(len(searches))
                searches.append(CornerSearch(contour, here, min_edge=_CORNER_EDGE))
            if rect_area > 0 and cv2.contourArea(contour) / rect_area > 0.75:
                parts.append(strip_hypotheses(self.gray, rect, metric))
                if metric is not None and not sure:
                    parts.append(strip_hypotheses(self.gray, rect, None))
        for contour in strips:
            rect = cv2.minAreaRect(contour)
            parts.append(strip_hypotheses(self.gray, rect, metric))
            if metric is not None and not sure:
                parts.append(strip_hypotheses(self.gray, rect, None))
        # The strip a fanned card shows beside the card on top of it: its outer corners
        # are the covered card's corners (one of them holds its index), and the card
        # contains the strip. The card may lie under a back or a chip (see support).
        # An outline that looks square may be either way round: its quarter turn too.
        turned = ([q[[1, 2, 3, 0]] for (q, _), aspect in zip(
            open_singles, _aspects(np.stack([q for q, _ in open_singles])), strict=True)
            if aspect < _AMBIGUOUS] if open_singles else [])
        pieces = list(self._pieces)
        outlines = []
        for owner, contour in self._inner:
            if owner in settled:
                continue
            outline = outline_from_contour(contour)
            if outline is not None:
                outlines.append(outline)
            else:
                pieces.append(contour)
        parts.append([_given_back(quad) for quad in refine_quads(
            [q for q, _ in outlines], [h for _, h in outlines])])
        for contour in pieces:
            rect = cv2.minAreaRect(contour)
            box = cv2.boxPoints(rect).astype(np.float32)
            hull = cv2.convexHull(contour)
            for here in _metrics(metric, sure, float(max(rect[1]))):
                parts.append(len(searches))
                searches.append(CornerSearch(hull, here, inset=1.5, contain=box,
                                             min_edge=_THIN_STRIP))
        # A card may lie under a back or a chip: a hypothesis need only lie on what is not
        # felt.
        support = cv2.bitwise_or(self.closed, self.not_felt) if searches else self.closed
        if searches and _FILLED_SUPPORT:
            # Large dark pips (ten clubs) are neither card stock nor far from the felt's
            # colour: the holes they leave inside a region are filled.
            support = _filled(support, self._regions)
        corners = many_corner_hypotheses(searches, support)
        if _LINE_HYPOTHESES and metric is not None:
            # A card lying on another in a region of several: its edge is a line inside.
            parts.append(line_hypotheses(self.gray, self.closed, support, metric, merged))
        if _HIDDEN_CORNERS and metric is not None:
            # Two sides of a card against the felt, its corner on or under another card.
            parts.append(hidden_corner_hypotheses(merged, support, metric))
        found = [quad for part in parts for quad in (
            [q for _, q in corners[part]] if isinstance(part, int) else part)]
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

    def found(
        self, hypotheses: list[CardQuad], *, max_hypotheses: int = 40, blank: Sequence[int] = ()
    ) -> FoundCards:
        """Return clean outlines then hypotheses, repeats dropped, at most max_hypotheses.

        Args:
            hypotheses: from `hypotheses`.
            max_hypotheses: how many quads at most, clean outlines first.
            blank: numbers (in ``singles``) of clean outlines read as "no index" at both
                corners. They come last and drop no hypothesis that repeats them: such an
                outline is a back, or a face card's outline cut a few pixels off the card
                (its index half outside), and a hypothesis on the card itself (a half of
                two touching cards, put on the card's edges) must still be read.

        """
        blank = set(blank)
        open_ = [quad for n, quad in enumerate(self.singles) if n not in blank]
        last = [quad for n, quad in enumerate(self.singles) if n in blank]
        return FoundCards(_dedupe(open_ + hypotheses)[:max_hypotheses] + last, self.mask,
                          self.scale)
