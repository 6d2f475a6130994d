"""Recogniser figures for `dealerassist bench`: frame latency and held-out accuracy.

Latency: ``Recogniser.recognise`` on 1280x720 frames with seven face-up cards (and two
backs), OpenCV limited to two threads like the target laptop (``frame_ms_*``, wall clock).
On a shared machine wall clock measures the neighbours too, so the same frames are also
timed as CPU time (``frame_cpu_ms_*``): the process's, all threads together (the recogniser
shares a large batch of index patches between two threads), with OpenCV on one thread; an
upper bound for the frame's wall clock on an idle machine.
Accuracy: the held-out
scenes of `dealerassist.vision.designs` (a seed and deck designs never used in training),
per condition; Debian artwork decks are added when ``scripts/vision_artwork.py`` has
rasterised them (``DEALERASSIST_VISION_ART``, default /tmp/dealerassist-vision/art).
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any


def _decks() -> list[Any]:
    from dealerassist.vision.designs import HELDOUT_DESIGNS, drawn_decks

    decks = drawn_decks(HELDOUT_DESIGNS)
    art = Path(os.environ.get("DEALERASSIST_VISION_ART", "/tmp/dealerassist-vision/art"))
    try:
        from dealerassist.vision.artwork import ArtworkDeck
    except ImportError:  # pragma: no cover - the module ships with the package
        return decks
    for name in ("tigullio-international", "gm-paris"):
        if (art / name / "Ah.png").exists():
            decks.append(ArtworkDeck(art / name))
    return decks


def measure(*, quick: bool) -> dict[str, dict[str, Any]]:
    """Time and score the recogniser; returns ``{"vision": {...}}``."""
    import cv2
    import numpy as np

    from dealerassist.vision.designs import heldout_scenes
    from dealerassist.vision.evaluation import Score, score_frame
    from dealerassist.vision.recogniser import Recogniser

    cv2.setNumThreads(2)
    recogniser = Recogniser()
    decks = _decks()
    per_condition = 4 if quick else 30
    total = Score()
    by_condition: dict[str, Score] = {}
    by_deck: dict[str, Score] = {}
    latencies: list[float] = []
    seven_card_latencies: list[float] = []
    for condition, deck_name, scene in heldout_scenes(decks, per_condition=per_condition):
        started = time.perf_counter()
        sightings = recogniser.recognise(scene.image)
        elapsed = (time.perf_counter() - started) * 1000.0
        latencies.append(elapsed)
        if sum(1 for c in scene.cards if c.card is not None) == 7:
            seven_card_latencies.append(elapsed)
        score = score_frame(sightings, scene.cards)
        total.add(score)
        by_condition.setdefault(condition, Score()).add(score)
        by_deck.setdefault(deck_name, Score()).add(score)
    timed = np.array(seven_card_latencies or latencies)
    cpu_times = []
    cv2.setNumThreads(1)
    for _, _, scene in heldout_scenes(decks[:1], per_condition=2 if quick else 10):
        started = time.process_time()
        recogniser.recognise(scene.image)
        cpu_times.append((time.process_time() - started) * 1000.0)
    cv2.setNumThreads(2)
    return {
        "vision": {
            "frame_ms_p50": round(float(np.percentile(timed, 50)), 2),
            "frame_ms_p95": round(float(np.percentile(timed, 95)), 2),
            "frame_cpu_ms_p50": round(float(np.percentile(cpu_times, 50)), 2),
            "frame_cpu_ms_p95": round(float(np.percentile(cpu_times, 95)), 2),
            "frame_size": "1280x720",
            "frames": total.frames,
            "heldout_accuracy": round(total.accuracy, 4),
            "heldout_readable_cards": total.readable,
            "heldout_false_reports": total.false_reports,
            "heldout_false_reports_unconfirmed": total.false_sure,
            "heldout_backs_reported": total.backs_reported,
            "accuracy_by_condition": {k: round(v.accuracy, 4) for k, v in by_condition.items()},
            "accuracy_by_deck": {k: round(v.accuracy, 4) for k, v in by_deck.items()},
            "opencv": cv2.__version__,
        }
    }
