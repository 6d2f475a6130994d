"""Corner markers: four printed squares on the felt's corners calibrate the camera by themselves.

Why, beside clicking the corners: a camera knocked during play moves every zone on the
image, and cards are then placed in the wrong seat without anyone seeing it. Markers left
on the felt let the console see that the camera moved and put the zones back (see the
console's camera tab), and the first calibration needs no clicks at all.

The markers are ArUco squares (OpenCV's 4x4 dictionary, ids 0 to 3: the felt's corners
clockwise from its top-left; "top-left" is the table's, so the zones keep their seats even
if the camera is turned). `marker_sheet` draws them to print; `find_felt_corners` finds
their centres on a frame.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from dealerassist.errors import RecognitionError

__all__ = ["MARKER_IDS", "displaced", "find_felt_corners", "marker_sheet", "save_marker_sheet"]

# Marker id -> felt corner: 0 top-left, 1 top-right, 2 bottom-right, 3 bottom-left (the
# table's own corners, the order `TableCalibration.felt_corners` is in).
MARKER_IDS = (0, 1, 2, 3)
_DICTIONARY = cv2.aruco.DICT_4X4_50
# A marker whose centre lies farther than this share of the frame's diagonal from the
# calibrated corner means the camera (or the marker) moved.
_MOVED = 0.01


def _dictionary() -> cv2.aruco.Dictionary:
    return cv2.aruco.getPredefinedDictionary(_DICTIONARY)


def marker_sheet(size: int = 1600) -> np.ndarray:
    """Return a white sheet (``size`` pixels square, grey) with the four markers to print.

    Each marker is a quarter of the sheet wide, numbered with the corner it goes on; cut
    them apart and lay them flat, printed side up, on the felt's corners.
    """
    sheet = np.full((size, size), 255, np.uint8)
    side = size // 4
    names = ("0: top-left", "1: top-right", "2: bottom-right", "3: bottom-left")
    for number, (row, column) in zip(MARKER_IDS, ((0, 0), (0, 1), (1, 1), (1, 0)), strict=True):
        top = row * size // 2 + size // 8
        left = column * size // 2 + size // 8
        marker = cv2.aruco.generateImageMarker(_dictionary(), number, side, borderBits=1)
        sheet[top:top + side, left:left + side] = marker
        cv2.putText(sheet, names[number], (left, top + side + size // 20),
                    cv2.FONT_HERSHEY_SIMPLEX, size / 1600, 0, max(1, size // 800))
    return sheet


def save_marker_sheet(path: Path | str, size: int = 1600) -> None:
    """Write `marker_sheet` as an image file (PNG); a failure raises RecognitionError naming it."""
    path = Path(path)
    try:
        ok, data = cv2.imencode(path.suffix or ".png", marker_sheet(size))
    except cv2.error:
        ok = False
    if not ok:
        raise RecognitionError(f"{path}: cannot write an image of that kind (use .png)")
    try:
        path.write_bytes(data.tobytes())
    except OSError as error:
        raise RecognitionError(f"{path}: the markers could not be saved ({error})") from error


def find_felt_corners(frame: np.ndarray) -> tuple[tuple[float, float], ...] | None:
    """Return the centres of markers 0..3 on a BGR frame (the felt's corners), or None.

    None unless each of the four markers is seen exactly once: three corners, or a marker
    seen twice (a second sheet on the table), calibrate nothing.
    """
    if frame is None or frame.ndim != 3 or frame.size == 0:
        return None
    gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    detector = cv2.aruco.ArucoDetector(_dictionary(), cv2.aruco.DetectorParameters())
    corners, ids, _ = detector.detectMarkers(gray)
    if ids is None:
        return None
    found: dict[int, np.ndarray] = {}
    for marker, number in zip(corners, ids.ravel().tolist(), strict=True):
        if number in MARKER_IDS:
            if number in found:
                return None
            found[number] = marker.reshape(4, 2).mean(axis=0)
    if len(found) != len(MARKER_IDS):
        return None
    return tuple((float(found[n][0]), float(found[n][1])) for n in MARKER_IDS)


def displaced(
    calibrated: tuple[tuple[float, float], ...], seen: tuple[tuple[float, float], ...],
    frame_size: tuple[int, int],
) -> tuple[bool, ...]:
    """For each corner: whether its marker ``seen`` lies away from the ``calibrated`` corner.

    Away: farther than 1 % of the frame's diagonal (15 pixels at 1280x720), more than a
    detection's jitter and less than a seat zone's margin. All four away: the camera moved.
    One or two: a marker was pushed (chips, a sleeve): the felt did not move.
    """
    limit = _MOVED * float(np.hypot(*frame_size))
    gaps = np.hypot(*(np.asarray(calibrated, np.float64) - np.asarray(seen, np.float64)).T)
    return tuple(bool(gap > limit) for gap in gaps)
