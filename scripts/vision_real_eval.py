"""Figures of the recogniser on one split of the real photographs (``vision-real-dev``).

Usage: PYTHONPATH=. python scripts/vision_real_eval.py [dev|heldout|train|val] [--wrong|--misses]
           [--finder F] [--reader R] [--turn T|none] [--set 'R._BRIGHT_TABLE=2']
           [--frame 1280x720 [--high 720]] [--stills] [--true-shape] [--tilt 0.6]
           [--oblique 50 [--marked]] [--jpeg 4032x3024 [--enlarge 2]]
Prints recall, precision, the same for readings at 0.95 or more, by background, scene and
camera (the same figures as ``dealerassist bench --only vision`` gives for ``heldout``);
``--misses``: each labelled card not read, the photos as they are, by why (`misses`).
Tune on ``dev``; ``heldout`` is only measured. ``train`` and ``val`` are the development
split's two parts the training scripts use (``vision_corners_train.dev_records``): score
networks trained without ``--final`` on ``val``. ``--finder``, ``--reader``, ``--turn``:
other corner networks (``--turn none``: every turn read); ``--set``: module constants
overridden as in ``vision_devset.py`` (``C`` is ``corners``). ``--frame WxH``: each photo
read at its own size amid a frame of that size, of its median colour (cards small for the
frame, as a camera further off; ``--high H``: enlarged to H pixels high first, as the
bench's ``real_frame``); ``--stills``: read as `recognize` reads photos;
``--true-shape``: each photo shrunk back to its camera's own shape (the set's export
stretched them to squares: `TRUE_SHAPE`); ``--tilt F``: each photo pressed to F of its
height, as a camera tilted toward the table's far side foreshortens it (cos 53 deg: 0.6);
``--oblique DEG``: each photo as a camera DEG degrees from overhead sees it lying on the
table (`real_photos.seen_from_side`, 1280x720, a 60-degree lens: the bench's
``real_oblique``), with ``--marked`` its corners marked as the felt's (read flattened,
``real_oblique_marked``); ``--jpeg WxH``: each photo (``--enlarge``d first) on a JPEG of
that size of its median colour, decoded as `recognize` decodes a file (the time includes
the decode; with 4032x3024, the bench's ``real_table_12mp``, and with ``--enlarge 4.725``
its ``real_photo_12mp``).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

# The development photos were stretched to 640x640 by their export (the set's README): the
# phones' 3:4 portraits widened by 4/3, the webcam's landscape frames squeezed (taken as
# 16:9). Camera -> (x, y) scale that restores its shape, shrinking, never enlarging.
TRUE_SHAPE = {"phone": (0.75, 1.0), "webcam": (1.0, 9 / 16)}


def parser() -> argparse.ArgumentParser:
    """Return the command line's parser (`vision_val_decide.py` reads framings with it)."""
    from dealerassist.vision.corners import DEFAULT_FINDER_PATH, DEFAULT_READER_PATH

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("split", nargs="?", default="dev",
                        choices=("dev", "heldout", "train", "val"))
    parser.add_argument("--wrong", action="store_true", help="name each wrong reading")
    parser.add_argument("--misses", action="store_true",
                        help="each labelled card not read, by why (the photos as they are)")
    parser.add_argument("--finder", type=Path, default=DEFAULT_FINDER_PATH)
    parser.add_argument("--reader", type=Path, default=DEFAULT_READER_PATH)
    parser.add_argument("--turn", help="a corner_turn.onnx, or none (default: the shipped)")
    parser.add_argument("--set", default="", help="module constants to override, ';'-separated")
    parser.add_argument("--frame", help="WxH: each photo amid a frame of this size")
    parser.add_argument("--high", type=int,
                        help="with --frame: each photo enlarged to this many pixels high "
                             "first (the bench's real_frame: 720)")
    parser.add_argument("--stills", action="store_true", help="read as still photos")
    parser.add_argument("--true-shape", action="store_true",
                        help="each photo at its camera's own shape, not the export's square")
    parser.add_argument("--tilt", type=float,
                        help="each photo pressed to this share of its height")
    parser.add_argument("--oblique", type=float,
                        help="each photo seen by a camera this many degrees from overhead")
    parser.add_argument("--marked", action="store_true",
                        help="with --oblique: the photo's corners marked as the felt's")
    parser.add_argument("--jpeg", help="WxH: each photo on a JPEG of this size, decoded")
    parser.add_argument("--enlarge", type=float, default=1.0,
                        help="with --jpeg: each photo enlarged this many times first")
    return parser


def main() -> int:
    """Score one split and print its figures as JSON."""
    from vision_devset import apply

    from dealerassist.vision.real_photos import find_real_set

    args = parser().parse_args()
    folder, why = find_real_set()
    if folder is None:
        print(why, file=sys.stderr)
        return 1
    apply(args.set)
    if args.misses:
        from dealerassist.vision.recogniser import Recogniser

        recogniser = Recogniser(corner_models=(args.finder, args.reader))
        print(json.dumps({args.split: misses(recogniser, folder, _files(args.split, folder))},
                         indent=1))
        return 0
    figures = score(args, folder)
    if not args.wrong:
        figures.pop("wrong_readings")
    print(json.dumps({args.split: figures}, indent=1))
    return 0


