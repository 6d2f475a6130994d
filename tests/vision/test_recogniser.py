"""The shipped model on fixture images drawn in designs never used in training."""

import cv2
import numpy as np
import pytest

from dealerassist.errors import RecognitionError
from dealerassist.vision.model import DEFAULT_MODEL_PATH, PATCH_H, PATCH_W, IndexClassifier
from dealerassist.vision.recogniser import Recogniser, read_image

from .conftest import FIXTURES

# The version resources/vision/card_index.onnx was checked with.
TESTED_OPENCV = "5.0.0"


def test_shipped_model_loads_and_answers_every_class_head():
    assert cv2.__version__ == TESTED_OPENCV
    assert DEFAULT_MODEL_PATH.stat().st_size < 2_000_000
    paper = np.full((3, PATCH_H, PATCH_W), 250, np.uint8)
    blank = np.stack([paper, np.full_like(paper, 128)], axis=-1)  # grey and redness
    ranks, suits = IndexClassifier().predict(blank)
    assert ranks.shape == (3, 14) and suits.shape == (3, 4)
    assert np.allclose(ranks.sum(axis=1), 1, atol=1e-4)
    assert (ranks.argmax(axis=1) == 13).all()  # blank paper is "no index"


@pytest.mark.parametrize(
    ("name", "misses_allowed"),
    [("board_five.png", 0), ("angle.png", 1), ("blur_glare.png", 0), ("overlap_chips.png", 0)],
)
def test_fixture_cards_are_read(recogniser, expected, name, misses_allowed):
    sightings = recogniser.recognise(read_image(FIXTURES / name))
    read = {str(s.card) for s in sightings}
    assert len(read) == len(sightings)  # no card twice
    missed = set(expected[name]["cards"]) - read
    # A known miss: the 2s in angle.png, whose blurred spade one corner reads as a club:
    # proposed as the 2c below 0.9, so the dealer confirms it and it never counts by itself.
    # (The Js of the fan under a chip in overlap_chips.png is read too.)
    assert len(missed) <= misses_allowed, f"missed {sorted(missed)}"
    present = set(expected[name]["present"])
    wrong = [s for s in sightings if str(s.card) not in present]
    assert len(wrong) <= misses_allowed
    assert all(s.needs_confirmation for s in wrong)  # nothing sure that is not there


def test_card_backs_are_never_reported(recogniser):
    assert recogniser.recognise(read_image(FIXTURES / "backs_only.png")) == []


def test_board_sightings_carry_boxes_around_each_card(recogniser):
    sightings = recogniser.recognise(read_image(FIXTURES / "board_five.png"))
    xs = [s.box[0] for s in sightings]
    assert xs == sorted(xs)
    assert [str(s.card) for s in sightings] == ["Ah", "Kd", "7c", "Ts", "2h"]
    for sighting in sightings:
        x, y, w, h = sighting.box
        assert 45 < w < 70 and 1.25 < h / w < 1.55
        assert 0.5 <= sighting.confidence <= 1.0


def test_empty_felt_gives_no_cards(recogniser):
    felt = np.zeros((720, 1280, 3), np.uint8)
    felt[:] = (40, 110, 30)
    assert recogniser.recognise(felt) == []


def test_missing_model_is_a_clear_error(tmp_path):
    with pytest.raises(RecognitionError, match="card model is missing"):
        Recogniser(model_path=tmp_path / "none.onnx")


def test_unreadable_image_is_named(tmp_path):
    path = tmp_path / "photo.jpg"
    path.write_bytes(b"\xff\xd8 truncated")
    with pytest.raises(RecognitionError, match="photo.jpg: not an image"):
        read_image(path)


@pytest.mark.parametrize("name", ["overlap_chips.png", "angle.png"])
def test_sighting_boxes_stay_inside_the_frame(recogniser, name):
    image = read_image(FIXTURES / name)
    height, width = image.shape[:2]
    for sighting in recogniser.recognise(image):
        x, y, w, h = sighting.box
        assert 0 <= x and 0 <= y and x + w <= width and y + h <= height


def test_zones_follow_the_camera_to_another_resolution_but_not_to_another_shape():
    """The felt was marked on 1280x720 frames; board_five.png is 720x405, the same shape."""
    from dealerassist.vision.calibration import TableCalibration

    image = read_image(FIXTURES / "board_five.png")
    felt = ((0.0, 0.0), (1280.0, 0.0), (1280.0, 720.0), (0.0, 720.0))  # the whole frame
    marked = Recogniser(calibration=TableCalibration(felt, frame_size=(1280, 720)))
    sightings = marked.recognise(image)
    assert [str(s.card) for s in sightings] == ["Ah", "Kd", "7c", "Ts", "2h"]
    assert {s.zone for s in sightings} == {"board"}
    # Taken as pixels of this frame, the same corners would put the cards off the board.
    unscaled = Recogniser(calibration=TableCalibration(felt))
    assert "board" not in {s.zone for s in unscaled.recognise(image)}
    # A 4:3 frame shows another part of the table: cards are read, no zone is guessed.
    narrow = np.ascontiguousarray(image[:, 90:630])
    assert {s.zone for s in marked.recognise(narrow)} == {""}
    assert len(marked.recognise(narrow)) >= 3
