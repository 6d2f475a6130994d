"""The reader made faster reads what it read before: the same sightings on rendered frames.

The reader of commit ``BASE`` (``recogniser.py`` and ``model.py`` before the speed work)
is loaded from git next to today's; both use today's finder, so only the reading side is
compared. Frames are held-out-style scenes (held-out designs, Debian artwork decks where
rasterised) of a seed other than the held-out one. Every kept sighting must match (card,
box, zone, confidence to 1e-6), and so must every region's reading (``Trace.results``).

The close framing (each unsure index read again closer to the card's corner) changes what
is read on purpose, and so does dropping a card's own index read by a hypothesis beside it
(``_OWN_INDEX``) and a small card pictured on a back (``_PICTURE``), and so does capping the
confidence of a card too small on screen to be read surely (``_LEGIBLE``), and reading the
hypotheses that repeat a clean outline read as no card (``_PAST_BLANKS``), and sampling card
stock on the closed mask (``_PAPER_MASK``), and the card face's evidence
(``_FACE_WEIGHT``, `card_body`), and the second search of a frame where no clean outline
was settled, with the card's size learnt from its hypotheses (``_REFIT``), and the
corners of hypotheses read blank cut again to either side (``_BESIDE``), and the outlines
that gave no card read as the court their face shows (``_COURTS``), what is left of a
region past the cards read searched (``_RESIDUAL``), and two cards kept on one place settled
by their faces or made proposals (``_SAME_PLACE``), and a card read on an outline much
larger than a card boxed by a card-sized hypothesis (``_CARD_SIZED``), and the cards of a
fan read beside a card read surely (``_NEIGHBOURS``): the proof turns these
off and so still shows that nothing else in the reader moved; the script's figures compare
the reader with them on.

Run as a script for the latency figures, before and after interleaved (the machine is
shared), OpenCV on one thread for CPU time and on two for wall clock like the bench::

    nice -n 5 .venv/bin/python tests/vision/test_recogniser_sameness.py --rounds 10
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
import types
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[2]
BASE = "e1d736e"  # the reader before the speed work (fusion and second look, 0.6)
SEED = 777  # not the held-out seed (20261130) nor the calibration seed (2027)


def _git_show(path: str) -> str:
    return subprocess.run(["git", "show", f"{BASE}:{path}"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout


def _load(name: str, source: str) -> types.ModuleType:
    module = types.ModuleType(name)
    module.__file__ = str(ROOT / "dealerassist" / "vision" / f"{name}.py")  # resources/ found
    sys.modules[name] = module
    exec(compile(source, f"<{BASE}:{name}>", "exec"), module.__dict__)  # noqa: S102
    return module


def base_recogniser():
    """The recogniser of ``BASE``, reading with today's finder and the shipped model."""
    from dealerassist.vision.model import DEFAULT_MODEL_PATH

    try:
        model = _git_show("dealerassist/vision/model.py")
        reader = _git_show("dealerassist/vision/recogniser.py")
    except (OSError, subprocess.CalledProcessError):
        pytest.skip(f"git history with commit {BASE} is not available")
    _load("_base_reader_model", model)
    module = _load("_base_reader", reader.replace(
        "from dealerassist.vision.model import", "from _base_reader_model import"))
    return module.Recogniser(model_path=DEFAULT_MODEL_PATH)


def frames(per_condition: int) -> list[np.ndarray]:
    """Held-out-style frames of seed ``SEED``: 6 conditions x decks x per_condition."""
    from dealerassist.cli.bench_vision import _decks
    from dealerassist.vision.designs import heldout_scenes

    return [scene.image for _, _, scene in
            heldout_scenes(_decks(), per_condition=per_condition, seed=SEED)]


