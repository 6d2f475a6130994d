r"""Train the corner turn network (which way a found index corner lies); export it to ONNX.

``corner_turn.onnx``, run by `dealerassist.vision.corners`: for each corner the finder
finds, an upright square around it (`corners.turn_patch`) -> logits of the turns at which
the reader cuts indices (`corners.TURNS`). The reader then cuts the corner at the likeliest
turns only, not at all of them.

Where the turns come from: a render's indices are placed by the program (exact); a real
development photo's labelled corner is cut at every turn and read by a corner reader, and
the turn reading its labelled card surest is its turn (a corner no turn reads surely is
left out, as in `vision_corner_index_train.py`). Every sample is cut again at a random
angle, scale and shift, its turn turned with it. The held-out list is never read; without
``--final`` a fifth of the development groups is kept apart and scored.

Usage (a torch venv; the fixed seed makes a run reproducible on one machine)::

    PYTHONPATH=. python scripts/vision_turn_train.py [--final] --out DIR
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from vision_corner_index_train import _Chooser, camera_effects, cut  # noqa: E402
from vision_corners_train import FONTS, OUT, Faces, export, real_dev, render  # noqa: E402

from dealerassist.vision.corners import (  # noqa: E402
    TURN_PATCH,
    TURNS,
    turn_inputs,
    turn_patch,
    turned_regions,
)
from dealerassist.vision.model import reading_image  # noqa: E402

BATCH = 128
_LEAST = 0.5  # a real corner's surest turn reads its card at least this surely, or no turn


def real_corners(photos: list, reader: Path) -> tuple[list, int]:
    """(image, box, turn) of each labelled real corner whose turn the reader finds."""
    chooser = _Chooser(reader)
    out, corners = [], 0
    for img, boxes, _ in photos:
        reading = reading_image(img)
        for code, x, y, w, h in boxes:
            if code is None:
                continue
            corners += 1
            regions = turned_regions((x, y, w, h), TURNS)
            score = chooser.scores(np.stack([cut(reading, r) for r in regions]), code)
            best = int(score.argmax())
            if score[best] >= _LEAST:
                out.append((img, (x, y, w, h), 2 * np.pi * best / TURNS))
    return out, corners


def rendered_corners(renders: list) -> list:
    """(image, box, turn) of each index corner of the renders."""
    return [(img, (x, y, w, h), turn) for img, boxes in renders
            for code, x, y, w, h, turn in boxes if code is not None]


def sample(corner: tuple, rng: np.random.Generator) -> tuple[np.ndarray, int]:
    """One corner cut at a random angle, scale and shift: (BGR patch, its turn class)."""
    img, (x, y, w, h), turn = corner
    angle = rng.uniform(0, 2 * np.pi)
    grow = np.exp(rng.normal(0, 0.12))
    shift = rng.normal(0, 0.08, 2) * max(w, h)
    box = (x + shift[0] - w * (grow - 1) / 2, y + shift[1] - h * (grow - 1) / 2, w * grow,
           h * grow)
    patch = turn_patch(img, box, angle)
    if rng.random() < 0.5:
        patch = camera_effects(patch, rng)
    # turned by ``angle`` to cut it, the index lies ``angle`` less turned in the patch
    return patch, int(round((turn - angle) / (2 * np.pi / TURNS))) % TURNS


def build_model():  # type: ignore[no-untyped-def]
    """Return a small CNN: three conv blocks, then the turn logits."""
    from torch import nn

    def block(i: int, o: int) -> nn.Module:
        return nn.Sequential(nn.Conv2d(i, o, 3, padding=1), nn.BatchNorm2d(o), nn.ReLU(),
                             nn.MaxPool2d(2))

    side = TURN_PATCH // 8
    return nn.Sequential(block(2, 16), block(16, 32), block(32, 64), nn.Flatten(),
                         nn.Linear(64 * side * side, 96), nn.ReLU(), nn.Dropout(0.2),
                         nn.Linear(96, TURNS))


def batch_of(corners: list, rng: np.random.Generator, size: int) -> tuple:
    """Return ``size`` random samples of ``corners``: the network's input, the turn classes."""
    picks = [sample(corners[int(i)], rng) for i in rng.integers(0, len(corners), size)]
    return turn_inputs(np.stack([p for p, _ in picks])), np.array([c for _, c in picks])


def accuracy(model, corners: list, seed: int) -> dict:  # type: ignore[no-untyped-def]
    """Return the share of corners whose turn is the likeliest one, and within one turn.

    Each corner is cut once, at a random angle.
    """
    import torch

    x, y = batch_of(corners, np.random.default_rng(seed), 2000)
    with torch.no_grad():
        top = model(torch.from_numpy(x)).argmax(1).numpy()
    off = np.minimum((top - y) % TURNS, (y - top) % TURNS)
    return {"exact": round(float((off == 0).mean()), 3),
            "within_one": round(float((off <= 1).mean()), 3)}


def main() -> int:
    """Build the corners, train, export."""
    import torch

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--real", type=Path, default=Path("/work/shared/vision-real-dev"))
    parser.add_argument("--reader", type=Path, default=OUT / "corner_index.onnx",
                        help="the corner reader choosing the real corners' turns")
    parser.add_argument("--seed", type=int, default=41)
    parser.add_argument("--renders", type=int, default=300)
    parser.add_argument("--steps", type=int, default=3000, help="batches of 128 corners")
    parser.add_argument("--rate", type=float, default=3e-3)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--fonts", default=FONTS)
    parser.add_argument("--final", action="store_true",
                        help="every development photo (default: its train part)")
    parser.add_argument("--out", type=Path, required=True, help="folder for corner_turn.onnx")
    args = parser.parse_args()
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    cv2.setNumThreads(1)
    rng = np.random.default_rng(args.seed)
    started = time.time()
    faces = Faces(rng, args.fonts, 0.0)
    drawn = rendered_corners([render(rng, faces, int(rng.choice([384, 512, 640])))
                              for _ in range(args.renders)])
    real, labelled = real_corners(real_dev(args.real, "all" if args.final else "train"),
                                  args.reader)
    val = [] if args.final else real_corners(real_dev(args.real, "val"), args.reader)[0]
    print(f"corners: {len(drawn)} rendered, {len(real)} real of {labelled} labelled, "
          f"{len(val)} to score ({time.time() - started:.0f} s)", flush=True)
    corners = drawn + real * max(1, round(len(drawn) / max(1, len(real))))  # real: half
    model = build_model()
    opt = torch.optim.AdamW(model.parameters(), args.rate / 2, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, args.rate, total_steps=args.steps)
    model.train()
    for step in range(args.steps):
        x, y = batch_of(corners, rng, BATCH)
        loss = torch.nn.functional.cross_entropy(model(torch.from_numpy(x)), torch.from_numpy(y),
                                                 label_smoothing=0.1)
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        if step % 250 == 0 or step == args.steps - 1:
            model.eval()
            scores = f"val {accuracy(model, val, 1)}" if val else ""
            print(f"step {step} loss {loss.item():.3f} {scores}", flush=True)
            model.train()
    model.eval()
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "corner_turn.onnx"
    export(model, (1, 2, TURN_PATCH, TURN_PATCH), path, ("patch", "logits"),
           {"patch": {0: "n"}, "logits": {0: "n"}})
    print(f"exported {path} ({time.time() - started:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
