"""Held-out evaluation of the recogniser: accuracy per condition and per deck design.

Scenes come from `dealerassist.vision.designs.heldout_scenes` (seed and designs never used
in training) with the Debian artwork decks held out from training when rasterised.

Usage::

    python scripts/vision_eval.py --per-condition 40 [--misses] [--save-failures DIR]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import vision_scenes  # noqa: E402

from dealerassist.vision.designs import HELDOUT_SEED, heldout_scenes  # noqa: E402
from dealerassist.vision.evaluation import (  # noqa: E402
    MISS_BUCKETS,
    Score,
    diagnose_frame,
    score_frame,
)
from dealerassist.vision.recogniser import Recogniser  # noqa: E402


def main() -> None:
    """Evaluate and print a JSON report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-condition", type=int, default=40)
    parser.add_argument("--seed", type=int, default=HELDOUT_SEED)
    parser.add_argument("--misses", action="store_true", help="list every miss")
    parser.add_argument("--save-failures", type=Path, help="write frames with a miss here")
    parser.add_argument("--model", type=Path)
    parser.add_argument("--diagnose", action="store_true",
                        help="say which stage lost each missed card, per condition")
    parser.add_argument("--conditions", help="comma-separated conditions to run (default all)")
    args = parser.parse_args()
    cv2.setNumThreads(2)
    options: dict = {"model_path": args.model} if args.model else {}
    recogniser = Recogniser(**options)
    decks = vision_scenes.decks(heldout=True)
    total, by_condition, by_deck = Score(), {}, {}
    times = []
    buckets: dict[str, Counter] = {}
    wanted = set(args.conditions.split(",")) if args.conditions else None
    for number, (condition, deck, scene) in enumerate(
        heldout_scenes(decks, per_condition=args.per_condition, seed=args.seed)
    ):
        if wanted and condition not in wanted:
            continue
        started = time.perf_counter()
        sightings = recogniser.recognise(scene.image)
        times.append((time.perf_counter() - started) * 1000)
        score = score_frame(sightings, scene.cards)
        if args.diagnose:
            _, found = diagnose_frame(recogniser, scene)
            buckets.setdefault(condition, Counter()).update(found)
        total.add(score)
        by_condition.setdefault(condition, Score()).add(score)
        by_deck.setdefault(deck, Score()).add(score)
        if args.save_failures and (score.misses or score.false_reports):
            args.save_failures.mkdir(parents=True, exist_ok=True)
            image = scene.image.copy()
            for s in sightings:
                x, y, w, h = s.box
                cv2.rectangle(image, (x, y), (x + w, y + h), (0, 0, 255), 2)
                cv2.putText(image, f"{s.card} {s.confidence:.2f}", (x, y - 4), 0, 0.6,
                            (0, 255, 255), 2)
            cv2.imwrite(str(args.save_failures / f"{number:04d}-{condition}-{deck}.jpg"), image)
    report = {
        "decks": [d.name for d in decks],
        "total": total.to_json(),
        "by_condition": {k: v.to_json() for k, v in by_condition.items()},
        "by_deck": {k: v.to_json() for k, v in by_deck.items()},
        "frame_ms_p50": round(float(np.percentile(times, 50)), 2),
        "frame_ms_p95": round(float(np.percentile(times, 95)), 2),
    }
    if args.misses:
        report["misses"] = total.misses
    print(json.dumps(report, indent=2))
    if args.diagnose:
        _print_buckets(buckets, by_condition)


def _print_buckets(buckets: dict[str, Counter], by_condition: dict[str, Score]) -> None:
    """Print a Markdown table: misses per condition by the stage that lost them."""
    names = list(MISS_BUCKETS) + ["false: on a card", "false: elsewhere"]
    print("| condition | readable | missed | " + " | ".join(names) + " |")
    print("| --- " * (len(names) + 3) + "|")
    total = Counter()
    for condition, counts in buckets.items():
        total.update(counts)
        score = by_condition[condition]
        print(f"| {condition} | {score.readable} | {score.readable - score.read_right} | "
              + " | ".join(str(counts.get(name, 0)) for name in names) + " |")
    readable = sum(s.readable for s in by_condition.values())
    missed = readable - sum(s.read_right for s in by_condition.values())
    print(f"| all | {readable} | {missed} | "
          + " | ".join(str(total.get(name, 0)) for name in names) + " |")


if __name__ == "__main__":
    main()
