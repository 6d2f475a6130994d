"""A card seen in a frame: the one value type that leaves the vision layer.

Why a separate module: the recogniser, the smoother, the pipeline and the session all
pass `Sighting`s, so the type has no dependency on OpenCV.
"""

from __future__ import annotations

from dataclasses import dataclass

from dealerassist.cards import Card

__all__ = ["CONFIRM_BELOW", "Sighting"]

# A sighting below this confidence is only a proposal: the dealer must confirm it before it
# can change anything (design.md: "the camera proposes, the dealer confirms"). Why 0.95:
# on rendered scenes other than the held-out ones (seeds 3030/3131/3232/2027, 7,000
# readings), 3 of the 51 readings between 0.90 and 0.95 were the wrong card, against 1 of
# the 6,234 above; asking the dealer about those 51 costs little, a card miscounted
# silently costs a pot.
CONFIRM_BELOW = 0.95


@dataclass(frozen=True, slots=True)
class Sighting:
    """One card read in one frame (or a stable reading over several frames).

    Attributes:
        card: the face read (never a back, the joker or the unknown card).
        confidence: 0..1, the product of the rank and suit probabilities.
        box: ``(x, y, w, h)`` in frame pixels, the card's upright bounding box.
        zone: the calibrated table zone holding the card's centre (``"board"``,
            ``"seat3"``, ``"muck"``), or ``""`` when the frame is not calibrated.
        frame_index: the index of the frame it was read in (the latest, once smoothed).

    """

    card: Card
    confidence: float
    box: tuple[int, int, int, int]
    zone: str = ""
    frame_index: int = 0

    def __post_init__(self) -> None:
        if not self.card.is_face:
            raise ValueError(f"a sighting must be a face card, not {self.card!r}")
        if not 0.0 <= self.confidence <= 1.0:
            raise ValueError(f"confidence {self.confidence} is outside 0..1")
        if len(self.box) != 4 or self.box[2] < 0 or self.box[3] < 0:
            raise ValueError(f"box {self.box} is not (x, y, w, h) with w, h >= 0")

    @property
    def needs_confirmation(self) -> bool:
        """True when the dealer must confirm this card before it counts."""
        return self.confidence < CONFIRM_BELOW

    @property
    def centre(self) -> tuple[float, float]:
        """The box centre in frame pixels."""
        x, y, w, h = self.box
        return (x + w / 2, y + h / 2)

    def to_json(self) -> dict[str, object]:
        """Return the CLI's JSON shape: ``{"card", "confidence", "box"}`` (+ zone when known)."""
        data: dict[str, object] = {
            "card": str(self.card),
            "confidence": round(self.confidence, 4),
            "box": list(self.box),
        }
        if self.zone:
            data["zone"] = self.zone
        return data
