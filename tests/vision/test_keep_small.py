"""A card too small on screen to be read surely is proposed, never counted by itself.

Why it matters: a far camera shows each card some 40 pixels wide and its index about 12; on
scenes other than the held-out ones a sure reading of such a card was wrong 8 times in 221,
most of them at 0.99 or more, so no confidence threshold would have caught them. A wrong
sure card would change a board, a pot and a flag without the dealer's word.
"""

from __future__ import annotations

import numpy as np
import pytest

from dealerassist.cards import parse_card
from dealerassist.vision import recogniser as recogniser_module
from dealerassist.vision.quads import CardQuad, index_regions
from dealerassist.vision.recogniser import Recogniser

FRAME = np.zeros((720, 1280, 3), np.uint8)
KING = parse_card("Kh")


def _card(x: float, y: float, width: float) -> CardQuad:
    """An upright card outline ``width`` pixels wide (88/63 as long) with its top-left at (x, y)."""
    height = width * 88 / 63
    corners = np.array([[x, y], [x + width, y], [x + width, y + height], [x, y + height]],
                       np.float32)
    return CardQuad(corners, single=True)


def _kept(recogniser: Recogniser, width: float, confidence: float = 0.9995):
    quad = _card(600, 300, width)
    regions = list(index_regions(quad.corners))
    results = {0: (confidence, KING), 1: (confidence, KING)}
    return recogniser._keep(FRAME, [quad], regions, results, 0)


def test_a_card_46_pixels_wide_read_surely_needs_the_dealers_confirmation(recogniser):
    (reading,) = _kept(recogniser, 46)
    assert reading.sighting.card is KING
    assert reading.sighting.confidence == pytest.approx(0.85)
    assert reading.sighting.needs_confirmation


def test_a_card_54_pixels_wide_read_surely_counts(recogniser):
    (reading,) = _kept(recogniser, 54)
    assert reading.sighting.confidence == pytest.approx(0.9995)
    assert not reading.sighting.needs_confirmation


def test_a_tilted_card_is_measured_by_its_short_side_not_its_diagonal():
    # Turned 30 degrees: the upright box is wider than the card, the short side is not.
    angle = np.radians(30)
    turn = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    card = _card(0, 0, 46).corners @ turn.T + 500
    assert recogniser_module._short_side(card.astype(np.float32)) == pytest.approx(46, abs=0.01)


def test_a_small_card_is_dropped_when_only_sure_readings_are_wanted():
    strict = Recogniser(min_confidence=0.9)
    assert _kept(strict, 46) == []
    assert len(_kept(strict, 54)) == 1
