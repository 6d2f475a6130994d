"""The dealer marks the felt's corners on the camera view; the zones follow (issue 9).

Seat zones are what lets the camera read stud up cards and hands shown at showdown: the
console keeps the table's calibration beside its journal and gives it to the recogniser.
"""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
from PySide6.QtCore import QPoint, Qt

from dealerassist.journal.memory import InMemoryJournal
from dealerassist.rules import default_rules
from dealerassist.session.controller import TableSession
from dealerassist.ui.bridge import ConsoleBridge
from dealerassist.ui.main_window import MainWindow
from dealerassist.ui.session_adapter import SessionController
from dealerassist.vision.calibration import TableCalibration

FELT = ((100.0, 80.0), (1180.0, 80.0), (1180.0, 660.0), (100.0, 660.0))


def _window(qtbot, settings, calibration_file):
    rules = default_rules()
    controller = SessionController(TableSession(InMemoryJournal(), rules=rules))
    window = MainWindow(bridge=ConsoleBridge(controller), settings=settings,
                        calibration_file=calibration_file)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    return window


def _show_frame(window) -> None:
    frame = np.full((720, 1280, 3), 60, np.uint8)
    result = SimpleNamespace(frame=frame, sightings=(), frame_index=1, latency_ms=20.0,
                             update=SimpleNamespace(stable=(), appeared=(), gone=()))
    window.tabs.setCurrentWidget(window.camera_view)
    window.camera_view.show_result(result)


def _click(qtbot, view, x: float, y: float) -> None:
    scale, left, top = view._placement()
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton,
                     pos=QPoint(round(left + x * scale), round(top + y * scale)))


def test_the_felt_s_corners_clicked_on_the_view_calibrate_and_are_saved(
        qtbot, settings, tmp_path):
    path = tmp_path / "table.db.camera.json"
    window = _window(qtbot, settings, path)
    _show_frame(window)
    reader = window._reader()  # the camera's recogniser, made before the marking
    assert reader.calibration is None
    assert window.mark_felt_corners()
    view = window.camera_view
    assert "4 to go" in view.status
    _click(qtbot, view, 1180, 660)  # any order
    _click(qtbot, view, 600, 300)  # a slip...
    qtbot.keyClick(view, Qt.Key.Key_Backspace)  # ...undone
    assert "3 to go" in view.status
    for x, y in ((100, 80), (1180, 80), (100, 660)):
        _click(qtbot, view, x, y)
    assert not view.marking and "calibrated" in view.status
    saved = TableCalibration.load(path)
    assert np.allclose(saved.felt_corners, FELT, atol=2.5)  # a click is a whole pixel
    assert window.calibration.zone_of((640, 370)) == "board"
    assert reader.calibration is window.calibration  # sightings get their zones at once
    # A zone for each seat of the table, around the felt.
    seats = [name for name in window.calibration.zones if name.startswith("seat")]
    assert len(seats) == len(window.bridge.view().seats)
    outlines = window.calibration.zone_outlines()
    assert all(window.calibration.zone_of(outlines[name].mean(axis=0)) == name for name in seats)


def test_marking_needs_a_frame_and_escape_leaves_the_calibration_as_it_was(
        qtbot, settings, tmp_path):
    path = tmp_path / "table.db.camera.json"
    TableCalibration(FELT).save(path)
    window = _window(qtbot, settings, path)
    assert window.calibration is not None  # read back when the console opens
    assert not window.mark_felt_corners()  # no frame yet
    assert "Start the camera first" in window.refusal_label.text()
    _show_frame(window)
    assert window.mark_felt_corners()
    _click(qtbot, window.camera_view, 300, 300)
    qtbot.keyClick(window.camera_view, Qt.Key.Key_Escape)
    assert not window.camera_view.marking
    assert window.calibration.felt_corners == FELT
    assert TableCalibration.load(path).felt_corners == FELT


def test_a_broken_calibration_file_is_reported_not_raised(qtbot, settings, tmp_path):
    path = tmp_path / "table.db.camera.json"
    path.write_text("{not json", encoding="utf-8")
    window = _window(qtbot, settings, path)
    assert window.calibration is None
    assert "not a table calibration" in window.refusal_label.text()


def _deliver(window, frame) -> None:
    """A frame as the camera's worker delivers it (no card read)."""
    window._camera_result(SimpleNamespace(
        frame=frame, sightings=(), frame_index=1, latency_ms=20.0,
        update=SimpleNamespace(stable=(), appeared=(), gone=())))


def _camera_frame(window, width: int, height: int) -> None:
    """A plain frame of this size from the camera."""
    _deliver(window, np.full((height, width, 3), 60, np.uint8))


def test_the_marking_keeps_its_frame_size_and_zones_follow_a_new_resolution(
        qtbot, settings, tmp_path):
    path = tmp_path / "table.db.camera.json"
    window = _window(qtbot, settings, path)
    _camera_frame(window, 1280, 720)
    assert window.mark_felt_corners()
    for x, y in FELT:
        _click(qtbot, window.camera_view, x, y)
    assert TableCalibration.load(path).frame_size == (1280, 720)
    board_720 = window.camera_view._zones["board"]
    # The camera now sends 1920x1080 frames: the same felt, drawn 1.5 times larger.
    _camera_frame(window, 1920, 1080)
    assert np.allclose(window.camera_view._zones["board"], board_720 * 1.5, atol=0.01)
    assert window.refusal_label.text() == ""


