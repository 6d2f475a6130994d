"""Train the corner-index classifier and export it to resources/vision/card_index.onnx.

Renders training scenes (drawn designs and Debian artwork decks, never the held-out
ones), cuts index patches with the recogniser's own detector, trains a tiny CNN with torch
(a training-only dependency) and exports ONNX for ``cv2.dnn``.

Usage::

    nice -n 10 python scripts/vision_train.py --scenes 1500 --epochs 10 --seed 7
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import vision_scenes  # noqa: E402

from dealerassist.vision.model import DEFAULT_MODEL_PATH, PATCH_H, PATCH_W, normalise_patches  # noqa: E402
from dealerassist.vision.synthetic import render_scene  # noqa: E402


def build_dataset(scene_count: int, seed: int, cache: Path) -> tuple[np.ndarray, ...]:
    """Render scenes and cut labelled patches (cached as .npz)."""
    if cache.exists():
        data = np.load(cache)
        return data["x"], data["r"], data["s"]
    rng = np.random.default_rng(seed)
    decks = vision_scenes.decks(heldout=False)
    print(f"training decks: {[d.name for d in decks]}", flush=True)
    xs, rs, ss = [], [], []
    started = time.time()
    for number in range(scene_count):
        deck = decks[number % len(decks)]
        scene = render_scene(rng, deck=deck, count=int(rng.integers(3, 9)),
                             conditions=vision_scenes.random_conditions(rng))
        got = vision_scenes.samples(scene, rng)
        if got:
            xs.append(got[0])
            rs.append(got[1])
            ss.append(got[2])
        if number % 200 == 0:
            print(f"scene {number}: {sum(len(r) for r in rs)} patches, "
                  f"{time.time() - started:.0f}s", flush=True)
    x, r, s = np.concatenate(xs), np.concatenate(rs), np.concatenate(ss)
    cache.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(cache, x=x, r=r, s=s)
    return x, r, s


def main() -> None:
    """Build the data, train, export."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenes", type=int, default=1500)
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--cache", type=Path, default=Path("/tmp/dealerassist-vision/train.npz"))
    parser.add_argument("--out", type=Path, default=DEFAULT_MODEL_PATH)
    args = parser.parse_args()

    import torch
    from torch import nn

    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    x, r, s = build_dataset(args.scenes, args.seed, args.cache)
    print(f"patches: {len(x)} (no-index {int((r == 13).sum())})", flush=True)
    data = torch.from_numpy(normalise_patches(x))
    ranks = torch.from_numpy(r)
    suits = torch.from_numpy(s)
    rng = np.random.default_rng(args.seed)
    order = rng.permutation(len(x))
    split = int(len(x) * 0.92)
    train_idx, val_idx = order[:split], order[split:]

    model = nn.Sequential(
        nn.Conv2d(1, 16, 3, padding=1), nn.BatchNorm2d(16), nn.ReLU(), nn.MaxPool2d(2),
        nn.Conv2d(16, 32, 3, padding=1), nn.BatchNorm2d(32), nn.ReLU(), nn.MaxPool2d(2),
        nn.Conv2d(32, 64, 3, padding=1), nn.BatchNorm2d(64), nn.ReLU(), nn.MaxPool2d(2),
        nn.Flatten(), nn.Linear(64 * (PATCH_H // 8) * (PATCH_W // 8), 128), nn.ReLU(),
        nn.Dropout(0.3), nn.Linear(128, 18),
    )
    optimiser = torch.optim.AdamW(model.parameters(), lr=2e-3, weight_decay=1e-4)
    steps = args.epochs * (len(train_idx) // 128 + 1)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=3e-3, total_steps=steps)
    loss_fn = nn.CrossEntropyLoss(reduction="none")

    def losses(batch: np.ndarray) -> torch.Tensor:
        inputs = data[batch]
        # Augment: small shifts and contrast changes the renderer may not cover.
        if model.training:
            shift = int(rng.integers(-2, 3)), int(rng.integers(-2, 3))
            inputs = torch.roll(inputs, shifts=shift, dims=(2, 3))
            inputs = inputs * float(rng.uniform(0.7, 1.3))
        out = model(inputs)
        rank_loss = loss_fn(out[:, :14], ranks[batch])
        is_card = (ranks[batch] != 13).float()
        suit_loss = loss_fn(out[:, 14:], suits[batch]) * is_card
        return (rank_loss + suit_loss).mean()

    for epoch in range(args.epochs):
        model.train()
        started = time.time()
        perm = rng.permutation(train_idx)
        total = 0.0
        for start in range(0, len(perm), 128):
            batch = perm[start : start + 128]
            loss = losses(batch)
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            total += float(loss) * len(batch)
        model.eval()
        with torch.no_grad():
            out = model(data[val_idx])
            pred_r = out[:, :14].argmax(1)
            pred_s = out[:, 14:].argmax(1)
            card = ranks[val_idx] != 13
            right = (pred_r == ranks[val_idx]) & (~card | (pred_s == suits[val_idx]))
            print(f"epoch {epoch}: loss {total / len(perm):.4f} val {float(right.float().mean()):.4f}"
                  f" (cards {float(right[card].float().mean()):.4f}) {time.time() - started:.0f}s",
                  flush=True)
    model.eval()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    dummy = torch.zeros(1, 1, PATCH_H, PATCH_W)
    torch.onnx.export(model, dummy, str(args.out), input_names=["patch"], output_names=["logits"],
                      dynamic_axes={"patch": {0: "n"}, "logits": {0: "n"}}, opset_version=13,
                      dynamo=False)
    print(f"wrote {args.out} ({args.out.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
