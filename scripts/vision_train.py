"""Train the corner-index classifier; export it to dealerassist/resources/vision/card_index.onnx.

Renders training scenes (drawn designs and Debian artwork decks, never the held-out
ones), cuts index patches with the recogniser's own detector, trains a tiny CNN with torch
(a training-only dependency) and exports ONNX for ``cv2.dnn``.

Usage::

    nice -n 10 python scripts/vision_train.py --scenes 1500 --epochs 10 --seed 7

Training-only options (all off by default, so the recipe of an earlier model stays
reproducible): ``--varied`` renders a wider mix (thin, small, condensed and shaded drawn
indices, farther cameras, indices partly covered), ``--augment`` changes patches in the
data loader (shift, zoom, rotation, thinner or thicker strokes, blur, uneven light, a card
edge or chip over part of the index, noise), ``--extra`` adds patches cached by earlier
runs. None of them touches how the held-out set renders.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

PATCH_W, PATCH_H = 28, 56  # as dealerassist.vision.model (checked when exporting)
DEFAULT_OUT = (Path(__file__).resolve().parents[1] / "dealerassist" / "resources" / "vision"
               / "card_index.onnx")


def normalise_patches(patches: np.ndarray) -> np.ndarray:
    """Normalise as dealerassist.vision.model.normalise_patches does (here: torch-only hosts)."""
    data = patches.astype(np.float32)
    gray = data[..., 0]
    mean = gray.mean(axis=(1, 2), keepdims=True)
    spread = gray.std(axis=(1, 2), keepdims=True)
    gray = (gray - mean) / (spread + 8.0)
    redness = data[..., 1]
    paper = np.median(redness.reshape(len(data), -1), axis=1).reshape(-1, 1, 1)
    redness = (redness - paper) / 32.0
    return np.stack([gray, redness], axis=1)


def build_model(height: int = PATCH_H, width: int = PATCH_W, outputs: int = 18):  # type: ignore[no-untyped-def]
    """Build the tiny CNN: three conv blocks, then rank (14) and suit (4) logits in one vector."""
    from torch import nn

    return nn.Sequential(
        nn.Conv2d(2, 12, 3, padding=1), nn.BatchNorm2d(12), nn.ReLU(), nn.MaxPool2d(2),
        nn.Conv2d(12, 24, 3, padding=1), nn.BatchNorm2d(24), nn.ReLU(), nn.MaxPool2d(2),
        nn.Conv2d(24, 48, 3, padding=1), nn.BatchNorm2d(48), nn.ReLU(), nn.MaxPool2d(2),
        nn.Flatten(), nn.Linear(48 * (height // 8) * (width // 8), 96), nn.ReLU(),
        nn.Dropout(0.3), nn.Linear(96, outputs),
    )


def export(model, out: Path) -> None:  # type: ignore[no-untyped-def]
    """Write the ONNX file cv2.dnn loads."""
    import torch

    from dealerassist.vision import model as shipped

    assert (shipped.PATCH_W, shipped.PATCH_H) == (PATCH_W, PATCH_H)
    sample = np.random.default_rng(0).integers(0, 256, (4, PATCH_H, PATCH_W, 2)).astype(np.uint8)
    assert np.allclose(shipped.normalise_patches(sample), normalise_patches(sample))
    model.eval()
    out.parent.mkdir(parents=True, exist_ok=True)
    dummy = torch.zeros(1, 2, PATCH_H, PATCH_W)
    torch.onnx.export(model, dummy, str(out), input_names=["patch"], output_names=["logits"],
                      dynamic_axes={"patch": {0: "n"}, "logits": {0: "n"}}, opset_version=13,
                      dynamo=False)
    pad_channels(out)
    print(f"wrote {out} ({out.stat().st_size} bytes)")


CHANNEL_BLOCK = 16  # hidden convolutions are widened to a multiple of this (pad_channels)


def pad_channels(path: Path, block: int = CHANNEL_BLOCK) -> None:
    """Widen every hidden convolution of an exported network to a multiple of ``block``, in place.

    Why: ONNX Runtime's CPU convolutions work on blocks of channels, and the 12- and 24-channel
    layers of `build_model` fall off its fast path: the shipped index network took 63 us a
    patch on one thread, 50 once padded to 16 and 32 channels (the face network 58 -> 50),
    about 2 ms of a busy frame. The added filters are zero and the next convolution gives
    them zero weights, so the network computes the same function (logits within ~1e-5: the
    sums' order). Only convolutions joined to the next by ReLU and max pooling alone are
    padded (what `build_model` exports); any other layer is left as it is. `onnx_weights`
    takes the padding off again.
    """
    import onnx
    from onnx import numpy_helper

    model = onnx.load(str(path))
    graph = model.graph
    tensors = {t.name: t for t in graph.initializer}
    consumers: dict[str, list] = {}
    for node in graph.node:
        for name in node.input:
            consumers.setdefault(name, []).append(node)

    def next_conv(node):  # type: ignore[no-untyped-def]
        while True:
            following = consumers.get(node.output[0], [])
            if len(following) != 1:
                return None
            node = following[0]
            if node.op_type == "Conv":
                return node
            if node.op_type not in ("Relu", "MaxPool"):
                return None

    def grouped(node) -> bool:  # type: ignore[no-untyped-def]
        return any(a.name == "group" and a.i != 1 for a in node.attribute)

    def array(name: str) -> np.ndarray:
        return numpy_helper.to_array(tensors[name])

    def store(name: str, value: np.ndarray) -> None:
        tensors[name].CopyFrom(numpy_helper.from_array(value.astype(np.float32), name))

    changed = False
    for conv in [node for node in graph.node if node.op_type == "Conv"]:
        following = next_conv(conv)
        if following is None:
            continue
        weight, bias, after = array(conv.input[1]), array(conv.input[2]), array(following.input[1])
        extra = -weight.shape[0] % block
        if not extra or after.shape[1] != weight.shape[0] or grouped(conv) or grouped(following):
            continue
        store(conv.input[1], np.concatenate([weight, np.zeros((extra, *weight.shape[1:]))]))
        store(conv.input[2], np.concatenate([bias, np.zeros(extra)]))
        store(following.input[1],
              np.concatenate([after, np.zeros((after.shape[0], extra, *after.shape[2:]))], axis=1))
        changed = True
    if changed:
        onnx.checker.check_model(model)
        onnx.save(model, str(path))


def onnx_weights(path: Path, model=None) -> dict:  # type: ignore[no-untyped-def]
    """Return the weights of an exported ONNX index model for `build_model` (BatchNorm: identity).

    Why: the export folds each BatchNorm into its convolution, and torch weights of earlier
    runs live outside the repository; a fine-tune can start from the shipped file itself
    (with ``--init FILE.onnx``, which also keeps the BatchNorm layers frozen).
    """
    import onnx
    import torch
    from onnx import numpy_helper

    graph = onnx.load(str(path)).graph
    tensors = {i.name: torch.from_numpy(numpy_helper.to_array(i).copy()) for i in graph.initializer}
    model = build_model() if model is None else model
    weights = model.state_dict()
    convs = [node for node in graph.node if node.op_type == "Conv"]
    gemms = [node for node in graph.node if node.op_type == "Gemm"]
    conv_layers = [n for n, layer in enumerate(model) if isinstance(layer, torch.nn.Conv2d)]
    linear_layers = [n for n, layer in enumerate(model) if isinstance(layer, torch.nn.Linear)]
    for node, n in zip(convs, conv_layers, strict=True):
        weights[f"{n}.weight"] = _unpadded(tensors[node.input[1]], weights[f"{n}.weight"].shape)
        weights[f"{n}.bias"] = _unpadded(tensors[node.input[2]], weights[f"{n}.bias"].shape)
        norm = model[n + 1]
        weights[f"{n + 1}.weight"] = torch.ones(norm.num_features)
        weights[f"{n + 1}.bias"] = torch.zeros(norm.num_features)
        weights[f"{n + 1}.running_mean"] = torch.zeros(norm.num_features)
        weights[f"{n + 1}.running_var"] = torch.full((norm.num_features,), 1.0 - norm.eps)
    for node, n in zip(gemms, linear_layers, strict=True):
        weights[f"{n}.weight"], weights[f"{n}.bias"] = (tensors[node.input[1]],
                                                        tensors[node.input[2]])
    return weights


def _unpadded(tensor, shape):  # type: ignore[no-untyped-def]
    """``tensor`` cut to ``shape``: the zero channels `pad_channels` added taken off again."""
    region = tuple(slice(0, size) for size in shape)
    core, rest = tensor[region], tensor.clone()
    rest[region] = 0
    if core.shape != shape or bool(rest.any()):
        raise ValueError(f"a layer of {tuple(tensor.shape)} is not {tuple(shape)} plus padding")
    return core.clone()


def average_weights(base: dict, tuned: dict, *, share: float) -> dict:
    """``(1 - share) * base + share * tuned`` for every float tensor (counters from ``tuned``).

    Averaging a model and its fine-tune in weight space keeps most of what the first model
    read well and adds part of what the fine-tune learned (both come from the same start).
    """
    if set(base) != set(tuned):
        raise ValueError("the two weight files are not the same network")
    return {key: (base[key] * (1 - share) + tuned[key] * share).to(base[key].dtype)
            if base[key].is_floating_point() else tuned[key] for key in base}


def score_patches(model, path: Path) -> str:  # type: ignore[no-untyped-def]
    """Accuracy of ``model`` on a patch cache: all, cards right, cards right at 0.8, no-index.

    A card patch is right when rank and suit are; "at 0.8" also needs rank x suit
    probability of at least 0.8 (the recogniser's reporting threshold).
    """
    import torch

    data = np.load(path)
    x, r, s = data["x"], data["r"], data["s"]
    model.eval()
    probs = []
    with torch.no_grad():
        for start in range(0, len(x), 2048):
            out = model(torch.from_numpy(normalise_patches(x[start : start + 2048])))
            probs.append(torch.cat([out[:, :14].softmax(1), out[:, 14:].softmax(1)], 1).numpy())
    p = np.concatenate(probs)
    pred_r, pred_s = p[:, :14].argmax(1), p[:, 14:].argmax(1)
    sure = p[:, :14].max(1) * p[:, 14:].max(1)
    card = r != 13
    right = (pred_r == r) & (~card | (pred_s == s))
    return (f"all {right.mean():.4f} cards {right[card].mean():.4f} "
            f"cards@0.8 {(right & (sure >= 0.8))[card].mean():.4f} "
            f"no-index {(pred_r[~card] == 13).mean():.4f} (n={len(x)}, cards {int(card.sum())})")


_WITH_ART = True
_VARIED = False
_FONTS: str | None = None  # regex of TrueType font files for font designs (--fonts)
_FONT_EXCLUDE: str | None = None
_FONT_SHARE = 0.0
_LEAVE_OUT: tuple[str, ...] = ()
_ONLY: tuple[str, ...] | None = None
_SCALE: tuple[float, float] | None = None  # --scale: every scene's camera distance


def _render_chunk(chunk: tuple[int, int]) -> tuple[np.ndarray, ...]:
    """Render ``count`` scenes from ``seed`` and cut their patches (one worker's share)."""
    import cv2
    import vision_scenes

    cv2.setNumThreads(1)
    seed, count = chunk
    rng = np.random.default_rng(seed)
    fixed = vision_scenes.decks(heldout=False, with_art=_WITH_ART, leave_out=_LEAVE_OUT,
                                only=_ONLY)
    fonts = vision_scenes.glyph_sets(_FONTS, exclude=_FONT_EXCLUDE) if _FONTS else []
    if seed % 1000 == 0:
        print(f"fixed decks: {[d.name for d in fixed]}; fonts: {[f.name for f in fonts]}",
              flush=True)
    xs, rs, ss = [], [], []
    started = time.time()
    for number in range(count):
        # _ONLY without fonts: a validation set of left-out fixed decks.
        scene = vision_scenes.training_scene(
            rng, fixed, fonts=fonts, fixed_only=_ONLY is not None and not fonts,
            varied=_VARIED, font_share=_FONT_SHARE, scale=_SCALE)
        got = vision_scenes.samples(scene, rng, covered=_VARIED)
        if got:
            xs.append(got[0])
            rs.append(got[1])
            ss.append(got[2])
        if number % 200 == 0:
            print(f"[{seed}] scene {number}: {sum(len(r) for r in rs)} patches, "
                  f"{time.time() - started:.0f}s", flush=True)
    return np.concatenate(xs), np.concatenate(rs), np.concatenate(ss)


def chunk_seeds(seed: int, workers: int) -> list[int]:
    """Return the scene seeds of the workers' chunks: never the held-out seed, nor ``seed``."""
    from dealerassist.vision.designs import HELDOUT_SEED

    seeds = [seed * 1000 + k for k in range(workers)]
    if HELDOUT_SEED in seeds or seed == HELDOUT_SEED:
        raise ValueError(f"--seed {seed}: its scenes would use the held-out seed {HELDOUT_SEED}")
    return seeds


def build_dataset(
    scene_count: int, seed: int, cache: Path, workers: int = 1
) -> tuple[np.ndarray, ...]:
    """Render scenes and cut labelled patches (cached as .npz)."""
    if cache.exists():
        data = np.load(cache)
        return data["x"], data["r"], data["s"]
    chunks = [(chunk, scene_count // workers) for chunk in chunk_seeds(seed, workers)]
    if workers == 1:
        parts = [_render_chunk(chunk) for chunk in chunks]
    else:
        import multiprocessing

        with multiprocessing.get_context("fork").Pool(workers) as pool:
            parts = pool.map(_render_chunk, chunks)
    x = np.concatenate([p[0] for p in parts])
    r = np.concatenate([p[1] for p in parts])
    s = np.concatenate([p[2] for p in parts])
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
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--data-only", action="store_true", help="only render the patches")
    parser.add_argument("--weights", type=Path, help="also save the torch weights here")
    parser.add_argument("--export-only", type=Path, metavar="WEIGHTS",
                        help="export saved weights to ONNX, no training")
    parser.add_argument("--average-with", type=Path, metavar="WEIGHTS",
                        help="with --export-only: export the weighted average of these "
                        "weights and the exported ones (a model and its fine-tune)")
    parser.add_argument("--share", type=float, default=0.3,
                        help="the --export-only weights' share in --average-with's average")
    parser.add_argument("--device", default="cpu")
    parser.add_argument("--batch", type=int, default=128)
    parser.add_argument("--workers", type=int, default=1, help="processes rendering scenes")
    parser.add_argument("--init", type=Path, help="start from these torch weights, or an "
                        "exported .onnx model (BatchNorm then frozen): fine-tune")
    parser.add_argument("--lr", type=float, default=3e-3, help="peak learning rate")
    parser.add_argument("--no-art", action="store_true",
                        help="train on the drawn designs only (no third-party artwork)")
    parser.add_argument("--varied", action="store_true",
                        help="render the wider training mix (thin/small/condensed indices, "
                        "farther cameras, partly covered indices)")
    parser.add_argument("--augment", action="store_true",
                        help="augment patches in the data loader (scripts/vision_augment.py)")
    parser.add_argument("--zoom-in", type=float, default=0.0,
                        help="with --augment: corner-anchored zooms also enlarge the index up "
                        "to exp(this) times (0.25: the reader's close framing and a bit more)")
    parser.add_argument("--frame-lines", type=float, default=0.0,
                        help="with --augment: this share of patches gets a court frame's long "
                        "line beside the index, whatever the label (0: none)")
    parser.add_argument("--extra", type=Path, action="append", default=[],
                        help="also train on the patches of this cache (.npz, repeatable)")
    parser.add_argument("--fonts", metavar="REGEX",
                        help="also draw designs with the TrueType fonts under "
                        "/usr/share/fonts (truetype/, opentype/) whose file name matches (needs "
                        "Pillow)")
    parser.add_argument("--font-exclude", metavar="REGEX",
                        help="leave out the fonts whose file name matches (a validation family)")
    parser.add_argument("--font-share", type=float, default=0.5,
                        help="with --fonts: the share of scenes dealt from a font design")
    parser.add_argument("--leave-out", action="append", default=[], metavar="DECK",
                        help="a training deck not to render (art-dondorf, drawn-duplex ...)")
    parser.add_argument("--only", action="append", metavar="DECK",
                        help="render only these fixed decks (a validation set of left-out ones)")
    parser.add_argument("--scale", type=float, nargs=2, metavar=("LOW", "HIGH"),
                        help="every scene's cards LOW..HIGH times the usual size (a camera "
                        "farther away: 0.4 0.75)")
    parser.add_argument("--val", type=Path, action="append", default=[], metavar="NPZ",
                        help="also report accuracy on these patches after every epoch "
                        "(left-out designs)")
    parser.add_argument("--pad-only", type=Path, nargs="+", metavar="ONNX",
                        help="no training: widen these exported networks' hidden convolutions "
                        "to blocks of 16 channels, in place (the same function, faster)")
    parser.add_argument("--score", type=Path, metavar="WEIGHTS",
                        help="no training: accuracy of these weights (or of their average "
                        "with --average-with) on the --val patches")
    args = parser.parse_args()
    global _WITH_ART, _VARIED, _FONTS, _FONT_EXCLUDE, _FONT_SHARE, _LEAVE_OUT, _ONLY, _SCALE
    _WITH_ART = not args.no_art
    _VARIED = args.varied
    _FONTS, _FONT_EXCLUDE = args.fonts, args.font_exclude
    _FONT_SHARE = args.font_share if args.fonts else 0.0
    _LEAVE_OUT = tuple(args.leave_out)
    _ONLY = tuple(args.only) if args.only else None
    _SCALE = tuple(args.scale) if args.scale else None
    if args.data_only:
        x, r, _ = build_dataset(args.scenes, args.seed, args.cache, args.workers)
        print(f"patches: {len(x)} (no-index {int((r == 13).sum())})")
        return

    import torch
    from torch import nn

    if args.score:
        torch.set_num_threads(args.threads)
        model = build_model()
        weights = torch.load(args.score, map_location="cpu")
        if args.average_with:
            weights = average_weights(torch.load(args.average_with, map_location="cpu"),
                                      weights, share=args.share)
        model.load_state_dict(weights)
        for path in args.val:
            print(f"{path.name}: {score_patches(model, path)}", flush=True)
        return
    if args.pad_only:
        for path in args.pad_only:
            pad_channels(path)
            print(f"padded {path}")
        return
    if args.export_only:
        model = build_model()
        weights = torch.load(args.export_only, map_location="cpu")
        if args.average_with:
            base = torch.load(args.average_with, map_location="cpu")
            weights = average_weights(base, weights, share=args.share)
        model.load_state_dict(weights)
        export(model, args.out)
        return
    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    x, r, s = build_dataset(args.scenes, args.seed, args.cache, args.workers)
    for extra in args.extra:
        more = np.load(extra)
        x, r, s = (np.concatenate([x, more["x"]]), np.concatenate([r, more["r"]]),
                   np.concatenate([s, more["s"]]))
    print(f"patches: {len(x)} (no-index {int((r == 13).sum())})", flush=True)
    if args.augment:
        from vision_augment import PatchAugmenter, torch_normalise

        augmenter = PatchAugmenter(seed=args.seed, zoom_in=args.zoom_in, frame=args.frame_lines)
        raw = torch.from_numpy(x).permute(0, 3, 1, 2).contiguous()  # uint8 (N, 2, H, W)
        assert np.allclose(torch_normalise(raw[:64].float()).numpy(),
                           normalise_patches(x[:64]), atol=1e-4)
        data = torch_normalise(raw.float())
    else:
        data = torch.from_numpy(normalise_patches(x))
    ranks = torch.from_numpy(r)
    suits = torch.from_numpy(s)
    rng = np.random.default_rng(args.seed)
    order = rng.permutation(len(x))
    split = int(len(x) * 0.92)
    train_idx, val_idx = order[:split], order[split:]

    device = torch.device(args.device)
    model = build_model()
    frozen_norm = args.init is not None and args.init.suffix == ".onnx"
    if frozen_norm:
        model.load_state_dict(onnx_weights(args.init))
    elif args.init:
        model.load_state_dict(torch.load(args.init, map_location="cpu"))
    model = model.to(device)
    data, ranks, suits = data.to(device), ranks.to(device), suits.to(device)
    optimiser = torch.optim.AdamW(model.parameters(), lr=2e-3, weight_decay=1e-4)
    steps = args.epochs * (len(train_idx) // args.batch + 1)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=args.lr, total_steps=steps)
    loss_fn = nn.CrossEntropyLoss(reduction="none")

    def losses(batch: np.ndarray) -> torch.Tensor:
        inputs = data[batch]
        if model.training and args.augment:
            inputs = torch_normalise(augmenter(raw[batch].float()))
        elif model.training:
            # Small shifts and contrast changes the renderer may not cover.
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
        if frozen_norm:  # folded into the convolutions of the file started from
            for layer in model:
                if isinstance(layer, nn.BatchNorm2d):
                    layer.eval()
        started = time.time()
        perm = rng.permutation(train_idx)
        total = 0.0
        for start in range(0, len(perm), args.batch):
            batch = torch.from_numpy(perm[start : start + args.batch]).to(device)
            loss = losses(batch)
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            total += float(loss.detach()) * len(batch)
        model.eval()
        with torch.no_grad():
            val = torch.from_numpy(val_idx).to(device)
            out = model(data[val])
            pred_r = out[:, :14].argmax(1)
            pred_s = out[:, 14:].argmax(1)
            card = ranks[val] != 13
            right = (pred_r == ranks[val]) & (~card | (pred_s == suits[val]))
            accuracy = float(right.float().mean())
            print(f"epoch {epoch}: loss {total / len(perm):.4f} val {accuracy:.4f}"
                  f" (cards {float(right[card].float().mean()):.4f}) {time.time() - started:.0f}s",
                  flush=True)
        for path in args.val:
            print(f"  {path.name}: {score_patches(model, path)}", flush=True)
    model = model.cpu()
    if args.weights:
        args.weights.parent.mkdir(parents=True, exist_ok=True)
        torch.save(model.state_dict(), args.weights)
        print(f"wrote {args.weights}")
    try:
        export(model, args.out)
    except (ImportError, ModuleNotFoundError) as error:
        print(f"no ONNX export here ({error}); export later with --export-only")


if __name__ == "__main__":
    main()
