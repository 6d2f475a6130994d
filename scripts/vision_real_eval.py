"""Figures of the recogniser on one split of the real photographs (``vision-real-dev``).

Usage: PYTHONPATH=. python scripts/vision_real_eval.py [dev|heldout] [--wrong]
Prints recall, precision, the same for readings at 0.95 or more, by background, scene and
camera (the same figures as ``dealerassist bench --only vision`` gives for ``heldout``).
Tune on ``dev``; ``heldout`` is only measured.
"""

from __future__ import annotations

import json
import sys


def main() -> int:
    """Score one split and print its figures as JSON."""
    import cv2

    from dealerassist.vision.real_photos import find_real_set, score_real, split_files
    from dealerassist.vision.recogniser import Recogniser

    split = next((a for a in sys.argv[1:] if not a.startswith("-")), "dev")
    folder, why = find_real_set()
    if folder is None:
        print(why, file=sys.stderr)
        return 1
    cv2.setNumThreads(2)
    figures = score_real(Recogniser().recognise, folder, split_files(split))
    if "--wrong" not in sys.argv:
        figures.pop("wrong_readings")
    print(json.dumps({split: figures}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
