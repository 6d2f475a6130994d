"""Development sets for the recogniser: render once, score many variants, time them fairly.

Why: every change to the finder or the reader is chosen on frames other than the held-out
set (whose seed is only measured after the choices). Rendering a frame costs more than
reading it, so sets are rendered once into a file, then scored for each variant; a
variant is a list of module constants to override (the knobs are module-level ``_NAMES``).
Timings on a shared machine drift by a third from one half hour to the next, so variants
are only compared when timed interleaved, frame by frame, on the same frames.

Usage::

    # 240 frames of the held-out designs at another seed, 306 of the training designs,
    # 216 overlap frames of all 18 designs
    python scripts/vision_devset.py make --side heldout --seed 2027 --per-condition 10 --out A.pk
    python scripts/vision_devset.py make --side train --seed 3131 --per-condition 3 --out B.pk
    python scripts/vision_devset.py make --side both --seed 5353 --per-condition 12 \
        --conditions overlap --out C.pk
    python scripts/vision_devset.py score A.pk B.pk --set 'G._REPEAT=0.9;R._RESCALES=()'
    python scripts/vision_devset.py latency A.pk --frames 120 \
        --variant base: --variant wide:'G._REPEAT=0.9'

Module letters for ``--set``: R recogniser, G geometry, H card_hypotheses,
E edge_snap, O outlines, Q quads, M card_metric, C corners, T table_view, P corner_pairs,
I image_file.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import json
import pickle
import sys
import time
from collections import Counter
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import vision_scenes  # noqa: E402

from dealerassist.vision.designs import HELDOUT_CONDITIONS, HELDOUT_SEED  # noqa: E402
from dealerassist.vision.evaluation import (  # noqa: E402
    MISS_BUCKETS,
    Score,
    diagnose_frame,
    score_frame,
)
from dealerassist.vision.synthetic import render_scene  # noqa: E402

MODULES = {
    "R": "recogniser", "G": "geometry", "H": "card_hypotheses",
    "E": "edge_snap", "O": "outlines", "Q": "quads", "M": "card_metric", "C": "corners",
    "T": "table_view", "P": "corner_pairs", "I": "image_file", "X": "exposure",
}


def _make(args: argparse.Namespace) -> None:
    if args.seed == HELDOUT_SEED:
        raise SystemExit("that is the held-out seed: measure it with vision_eval.py instead")
    if args.side == "both":
        decks = vision_scenes.decks(heldout=True) + vision_scenes.decks(heldout=False)
    else:
        decks = vision_scenes.decks(heldout=args.side == "heldout")
    if args.only:
        decks = [d for d in decks if d.name in args.only]
    conditions = args.conditions.split(",") if args.conditions else list(HELDOUT_CONDITIONS)
    rng = np.random.default_rng(args.seed)
    frames = []
    for name in conditions:
        for deck in decks:
            for _ in range(args.per_condition):
                scene = render_scene(rng, deck=deck, count=args.count,
                                     conditions=HELDOUT_CONDITIONS[name])
                ok, png = cv2.imencode(".png", scene.image)
                assert ok
                frames.append({"condition": name, "deck": deck.name, "png": png.tobytes(),
                               "cards": scene.cards})
    args.out.write_bytes(pickle.dumps(frames))
    print(f"{len(frames)} frames, {len({d.name for d in decks})} decks -> {args.out}")


class _Frame:
    """A stored frame as the scoring functions want a Scene (image and cards)."""

    def __init__(self, item: dict) -> None:
        self.condition = item["condition"]
        self.deck = item["deck"]
        self.image = cv2.imdecode(np.frombuffer(item["png"], np.uint8), cv2.IMREAD_COLOR)
        self.cards = item["cards"]


def load(path: Path) -> list[_Frame]:
    """Return the frames of one set file."""
    return [_Frame(item) for item in pickle.loads(path.read_bytes())]


def apply(settings: str) -> dict[str, object]:
    """Override module constants ('G._REPEAT=0.9;R._X=(1, 2)'); return the old values."""
    old: dict[str, object] = {}
    for part in filter(None, (p.strip() for p in settings.split(";"))):
        target, value = part.split("=", 1)
        letter, name = target.strip().split(".", 1)
        module = importlib.import_module(f"dealerassist.vision.{MODULES[letter]}")
        if not hasattr(module, name):
            raise SystemExit(f"{module.__name__} has no {name}")
        old[target.strip()] = getattr(module, name)
        setattr(module, name, ast.literal_eval(value.strip()))
    return old


def restore(old: dict[str, object]) -> None:
    """Put back what `apply` changed."""
    for target, value in old.items():
        letter, name = target.split(".", 1)
        module = importlib.import_module(f"dealerassist.vision.{MODULES[letter]}")
        setattr(module, name, value)


def _recogniser(args: argparse.Namespace):  # noqa: ANN202 - imported late, after --set
    from dealerassist.vision.recogniser import Recogniser

    options: dict = {}
    if args.model:
        options["model_path"] = args.model
    return Recogniser(**options)


def _score(args: argparse.Namespace) -> None:
    cv2.setNumThreads(args.threads)
    apply(args.set or "")
    recogniser = _recogniser(args)
    report = {}
    for path in args.sets:
        total, by_condition, by_deck = Score(), {}, {}
        buckets: Counter[str] = Counter()
        misses = []
        for number, frame in enumerate(load(path)):
            if args.diagnose:
                score, found = diagnose_frame(recogniser, frame)
                buckets.update(found)
            else:
                score = score_frame(recogniser.recognise(frame.image), frame.cards)
            total.add(score)
            by_condition.setdefault(frame.condition, Score()).add(score)
            by_deck.setdefault(frame.deck, Score()).add(score)
            misses += [f"{number} {frame.condition} {frame.deck}: {m}" for m in score.misses]
        line = {"read": total.read_right, "of": total.readable,
                "false": total.false_reports, "sure": total.false_sure,
                "backs": total.backs_reported}
        if args.detail:
            line["condition"] = {k: f"{v.read_right}/{v.readable}"
                                 for k, v in by_condition.items()}
            line["deck"] = {k: f"{v.read_right}/{v.readable}" for k, v in by_deck.items()}
        if args.diagnose:
            line["lost"] = {k: buckets[k] for k in (*MISS_BUCKETS, "false: on a card",
                                                    "false: elsewhere") if buckets[k]}
        if args.misses:
            line["misses"] = misses
        report[path.name] = line
    print(json.dumps(report, indent=1 if (args.misses or args.detail) else None))


def _latency(args: argparse.Namespace) -> None:
    """Interleave variants frame by frame; each frame read once untimed, then timed."""
    cv2.setNumThreads(args.threads)
    variants = []
    for text in args.variant:
        name, _, settings = text.partition(":")
        variants.append((name, settings))
    recogniser = _recogniser(args)
    frames = [f for path in args.sets for f in load(path)][: args.frames]
    times: dict[str, list[float]] = {name: [] for name, _ in variants}
    for _ in range(args.rounds):
        for number, frame in enumerate(frames):
            # --cold: each frame read once per variant, as the bench reads it (a camera's
            # frame is read once), the variants' order turned frame by frame so that none
            # always reads a frame another has just read; paced at the bench's 30 a second.
            turn = number % len(variants) if args.cold else 0
            for name, settings in variants[turn:] + variants[:turn]:
                old = apply(settings)
                if not args.cold:
                    recogniser.recognise(frame.image)
                started = time.perf_counter()
                recogniser.recognise(frame.image)
                elapsed = time.perf_counter() - started
                times[name].append(elapsed * 1000)
                restore(old)
                # a camera leaves the reader idle between frames
                time.sleep(max(0.0, 1 / 30 - elapsed) if args.cold else 0.013)
    for name, values in times.items():
        print(f"{name:12s} p50 {np.percentile(values, 50):6.2f}  "
              f"p95 {np.percentile(values, 95):6.2f}  mean {np.mean(values):6.2f} ms")


def main() -> None:
    """Dispatch the sub-commands."""
    main_with(sys.argv[1:])


def main_with(argv: list[str]) -> None:
    """Dispatch the sub-commands of ``argv``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    make = commands.add_parser("make", help="render a set of frames into a file")
    make.add_argument("--side", choices=("heldout", "train", "both"), required=True)
    make.add_argument("--seed", type=int, required=True)
    make.add_argument("--per-condition", type=int, default=10)
    make.add_argument("--conditions", help="comma-separated (default all six)")
    make.add_argument("--only", action="append", help="keep only this deck (repeatable)")
    make.add_argument("--count", type=int, default=7, help="face-up cards a frame")
    make.add_argument("--out", type=Path, required=True)
    for name, function in (("score", _score), ("latency", _latency)):
        sub = commands.add_parser(name)
        sub.set_defaults(run=function)
        sub.add_argument("sets", type=Path, nargs="+")
        sub.add_argument("--model", type=Path)
        sub.add_argument("--threads", type=int, default=2)
    score = commands.choices["score"]
    score.add_argument("--set", help="module constants to override, ';'-separated")
    score.add_argument("--detail", action="store_true", help="per condition and deck")
    score.add_argument("--diagnose", action="store_true", help="misses by the stage that lost them")
    score.add_argument("--misses", action="store_true", help="list every miss")
    latency = commands.choices["latency"]
    latency.add_argument("--variant", action="append", required=True, help="NAME:SETTINGS")
    latency.add_argument("--frames", type=int, default=120)
    latency.add_argument("--rounds", type=int, default=2)
    latency.add_argument("--cold", action="store_true",
                         help="each frame read once a variant, paced at 30 a second (as the bench)")
    args = parser.parse_args(argv)
    if args.command == "make":
        _make(args)
    else:
        args.run(args)


if __name__ == "__main__":
    main()
