"""How the corner reader reads the real development photos' labelled corners, deck by deck.

Usage: PYTHONPATH=. python scripts/vision_corner_check.py [train|val|all]
           [--reader corner_index.onnx] [--plain]

Each labelled corner of a card is cut at its label box, at the 16 turns the recogniser
reads (`corners.turned_regions`), and its surest turn is kept: the reader alone, with no
finder in the way. Prints, for the black novelty deck and for the white-faced decks, how
many corners are read as their card, as another card, and as no card. ``--plain`` reads
the patches without `model.ink_dark` (light-on-dark patches as they are). Judge a reader
on the part it was not trained on (``val`` for one trained with the script's default).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))


def main() -> int:
    """Read every labelled corner of one part and print the counts."""
    import cv2
    from vision_corners_train import dev_records

    from dealerassist.cards import parse_card
    from dealerassist.vision import corners
    from dealerassist.vision.real_photos import find_real_set

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("part", nargs="?", default="val", choices=("train", "val", "all"))
    parser.add_argument("--reader", type=Path, default=corners.DEFAULT_READER_PATH)
    parser.add_argument("--plain", action="store_true", help="without model.ink_dark")
    args = parser.parse_args()
    folder, why = find_real_set()
    if folder is None:
        print(why, file=sys.stderr)
        return 1
    if args.plain:
        corners.ink_dark = lambda inputs: inputs
    reader = corners.CornerReader(corners.DEFAULT_FINDER_PATH, args.reader)
    counts: Counter[tuple[str, str]] = Counter()
    for record in dev_records(folder, args.part):
        deck = "black novelty deck" if "black novelty" in record["notes"] else "white-faced decks"
        frame = cv2.imread(str(folder / record["file"]), cv2.IMREAD_COLOR)
        for name, x, y, w, h in record["corner_boxes"]:
            if name not in record["cards"]:
                continue  # backs and jokers
            read = reader.opinions(frame, corners.turned_regions((x, y, w, h)))
            _, card, _, _ = max(read, key=lambda opinion: opinion[2])
            verdict = ("no card" if card is None else
                       "its card" if card == parse_card(name) else "another card")
            counts[deck, verdict] += 1
    for deck in sorted({d for d, _ in counts}):
        total = sum(n for (d, _), n in counts.items() if d == deck)
        print(f"{deck}: {total} corners; " + ", ".join(
            f"{verdict} {counts[deck, verdict]}" for verdict in ("its card", "another card",
                                                                 "no card")))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
