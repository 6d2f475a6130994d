"""Scoring readings against the truth of rendered scenes (held-out checks and the bench).

A face-up card whose corner index can be seen counts as read right when a sighting of the
same card overlaps it. Any other sighting is a false report; one lying on a face-down card
is a "back reported", which must never happen.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import cv2
import numpy as np

from dealerassist.vision.sighting import Sighting
from dealerassist.vision.synthetic import SceneCard

__all__ = ["Score", "score_frame"]


@dataclass
class Score:
    """Counts over many frames (mutable accumulator)."""

    readable: int = 0
    read_right: int = 0
    false_reports: int = 0
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
        if any(item.card is None and _box_overlap(sighting.box, item.corners) > 0.5
               for item in truth):
            score.backs_reported += 1
    return score