def test_a_frame_of_another_shape_asks_the_dealer_to_mark_the_felt_again(
        qtbot, settings, tmp_path):
    path = tmp_path / "table.db.camera.json"
    TableCalibration(FELT, frame_size=(1280, 720)).save(path)
    window = _window(qtbot, settings, path)
    reader = window._reader()
    _camera_frame(window, 640, 480)
    assert "640x480" in window.refusal_label.text()
    assert "Mark them again" in window.refusal_label.text()
    assert window.camera_view._zones == {}  # no zone drawn where it may not lie
    assert reader._calibration_for(np.zeros((480, 640, 3), np.uint8)) is None
    assert window.calibration.felt_corners == FELT  # nothing lost: back at 1280x720...
    _camera_frame(window, 1280, 720)
    assert set(window.camera_view._zones) == set(window.calibration.zones)  # ...zones again


def _marker_result(window, corners) -> None:
    """A camera frame with the four corner markers on these points."""
    from tests.vision.test_markers import marker_frame

    _deliver(window, marker_frame(corners))


def _a_second_of_frames(window, corners) -> None:
    from dealerassist.ui.main_window import _MARKERS_EVERY

    for _ in range(_MARKERS_EVERY):
        _marker_result(window, corners)


def test_corner_markers_calibrate_the_table_with_no_click(qtbot, settings, tmp_path):
    path = tmp_path / "table.db.camera.json"
    window = _window(qtbot, settings, path)
    _marker_result(window, FELT)  # the first frame is looked at at once
    assert window.calibration is not None
    assert np.allclose(window.calibration.felt_corners, FELT, atol=2.5)
    assert window.calibration.frame_size == (1280, 720)
    assert "corner markers" in window.camera_view.status
    assert np.allclose(TableCalibration.load(path).felt_corners, FELT, atol=2.5)
    assert window.calibration.zone_of((640, 370)) == "board"


def test_a_moved_camera_moves_the_zones_and_a_pushed_marker_only_warns(
        qtbot, settings, tmp_path):
    path = tmp_path / "table.db.camera.json"
    zones = {"board": ((0.3, 0.4), (0.7, 0.4), (0.7, 0.6), (0.3, 0.6)),
             "seat3": ((0.1, 0.1), (0.2, 0.1), (0.2, 0.2))}
    TableCalibration(FELT, zones, (1280, 720)).save(path)
    window = _window(qtbot, settings, path)
    # A marker pushed 40 pixels by the chips: the felt did not move, the zones stay.
    pushed = (FELT[0], (FELT[1][0] - 40, FELT[1][1] + 10), FELT[2], FELT[3])
    _marker_result(window, pushed)
    assert window.calibration.felt_corners == FELT
    assert "Corner marker 1" in window.refusal_label.text()
    # The camera knocked: every marker 25 pixels away. Within a second the zones follow.
    moved = tuple((x + 25, y - 10) for x, y in FELT)
    _a_second_of_frames(window, moved)
    assert np.allclose(window.calibration.felt_corners, moved, atol=2.5)
    assert window.calibration.zones == zones  # the seats stay the table's own
    assert "now follow the markers" in window.refusal_label.text()
    assert np.allclose(TableCalibration.load(path).felt_corners, moved, atol=2.5)
    # Markers where the zones are: nothing changes.
    before = window.calibration
    _a_second_of_frames(window, moved)
    assert window.calibration is before


def test_the_corner_markers_are_saved_to_print(qtbot, settings, tmp_path):
    window = _window(qtbot, settings, tmp_path / "table.db.camera.json")
    assert window.save_marker_sheet(tmp_path / "markers.png")
    assert (tmp_path / "markers.png").stat().st_size > 1000
    assert "print them" in window.camera_view.status
    assert not window.save_marker_sheet(tmp_path / "markers.nope")
    assert "markers.nope" in window.refusal_label.text()


def test_markers_recalibrate_a_camera_switched_to_another_shape(qtbot, settings, tmp_path):
    path = tmp_path / "table.db.camera.json"
    TableCalibration(FELT, frame_size=(640, 480)).save(path)  # marked on 4:3 frames
    window = _window(qtbot, settings, path)
    _marker_result(window, FELT)  # 1280x720 frames, the markers in view
    assert window.calibration.frame_size == (1280, 720)
    assert np.allclose(window.calibration.felt_corners, FELT, atol=2.5)
    assert "now follow the markers" in window.refusal_label.text()
    assert set(window.camera_view._zones) == set(window.calibration.zones)


def test_markers_laid_from_another_corner_do_not_turn_the_seats(qtbot, settings, tmp_path):
    path = tmp_path / "table.db.camera.json"
    TableCalibration(FELT, frame_size=(1280, 720)).save(path)  # the corners were clicked
    window = _window(qtbot, settings, path)
    before = window.calibration
    # Marker 0 on the image's bottom-right corner: the same four places, another order.
    _marker_result(window, (FELT[2], FELT[3], FELT[0], FELT[1]))
    assert window.calibration is before  # nothing moved: the seats stay where they were
    knocked = tuple((x + 25, y - 10) for x, y in FELT)
    _a_second_of_frames(window, (knocked[2], knocked[3], knocked[0], knocked[1]))
    assert np.allclose(window.calibration.felt_corners, knocked, atol=2.5)  # same order


def test_corners_clicked_again_on_a_marker_calibrated_table_keep_its_seats(
        qtbot, settings, tmp_path):
    path = tmp_path / "table.db.camera.json"
    turned = (FELT[2], FELT[3], FELT[0], FELT[1])  # marker 0 on the image's bottom-right
    TableCalibration(turned, frame_size=(1280, 720)).save(path)
    window = _window(qtbot, settings, path)
    _camera_frame(window, 1280, 720)
    assert window.mark_felt_corners()
    for x, y in FELT:  # clicked from the image's top-left, as the dealer sees it
        _click(qtbot, window.camera_view, x, y)
    assert np.allclose(window.calibration.felt_corners, turned, atol=2.5)
    assert np.allclose(TableCalibration.load(path).felt_corners, turned, atol=2.5)