def _same_trace(before, after) -> bool:
    sightings_a = [reading.sighting for reading in before.kept]
    sightings_b = [reading.sighting for reading in after.kept]
    if len(sightings_a) != len(sightings_b) or before.results.keys() != after.results.keys():
        return False
    for a, b in zip(sightings_a, sightings_b, strict=True):
        if (a.card is not b.card or a.box != b.box or a.zone != b.zone
                or abs(a.confidence - b.confidence) > 1e-6):
            return False
    return all(before.results[n][1] is after.results[n][1]
               and abs(before.results[n][0] - after.results[n][0]) <= 1e-6
               for n in before.results)


@pytest.mark.slow
def test_the_faster_reader_reads_every_frame_as_the_reader_before_it(monkeypatch):
    """With the close framing off (a later change in what is read), nothing else moved."""
    import cv2

    from dealerassist.vision import recogniser as recogniser_module
    from dealerassist.vision.recogniser import Recogniser

    monkeypatch.setattr(recogniser_module, "_FRAMED", 0.0)  # no region gets a close look
    monkeypatch.setattr(recogniser_module, "_OWN_INDEX", 2.0)  # a card's own index: kept
    monkeypatch.setattr(recogniser_module, "_PICTURE", float("inf"))  # pictures on backs too
    monkeypatch.setattr(recogniser_module, "_LEGIBLE", 0.0)  # small cards read surely too
    monkeypatch.setattr(recogniser_module, "_PAST_BLANKS", False)  # blank outlines dedupe
    monkeypatch.setattr(recogniser_module, "_PAPER_MASK", "mask")  # card stock as before
    monkeypatch.setattr(recogniser_module, "_FACE_WEIGHT", 0.0)  # the corners alone
    monkeypatch.setattr(recogniser_module, "_REFIT", False)  # one search a frame
    monkeypatch.setattr(recogniser_module, "_BESIDE", 0.0)  # no blank corner cut beside
    monkeypatch.setattr(recogniser_module, "_COURTS", False)  # no court read from its face
    monkeypatch.setattr(recogniser_module, "_RESIDUAL", False)  # no search past cards read
    monkeypatch.setattr(recogniser_module, "_SAME_PLACE", None)  # two cards on one place kept
    monkeypatch.setattr(recogniser_module, "_CARD_SIZED", None)  # boxed by the outline read
    monkeypatch.setattr(recogniser_module, "_NEIGHBOURS", None)  # no fan searched beside
    cv2.setNumThreads(2)
    # BASE ran its network on cv2.dnn: today's reader too, for sameness to 1e-6 (ONNX
    # Runtime's probabilities differ from it by ~1e-6, `test_network`).
    before, after = base_recogniser(), Recogniser(engine="opencv")
    images = frames(per_condition=9)  # 216 frames with the two Debian decks
    differing = [k for k, image in enumerate(images)
                 if not _same_trace(before.trace(image, frame_index=k),
                                    after.trace(image, frame_index=k))]
    assert len(images) >= 108
    assert differing == []


def main() -> None:
    """Print p50/p95 CPU and wall ms per frame, before and after, interleaved rounds."""
    import cv2

    from dealerassist.vision.recogniser import Recogniser

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--rounds", type=int, default=10, help="even: half start with each")
    parser.add_argument("--per-condition", type=int, default=3)
    args = parser.parse_args()
    images = frames(args.per_condition)
    readers = {"before": base_recogniser(), "after": Recogniser()}
    for image in images[:3]:
        for reader in readers.values():
            reader.recognise(image)
    times: dict[str, dict[str, list[float]]] = {
        name: {"cpu": [], "wall": []} for name in readers}
    for number in range(args.rounds):
        order = list(readers) if number % 2 == 0 else list(readers)[::-1]
        for name in order:
            for threads, kind in ((1, "cpu"), (2, "wall")):
                cv2.setNumThreads(threads)
                for image in images:
                    cpu, wall = time.process_time(), time.perf_counter()
                    readers[name].recognise(image)
                    spent = (time.process_time() - cpu if kind == "cpu"
                             else time.perf_counter() - wall)
                    times[name][kind].append(spent * 1000.0)
    from tests.vision.timing import print_percentiles

    print_percentiles(times)


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
