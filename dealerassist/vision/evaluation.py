"""Scoring readings against the truth of rendered scenes (held-out checks and the bench).

A face-up card whose corner index can be seen counts as read right when a sighting of the
same card overlaps it. Any other sighting is a false report; one lying on a face-down card
and on no face-up card is a "back reported", which must never happen (a face-up card
partly under a back and read as another card is a false report, not a back).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import cv2
import numpy as np

from dealerassist.vision.geometry import index_regions
from dealerassist.vision.sighting import Sighting
from dealerassist.vision.synthetic import Scene, SceneCard

if TYPE_CHECKING:
    from dealerassist.vision.recogniser import Recogniser

__all__ = ["MISS_BUCKETS", "Score", "diagnose_frame", "score_frame"]

# Why a card was missed, from the first stage that lost it (see diagnose_frame).
MISS_BUCKETS = ("not found", "patch misplaced", "misread: no index", "misread: wrong card",
                "misread: low confidence", "other corner not read", "suppressed")
_HIT_GAP = 0.22  # an index region this close to the true one is "the right patch"


@dataclass
class Score:
    """Counts over many frames (mutable accumulator)."""

    readable: int = 0
    read_right: int = 0
    false_reports: int = 0
    false_sure: int = 0  # false reports sure enough to count without the dealer's confirmation
    backs_reported: int = 0
    frames: int = 0
    misses: list[str] = field(default_factory=list)

    @property
    def accuracy(self) -> float:
        """Share of readable face-up cards read right (1.0 when there were none)."""
        return self.read_right / self.readable if self.readable else 1.0

    def add(self, other: Score) -> None:
        """Fold another score into this one."""
        self.readable += other.readable
        self.read_right += other.read_right
        self.false_reports += other.false_reports
        self.false_sure += other.false_sure
        self.backs_reported += other.backs_reported
        self.frames += other.frames
        self.misses.extend(other.misses)

    def to_json(self) -> dict[str, object]:
        """Figures for reports."""
        return {
            "frames": self.frames,
            "readable_cards": self.readable,
            "accuracy": round(self.accuracy, 4),
            "false_reports": self.false_reports,
            "false_reports_unconfirmed": self.false_sure,
            "backs_reported": self.backs_reported,
        }


def _box_overlap(box: tuple[int, int, int, int], corners: np.ndarray) -> float:
    """Intersection over the sighting box's area of the box and the card's outline."""
    x, y, w, h = box
    rect = np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], np.float32)
    area, _ = cv2.intersectConvexConvex(rect, corners.astype(np.float32))
    return float(area) / max(w * h, 1)


def score_frame(sightings: Sequence[Sighting], truth: Iterable[SceneCard]) -> Score:
    """Score one frame's sightings against its truth."""
    truth = list(truth)
    score = Score(frames=1)
    used: set[int] = set()
    for item in truth:
        if not item.readable:
            continue
        score.readable += 1
        match = next(
            (
                number
                for number, s in enumerate(sightings)
                if number not in used and s.card is item.card
                and _box_overlap(s.box, item.corners) > 0.3
            ),
            None,
        )
        if match is None:
            seen = [str(s.card) for s in sightings if _box_overlap(s.box, item.corners) > 0.3]
            score.misses.append(f"{item.card} read as {seen or 'nothing'}")
        else:
            used.add(match)
            score.read_right += 1
    for number, sighting in enumerate(sightings):
        if number in used:
            continue
        # A reading of a covered-but-present card is not false; anything else is.
        genuine = any(
            item.card is sighting.card and _box_overlap(sighting.box, item.corners) > 0.3
            for item in truth
        )
        if genuine:
            continue
        score.false_reports += 1
        if not sighting.needs_confirmation:
            score.false_sure += 1
        # A back read as a card: the sighting lies on a back (a third of its box: a corner
        # box at a back's corner lies partly off it) and on no face-up card (a face-up card
        # partly under a back and misread is a misread, not a back).
        on_back = any(item.card is None and _box_overlap(sighting.box, item.corners) > 0.3
                      for item in truth)
        on_face = any(item.card is not None and _box_overlap(sighting.box, item.corners) > 0.3
                      for item in truth)
        if on_back and not on_face:
            score.backs_reported += 1
    return score


