"""Table calibration: where the felt is in the camera image and where its zones lie.

The dealer marks the felt's four corners once (clockwise from the top-left as seen by the
camera); zones (the board, each seat's up-card area, the muck) are polygons in table
coordinates, 0..1 across and down the felt, so they survive a moved camera after a new
corner marking. Saved per table as a small JSON file.

The corners are frame pixels, so the calibration also records the size of the frames they
were marked on: a camera switched to another resolution of the same shape (1280x720 ->
1920x1080) sees the same felt, and the corners are scaled to it (`fitted`). A frame of
another shape (4:3 after 16:9) shows another part of the table: the corners must be
marked again, and the dealer is told so rather than given zones that are silently wrong.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from dealerassist.errors import RecognitionError

__all__ = ["CornerMarking", "TableCalibration", "default_zones", "in_calibrated_order"]

# Two frame sizes are one shape when their width-to-height ratios differ by at most this
# share (1280x720 and 1920x1080 exactly; 640x360 and 854x480 by 0.1 %).
_SAME_SHAPE = 0.01


def default_zones(seat_count: int = 9) -> dict[str, tuple[tuple[float, float], ...]]:
    """Return a board in the middle, a muck beside it, and seats around the oval."""
    zones: dict[str, tuple[tuple[float, float], ...]] = {
        "board": ((0.3, 0.38), (0.7, 0.38), (0.7, 0.62), (0.3, 0.62)),
        "muck": ((0.72, 0.38), (0.85, 0.38), (0.85, 0.62), (0.72, 0.62)),
    }
    for seat in range(seat_count):
        angle = np.pi / 2 + 2 * np.pi * (seat + 0.5) / seat_count  # seat 1 left of the dealer
        cx, cy = 0.5 + 0.38 * np.cos(angle), 0.5 + 0.36 * np.sin(angle)
        half = 0.08
        zones[f"seat{seat + 1}"] = tuple(
            (float(np.clip(cx + dx, 0, 1)), float(np.clip(cy + dy, 0, 1)))
            for dx, dy in ((-half, -half), (half, -half), (half, half), (-half, half))
        )
    return zones


def in_calibrated_order(
    calibrated: tuple[tuple[float, float], ...], seen: tuple[tuple[float, float], ...],
) -> tuple[tuple[float, float], ...]:
    """Return new felt corners (clockwise) turned to the order of the calibration in use.

    Why: the order decides which corner is the table's top-left, so where each seat's zone
    lies. Corners found again (markers laid with marker 0 on another corner than the one
    clicked, or corners clicked again on a table the markers calibrated) would otherwise
    turn the seats by a quarter or a half; a knocked camera never turns the felt that far.
    So the new corners keep their clockwise order but start from the one nearest the
    calibrated top-left corner.
    """
    old = np.asarray(calibrated, np.float64)
    new = np.asarray(seen, np.float64)
    turns = [float(np.hypot(*(np.roll(new, -k, axis=0) - old).T).sum()) for k in range(4)]
    start = int(np.argmin(turns))
    return tuple(seen[(start + k) % 4] for k in range(4))


@dataclass(frozen=True)
class TableCalibration:
    """The felt's corners in the image and the zones in table coordinates.

    Attributes:
        felt_corners: four (x, y) image points, clockwise from the felt's top-left.
        zones: name -> polygon of (u, v) points in 0..1 table coordinates.
        frame_size: (width, height) of the frames the corners were marked on; None (a
            calibration written before it was recorded, or made by hand) fits any frame.

    """

    felt_corners: tuple[tuple[float, float], ...]
    zones: dict[str, tuple[tuple[float, float], ...]] = field(default_factory=default_zones)
    frame_size: tuple[int, int] | None = None

    def __post_init__(self) -> None:
        if len(self.felt_corners) != 4:
            raise RecognitionError(
                f"calibration needs 4 felt corners, got {len(self.felt_corners)}"
            )
        area = cv2.contourArea(np.array(self.felt_corners, np.float32))
        if area < 100:
            raise RecognitionError("calibration: the felt corners enclose no area")
        for name, polygon in self.zones.items():
            if len(polygon) < 3:
                raise RecognitionError(f"calibration: zone {name!r} needs at least 3 points")
        if self.frame_size is not None and (
                len(self.frame_size) != 2 or min(self.frame_size) <= 0):
            raise RecognitionError(
                f"calibration: frame size {self.frame_size!r} is not a width and a height")

    def fits(self, width: int, height: int) -> bool:
        """Whether frames of this size show the felt as marked (the same shape of frame)."""
        if self.frame_size is None:
            return True
        marked_w, marked_h = self.frame_size
        return abs((width / height) / (marked_w / marked_h) - 1.0) <= _SAME_SHAPE

    def fitted(self, width: int, height: int) -> TableCalibration:
        """Return this calibration for frames of ``width`` x ``height`` pixels.

        The corners are scaled to a frame of the same shape and another resolution.

        Raises:
            RecognitionError: the frame has another shape than the one the felt was marked
                on (its corners must be marked again).

        """
        if self.frame_size is None or self.frame_size == (width, height):
            return self
        marked_w, marked_h = self.frame_size
        if not self.fits(width, height):
            raise RecognitionError(
                f"a {width}x{height} frame, but the felt's corners were marked on "
                f"{marked_w}x{marked_h} frames, another shape: mark them again")
        across, down = width / marked_w, height / marked_h
        corners = tuple((x * across, y * down) for x, y in self.felt_corners)
        return TableCalibration(corners, self.zones, (width, height))

    def _to_table(self) -> np.ndarray:
        unit = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], np.float32)
        return cv2.getPerspectiveTransform(np.array(self.felt_corners, np.float32), unit)

    def to_table(self, point: tuple[float, float] | np.ndarray) -> tuple[float, float]:
        """Return an image point in table coordinates (0..1 on the felt)."""
        mapped = cv2.perspectiveTransform(
            np.array(point, np.float32).reshape(1, 1, 2), self._to_table()
        )
        return float(mapped[0, 0, 0]), float(mapped[0, 0, 1])

    def zone_outlines(self) -> dict[str, np.ndarray]:
        """Return each zone as an image polygon (P, 2), for drawing over the camera view."""
        to_image = np.linalg.inv(self._to_table())
        return {name: cv2.perspectiveTransform(
                    np.array(polygon, np.float32).reshape(1, -1, 2), to_image).reshape(-1, 2)
                for name, polygon in self.zones.items()}

    def zone_of(self, point: tuple[float, float] | np.ndarray) -> str:
        """Return the first zone containing the image point, or "" when none does."""
        u, v = self.to_table(point)
        for name, polygon in self.zones.items():
            if cv2.pointPolygonTest(np.array(polygon, np.float32), (u, v), False) >= 0:
                return name
        return ""

    def save(self, path: Path | str) -> None:
        """Write the calibration as JSON."""
        data: dict[str, object] = {
            "version": 1,
            "felt_corners": [list(p) for p in self.felt_corners],
            "zones": {name: [list(p) for p in poly] for name, poly in self.zones.items()},
        }
        if self.frame_size is not None:
            data["frame_size"] = list(self.frame_size)
        Path(path).write_text(json.dumps(data, indent=2), encoding="utf-8")

    @classmethod
    def load(cls, path: Path | str) -> TableCalibration:
        """Read a calibration written by `save`; a bad file raises RecognitionError naming it."""
        path = Path(path)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            corners = tuple((float(x), float(y)) for x, y in data["felt_corners"])
            zones = {
                str(name): tuple((float(u), float(v)) for u, v in poly)
                for name, poly in data["zones"].items()
            }
            size = data.get("frame_size")
            if size is not None and len(size) != 2:
                raise ValueError("frame_size is not a width and a height")
            frame_size = None if size is None else (int(size[0]), int(size[1]))
        except FileNotFoundError as error:
            raise RecognitionError(f"{path}: no such calibration file") from error
        except (ValueError, KeyError, TypeError, IndexError, AttributeError) as error:
            raise RecognitionError(f"{path}: not a table calibration ({error})") from error
        try:
            return cls(corners, zones, frame_size)
        except RecognitionError as error:
            raise RecognitionError(f"{path}: {error}") from error


@dataclass(frozen=True)
class CornerMarking:
    """The felt's corners as the dealer clicks them on the camera view, in any order.

    Why a value apart from the view: the marking is checked and turned into a calibration
    without a window (tests, the command line), and each click gives a new marking, so a
    cancelled marking leaves the calibration in use untouched.
    """

    points: tuple[tuple[float, float], ...] = ()

    @property
    def complete(self) -> bool:
        """Four corners are marked."""
        return len(self.points) == 4

    @property
    def remaining(self) -> int:
        """Corners still to mark."""
        return 4 - len(self.points)

    def add(self, x: float, y: float) -> CornerMarking:
        """Return the marking with one more corner (a fifth click starts again from it)."""
        if self.complete:
            return CornerMarking(((float(x), float(y)),))
        return CornerMarking((*self.points, (float(x), float(y))))

    def undo(self) -> CornerMarking:
        """Return the marking without its last corner."""
        return CornerMarking(self.points[:-1])

    def calibration(
        self, zones: dict[str, tuple[tuple[float, float], ...]] | None = None, *,
        frame_size: tuple[int, int] | None = None,
    ) -> TableCalibration:
        """Return the calibration of the four corners, clockwise from the felt's top-left.

        The corners may be clicked in any order: they are sorted around their centre
        (clockwise on screen), starting from the one nearest the image's top-left. Zones
        default to `default_zones`; a re-marking after the camera moved keeps the old ones.
        ``frame_size`` is the (width, height) of the frame the corners were clicked on.

        Raises:
            RecognitionError: fewer than four corners, or corners enclosing no area.

        """
        if not self.complete:
            raise RecognitionError(
                f"calibration needs 4 felt corners, got {len(self.points)}")
        points = np.array(self.points, np.float64)
        centre = points.mean(axis=0)
        order = np.argsort(np.arctan2(points[:, 1] - centre[1], points[:, 0] - centre[0]))
        ring = points[order]  # clockwise on screen (y grows downwards)
        first = int(np.argmin(ring.sum(axis=1)))
        ring = np.roll(ring, -first, axis=0)
        corners = tuple((float(x), float(y)) for x, y in ring)
        return TableCalibration(corners, dict(zones) if zones else default_zones(), frame_size)
