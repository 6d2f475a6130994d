"""The felt flattened: a tilted camera's frame read as if seen from straight above."""

import cv2
import numpy as np
import pytest

from dealerassist.cards import parse_card
from dealerassist.vision.calibration import TableCalibration
from dealerassist.vision.designs import HELDOUT_DESIGNS, drawn_decks
from dealerassist.vision.real_photos import seen_from_side
from dealerassist.vision.recogniser import Recogniser
from dealerassist.vision.sighting import CONFIRM_BELOW
from dealerassist.vision.synthetic import render_board
from dealerassist.vision.table_view import SLANT, felt_shape, table_view

FRAME = (1280, 720)


def _seen(width, height, *, tilt, turn, focal):
    """A width x height rectangle's corners as a camera tilted and turned sees it."""
    corners = np.array([[0, 0], [width, 0], [width, height], [0, height]], float)
    x, y = (corners - [width / 2, height / 2]).T
    a = np.radians(turn)
    x, y = x * np.cos(a) - y * np.sin(a), x * np.sin(a) + y * np.cos(a)
    depth = 3.0 * max(width, height) - y * np.sin(np.radians(tilt))
    return np.stack([focal * x / depth + FRAME[0] / 2,
                     focal * y * np.cos(np.radians(tilt)) / depth + FRAME[1] / 2], axis=1)


@pytest.mark.parametrize("focal", [700.0, 1000.0, 1500.0])
@pytest.mark.parametrize("tilt", [30.0, 55.0])
def test_the_felts_shape_and_the_lens_follow_from_its_corners_seen_turned(tilt, focal):
    ratio, found = felt_shape(_seen(2.0, 1.0, tilt=tilt, turn=20.0, focal=focal), FRAME)
    assert ratio == pytest.approx(2.0, rel=0.01)
    assert found == pytest.approx(focal, rel=0.02)


@pytest.mark.parametrize("focal", [800.0, 1108.0])
def test_a_camera_square_to_the_table_is_taken_for_a_typical_webcam(focal):
    """Two sides parallel in the image tell no lens: the felt's shape is still near."""
    seen = _seen(2.0, 1.0, tilt=50.0, turn=0.0, focal=focal)
    ratio, found = felt_shape(seen, FRAME)
    assert found == pytest.approx(0.6 * np.hypot(*FRAME))
    assert ratio == pytest.approx(2.0, rel=0.15)
    # Read as it looks, the felt would be taken for over three times as wide as deep.
    looks = (seen[1, 0] - seen[0, 0] + seen[2, 0] - seen[3, 0]) / (seen[3, 1] - seen[0, 1]) / 2
    assert looks > 3.0


@pytest.mark.parametrize("turn", [0.0, 3.0])
def test_a_lens_a_misplaced_click_would_swing_is_not_trusted(turn):
    """Clicks 3 pixels off at most: near the square-on view the corners give a lens far
    from the camera's, and the felt's shape with it; a typical webcam's is nearer."""
    rng = np.random.default_rng(7)
    seen = _seen(2.0, 1.0, tilt=53.0, turn=turn, focal=1000.0)
    errors = [abs(felt_shape(seen + rng.uniform(-3, 3, seen.shape), FRAME)[0] / 2.0 - 1.0)
              for _ in range(60)]
    assert np.percentile(errors, 90) < 0.25


def test_an_overhead_camera_is_not_flattened():
    view = table_view(TableCalibration(((100.0, 50.0), (1100.0, 50.0), (1100.0, 650.0),
                                        (100.0, 650.0))), FRAME)
    assert view is not None and view.slant == pytest.approx(1.0) and view.slant < SLANT


def test_corners_no_rectangle_could_show_give_no_view():
    """A dent (the third corner clicked inside the felt): no camera sees a rectangle so."""
    dented = TableCalibration(((100.0, 50.0), (1100.0, 50.0), (600.0, 200.0), (100.0, 650.0)))
    assert table_view(dented, FRAME) is None


def test_a_flat_box_is_boxed_around_its_image_in_the_frame():
    corners = tuple(map(tuple, _seen(900.0, 500.0, tilt=55.0, turn=10.0, focal=1000.0)))
    view = table_view(TableCalibration(corners), FRAME)
    assert view is not None and view.slant > SLANT
    x, y, w, h = view.box_to_frame((200, 100, 60, 80))
    image = view.to_frame(np.array([[200, 100], [260, 100], [260, 180], [200, 180]]))
    assert x <= image[:, 0].min() and image[:, 0].max() <= x + w
    assert y <= image[:, 1].min() and image[:, 1].max() <= y + h
    assert w - (image[:, 0].max() - image[:, 0].min()) <= 2


def test_issue_42_cards_a_tilted_camera_foreshortens_are_read_on_the_felt_flattened():
    """A board seen 60 degrees from overhead: the frame as it is loses some of it (3 of 5
    cards read, a seven of clubs proposed as spades); with the felt's corners marked, every
    card is read, boxed where it lies, on the board."""
    board = [parse_card(c) for c in ("Ah", "Kd", "7c", "Ts", "2h")]
    overhead = render_board(board, deck=drawn_decks(HELDOUT_DESIGNS)[0], seed=3)
    frame, corners = seen_from_side(overhead, 60.0, FRAME, 1108.0)
    as_it_is = Recogniser().recognise(frame)
    assert len({s.card for s in as_it_is} & set(board)) < len(board)
    assert all(s.card in board for s in as_it_is if s.confidence >= CONFIRM_BELOW)
    marked = Recogniser(calibration=TableCalibration(corners, frame_size=FRAME))
    sightings = marked.recognise(frame)
    assert [s.card for s in sightings] == board
    assert {s.zone for s in sightings} == {"board"}
    # Each box lies around its card's centre as the camera sees it.
    camera = cv2.getPerspectiveTransform(
        np.array([[0, 0], [1280, 0], [1280, 720], [0, 720]], np.float32),
        np.array(corners, np.float32))
    width = 0.08 * 1280
    centres = [[1280 / 2 - 2.5 * width * 1.15 + slot * width * 1.15 + width / 2, 360]
               for slot in range(5)]
    seen = cv2.perspectiveTransform(np.array([centres], np.float32), camera)[0]
    for sighting, (cx, cy) in zip(sightings, seen, strict=True):
        x, y, w, h = sighting.box
        assert x < cx < x + w and y < cy < y + h
        assert w < 1.5 * width
