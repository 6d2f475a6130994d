"""Two different cards kept on one place: a small card's faces settle it, else both are proposals.

Why it matters (issue 9): on fresh scenes of the held-out designs (seed 2029) a far four of
clubs was read right on its clean outline and as the four of spades at 0.99 on a hypothesis
a few pixels off it, each at the opposite corner: two cards reported on one, the wrong one
sure enough to change a board without the dealer's word. The faces of both outlines weigh
the two cards where the card is too small to be read surely (`recogniser._LEGIBLE`); at a
readable size two cards may really lie stacked with both indices showing, and both are then
proposals for the dealer to confirm.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from dealerassist.cards import parse_card
from dealerassist.vision import recogniser as recogniser_module
from dealerassist.vision.designs import TRAIN_DESIGNS
from dealerassist.vision.faces import CARD_H, CARD_W, draw_face
from dealerassist.vision.quads import CardQuad, index_regions

FELT = (40, 110, 30)
CLUBS, SPADES = parse_card("4c"), parse_card("4s")


def _outline(x: float, y: float, width: float) -> np.ndarray:
    height = width * 88 / 63
    return np.array([[x, y], [x + width, y], [x + width, y + height], [x, y + height]],
                    np.float32)


def _frame_with(card_name: str, corners: np.ndarray) -> np.ndarray:
    """A felt frame with one drawn training-design card face-up on ``corners``."""
    frame = np.empty((720, 1280, 3), np.uint8)
    frame[:] = FELT
    face = draw_face(parse_card(card_name), TRAIN_DESIGNS[0])
    source = np.array([[0, 0], [CARD_W, 0], [CARD_W, CARD_H], [0, CARD_H]], np.float32)
    matrix = cv2.getPerspectiveTransform(source, corners)
    cv2.warpPerspective(face, matrix, (1280, 720), frame, flags=cv2.INTER_AREA,
                        borderMode=cv2.BORDER_TRANSPARENT)
    return frame


def _keep_two(recogniser, width: float, first: tuple[float, object],
              second: tuple[float, object], *, shift: float = 3.0):
    """The card's outline reading ``first`` at its top-left corner and a hypothesis
    ``shift`` pixels off it reading ``second`` at its bottom-right one."""
    outline = _outline(600, 300, width)
    frame = _frame_with("4c", outline)
    quads = [CardQuad(outline, single=True), CardQuad(outline + shift, single=False)]
    regions = [*index_regions(quads[0].corners), *index_regions(quads[1].corners)]
    results = {0: first, 3: second}
    return recogniser._keep(frame, quads, regions, results, 0)


def test_a_far_club_read_as_a_spade_beside_its_outline_is_dropped_by_the_faces(recogniser):
    kept = _keep_two(recogniser, 46, (0.9995, CLUBS), (0.9995, SPADES))
    assert [reading.sighting.card for reading in kept] == [CLUBS]
    assert kept[0].sighting.needs_confirmation  # small: never counted by itself


def test_the_faces_decide_whichever_reading_was_surer(recogniser):
    # The wrong suit read more surely (as on seed 2029): still the club stays.
    kept = _keep_two(recogniser, 46, (0.86, CLUBS), (0.9995, SPADES))
    assert [reading.sighting.card for reading in kept] == [CLUBS]


def test_at_a_readable_size_both_stay_as_proposals(recogniser):
    # Two cards may lie stacked with both indices showing: the faces see only the top one.
    kept = _keep_two(recogniser, 70, (0.9995, CLUBS), (0.9995, SPADES))
    assert sorted(str(reading.sighting.card) for reading in kept) == ["4c", "4s"]
    assert all(reading.sighting.confidence == pytest.approx(0.85) for reading in kept)
    assert all(reading.sighting.needs_confirmation for reading in kept)


def test_two_cards_apart_are_left_alone(recogniser):
    # The hypothesis a whole card's width aside: no longer one place.
    kept = _keep_two(recogniser, 70, (0.9995, CLUBS), (0.9995, SPADES), shift=80.0)
    assert sorted(str(reading.sighting.card) for reading in kept) == ["4c", "4s"]
    assert all(not reading.sighting.needs_confirmation for reading in kept)


def test_without_the_step_both_cards_are_reported_surely(recogniser, monkeypatch):
    # The control: what the dealer was shown before (a sure wrong card beside the right one).
    monkeypatch.setattr(recogniser_module, "_SAME_PLACE", None)
    kept = _keep_two(recogniser, 70, (0.9995, CLUBS), (0.9995, SPADES))
    assert sorted(str(reading.sighting.card) for reading in kept) == ["4c", "4s"]
    assert all(not reading.sighting.needs_confirmation for reading in kept)