def _files(split: str, folder: Path) -> list[str]:
    """Return the photos of one split: ``dev``, ``heldout``, or ``dev``'s ``train``, ``val``."""
    from dealerassist.vision.real_photos import split_files

    if split in ("train", "val"):
        from vision_corners_train import dev_records

        return [r["file"] for r in dev_records(folder, split)]
    return split_files(split)


def misses(recogniser, folder: Path, files: list[str]) -> dict:  # type: ignore[no-untyped-def]
    """Return each labelled card the recogniser misses in a photo as it is, by why.

    ``no peak``: no finder peak from 0.25 centred on or about one of its labelled index
    corners (a third of the box around it); ``unsure``: a peak there read as the card, but
    not surely enough to report; ``misread``: the peaks there read as other cards or as no
    index. Each miss is named ``photo:card``, `` B`` after the black novelty deck's.
    ``recogniser``: a `Recogniser` whose ``corners`` are the learned corners.
    """
    from dealerassist.vision.image_file import read_image
    from dealerassist.vision.real_photos import Corrections, corrections

    records = {r["file"]: r for r in json.loads((folder / "labels.json").read_text())}
    fixes = corrections()
    out: dict[str, list[str]] = {"no peak": [], "unsure": [], "misread": []}
    for name in files:
        record, frame = records[name], read_image(folder / name)
        fix = fixes.get(name, Corrections())
        read = {str(s.card) for s in recogniser.recognise(frame)}
        found = recogniser.corners.read(frame, least=0.25)
        for card in fix.labels(record["cards"]):
            if card in read:
                continue
            boxes = [b[1:] for b in record["corner_boxes"] if fix.labels([b[0]]) == [card]]
            near = [r for r in found if any(
                x - w / 3 <= r.box[0] + r.box[2] / 2 <= x + 4 * w / 3
                and y - h / 3 <= r.box[1] + r.box[3] / 2 <= y + 4 * h / 3
                for x, y, w, h in boxes)]
            why = ("no peak" if not near else "unsure"
                   if any(str(r.card) == card for r in near) else "misread")
            black = " B" if "black" in record["notes"].lower() else ""
            out[why].append(f"{Path(name).stem}:{card}{black}")
    return {"counts": {why: len(names) for why, names in out.items()},
            "black_deck": {why: sum(n.endswith(" B") for n in names)
                           for why, names in out.items()}, **out}


def score(args: argparse.Namespace, folder: Path) -> dict:
    """Return the figures of one split read as ``args`` say (their ``--set`` aside)."""
    import cv2

    from dealerassist.vision.real_photos import score_real
    from dealerassist.vision.recogniser import Recogniser

    files = _files(args.split, folder)
    cv2.setNumThreads(2)
    recogniser = Recogniser(corner_models=(args.finder, args.reader) if args.turn is None
                            else None, stills=args.stills)
    if args.turn is not None:  # the corner networks loaded once, with that turn network
        from dealerassist.vision.corners import CornerReader

        recogniser.corners = CornerReader(
            args.finder, args.reader, turn_path=None if args.turn == "none" else Path(args.turn))
    load = None
    if args.true_shape or args.frame or args.tilt:
        from dealerassist.vision.image_file import read_image
        from dealerassist.vision.real_photos import in_frame, pressed

        size = tuple(int(v) for v in args.frame.split("x")) if args.frame else None

        def load(path, record):  # type: ignore[no-untyped-def]
            image = read_image(path)
            if args.true_shape:
                fx, fy = next((v for k, v in TRUE_SHAPE.items()
                               if record["notes"].startswith(k)), (1.0, 1.0))
                image = cv2.resize(image, (round(image.shape[1] * fx),
                                           round(image.shape[0] * fy)),
                                   interpolation=cv2.INTER_AREA)
            if args.tilt:
                image = pressed(image, args.tilt)
            return image if size is None else in_frame(image, size, args.high)
    recognise = recogniser.recognise
    if args.oblique is not None:
        from dealerassist.vision.image_file import read_image
        from dealerassist.vision.real_photos import OBLIQUE, read_seen, seen_from_side

        _, frame_size, focal = OBLIQUE

        def load(path, record):  # type: ignore[no-untyped-def]
            return seen_from_side(read_image(path), args.oblique, frame_size, focal)

        def recognise(seen):  # type: ignore[no-untyped-def]
            return read_seen(recogniser, seen, marked=args.marked)
    if args.jpeg:
        import tempfile

        from dealerassist.vision.image_file import read_image_reduced
        from dealerassist.vision.real_photos import jpeg_in_frame

        canvas = tuple(int(v) for v in args.jpeg.split("x"))
        temporary = tempfile.TemporaryDirectory()  # removed when the process ends

        def load(path, record):  # type: ignore[no-untyped-def]
            return jpeg_in_frame(path, canvas, Path(temporary.name), args.enlarge)

        def recognise(path):  # type: ignore[no-untyped-def]
            return recogniser.recognise(read_image_reduced(path)[0])
    return score_real(recognise, folder, files, load=load)


if __name__ == "__main__":
    raise SystemExit(main())