def _gap(region: np.ndarray, truth: np.ndarray) -> float:
    """Largest corner error between two index regions, over the true region's diagonal."""
    diagonal = float(np.linalg.norm(truth[0] - truth[2]))
    return float(np.abs(region - truth).max() / max(diagonal, 1e-6))


def _iou(a: np.ndarray, b: np.ndarray) -> float:
    area, _ = cv2.intersectConvexConvex(a.astype(np.float32), b.astype(np.float32))
    union = cv2.contourArea(a.astype(np.float32)) + cv2.contourArea(b.astype(np.float32))
    return float(area) / max(union - float(area), 1e-6)


def diagnose_frame(recogniser: Recogniser, scene: Scene) -> tuple[Score, Counter[str]]:
    """Score one frame and say, for each missed card, which stage lost it.

    Buckets (MISS_BUCKETS): "not found" (no hypothesis near the card), "patch misplaced" (a
    hypothesis covers the card but none of its index regions is on a visible index),
    "misread: ..." (a region on the index was read as no index, as another card, or
    below the reporting threshold), "other corner not read" (the right reading would have
    come from a corner the recogniser skipped), "suppressed" (read right, then dropped by
    duplicate suppression). False reports are counted as "false: on a card" (a face-up
    card read as another) or "false: elsewhere" (chip, felt, back).
    """
    trace = recogniser.trace(scene.image)
    sightings = [reading.sighting for reading in trace.kept]
    score = score_frame(sightings, scene.cards)
    buckets: Counter[str] = Counter()
    read = {str(s.card) for s in sightings}
    extra: dict[int, tuple[float, object]] = {}
    for item in scene.cards:
        if not item.readable or (str(item.card) in read and _was_matched(sightings, item)):
            continue
        truths = [region for region, share in zip(index_regions(item.corners),
                                                  item.index_visible, strict=True)
                  if share >= 0.9]
        hits = [n for n, region in enumerate(trace.regions)
                if any(_gap(region, truth) < _HIT_GAP for truth in truths)]
        if not hits:
            covered = any(_iou(quad.corners, item.corners) > 0.6 for quad in trace.quads)
            buckets["patch misplaced" if covered else "not found"] += 1
            continue
        missing = [n for n in hits if n not in trace.results and n not in extra]
        if missing:
            extra.update(zip(missing, recogniser.classify(
                scene.image, [trace.regions[n] for n in missing]), strict=True))
        readings = {n: trace.results.get(n) or extra[n] for n in hits}
        right = [n for n, (confidence, card) in readings.items()
                 if card is item.card and confidence >= recogniser.min_confidence]
        if any(n in trace.results for n in right):
            buckets["suppressed"] += 1
        elif right:
            buckets["other corner not read"] += 1
        elif any(card is item.card for _, card in readings.values()):
            buckets["misread: low confidence"] += 1
        elif any(card is not None for _, card in readings.values()):
            buckets["misread: wrong card"] += 1
        else:
            buckets["misread: no index"] += 1
    for sighting in sightings:
        on_card = [item for item in scene.cards
                   if item.card is not None and _box_overlap(sighting.box, item.corners) > 0.3]
        if any(item.card is sighting.card for item in on_card):
            continue
        buckets["false: on a card" if on_card else "false: elsewhere"] += 1
    return score, buckets


def _was_matched(sightings: Sequence[Sighting], item: SceneCard) -> bool:
    return any(s.card is item.card and _box_overlap(s.box, item.corners) > 0.3
               for s in sightings)
