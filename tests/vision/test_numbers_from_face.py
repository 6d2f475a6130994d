"""An outline that gave no card, whose face is sure of a number card and its suit, is that card.

Why (issue 9, far cards): a far card's index is a few pixels tall; on seed 2028 a far eight
of diamonds on a clean outline read "no index" at both corners (0.67, 0.94) while its face
counted eight pips at 1.00, diamonds at 0.96. The face names the whole of a number card
(its group is the count of pips, its suit theirs), so such an outline is read as that card,
a proposal for the dealer to confirm (`recogniser._NUMBERS`, in `Recogniser._read_courts`).
Measured: +3 cards on the seven development sets and +1 on the three fresh
ones, no false report more.
"""

from __future__ import annotations

import numpy as np
import pytest

from dealerassist.cards import parse_card
from dealerassist.vision import recogniser as recogniser_module
from dealerassist.vision.quads import CardQuad, index_regions
from dealerassist.vision.recogniser import read_image

from .conftest import FIXTURES

# Outlines of board_five.png as the finder gives them: the seven of clubs (read at 1.0) and
# the two of hearts.
SEVEN = np.array([[327, 163], [384, 163], [384, 242], [327, 242]], np.float32)
TWO = np.array([[460, 163], [516, 163], [516, 242], [460, 242]], np.float32)


def _read(recogniser, corner: tuple[float, object] = (0.0, None)):
    """Run the step on [the seven read surely, the two's outline that gave no card]."""
    frame = read_image(FIXTURES / "board_five.png")
    quads = [CardQuad(SEVEN.copy(), single=True), CardQuad(TWO.copy(), single=True)]
    regions = [*index_regions(quads[0].corners), *index_regions(quads[1].corners)]
    seven = (1.0, parse_card("7c"))
    results = {0: seven, 1: seven, 2: (0.0, None), 3: corner}
    recogniser._read_courts(frame, quads, regions, results, {0: 0.0, 1: 0.0, 2: 0.67, 3: 0.8})
    return results


def test_a_number_card_whose_corners_gave_nothing_is_read_from_its_face(recogniser):
    results = _read(recogniser)
    assert results[2] == results[3]
    confidence, card = results[2]
    assert card is parse_card("2h")
    # A proposal: the dealer confirms it.
    assert confidence == pytest.approx(recogniser_module._DISPUTED)
    assert recogniser.min_confidence <= confidence < 0.95


def test_a_corner_that_read_the_same_card_below_the_floor_is_raised_to_a_proposal(recogniser):
    results = _read(recogniser, (0.45, parse_card("2h")))
    assert results[2] == results[3] == (pytest.approx(recogniser_module._DISPUTED),
                                        parse_card("2h"))


def test_the_face_never_overrules_what_a_corner_read(recogniser):
    # A corner read another card, below the floor: the face does not replace it.
    results = _read(recogniser, (0.3, parse_card("Td")))
    assert results[2] == (0.0, None) and results[3] == (0.3, parse_card("Td"))


def test_a_face_not_sure_enough_of_its_suit_reads_nothing(recogniser, monkeypatch):
    # The two's face is sure of hearts at 0.956: above 0.95, not above 0.99.
    monkeypatch.setattr(recogniser_module, "_NUMBERS", (0.95, 0.99))
    assert _read(recogniser)[2] == (0.0, None)


def test_without_the_step_the_outline_gives_no_card(recogniser, monkeypatch):
    monkeypatch.setattr(recogniser_module, "_NUMBERS", None)
    assert _read(recogniser)[2] == (0.0, None)
