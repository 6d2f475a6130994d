"""Scoring the recogniser on real photographs: the held-out split of ``vision-real-dev``.

The set (349 photos, 1,114 labelled face-up cards, CC BY 4.0; its README and SOURCES.md
give the attribution) lives outside the repository. Its split into development and
held-out shots is committed in ``resources/vision/real_split`` (made once by
``scripts/vision_real_split.py``, by group of consecutive shots). Scoring follows the set's
README: per image, the predicted and labelled cards as multisets; recall = matched /
labelled, precision = matched / predicted, summed over images, broken down by background,
scene and camera/deck. Readings at or above `CONFIRM_BELOW` are scored on their own too
(the ones the console takes without asking the dealer).

The set's README warns that some visible cards are not labelled: a right reading of one
would count as wrong. ``real_split/corrections.txt`` lists the ones found by eye (and a
card labelled as another); the figures apply it, and ``precision_as_labelled`` keeps the
labels' own figure. `in_frame` places a photo amid a larger frame: its cards as a camera
further off sees them; `seen_from_side` shows it as a camera tilted toward the table does.
"""

from __future__ import annotations

import json
import os
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from dealerassist.vision.image_file import read_image
from dealerassist.vision.sighting import CONFIRM_BELOW, Sighting

__all__ = ["SPLIT_DIR", "Corrections", "RealScore", "corrections", "find_real_set", "jpeg_in_frame",
           "OBLIQUE", "in_frame", "pressed", "read_seen", "score_real", "seen_from_side",
           "split_files"]

SPLIT_DIR = Path(__file__).resolve().parents[1] / "resources" / "vision" / "real_split"
_ENV = "DEALERASSIST_VISION_REAL"
# A camera beside the table (the bench's ``real_oblique``): tilted this many degrees from
# overhead, a 1280x720 frame, a lens of 60 degrees across (its focal length, pixels).
# Square to the table, its felt's corners cannot tell the lens (`table_view.felt_shape`):
# the figures hold the flattening's error where it is largest.
OBLIQUE = (50.0, (1280, 720), 1108.0)


def find_real_set() -> tuple[Path | None, str]:
    """Return (folder of vision-real-dev, "") or (None, why it is absent)."""
    named = os.environ.get(_ENV)
    candidates = [Path(named)] if named else [
        Path(__file__).resolve().parents[3] / "shared" / "vision-real-dev",
        Path("/work/shared/vision-real-dev"),
    ]
    for folder in candidates:
        if (folder / "labels.json").is_file():
            return folder, ""
    where = ", ".join(str(c) for c in candidates)
    return None, f"vision-real-dev not found (looked in {where}; set {_ENV})"


def split_files(name: str) -> list[str]:
    """Return the files of one split (``dev`` or ``heldout``), as labels.json names them."""
    return (SPLIT_DIR / f"{name}.txt").read_text().split()


@dataclass(frozen=True)
class Corrections:
    """The labels of one photo corrected by eye (`corrections`).

    Attributes:
        present: face-up cards legible in the photo but not labelled.
        relabel: labelled card -> the card it is.

    """

    present: tuple[str, ...] = ()
    relabel: tuple[tuple[str, str], ...] = ()

    def labels(self, labelled: Iterable[str]) -> list[str]:
        """Return the photo's labels, each wrong one replaced."""
        swap = dict(self.relabel)
        return [swap.get(card, card) for card in labelled]


def corrections(path: Path | None = None) -> dict[str, Corrections]:
    """Read ``real_split/corrections.txt``: file -> its corrections.

    Lines are ``FILE present CARD`` or ``FILE is CARD LABEL``; ``#`` starts a comment.
    A line of another form raises ValueError naming it.
    """
    path = SPLIT_DIR / "corrections.txt" if path is None else path
    present: dict[str, list[str]] = {}
    relabel: dict[str, list[tuple[str, str]]] = {}
    for number, line in enumerate(path.read_text().splitlines(), 1):
        words = line.split("#", 1)[0].split()
        if not words:
            continue
        if len(words) == 3 and words[1] == "present":
            present.setdefault(words[0], []).append(words[2])
        elif len(words) == 4 and words[1] == "is":
            relabel.setdefault(words[0], []).append((words[3], words[2]))
        else:
            raise ValueError(f"{path.name} line {number}: expected 'FILE present CARD' "
                             f"or 'FILE is CARD LABEL', got {line.strip()!r}")
    return {name: Corrections(tuple(present.get(name, ())), tuple(relabel.get(name, ())))
            for name in present.keys() | relabel.keys()}


