"""Votes over the last frames: readings become stable sightings only when they persist.

Why: a single frame can misread a blurred or half-covered card; the session must only hear
about a card once it has been read the same way in most recent frames, and must hear that
it is gone only once it has really left (not because a hand passed over it).
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Sequence
from dataclasses import dataclass

from dealerassist.cards import Card
from dealerassist.vision.sighting import Sighting

__all__ = ["Smoother", "SmoothedUpdate"]


@dataclass(frozen=True, slots=True)
class SmoothedUpdate:
    """What changed with one frame.

    Attributes:
        appeared: cards that just became stable (one sighting each, the latest reading with
            the mean confidence over the window).
        gone: cards stable before and absent from enough recent frames.
        stable: every stable card now.
        duplicates: cards read in two places at once in enough recent frames (a second deck
            or a misread: the dealer must look).

    """

    appeared: tuple[Sighting, ...]
    gone: tuple[Card, ...]
    stable: tuple[Sighting, ...]
    duplicates: tuple[Card, ...]


class Smoother:
    """Stabilise readings over a window of frames.

    Args:
        window: how many recent frames vote.
        needed: in how many of them a card must be read to become stable; a stable card is
            gone when it was read in fewer than ``window - needed + 1`` of them.

    """

    def __init__(self, *, window: int = 5, needed: int = 3) -> None:
        if not 1 <= needed <= window:
            raise ValueError(f"needed={needed} must be within 1..window={window}")
        self.window = window
        self.needed = needed
        self._frames: deque[dict[Card, list[Sighting]]] = deque(maxlen=window)
        self._stable: dict[Card, Sighting] = {}

    def reset(self) -> None:
        """Forget everything (a new hand, a moved camera)."""
        self._frames.clear()
        self._stable.clear()

    def update(self, sightings: Sequence[Sighting]) -> SmoothedUpdate:
        """Add one frame's readings; returns what became stable or went away."""
        frame: dict[Card, list[Sighting]] = {}
        for sighting in sightings:
            frame.setdefault(sighting.card, []).append(sighting)
        self._frames.append(frame)
        votes: Counter[Card] = Counter()
        doubles: Counter[Card] = Counter()
        for past in self._frames:
            votes.update(past.keys())
            doubles.update(card for card, seen in past.items() if len(seen) > 1)
        appeared = []
        for card, count in votes.items():
            if count >= self.needed and card in frame:
                confidences = [s.confidence for past in self._frames for s in past.get(card, ())]
                latest = max(frame[card], key=lambda s: s.confidence)
                smoothed = Sighting(card, sum(confidences) / len(confidences), latest.box,
                                    latest.zone, latest.frame_index)
                if card not in self._stable:
                    appeared.append(smoothed)
                self._stable[card] = smoothed
        keep_at_least = self.window - self.needed + 1 if len(self._frames) == self.window else 1
        gone = [card for card in self._stable if votes[card] < min(keep_at_least, self.needed)]
        for card in gone:
            del self._stable[card]
        duplicates = tuple(card for card, count in doubles.items() if count >= self.needed)
        return SmoothedUpdate(tuple(appeared), tuple(gone), tuple(self._stable.values()),
                              duplicates)
