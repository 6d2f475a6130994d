"""The held-out drawn designs in the scenes of the vision tests, on larger samples.

The tests (`tests/vision`) check a network pair on a few scenes each: one slanted board,
six tables of French courts, six far frames. A pair that passes them can be worse on
the same kind of scene, and one that fails may have met its single unlucky card; these
are the same scenes, more of them, for comparing a candidate with the shipped pair:

- ``slant``: 24 boards of five random cards, seen by a camera tilted 60 degrees whose
  calibration flattens the felt, read as stills: cards right of 120, wrong, sure wrong;
- ``courts_sure``: 48 tables of six courts printed with French letters (V D R), again
  with Dutch ones (B V H) and German ones (B D K), in a standard house, read as frames:
  readings at 0.95 or more, a German king's aside (G-DECK: none);
- ``far_felt``, ``far_white``: 60 frames of 1600x900 each, six cards some 100 pixels wide
  amid the table, read as a camera's frames: right of 360, wrong, sure wrong (on felt
  the outline reader's readings are left out: the learned corners read alone).

Usage: PYTHONPATH=. python scripts/vision_design_checks.py [--finder F] [--reader R]
           [--set 'C._RECUT=(0.3, 0.96)']
"""

from __future__ import annotations

import argparse
import json
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
from vision_stud_rows import paste

from dealerassist.cards import parse_card
from dealerassist.vision.calibration import TableCalibration
from dealerassist.vision.corners import DEFAULT_FINDER_PATH, DEFAULT_READER_PATH
from dealerassist.vision.designs import HELDOUT_DESIGNS, drawn_decks
from dealerassist.vision.real_photos import seen_from_side
from dealerassist.vision.recogniser import Recogniser
from dealerassist.vision.sighting import CONFIRM_BELOW
from dealerassist.vision.synthetic import DrawnDeck, render_board

CODES = [r + s for r in "23456789TJQKA" for s in "cdhs"]
SIX = ["Ah", "7c", "Kd", "Ts", "2s", "Qh"]
SPOTS = [(110 + 140 * (n % 4), 120 + 230 * (n // 4)) for n in range(8)]


def table(kind: str, rng: np.random.Generator, size: tuple[int, int] = (640, 480)
          ) -> np.ndarray:
    """Return an empty table: ``white``, ``wood`` or dark felt, with a little noise."""
    w, h = size
    if kind == "white":
        out = np.full((h, w, 3), 235, np.float32)
    elif kind == "wood":
        grain = cv2.resize(rng.normal(0, 1, (h // 8, 4)).astype(np.float32), (w, h))
        out = np.array([120, 170, 205], np.float32) + grain[..., None] * 18
    else:  # dark felt
        out = np.full((h, w, 3), (40, 100, 30), np.float32)
    out += rng.normal(0, 3, out.shape)
    return np.clip(out, 0, 255).astype(np.uint8)


def scene(kind: str, codes: list[str], seed: int, backs: int = 0,
          designs: tuple = HELDOUT_DESIGNS) -> np.ndarray:
    """Return a 640x480 table of up to eight cards of a drawn design, some 100 pixels wide."""
    rng = np.random.default_rng(seed)
    deck = drawn_decks(designs)[seed % 2]
    out = table(kind, rng)
    faces = [deck.face(parse_card(c)) for c in codes] + [deck.back()] * backs
    for face, spot in zip(faces, SPOTS, strict=False):
        paste(out, face, spot, float(rng.uniform(-25, 25)), float(rng.uniform(95, 115)))
    return out


def far(kind: str, codes: list[str], seed: int, size: tuple[int, int] = (1600, 900)
        ) -> np.ndarray:
    """Return a `scene` amid a larger table: its cards small, as a camera further off sees."""
    inner = scene(kind, codes, seed)
    out = table(kind, np.random.default_rng(seed + 100), size)
    top, left = (size[1] - inner.shape[0]) // 2, (size[0] - inner.shape[1]) // 2
    out[top:top + inner.shape[0], left:left + inner.shape[1]] = inner
    return out


def courts(letters: str, seed: int, codes: list[str]) -> np.ndarray:
    """Return a table of six courts of a held-out design printed with court ``letters``."""
    rng = np.random.default_rng(seed)
    deck = DrawnDeck(replace(HELDOUT_DESIGNS[seed % 2], court_letters=letters))
    out = table(("white", "felt", "wood")[seed % 3], rng)
    for code, spot in zip(codes, SPOTS[:6], strict=True):
        paste(out, deck.face(parse_card(code)), spot, float(rng.uniform(-25, 25)),
              float(rng.uniform(95, 115)))
    return out


def court_codes(seed: int) -> list[str]:
    """Return six random courts (J, Q, K of any suit) for the `courts` table of ``seed``."""
    return [str(c) for c in np.random.default_rng(seed + 1000).choice(
        [r + s for r in "JQK" for s in "cdhs"], 6, replace=False)]


def _tally(read: list, codes: list[str]) -> tuple[int, int, int]:
    """(cards of ``codes`` read, readings of other cards, those sure)."""
    wrong = [s for s in read if str(s.card) not in codes]
    return (len({str(s.card) for s in read} & set(codes)), len(wrong),
            sum(s.confidence >= CONFIRM_BELOW for s in wrong))


def checks(models: tuple[Path, Path]) -> dict[str, list[int]]:
    """Return the four checks' figures (the module's docstring) for a finder and reader."""
    out: dict[str, list[int]] = {}
    rng = np.random.default_rng(5)
    total = np.zeros(3, int)
    for seed in range(24):
        codes = [str(c) for c in rng.choice(CODES, 5, replace=False)]
        board = render_board([parse_card(c) for c in codes],
                             deck=drawn_decks(HELDOUT_DESIGNS)[seed % 2], seed=seed)
        frame, marks = seen_from_side(board, 60.0, (1280, 720), 1108.0)
        recogniser = Recogniser(stills=True, corner_models=models,
                                calibration=TableCalibration(marks, frame_size=(1280, 720)))
        total += _tally(recogniser.recognise(frame), codes)
    out["slant"] = [int(total[0]), 120, int(total[1]), int(total[2])]
    house = Recogniser(letters="standard", corner_models=models)
    sure = []
    for letters, king in (("VDR", ""), ("BVH", ""), ("BDK", "K")):
        sure.append(sum(s.confidence >= CONFIRM_BELOW and str(s.card)[0] != king
                        for seed in range(48)
                        for s in house.recognise(courts(letters, seed, court_codes(seed)))))
    out["courts_sure"] = sure
    for kind in ("felt", "white"):
        recogniser = Recogniser(corner_models=models)
        if kind == "felt":
            recogniser.readings = lambda frame, **_: []  # type: ignore[method-assign]
        total = np.zeros(3, int)
        for seed in range(3, 63):
            total += _tally(recogniser.recognise(far(kind, SIX, seed)), SIX)
        out[f"far_{kind}"] = [int(total[0]), 360, int(total[1]), int(total[2])]
    return out


def main() -> int:
    """Print the checks' figures as JSON."""
    from vision_devset import apply

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--finder", type=Path, default=DEFAULT_FINDER_PATH)
    parser.add_argument("--reader", type=Path, default=DEFAULT_READER_PATH)
    parser.add_argument("--set", default="", help="module constants to override, ';'-separated")
    args = parser.parse_args()
    apply(args.set)
    print(json.dumps(checks((args.finder, args.reader))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
