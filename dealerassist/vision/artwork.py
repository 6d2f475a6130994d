"""Decks from rasterised artwork: a folder of ``Ah.png`` ... ``back.png`` (BGRA or BGR).

Used by the training and evaluation scripts and by the bench when Debian's card decks have
been rasterised by ``scripts/vision_artwork.py``; no artwork ships with the program.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from dealerassist.cards import Card, parse_card
from dealerassist.errors import RecognitionError

__all__ = ["ArtworkDeck"]


class ArtworkDeck:
    """A deck read from a folder of card images named by card."""

    def __init__(self, folder: Path | str) -> None:
        folder = Path(folder)
        self.name = f"art-{folder.name}"
        self._faces: dict[Card, np.ndarray] = {}
        for path in folder.glob("*.png"):
            if path.stem == "back":
                continue
            image = cv2.imread(str(path), cv2.IMREAD_UNCHANGED)
            if image is None:
                raise RecognitionError(f"{path}: not an image this app can read")
            self._faces[parse_card(path.stem)] = image
        if len(self._faces) != 52:
            raise RecognitionError(f"{folder}: {len(self._faces)} card faces, 52 needed")
        back = cv2.imread(str(folder / "back.png"), cv2.IMREAD_UNCHANGED)
        if back is None:
            back = np.full_like(next(iter(self._faces.values())), 40)
        self._back = back

    def face(self, card: Card) -> np.ndarray:
        """Return the face of ``card``."""
        return self._faces[card]

    def back(self) -> np.ndarray:
        """Return the back."""
        return self._back
