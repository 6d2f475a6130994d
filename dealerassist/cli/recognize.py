"""`dealerassist recognize IMAGE... [--json]`: the cards read in still images.

Prints, per image, ``{"file", "cards": [{"card", "confidence", "box": [x, y, w, h]}]}``
(a JSON list with ``--json``, one line per image otherwise), with each card's ``zone``
under ``--calibration`` (the corners scaled to each image's resolution; a felt seen at a
slant is read flattened, `vision.table_view`). A bad image, or
one of another shape than the frames the calibration was marked on, stops the command with
a one-line error naming it (exit 1), before anything is printed. A large JPEG is decoded
at 1/2, 1/4 or 1/8 of its size (`image_file.read_image_reduced`); boxes are given in the
file's pixels.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import replace
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of `dealerassist recognize`."""
    parser.add_argument("images", nargs="+", metavar="IMAGE", help="image files to read")
    parser.add_argument("--json", action="store_true", help="print one JSON list")
    parser.add_argument("--calibration", metavar="FILE", help="table calibration (zones)")
    parser.add_argument("--model", metavar="FILE.onnx", help="another card model")
    parser.add_argument("--face-model", metavar="FILE.onnx",
                        help="ignored: the recogniser reads no card-face model (the option "
                             "stays so that scripts passing it still run)")
    parser.add_argument("--rules", metavar="FILE",
                        help="the house rules: the court letters of its decks (deck.index_letters)")
    parser.add_argument("--min-confidence", type=float, default=None,
                        help="drop readings below this (default: the console's threshold, "
                             "0.6; a reading under 0.95 needs the dealer's confirmation)")


def run(args: argparse.Namespace) -> int:
    """Read every image, then print."""
    import warnings

    # A numeric warning inside the reader is no message for the user: its result is tested.
    warnings.filterwarnings("ignore", category=RuntimeWarning, module=r"dealerassist\.vision\.")
    from dealerassist.errors import RecognitionError
    from dealerassist.vision.calibration import TableCalibration
    from dealerassist.vision.image_file import read_image_reduced
    from dealerassist.vision.model import DEFAULT_MODEL_PATH
    from dealerassist.vision.recogniser import Recogniser, read_image

    calibration = TableCalibration.load(args.calibration) if args.calibration else None
    # Corners marked without a frame size are the file's own pixels: read it whole.
    whole = calibration is not None and calibration.frame_size is None
    # One threshold for the command and the console: the recogniser's own default.
    threshold = {} if args.min_confidence is None else {"min_confidence": args.min_confidence}
    letters = "standard"
    if args.rules:
        from dealerassist.rules.loader import load_rules

        letters = load_rules(args.rules).deck.index_letters.value
    recogniser = Recogniser(
        model_path=Path(args.model) if args.model else DEFAULT_MODEL_PATH,
        calibration=calibration,
        letters=letters,
        stills=True,  # photos, not a camera's stream: the finder looks at finer scales too
        **threshold,
    )
    # One image decoded at a time (a 12-MP photo is 9 MB at half its width); the report is
    # printed once every image is read, so a bad one stops the command before any output.
    report = []
    for path in args.images:
        frame, factor = (read_image(path), 1) if whole else read_image_reduced(path)
        if calibration is not None:  # zones of another shape of frame would be guesses
            try:
                calibration.fitted(frame.shape[1], frame.shape[0])
            except RecognitionError as error:
                raise RecognitionError(f"{path}: {error} ({args.calibration})") from error
        sightings = recogniser.recognise(frame)
        if factor > 1:
            sightings = [replace(s, box=tuple(factor * v for v in s.box)) for s in sightings]
        report.append({"file": path, "cards": [s.to_json() for s in sightings]})
    if args.json:
        print(json.dumps(report))
    else:
        for entry in report:
            cards = " ".join(
                f"{c['card']}({c['confidence']:.2f})" for c in entry["cards"]  # type: ignore[index]
            )
            print(f"{entry['file']}: {cards or '-'}")
    return 0
