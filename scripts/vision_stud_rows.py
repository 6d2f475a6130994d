"""Spread rows of face-up cards, as a stud table lays each player's up-cards: how many are read.

Seven rows of four cards (``--per-row``: 2, a hold'em showdown's hands) of the held-out
drawn designs, each card 80 pixels wide, lying on the one before it shifted ``--steps``
pixels along its width, on a 1280x720 frame of dark felt, a white table and light wood;
read as a camera's frames (``--stills``: as `recognize` reads photos). Prints, per table
and shift, the cards read right and wrong, and how many of each position in the rows were
read (the end cards lie whole or show their left half; the middle ones show a strip with
one index).

Usage: PYTHONPATH=. python scripts/vision_stud_rows.py [--steps 32 45 60] [--seeds 4]
           [--per-row 4] [--finder F] [--reader R] [--stills]
"""

from __future__ import annotations

import argparse
import json

import cv2
import numpy as np

from dealerassist.cards import parse_card, standard_deck
from dealerassist.vision.corners import DEFAULT_FINDER_PATH, DEFAULT_READER_PATH
from dealerassist.vision.designs import HELDOUT_DESIGNS, drawn_decks
from dealerassist.vision.recogniser import Recogniser

SIZE = (1280, 720)
SEATS = ((190, 560), (490, 600), (790, 600), (1090, 560), (160, 250), (1120, 250), (640, 180))
TABLES = {"felt": (30, 100, 40), "white": (235, 235, 235), "wood": (120, 170, 205)}
CARD_WIDTH = 80


def paste(canvas: np.ndarray, face: np.ndarray, centre: tuple[float, float], angle: float,
          width: float) -> None:
    """Paste a card face on ``canvas``, centred at ``centre``, turned, ``width`` pixels wide.

    ``angle``: degrees. The tests' drawn tables are pasted so too (`tests/vision`).
    """
    h, w = face.shape[:2]
    matrix = cv2.getRotationMatrix2D((w / 2, h / 2), angle, width / w)
    matrix[:, 2] += np.array(centre) - np.array([w / 2, h / 2])
    size = (canvas.shape[1], canvas.shape[0])
    warped = cv2.warpAffine(np.ascontiguousarray(face[..., :3]), matrix, size,
                            flags=cv2.INTER_AREA)
    mask = cv2.warpAffine(np.ones((h, w), np.uint8), matrix, size, flags=cv2.INTER_NEAREST)
    canvas[mask > 0] = warped[mask > 0]


def table(kind: str, seed: int, step: float, per_row: int = 4) -> tuple[np.ndarray, list[str]]:
    """Return a frame of seven spread rows and its cards, row by row, left to right."""
    rng = np.random.default_rng(seed)
    deck = drawn_decks(HELDOUT_DESIGNS)[seed % 2]
    canvas = np.clip(np.array(TABLES[kind], np.float32)
                     + rng.normal(0, 3, (SIZE[1], SIZE[0], 3)), 0, 255).astype(np.uint8)
    cards = [str(c) for c in standard_deck()]
    codes = [cards[int(n)] for n in rng.choice(len(cards), per_row * len(SEATS), replace=False)]
    for seat, (x, y) in enumerate(SEATS):
        angle = float(rng.uniform(-10, 10))
        for k in range(per_row):
            paste(canvas, deck.face(parse_card(codes[per_row * seat + k])),
                  (x + (k - (per_row - 1) / 2) * step, y), angle, CARD_WIDTH)
    return canvas, codes


def main() -> int:
    """Read the tables and print the figures as JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=float, nargs="+", default=[32, 45, 60])
    parser.add_argument("--seeds", type=int, default=4)
    parser.add_argument("--per-row", type=int, default=4, help="cards in each row")
    parser.add_argument("--finder", default=str(DEFAULT_FINDER_PATH))
    parser.add_argument("--reader", default=str(DEFAULT_READER_PATH))
    parser.add_argument("--stills", action="store_true")
    args = parser.parse_args()
    cv2.setNumThreads(2)
    recogniser = Recogniser(corner_models=(args.finder, args.reader), stills=args.stills)
    out = {}
    for kind in TABLES:
        for step in args.steps:
            right = wrong = 0
            by_position = [0] * args.per_row
            for seed in range(args.seeds):
                frame, codes = table(kind, seed, step, args.per_row)
                read = {str(s.card) for s in recogniser.recognise(frame)}
                right += len(read & set(codes))
                wrong += len(read - set(codes))
                for n, code in enumerate(codes):
                    by_position[n % args.per_row] += code in read
            out[f"{kind} {step:g}"] = {"cards": len(codes) * args.seeds, "right": right,
                                       "wrong": wrong, "by_position": by_position}
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
