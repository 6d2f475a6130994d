import numpy as np
import pytest

from dealerassist.errors import RecognitionError
from dealerassist.vision.calibration import TableCalibration

FELT = ((100.0, 50.0), (1180.0, 50.0), (1180.0, 670.0), (100.0, 670.0))


def test_board_zone_is_the_middle_of_the_felt():
    calibration = TableCalibration(FELT)
    assert calibration.zone_of((640, 360)) == "board"
    assert calibration.zone_of((5, 5)) == ""


def test_calibration_round_trips_through_json(tmp_path):
    calibration = TableCalibration(FELT)
    path = tmp_path / "table.json"
    calibration.save(path)
    loaded = TableCalibration.load(path)
    assert loaded.felt_corners == calibration.felt_corners
    assert loaded.zones == calibration.zones


def test_bad_calibration_file_names_the_file(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(RecognitionError, match="bad.json"):
        TableCalibration.load(path)


def test_calibration_needs_four_corners():
    with pytest.raises(RecognitionError, match="4 felt corners"):
        TableCalibration(FELT[:3])


def test_felt_corners_clicked_in_any_order_are_taken_clockwise_from_the_top_left():
    from dealerassist.vision.calibration import CornerMarking

    marking = CornerMarking()
    for x, y in ((1180, 660), (100, 80), (1200, 90), (90, 650)):  # any order
        marking = marking.add(x, y)
    assert marking.complete and marking.remaining == 0
    calibration = marking.calibration()
    assert calibration.felt_corners == ((100, 80), (1200, 90), (1180, 660), (90, 650))
    assert calibration.zone_of((640, 370)) == "board"


def test_a_marking_undoes_its_last_corner_and_a_fifth_click_starts_again():
    from dealerassist.vision.calibration import CornerMarking

    marking = CornerMarking().add(1, 2).add(3, 4)
    assert marking.undo().points == ((1.0, 2.0),) and marking.remaining == 2
    full = marking.add(5, 6).add(7, 8)
    assert full.add(9, 9).points == ((9.0, 9.0),)


def test_an_incomplete_or_flat_marking_is_a_clear_error():
    from dealerassist.vision.calibration import CornerMarking

    with pytest.raises(RecognitionError, match="4 felt corners, got 3"):
        CornerMarking().add(0, 0).add(10, 0).add(10, 10).calibration()
    flat = CornerMarking().add(0, 0).add(10, 0).add(20, 0).add(30, 0)
    with pytest.raises(RecognitionError, match="no area"):
        flat.calibration()


def test_zones_are_drawn_where_they_lie_on_the_image_and_kept_beside_the_journal(tmp_path):
    from dealerassist.journal.paths import calibration_path

    calibration = TableCalibration(((100, 100), (1100, 100), (1100, 600), (100, 600)))
    board = calibration.zone_outlines()["board"]
    # The board zone spans 0.3..0.7 across and 0.38..0.62 down the felt.
    assert np.allclose(board[0], (100 + 0.3 * 1000, 100 + 0.38 * 500), atol=0.01)
    assert np.allclose(board[2], (100 + 0.7 * 1000, 100 + 0.62 * 500), atol=0.01)
    assert calibration_path(tmp_path / "table.db") == tmp_path / "table.db.camera.json"


# The felt marked on 1280x720 frames; the camera may later deliver another resolution.
MARKED_ON = (1280, 720)


def test_a_calibration_is_scaled_to_frames_of_the_same_shape():
    calibration = TableCalibration(FELT, frame_size=MARKED_ON)
    full_hd = calibration.fitted(1920, 1080)
    assert full_hd.frame_size == (1920, 1080)
    assert np.allclose(full_hd.felt_corners, [(150, 75), (1770, 75), (1770, 1005), (150, 1005)])
    assert full_hd.zones == calibration.zones
    # The middle of the felt is the board at either resolution; a corner of the felt is
    # no zone at either.
    assert calibration.zone_of((640, 360)) == full_hd.zone_of((960, 540)) == "board"
    assert calibration.zone_of((101, 51)) == full_hd.zone_of((152, 77)) == ""
    assert calibration.fitted(*MARKED_ON) is calibration


def test_a_frame_of_another_shape_asks_for_the_corners_to_be_marked_again():
    calibration = TableCalibration(FELT, frame_size=MARKED_ON)
    assert calibration.fits(1920, 1080) and calibration.fits(854, 480)  # 16:9 within 0.1 %
    assert not calibration.fits(640, 480)  # 4:3: another part of the table is in view
    with pytest.raises(RecognitionError, match=r"640x480.*1280x720.*mark them again"):
        calibration.fitted(640, 480)


def test_a_calibration_without_a_frame_size_fits_every_frame_as_it_is():
    calibration = TableCalibration(FELT)  # written before sizes were recorded
    assert calibration.fits(640, 480)
    assert calibration.fitted(640, 480) is calibration


def test_the_frame_size_is_saved_and_older_files_without_it_still_load(tmp_path):
    path = tmp_path / "table.json"
    TableCalibration(FELT, frame_size=MARKED_ON).save(path)
    assert TableCalibration.load(path).frame_size == MARKED_ON
    TableCalibration(FELT).save(path)
    assert "frame_size" not in path.read_text(encoding="utf-8")
    assert TableCalibration.load(path).frame_size is None


@pytest.mark.parametrize("size", ["[1280]", "[0, 720]", "\"wide\"", "7"])
def test_a_broken_frame_size_names_the_file(tmp_path, size):
    path = tmp_path / "table.json"
    TableCalibration(FELT).save(path)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('"version": 1,', f'"version": 1, "frame_size": {size},'),
                    encoding="utf-8")
    with pytest.raises(RecognitionError, match="table.json"):
        TableCalibration.load(path)


def test_a_marking_records_the_size_of_the_frame_it_was_clicked_on():
    from dealerassist.vision.calibration import CornerMarking

    marking = CornerMarking()
    for x, y in FELT:
        marking = marking.add(x, y)
    assert marking.calibration(frame_size=MARKED_ON).frame_size == MARKED_ON
    assert marking.calibration().frame_size is None
