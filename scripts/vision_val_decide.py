"""Right and wrong readings of the val part in the framings that decide between networks.

Usage: PYTHONPATH=. python scripts/vision_val_decide.py [--finder F] [--reader R]
           [--turn T|none] [--set 'C._LONG=480'] [--split val]
A network trained without ``--final`` on the development split's train part is scored on
its val part (92 photos, 249 cards), read in each framing of `DECIDING` (seven: as they
are, as stills, at the cameras' own shape, pressed as a tilted camera sees them, pressed
at their own shape, enlarged into a 1280x720 frame, amid a 1920x1080 still) and of `FAR`
(two: at their own size amid a 1280x720 and a 1600x900 camera's frame, the cards small).
Prints one line a framing, cards read right / wrong and the same at 0.95 or more, then
the totals of the seven and of all nine: the figures the resources README and
docs/vision.md quote for each shipped network. ``--set`` overrides module constants as
`vision_real_eval.py` does.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

DECIDING = ("", "--stills", "--true-shape", "--tilt 0.6", "--true-shape --tilt 0.6",
            "--frame 1280x720 --high 720", "--stills --frame 1920x1080")
FAR = ("--frame 1280x720", "--frame 1600x900")


def counts(figures: dict) -> tuple[int, int, int, int]:
    """Return (right, wrong, sure right, sure wrong) of one framing's `score_real` figures.

    A reading of a visible card the labels miss (``read_right_unlabelled``, from
    `real_photos.corrections`) is neither: it is right but was not asked for.
    """
    right = figures["read_right"]
    wrong = figures["readings"] - right - figures["read_right_unlabelled"]
    sure = figures["sure_readings"]
    sure_right = round(sure * figures["sure_precision"])
    return right, wrong, sure_right, sure - sure_right


def line(name: str, figures: list[int] | tuple[int, ...]) -> str:
    """Return one printed line: right / wrong, then the same at 0.95 or more."""
    right, wrong, sure_right, sure_wrong = figures
    return f"{name:32} {right:5,} / {wrong:3}   sure {sure_right:5,} / {sure_wrong:3}"


def main() -> int:
    """Score the val part in every deciding framing and print the counts."""
    from vision_devset import apply
    from vision_real_eval import parser, score

    from dealerassist.vision.real_photos import find_real_set

    own = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    own.add_argument("--finder")
    own.add_argument("--reader")
    own.add_argument("--turn")
    own.add_argument("--set", default="")
    own.add_argument("--split", default="val", choices=("train", "val"))
    args = own.parse_args()
    folder, why = find_real_set()
    if folder is None:
        print(why, file=sys.stderr)
        return 1
    apply(args.set)
    chosen = [token for name in ("finder", "reader", "turn") if getattr(args, name)
              for token in (f"--{name}", getattr(args, name))]
    totals = [0, 0, 0, 0]
    for number, framing in enumerate(DECIDING + FAR):
        one = counts(score(parser().parse_args([args.split, *chosen, *framing.split()]),
                           folder))
        print(line(framing or "(as they are)", one), flush=True)
        totals = [t + v for t, v in zip(totals, one, strict=True)]
        if number == len(DECIDING) - 1:
            print(line("the seven", totals))
    print(line("all nine", totals))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
