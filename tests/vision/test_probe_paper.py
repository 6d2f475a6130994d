"""Which index regions are worth reading: those lying on card stock, ink holes filled.

Why: the finder's plain paper mask leaves out ink, and a far card's index is mostly ink
(red ink is saturated, so never "paper"): its corner showed under 30 % card stock and a
legible index was never read. The closed mask fills such holes; felt, backs and chips
stay out and are still not read.
"""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np

SHAPE = (360, 640)


def _region(x: float, y: float, w: float = 12, h: float = 18) -> np.ndarray:
    return np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], np.float32)


def test_an_index_of_ink_on_card_stock_is_read_and_felt_is_not(recogniser, monkeypatch):
    mask = np.zeros(SHAPE, np.uint8)
    closed = np.zeros(SHAPE, np.uint8)
    mask[100:118, 100:102] = 255  # an index: all ink on the plain mask but a sliver at its edge
    closed[100:118, 100:112] = 255  # ...and card stock once the ink holes are filled
    search = SimpleNamespace(mask=mask, closed=closed, scale=1.0)
    read: list[np.ndarray] = []

    def probabilities(frame, regions):  # type: ignore[no-untyped-def]
        read.extend(regions)
        rank = np.zeros((len(regions), 14), np.float32)
        rank[:, 13] = 1.0  # "no index": sure, so no close look
        suit = np.full((len(regions), 4), 0.25, np.float32)
        return rank, suit

    monkeypatch.setattr(recogniser, "probabilities", probabilities)
    index, felt = _region(100, 100), _region(300, 200)
    probs, _, _ = recogniser._probe_on_paper(np.zeros((*SHAPE, 3), np.uint8), search,
                                              [index, felt])
    assert list(probs) == [0]
    assert len(read) == 1 and np.array_equal(read[0], index)