@dataclass
class RealScore:
    """Multiset counts: matched, predicted and labelled cards (mutable accumulator).

    ``unlabelled`` counts the readings of cards present but not labelled: right for
    precision, outside recall.
    """

    matched: int = 0
    predicted: int = 0
    labelled: int = 0
    unlabelled: int = 0

    def add(self, predicted: Iterable[str], labelled: Iterable[str],
            present: Iterable[str] = ()) -> None:
        """Fold one image in (``present``: cards visible there but not labelled)."""
        p, g = Counter(predicted), Counter(labelled)
        self.matched += sum((p & g).values())
        self.predicted += sum(p.values())
        self.labelled += sum(g.values())
        self.unlabelled += sum(((p - g) & Counter(present)).values())

    @property
    def recall(self) -> float:
        """Share of labelled cards read (1.0 with none)."""
        return self.matched / self.labelled if self.labelled else 1.0

    @property
    def precision(self) -> float:
        """Share of readings that were right (1.0 with none)."""
        right = self.matched + self.unlabelled
        return right / self.predicted if self.predicted else 1.0

    def to_json(self) -> dict[str, Any]:
        """Figures rounded for the bench, with the counts."""
        return {"recall": round(self.recall, 4), "precision": round(self.precision, 4),
                "cards": self.labelled, "read_right": self.matched,
                "readings": self.predicted, "read_right_unlabelled": self.unlabelled}


