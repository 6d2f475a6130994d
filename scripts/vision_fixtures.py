"""Write the small fixture images of tests/vision/fixtures with their expected cards.

Held-out designs only (never seen in training), fixed seeds; ``expected.json`` lists, per
image, the face-up cards whose index can be read ("cards": each must be read), every face-up card
("present": nothing else may be read) and how many backs lie on the table.

Usage::

    python scripts/vision_fixtures.py
"""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np

from dealerassist.cards import parse_cards
from dealerassist.vision.designs import HELDOUT_DESIGNS, drawn_decks
from dealerassist.vision.synthetic import Conditions, render_board, render_scene

OUT = Path(__file__).resolve().parents[1] / "tests" / "vision" / "fixtures"
SIZE = (720, 405)


def main() -> None:
    """Render and save the fixtures."""
    OUT.mkdir(parents=True, exist_ok=True)
    decks = drawn_decks(HELDOUT_DESIGNS)
    expected: dict[str, dict[str, object]] = {}

    def save(name: str, image: np.ndarray, cards: list[str], backs: int,
             present: list[str] | None = None) -> None:
        # Fewer grey levels keep the PNGs small; the cards stay crisp.
        image = (image // 6 * 6 + 3).astype(np.uint8)
        cv2.imwrite(str(OUT / name), image, [cv2.IMWRITE_PNG_COMPRESSION, 9])
        expected[name] = {"cards": sorted(cards), "present": sorted(present or cards),
                          "backs": backs}

    board = parse_cards("Ah Kd 7c Ts 2h")
    save("board_five.png",
         render_board(board, deck=decks[0], seed=3, backs=2, size=SIZE, grain=1.0),
         [str(c) for c in board], 2)
    save("backs_only.png",
         render_board((), deck=decks[1], seed=4, backs=4, size=SIZE, grain=1.0), [], 4)
    for name, seed, conditions in (
        ("overlap_chips.png", 11, Conditions(overlap=1.0, chips=3, backs=1, noise=1.0)),
        ("angle.png", 12, Conditions(angle=28.0, spin=180.0, backs=1, noise=1.0)),
        ("blur_glare.png", 13, Conditions(blur=1.2, glare=0.7, cast=0.5, backs=1, noise=1.5)),
    ):
        scene = render_scene(np.random.default_rng(seed), deck=decks[seed % 2], count=6,
                             conditions=conditions, size=SIZE,
                             card_width=72.0, grain=1.0)
        readable = [str(c.card) for c in scene.cards if c.readable]
        present = [str(c.card) for c in scene.cards if c.card is not None]
        save(name, scene.image, readable, sum(1 for c in scene.cards if c.card is None), present)
    (OUT / "expected.json").write_text(json.dumps(expected, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(expected))


if __name__ == "__main__":
    main()
