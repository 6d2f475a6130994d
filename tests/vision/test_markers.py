"""Corner markers on the felt: found in their order, and whether they moved (issue 9)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from dealerassist.errors import RecognitionError
from dealerassist.vision.markers import (
    displaced,
    find_felt_corners,
    marker_sheet,
    save_marker_sheet,
)
from dealerassist.vision.recogniser import Recogniser

FELT = ((120.0, 90.0), (1150.0, 95.0), (1160.0, 620.0), (110.0, 615.0))


def marker_frame(centres, *, ids=(0, 1, 2, 3), side: int = 60, size=(1280, 720)):
    """A felt-green frame with a printed marker (white margin) centred on each point."""
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    frame = np.full((size[1], size[0], 3), (40, 110, 30), np.uint8)
    noise = np.random.default_rng(1).integers(0, 6, frame.shape, dtype=np.uint8)
    frame = cv2.add(frame, noise)
    for number, (x, y) in zip(ids, centres, strict=True):
        pad = side // 4
        tile = np.full((side + 2 * pad, side + 2 * pad), 235, np.uint8)
        tile[pad:pad + side, pad:pad + side] = cv2.aruco.generateImageMarker(
            dictionary, number, side, borderBits=1)
        # Seen at a slant: the tile warped onto a slightly turned square.
        half = tile.shape[0] / 2
        src = np.float32([[0, 0], [tile.shape[1], 0], [tile.shape[1], tile.shape[0]],
                          [0, tile.shape[0]]])
        turn = np.float32([[-half, -half + 4], [half, -half], [half - 3, half], [-half, half]])
        matrix = cv2.getPerspectiveTransform(src, turn + np.float32([x, y]))
        warped = cv2.warpPerspective(cv2.cvtColor(tile, cv2.COLOR_GRAY2BGR), matrix, size,
                                     flags=cv2.INTER_LINEAR)
        mask = cv2.warpPerspective(np.full(tile.shape, 255, np.uint8), matrix, size) > 0
        frame[mask] = warped[mask]
    return frame


def test_the_four_markers_give_the_felt_s_corners_in_the_table_s_order():
    found = find_felt_corners(marker_frame(FELT))
    assert found is not None
    assert np.allclose(found, FELT, atol=2.5)
    # The camera turned half a turn: marker 0 (the table's top-left) is now bottom right
    # on the image, and the corners still come in the table's order.
    turned = tuple(reversed(FELT[2:] + FELT[:2]))
    found = find_felt_corners(marker_frame(turned))
    assert found is not None and np.allclose(found, turned, atol=2.5)


def test_three_markers_or_one_marker_twice_calibrate_nothing():
    assert find_felt_corners(marker_frame(FELT[:3], ids=(0, 1, 2))) is None
    assert find_felt_corners(marker_frame(FELT, ids=(0, 1, 2, 2))) is None
    assert find_felt_corners(np.zeros((720, 1280, 3), np.uint8)) is None
    assert find_felt_corners(np.zeros((720, 1280), np.uint8)) is None  # not a BGR frame


def test_markers_moved_all_together_or_one_by_one():
    size = (1280, 720)  # 1 % of the diagonal: 14.7 pixels
    assert displaced(FELT, FELT, size) == (False, False, False, False)
    jitter = tuple((x + 3, y - 3) for x, y in FELT)
    assert displaced(FELT, jitter, size) == (False, False, False, False)
    camera_moved = tuple((x + 20, y + 8) for x, y in FELT)
    assert displaced(FELT, camera_moved, size) == (True, True, True, True)
    pushed = (FELT[0], (FELT[1][0] - 40, FELT[1][1] + 10), FELT[2], FELT[3])
    assert displaced(FELT, pushed, size) == (False, True, False, False)


def test_the_sheet_to_print_holds_the_four_markers_in_their_corners(tmp_path):
    sheet = marker_sheet(800)
    found = find_felt_corners(cv2.cvtColor(sheet, cv2.COLOR_GRAY2BGR))
    assert found is not None
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = found
    assert x0 < 400 < x1 and y0 < 400 and y1 < 400  # 0 top-left, 1 top-right
    assert x3 < 400 < x2 and y2 > 400 and y3 > 400  # 3 bottom-left, 2 bottom-right
    path = tmp_path / "markers.png"
    save_marker_sheet(path, size=800)
    assert np.array_equal(cv2.imread(str(path), cv2.IMREAD_GRAYSCALE), sheet)
    with pytest.raises(RecognitionError, match="markers.nope"):
        save_marker_sheet(tmp_path / "markers.nope")
    with pytest.raises(RecognitionError, match="could not be saved"):
        save_marker_sheet(tmp_path / "no such folder" / "markers.png")


def test_markers_on_the_felt_are_never_read_as_cards():
    recogniser = Recogniser()
    for side in (40, 90):
        assert recogniser.recognise(marker_frame(FELT, side=side)) == []


def test_markers_laid_from_another_corner_keep_the_calibrated_table_s_order():
    from dealerassist.vision.calibration import in_calibrated_order

    # Marker 0 laid on the corner the calibration in use calls bottom-right.
    seen = (FELT[2], FELT[3], FELT[0], FELT[1])
    assert in_calibrated_order(FELT, seen) == FELT
    knocked = tuple((x + 25, y - 10) for x, y in seen)
    assert in_calibrated_order(FELT, knocked) == tuple((x + 25, y - 10) for x, y in FELT)
    assert in_calibrated_order(FELT, FELT) == FELT