def score_real(
    recognise: Callable[[Any], Sequence[Sighting]],
    folder: Path,
    files: Sequence[str],
    fixes: Mapping[str, Corrections] | None = None,
    load: Callable[[Path, Mapping[str, Any]], Any] | None = None,
) -> dict[str, Any]:
    """Read every listed photo; figures overall, sure readings, and by group.

    ``fixes``: the labels corrected by eye (default: `corrections`); ``load``: (path,
    labels.json record) -> the frame to read (default: the photo as it is).
    """
    records = {r["file"]: r for r in json.loads((folder / "labels.json").read_text())}
    fixes = corrections() if fixes is None else fixes
    total, sure, as_labelled = RealScore(), RealScore(), RealScore()
    groups: dict[str, dict[str, RealScore]] = {"by_background": {}, "by_scene": {},
                                               "by_camera": {}}
    times: list[float] = []
    cpu_times: list[float] = []
    wrong: list[str] = []
    for name in files:
        record = records[name]
        frame = read_image(folder / name) if load is None else load(folder / name, record)
        started, cpu = time.perf_counter(), time.process_time()
        sightings = recognise(frame)
        times.append((time.perf_counter() - started) * 1000.0)
        cpu_times.append((time.process_time() - cpu) * 1000.0)
        cards = [str(s.card) for s in sightings]
        fix = fixes.get(name, Corrections())
        labels = fix.labels(record["cards"])
        total.add(cards, labels, fix.present)
        as_labelled.add(cards, record["cards"])
        sure.add([str(s.card) for s in sightings if s.confidence >= CONFIRM_BELOW],
                 labels, fix.present)
        keys = {"by_background": record["background"], "by_scene": record["scene"],
                "by_camera": record["notes"].split(";")[0].split("(")[0].strip()}
        for group, key in keys.items():
            groups[group].setdefault(key, RealScore()).add(cards, labels, fix.present)
        extra = Counter(cards) - Counter(labels) - Counter(fix.present)
        wrong.extend(f"{Path(name).stem}:{card}" for card in sorted(extra.elements()))
    times.sort()
    cpu_times.sort()
    return {
        "images": len(files),
        **total.to_json(),
        "recall_as_labelled": round(as_labelled.recall, 4),
        "precision_as_labelled": round(as_labelled.precision, 4),
        "sure_recall": round(sure.recall, 4),
        "sure_precision": round(sure.precision, 4),
        "sure_readings": sure.predicted,
        **{group: {k: v.to_json() for k, v in sorted(scores.items())}
           for group, scores in groups.items()},
        "photo_ms_p50": round(times[len(times) // 2], 1) if times else None,
        "photo_ms_p95": round(times[min(len(times) - 1, int(0.95 * len(times)))], 1)
        if times else None,
        # CPU time, all threads together: on a shared machine the truer figure
        "photo_cpu_ms_p50": round(cpu_times[len(cpu_times) // 2], 1) if cpu_times else None,
        "photo_cpu_ms_p95": round(cpu_times[min(len(cpu_times) - 1, int(0.95 * len(cpu_times)))],
                                  1) if cpu_times else None,
        "wrong_readings": wrong,
    }


def in_frame(photo: Any, size: tuple[int, int], high: int | None) -> Any:
    """Return ``photo`` on a frame of ``size`` (width, height) of its median colour.

    ``high``: the photo enlarged to this many pixels high first (None: at its own size).
    """
    width, height = size
    if high is not None:
        photo = cv2.resize(photo, (min(width, round(photo.shape[1] * high / photo.shape[0])),
                                   high), interpolation=cv2.INTER_LINEAR)
    top, left = (height - photo.shape[0]) // 2, (width - photo.shape[1]) // 2
    return cv2.copyMakeBorder(photo, top, height - photo.shape[0] - top, left,
                              width - photo.shape[1] - left, cv2.BORDER_CONSTANT,
                              value=[float(v) for v in np.median(photo, axis=(0, 1))])


def jpeg_in_frame(path: Path, size: tuple[int, int], folder: Path, enlarge: float = 1.0
                  ) -> Path:
    """Write the photo at ``path``, ``enlarge``d, `in_frame` of ``size`` as a JPEG in ``folder``.

    Returns the JPEG's path (quality 92): read back as `recognize` reads a file, it is a
    phone's or webcam's full-size photo of a whole table, its cards small for the frame.
    """
    photo = read_image(path)
    high = round(photo.shape[0] * enlarge) if enlarge != 1.0 else None
    out = folder / f"{path.stem}.jpg"
    cv2.imwrite(str(out), in_frame(photo, size, high), [cv2.IMWRITE_JPEG_QUALITY, 92])
    return out


def pressed(photo: Any, share: float) -> Any:
    """Return ``photo`` pressed to ``share`` of its height.

    Why: a camera tilted toward the table's far side foreshortens every card along the
    line of sight (by cos 53 degrees, 0.6, at 53 degrees from overhead); the development
    photos are mostly taken from above.
    """
    return cv2.resize(photo, (photo.shape[1], max(1, round(photo.shape[0] * share))),
                      interpolation=cv2.INTER_AREA)


def seen_from_side(photo: Any, degrees: float, size: tuple[int, int], focal: float
                   ) -> tuple[Any, tuple[tuple[float, float], ...]]:
    """Return ``photo`` as a tilted camera sees it lying flat, and its corners there.

    Why: the development photos are taken from about overhead; a camera beside a table
    looks down at a slant, the far side smaller and every card foreshortened along the
    line of sight. The photo lies on the table, centred in the view of a camera tilted
    ``degrees`` from overhead, its focal length ``focal`` pixels, its principal point the
    frame's centre; the frame (``size``: width, height) is as close as holds the whole
    photo, of its median colour around it. The corners (clockwise from the top-left, to
    the nearest pixel, as a dealer marks them) are the felt's marked corners.
    """
    height, width = photo.shape[:2]
    tilt = np.radians(degrees)
    flat = np.array([[0, 0], [width, 0], [width, height], [0, height]], np.float64)
    centred = flat - [width / 2, height / 2]
    distance = focal * max(width, height) / max(size)
    while True:
        depth = distance - centred[:, 1] * np.sin(tilt)  # the near (lower) side is closer
        seen = np.stack([focal * centred[:, 0] / depth + size[0] / 2,
                         focal * centred[:, 1] * np.cos(tilt) / depth + size[1] / 2], axis=1)
        if (seen.min(axis=0) >= 0).all() and (seen.max(axis=0) <= np.array(size) - 1).all():
            break
        distance *= 1.02
    matrix = cv2.getPerspectiveTransform(flat.astype(np.float32),
                                         (2 * seen + 0.5).astype(np.float32))
    fine = cv2.warpPerspective(photo, matrix, (2 * size[0], 2 * size[1]),
                               flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT,
                               borderValue=[float(v) for v in np.median(photo, axis=(0, 1))])
    frame = cv2.resize(fine, size, interpolation=cv2.INTER_AREA)
    return frame, tuple((float(round(x)), float(round(y))) for x, y in seen)


def read_seen(recogniser: Any, seen: tuple[Any, tuple[tuple[float, float], ...]], *,
              marked: bool) -> Sequence[Sighting]:
    """Read a frame `seen_from_side` gives, its corners marked as the felt's or not.

    ``recogniser``'s calibration is the marked felt's for that frame only.
    """
    from dealerassist.vision.calibration import TableCalibration

    frame, corners = seen
    recogniser.calibration = (TableCalibration(corners, frame_size=(frame.shape[1],
                                                                    frame.shape[0]))
                              if marked else None)
    try:
        return recogniser.recognise(frame)  # type: ignore[no-any-return]
    finally:
        recogniser.calibration = None
