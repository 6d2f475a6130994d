"""Train the card-face witness; export it to dealerassist/resources/vision/card_body.onnx.

Three steps, each a subcommand (torch and Pillow are training-only: ``pip install -e
.[train]``):

    python scripts/vision_body.py data --scenes 3000 --seed 81 --cache body.npz \
        --fonts . --font-exclude "$FONTS_OUT" --leave-out art-dondorf \
        --leave-out drawn-complex-small
    python scripts/vision_body.py train --cache body.npz --epochs 8 --weights body.pt
    python scripts/vision_body.py score --cache val.npz --weights body.pt

Samples: every face-up card whose index shows, warped upright from its true corners
(jittered the way the finder errs, turned half a turn at random) and from the finder's own
outlines that match it. Labels: the group (ace, two .. ten, court) and the suit. The
held-out seed and the held-out decks are never used (`vision_scenes.decks(heldout=False)`).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dealerassist.vision.card_body import (  # noqa: E402
    BODY_H,
    BODY_W,
    DEFAULT_BODY_PATH,
    GROUPS,
    NO_FACE,
    extract_bodies,
)
from dealerassist.vision.model import normalise_patches  # noqa: E402

_OPTIONS: dict = {}
_NO_SUIT = -100  # a back has no suit: its suit target is ignored by the loss


def _iou(a: np.ndarray, b: np.ndarray) -> float:
    import cv2

    area, _ = cv2.intersectConvexConvex(a.astype(np.float32), b.astype(np.float32))
    union = cv2.contourArea(a.astype(np.float32)) + cv2.contourArea(b.astype(np.float32))
    return float(area) / max(union - float(area), 1e-6)


def group_label(card) -> int:  # type: ignore[no-untyped-def]
    """Return the body group of a card: ace 0, two .. ten 1..9, court 10."""
    rank = int(card.rank)
    return 0 if rank == 14 else (10 if rank >= 11 else rank - 1)


def scene_samples(scene, rng: np.random.Generator):  # type: ignore[no-untyped-def]
    """Warped cards and (group, suit) labels of one scene's readable face-up cards and backs.

    A back is labelled ``NO_FACE`` with no suit: the face witness may say "this is no
    card's face" (a back under a hypothesis), which lowers a reading, never raises one.
    """
    from dealerassist.vision.geometry import find_card_quads

    quads, groups, suits = [], [], []
    found = [quad.corners for quad in find_card_quads(scene.image)]
    for item in scene.cards:
        if item.card is not None and not item.readable:
            continue
        label = ((group_label(item.card), item.card.suit.order) if item.card is not None
                 else (NO_FACE, _NO_SUIT))
        size = float(np.linalg.norm(item.corners[0] - item.corners[2]))
        for _ in range(2):
            corners = np.roll(item.corners, -2 * int(rng.integers(2)), axis=0)
            centre = corners.mean(axis=0)
            grown = centre + (corners - centre) * rng.uniform(0.94, 1.06)
            quads.append(grown + rng.normal(0, 0.012 * size, corners.shape).astype(np.float32))
            groups.append(label[0])
            suits.append(label[1])
        for corners in found:
            if _iou(corners, item.corners) > 0.7:
                quads.append(corners)
                groups.append(label[0])
                suits.append(label[1])
    if not quads:
        return None
    return extract_bodies(scene.image, quads), np.array(groups), np.array(suits)


def _render_chunk(chunk: tuple[int, int]) -> tuple[np.ndarray, ...]:
    import cv2
    import vision_scenes

    cv2.setNumThreads(1)
    seed, count = chunk
    rng = np.random.default_rng(seed)
    fixed = vision_scenes.decks(heldout=False, leave_out=_OPTIONS["leave_out"],
                                only=_OPTIONS["only"])
    fonts = (vision_scenes.glyph_sets(_OPTIONS["fonts"], exclude=_OPTIONS["font_exclude"])
             if _OPTIONS["fonts"] else [])
    xs, gs, ss = [], [], []
    started = time.time()
    for number in range(count):
        scene = vision_scenes.training_scene(
            rng, fixed, fonts=fonts, fixed_only=_OPTIONS["only"] is not None and not fonts,
            varied=True, font_share=_OPTIONS["font_share"],
            scale=tuple(_OPTIONS["scale"]) if _OPTIONS["scale"] else None)
        got = scene_samples(scene, rng)
        if got:
            xs.append(got[0])
            gs.append(got[1])
            ss.append(got[2])
        if number % 200 == 0:
            print(f"[{seed}] scene {number}: {sum(len(g) for g in gs)} faces, "
                  f"{time.time() - started:.0f}s", flush=True)
    return np.concatenate(xs), np.concatenate(gs), np.concatenate(ss)


def build(args: argparse.Namespace) -> None:
    """Render scenes and cache their warped faces."""
    from vision_train import chunk_seeds

    _OPTIONS.update(leave_out=tuple(args.leave_out), only=tuple(args.only) if args.only else None,
                    fonts=args.fonts, font_exclude=args.font_exclude,
                    font_share=args.font_share, scale=args.scale)
    chunks = [(seed, args.scenes // args.workers) for seed in chunk_seeds(args.seed, args.workers)]
    if args.workers == 1:
        parts = [_render_chunk(chunk) for chunk in chunks]
    else:
        import multiprocessing

        with multiprocessing.get_context("fork").Pool(args.workers) as pool:
            parts = pool.map(_render_chunk, chunks)
    x = np.concatenate([p[0] for p in parts])
    g = np.concatenate([p[1] for p in parts])
    s = np.concatenate([p[2] for p in parts])
    np.savez_compressed(args.cache, x=x, g=g, s=s)
    print(f"wrote {args.cache}: {len(x)} faces")


def network():  # type: ignore[no-untyped-def]
    """Build the face CNN: the index model's network on 48x32, 12 group + 4 suit logits."""
    from vision_train import build_model

    return build_model(height=BODY_H, width=BODY_W, outputs=GROUPS + 4)


