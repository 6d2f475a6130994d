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
