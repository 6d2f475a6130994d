"""Issue 42: a photo cropped to one card's border, with no table around it, is read."""

import cv2
import numpy as np
import pytest

from dealerassist.cards import parse_card
from dealerassist.vision.designs import HELDOUT_DESIGNS, drawn_decks
from dealerassist.vision.recogniser import Recogniser

_RECOGNISER = Recogniser()


@pytest.mark.parametrize("code", ["Ah", "7c", "Kd", "Ts", "2s", "Qh"])
@pytest.mark.parametrize("width", [100, 250, 800])
def test_defect_issue_42_single_card_cropped_to_its_border_is_read(code, width):
    for deck in drawn_decks(HELDOUT_DESIGNS):
        face = np.ascontiguousarray(deck.face(parse_card(code))[..., :3])
        face = cv2.resize(face, (width, round(width * 1.4)), interpolation=cv2.INTER_AREA)
        read = _RECOGNISER.recognise(face)
        assert {str(s.card) for s in read} == {code}, deck.name  # nothing else
        x, y, w, h = read[0].box
        assert 0 <= x < width and 0 <= y < face.shape[0] and w > 0 and h > 0
        sideways = np.ascontiguousarray(np.rot90(face))
        assert {str(s.card) for s in _RECOGNISER.recognise(sideways)} == {code}, deck.name


def test_a_card_shaped_empty_table_stays_empty():
    table = np.full((350, 250, 3), (40, 110, 30), np.uint8)
    assert _RECOGNISER.recognise(table) == []


def test_a_16_9_camera_frame_read_empty_is_not_read_again_as_one_card(monkeypatch):
    """A bright empty table from a 16:9 camera is no card photo: no second read (19 ms)."""
    retried = []
    monkeypatch.setattr(_RECOGNISER, "_read_one_card", lambda frame: retried.append(1) or [])
    desk = np.full((720, 1280, 3), (225, 228, 230), np.uint8)
    assert _RECOGNISER.recognise(desk) == []
    assert retried == []
    assert _RECOGNISER.recognise(np.ascontiguousarray(desk[:, :504])) == []  # 0.7: card-shaped
    assert retried == [1]