def _load(paths: list[Path]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    parts = [np.load(p) for p in paths]
    return (np.concatenate([p["x"] for p in parts]), np.concatenate([p["g"] for p in parts]),
            np.concatenate([p["s"] for p in parts]))


def _scores(model, x: np.ndarray, g: np.ndarray, s: np.ndarray) -> str:  # type: ignore[no-untyped-def]
    import torch

    model.eval()
    out = []
    with torch.no_grad():
        for start in range(0, len(x), 2048):
            out.append(model(torch.from_numpy(normalise_patches(x[start:start + 2048]))).numpy())
    logits = np.concatenate(out)
    pg, ps = logits[:, :GROUPS].argmax(1), logits[:, GROUPS:].argmax(1)
    face = g != NO_FACE
    line = (f"group {(pg == g)[face].mean():.4f} suit {(ps == s)[face].mean():.4f} "
            f"both {((pg == g) & (ps == s))[face].mean():.4f} (faces {int(face.sum())})")
    if (~face).any():
        line += f" backs {(pg == g)[~face].mean():.4f} (n={int((~face).sum())})"
    return line


def train(args: argparse.Namespace) -> None:
    """Train (or fine-tune) the face CNN on cached faces; export ONNX."""
    import torch
    from torch import nn

    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    x, g, s = _load([args.cache, *args.extra])
    val = _load([args.val]) if args.val else None
    model = network()
    if args.init:
        model.load_state_dict(torch.load(args.init))
    inputs = torch.from_numpy(normalise_patches(x))
    groups, suits = torch.from_numpy(g.astype(np.int64)), torch.from_numpy(s.astype(np.int64))
    optimiser = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=1e-4)
    steps = args.epochs * ((len(x) + args.batch - 1) // args.batch)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=args.lr, total_steps=steps)
    loss_fn = nn.CrossEntropyLoss(label_smoothing=0.05, ignore_index=_NO_SUIT)
    rng = np.random.default_rng(args.seed)
    for epoch in range(args.epochs):
        model.train()
        started, total = time.time(), 0.0
        order = torch.from_numpy(rng.permutation(len(x)))
        for start in range(0, len(x), args.batch):
            batch = order[start:start + args.batch]
            xb = inputs[batch]
            turn = torch.from_numpy(rng.random(len(batch)) < 0.5)
            xb = torch.where(turn[:, None, None, None], xb.flip(2, 3), xb)  # half a turn
            out = model(xb)
            loss = loss_fn(out[:, :GROUPS], groups[batch]) + loss_fn(out[:, GROUPS:], suits[batch])
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            total += float(loss.detach()) * len(batch)
        line = f"epoch {epoch + 1}: loss {total / len(x):.4f} ({time.time() - started:.0f}s)"
        if val is not None:
            line += " | val " + _scores(model, *val)
        print(line, flush=True)
    torch.save(model.state_dict(), args.weights)
    export(model, args.out)


def export(model, out: Path) -> None:  # type: ignore[no-untyped-def]
    """Write the ONNX file the recogniser loads (hidden layers padded for speed)."""
    import torch
    from vision_train import pad_channels

    model.eval()
    out.parent.mkdir(parents=True, exist_ok=True)
    torch.onnx.export(model, torch.zeros(1, 2, BODY_H, BODY_W), str(out), input_names=["face"],
                      output_names=["logits"], dynamic_axes={"face": {0: "n"}, "logits": {0: "n"}},
                      opset_version=13, dynamo=False)
    pad_channels(out)
    print(f"wrote {out} ({out.stat().st_size} bytes)")


def score(args: argparse.Namespace) -> None:
    """Accuracy of a weight file on a face cache."""
    import torch

    model = network()
    model.load_state_dict(torch.load(args.weights))
    print(_scores(model, *_load([args.cache])))


def main() -> None:
    """Parse the subcommand and run it."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="step", required=True)
    data = sub.add_parser("data", help="render scenes and cache warped faces")
    data.add_argument("--scenes", type=int, default=3000)
    data.add_argument("--seed", type=int, default=81)
    data.add_argument("--workers", type=int, default=1)
    data.add_argument("--cache", type=Path, required=True)
    data.add_argument("--fonts", help="regex of TrueType fonts for font designs")
    data.add_argument("--font-exclude")
    data.add_argument("--font-share", type=float, default=0.5)
    data.add_argument("--leave-out", action="append", default=[])
    data.add_argument("--only", action="append")
    data.add_argument("--scale", type=float, nargs=2)
    data.set_defaults(run=build)
    fit = sub.add_parser("train", help="train the face CNN and export ONNX")
    fit.add_argument("--cache", type=Path, required=True)
    fit.add_argument("--extra", type=Path, action="append", default=[])
    fit.add_argument("--val", type=Path)
    fit.add_argument("--init", type=Path)
    fit.add_argument("--epochs", type=int, default=8)
    fit.add_argument("--lr", type=float, default=3e-3)
    fit.add_argument("--batch", type=int, default=256)
    fit.add_argument("--threads", type=int, default=1)
    fit.add_argument("--seed", type=int, default=81)
    fit.add_argument("--weights", type=Path, required=True)
    fit.add_argument("--out", type=Path, default=DEFAULT_BODY_PATH)
    fit.set_defaults(run=train)
    check = sub.add_parser("score", help="score weights on a face cache")
    check.add_argument("--cache", type=Path, required=True)
    check.add_argument("--weights", type=Path, required=True)
    check.set_defaults(run=score)
    args = parser.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
