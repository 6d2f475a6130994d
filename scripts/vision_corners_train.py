r"""Train the learned index-corner finder and reader; export both to ONNX.

Two tiny networks, run by `dealerassist.vision.corners` at inference (onnxruntime, CPU):

- ``corner_finder.onnx``: a fully convolutional net over the whole frame (BGR, any size,
  a multiple of 16) giving, at a stride of 4, the logit of "an index corner's centre is
  here" and the log of that corner's box width and height (in input pixels). It knows
  nothing of the table: it is trained on renders composited onto randomised tables (white,
  wooden, patterned, bright and dark; colour casts, exposure, noise, JPEG, blur,
  perspective, hands and chips over the cards) and on the real development photographs.
- ``corner_reader.onnx``: reads one corner crop (BGR 32x32, the box grown by a quarter)
  as one of the 52 cards or "no card" (53 classes), trained on corner crops of the same
  renders, of the real development photographs, and on crops of anything else
  (tables, card bodies, backs, jokers).

Real photographs: only the development list of the committed split
(`dealerassist/resources/vision/real_split/dev.txt`) is read; the held-out list never.

Usage (a torch venv; the fixed seed makes a run reproducible on one machine)::

    PYTHONPATH=. nice -n 10 /work/train-venv/bin/python scripts/vision_corners_train.py \\
        --real /work/shared/vision-real-dev --seed 11 --renders 600 --steps 1500
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

OUT = ROOT / "dealerassist" / "resources" / "vision"
CROP = 32  # the reader's input side
GROW = 0.25  # a box is grown by this share of its size on each side before reading
STRIDE = 4
SIZE = 192  # finder training tiles
BATCH = 8
CARDS = [r + s for r in "23456789TJQKA" for s in "cdhs"]
NONE = len(CARDS)  # the reader's "no card" class


# ----------------------------------------------------------------------------- tables

def _table(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    """Return a random table: plain, wood, pattern, gradient; bright or dark."""
    kind = rng.integers(6)
    base = rng.uniform(0, 255, 3)
    if rng.random() < 0.45:  # light tables are the hard case: often
        base = rng.uniform(170, 255, 3)
    img = np.ones((h, w, 3), np.float32) * base
    if kind == 1:  # wood: stretched noise stripes
        n = cv2.resize(rng.normal(0, 1, (h // 8 + 2, 6)).astype(np.float32), (w, h))
        n += 0.3 * cv2.resize(rng.normal(0, 1, (h // 2 + 2, 40)).astype(np.float32), (w, h))
        img += n[..., None] * rng.uniform(10, 40) * np.array([1.0, 0.8, 0.6], np.float32)
    elif kind == 2:  # knit / pattern
        period = rng.uniform(4, 20)
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        a = rng.uniform(0, np.pi)
        wave = np.sin((xx * np.cos(a) + yy * np.sin(a)) * 2 * np.pi / period)
        wave2 = np.sin((xx * np.cos(a + 1.3) + yy * np.sin(a + 1.3)) * 2 * np.pi / (period * 1.7))
        img += (wave + wave2)[..., None] * rng.uniform(8, 35)
    elif kind == 3:  # gradient / vignette
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        img *= (0.6 + 0.4 * (xx / w * rng.uniform(-1, 1) + yy / h * rng.uniform(-1, 1)
                             + 1) / 2)[..., None]
    elif kind == 4:  # stone: blotches
        n = cv2.resize(rng.normal(0, 1, (h // 16 + 2, w // 16 + 2)).astype(np.float32), (w, h))
        img += n[..., None] * rng.uniform(10, 40)
        img += rng.normal(0, rng.uniform(2, 12), (h, w, 1))
    elif kind == 5:  # random coloured shapes (keyboard, papers, objects)
        for _ in range(rng.integers(3, 12)):
            c = tuple(float(v) for v in rng.uniform(0, 255, 3))
            p = rng.uniform(0, 1, 2) * (w, h)
            s = rng.uniform(10, 120, 2)
            cv2.rectangle(img, (int(p[0]), int(p[1])), (int(p[0] + s[0]), int(p[1] + s[1])),
                          c, -1)
    img += rng.normal(0, rng.uniform(0, 6), (h, w, 3))
    return np.clip(img, 0, 255)


class Faces:
    """Card faces of the training designs (drawn by the program), cached."""

    def __init__(self) -> None:
        from dealerassist.cards import standard_deck
        from dealerassist.vision.designs import BACK_COLOURS, TRAIN_DESIGNS
        from dealerassist.vision.synthetic import DrawnDeck

        self.decks = [DrawnDeck(d, back_colour=BACK_COLOURS[i % len(BACK_COLOURS)])
                      for i, d in enumerate(TRAIN_DESIGNS)]
        self.cards = list(standard_deck())

    def pick(self, rng: np.random.Generator) -> tuple[np.ndarray, str | None]:
        """Return a random face (or a back: None) of a random training deck."""
        deck = self.decks[rng.integers(len(self.decks))]
        if rng.random() < 0.08:
            return deck.back(), None
        card = self.cards[rng.integers(len(self.cards))]
        return deck.face(card), str(card)


def _effects(img: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    img = img.astype(np.float32)
    img *= rng.uniform(0.75, 1.25, 3)  # white balance / cast
    img = img * rng.uniform(0.5, 1.4) + rng.uniform(-30, 30)  # exposure
    if rng.random() < 0.5:
        k = rng.uniform(0.3, 2.0)
        img = cv2.GaussianBlur(img, (0, 0), k)
    if rng.random() < 0.2:  # motion blur
        n = int(rng.integers(3, 9))
        kernel = np.zeros((n, n), np.float32)
        kernel[n // 2] = 1.0 / n
        rot = cv2.getRotationMatrix2D((n / 2 - 0.5, n / 2 - 0.5), rng.uniform(0, 180), 1)
        kernel = cv2.warpAffine(kernel, rot, (n, n))
        img = cv2.filter2D(img, -1, kernel / max(kernel.sum(), 1e-6))
    img += rng.normal(0, rng.uniform(0, 10), img.shape)
    img = np.clip(img, 0, 255).astype(np.uint8)
    if rng.random() < 0.6:
        ok, enc = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(30, 95))])
        img = cv2.imdecode(enc, cv2.IMREAD_COLOR)
    return img


def render(rng: np.random.Generator, faces: Faces, size: int) -> tuple[np.ndarray, list]:
    """Return a composite of cards on a random table: (BGR image, [(card, x, y, w, h)])."""
    from dealerassist.vision.geometry import index_regions

    img = _table(rng, size, size)
    label = np.zeros((size, size), np.int32)
    placed = []
    count = int(rng.integers(1, 10))
    card_w = rng.uniform(0.08, 0.35) * size
    tilt = rng.uniform(0, 0.5)
    for n in range(1, count + 1):
        face, code = faces.pick(rng)
        fh, fw = face.shape[:2]
        w = card_w * rng.uniform(0.85, 1.15)
        h = w * fh / fw
        c = rng.uniform(-0.1, 1.1, 2) * size
        a = rng.uniform(0, 2 * np.pi)
        rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
        quad = np.array([[-w / 2, -h / 2], [w / 2, -h / 2], [w / 2, h / 2], [-w / 2, h / 2]])
        quad = quad @ rot.T
        quad[:, 1] *= 1 - tilt * (0.5 + quad[:, 1] / size)  # a tilted camera (perspective)
        quad[:, 0] *= 1 - tilt * 0.5 * (quad[:, 1] / size)
        quad = (quad + c).astype(np.float32)
        src = np.array([[0, 0], [fw, 0], [fw, fh], [0, fh]], np.float32)
        m = cv2.getPerspectiveTransform(src, quad)
        warped = cv2.warpPerspective(face, m, (size, size), flags=cv2.INTER_AREA)
        mask = cv2.warpPerspective(np.ones((fh, fw), np.uint8), m, (size, size))
        shade = rng.uniform(0.8, 1.1)
        img[mask > 0] = warped[mask > 0] * shade
        label[mask > 0] = n
        placed.append((code, quad))
    for _ in range(rng.integers(0, 4)):  # hands, chips, other objects over the cards
        colour = (rng.uniform(60, 230), rng.uniform(60, 200), rng.uniform(60, 220))
        p = rng.uniform(0, size, 2)
        if rng.random() < 0.5:
            axes = (int(rng.uniform(0.05, 0.2) * size), int(rng.uniform(0.03, 0.1) * size))
            cv2.ellipse(img, (int(p[0]), int(p[1])), axes, rng.uniform(0, 180), 0, 360,
                        colour, -1)
            cv2.ellipse(label, (int(p[0]), int(p[1])), axes, rng.uniform(0, 180), 0, 360,
                        -1, -1)
        else:
            r = int(rng.uniform(0.03, 0.08) * size)
            cv2.circle(img, (int(p[0]), int(p[1])), r, colour, -1)
            cv2.circle(label, (int(p[0]), int(p[1])), r, -1, -1)
    boxes = []
    for n, (code, quad) in enumerate(placed, start=1):
        if code is None:
            continue
        for region in index_regions(quad):
            x0, y0 = region.min(axis=0)
            x1, y1 = region.max(axis=0)
            if x0 < 0 or y0 < 0 or x1 >= size or y1 >= size:
                continue
            stencil = np.zeros((size, size), np.uint8)
            cv2.fillPoly(stencil, [np.round(region).astype(np.int32)], 1)
            total = stencil.sum()
            if total and (label[stencil > 0] == n).sum() / total >= 0.85:
                boxes.append((code, float(x0), float(y0), float(x1 - x0), float(y1 - y0)))
    return _effects(img, rng), boxes


# ------------------------------------------------------------------------ real photos

def real_dev(root: Path) -> list[tuple[np.ndarray, list]]:
    """Return the development photographs and their corner boxes."""
    keep = set((OUT / "real_split" / "dev.txt").read_text().split())
    out = []
    for record in json.loads((root / "labels.json").read_text()):
        if record["file"] not in keep:
            continue
        img = cv2.imread(str(root / record["file"]), cv2.IMREAD_COLOR)
        boxes = []
        for label, x, y, w, h in record["corner_boxes"]:
            code = label if label in CARDS else None  # backs and jokers: not a card's index
            boxes.append((code, float(x), float(y), float(w), float(h)))
        out.append((img, boxes))
    return out


# ---------------------------------------------------------------------------- samples

def crop(img: np.ndarray, x: float, y: float, w: float, h: float) -> np.ndarray:
    """Return the reader's input: the box grown by GROW, square, CROP wide (as at inference)."""
    side = max(w, h) * (1 + 2 * GROW)
    cx, cy = x + w / 2, y + h / 2
    scale = CROP / side
    m = np.array([[scale, 0, CROP / 2 - cx * scale], [0, scale, CROP / 2 - cy * scale]],
                 np.float32)
    interp = cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR
    return cv2.warpAffine(img, m, (CROP, CROP), flags=interp, borderMode=cv2.BORDER_REPLICATE)


def tile(img: np.ndarray, boxes: list, rng: np.random.Generator, out: int) -> tuple:
    """Return a random scaled crop of ``img`` as a finder sample: (tile, heat, size, mask)."""
    h, w = img.shape[:2]
    scale = rng.uniform(0.3, 1.0) if max(h, w) > out else rng.uniform(0.8, 1.3)
    if rng.random() < 0.3:  # the frame padded: cards cut by the image's border, single cards
        scale *= rng.uniform(0.4, 0.8)
    m = np.array([[scale, 0, 0], [0, scale, 0]], np.float64)
    sw, sh = w * scale, h * scale
    m[0, 2] = rng.uniform(min(0, out - sw), max(0, out - sw))
    m[1, 2] = rng.uniform(min(0, out - sh), max(0, out - sh))
    border = tuple(float(v) for v in rng.uniform(0, 255, 3))
    t = cv2.warpAffine(img, m, (out, out), flags=cv2.INTER_AREA, borderValue=border)
    if rng.random() < 0.5:
        t = _effects(t, rng)
    g = out // STRIDE
    heat = np.zeros((g, g), np.float32)
    size = np.zeros((2, g, g), np.float32)
    mask = np.zeros((g, g), np.float32)
    yy, xx = np.mgrid[0:g, 0:g].astype(np.float32)
    for code, x, y, bw, bh in boxes:
        if code is None:
            continue
        cx = (x + bw / 2) * scale + m[0, 2]
        cy = (y + bh / 2) * scale + m[1, 2]
        bw, bh = bw * scale, bh * scale
        if not (0 <= cx < out and 0 <= cy < out) or max(bw, bh) < 5:
            continue
        gx, gy = cx / STRIDE, cy / STRIDE
        sigma = max(0.6, min(bw, bh) / STRIDE / 4)
        heat = np.maximum(heat, np.exp(-((xx - gx) ** 2 + (yy - gy) ** 2) / (2 * sigma ** 2)))
        ix, iy = int(gx), int(gy)
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                if 0 <= ix + dx < g and 0 <= iy + dy < g:
                    size[:, iy + dy, ix + dx] = np.log([bw, bh])
                    mask[iy + dy, ix + dx] = 1.0
    return t, heat, size, mask


def reader_samples(images: list, rng: np.random.Generator, negatives: int) -> tuple:
    """Return corner crops (jittered) with their class, and crops of anything else as NONE."""
    xs, ys = [], []
    for img, boxes in images:
        h, w = img.shape[:2]
        for code, x, y, bw, bh in boxes:
            for _ in range(3):
                jx, jy = rng.normal(0, 0.12, 2) * (bw, bh)
                js = np.exp(rng.normal(0, 0.15, 2))
                xs.append(crop(img, x + jx, y + jy, bw * js[0], bh * js[1]))
                ys.append(CARDS.index(code) if code is not None else NONE)
        for _ in range(negatives):  # anywhere else (a box not centred on an index)
            bw = rng.uniform(10, 60) * w / 640
            bh = bw * rng.uniform(0.8, 1.8)
            x, y = rng.uniform(0, w - bw), rng.uniform(0, h - bh)
            cx, cy = x + bw / 2, y + bh / 2
            if any(bx - 0.3 * bbw <= cx <= bx + 1.3 * bbw and by - 0.3 * bbh <= cy <= by + 1.3 * bbh
                   for c, bx, by, bbw, bbh in boxes if c is not None):
                continue
            xs.append(crop(img, x, y, bw, bh))
            ys.append(NONE)
    return np.array(xs), np.array(ys, np.int64)


# ----------------------------------------------------------------------------- models

def finder_model():  # type: ignore[no-untyped-def]
    """Return the finder: stride-16 encoder, one skip at stride 4, three outputs at stride 4."""
    import torch
    from torch import nn

    def block(i: int, o: int, s: int) -> nn.Module:
        return nn.Sequential(nn.Conv2d(i, o, 3, s, 1, bias=False), nn.BatchNorm2d(o), nn.ReLU())

    class Finder(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.s4 = nn.Sequential(block(3, 16, 2), block(16, 24, 2), block(24, 24, 1))
            self.s16 = nn.Sequential(block(24, 48, 2), block(48, 48, 1), block(48, 64, 2),
                                     block(64, 64, 1))
            self.lift = nn.Conv2d(64, 24, 1)
            self.head = nn.Sequential(block(24, 24, 1), nn.Conv2d(24, 3, 1))
            with torch.no_grad():  # start near "no corner anywhere" (CenterNet's prior)
                self.head[1].bias[0] = -2.2

        def forward(self, x: torch.Tensor) -> torch.Tensor:
            x = x / 255.0 - 0.5
            a = self.s4(x)
            b = self.lift(self.s16(a))
            b = nn.functional.interpolate(b, scale_factor=4.0, mode="nearest")
            return self.head(a + b)

    return Finder()


def reader_model():  # type: ignore[no-untyped-def]
    """Return the reader: conv blocks on a 32x32 BGR crop, 53 logits."""
    import torch
    from torch import nn

    def block(i: int, o: int) -> nn.Module:
        return nn.Sequential(nn.Conv2d(i, o, 3, 1, 1, bias=False), nn.BatchNorm2d(o), nn.ReLU())

    class Reader(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.body = nn.Sequential(block(3, 32), block(32, 32), nn.MaxPool2d(2),
                                      block(32, 64), block(64, 64), nn.MaxPool2d(2),
                                      block(64, 96), nn.MaxPool2d(2), block(96, 128),
                                      nn.AdaptiveAvgPool2d(1), nn.Flatten(),
                                      nn.Dropout(0.2), nn.Linear(128, NONE + 1))

        def forward(self, x: torch.Tensor) -> torch.Tensor:
            x = x / 255.0 - 0.5
            return self.body(x)

    return Reader()


def _augment_crops(x: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Rotations (cards lie any way), casts, exposure and noise on a batch of crops."""
    out = np.empty_like(x)
    for n, c in enumerate(x):
        m = cv2.getRotationMatrix2D((CROP / 2, CROP / 2), rng.uniform(0, 360),
                                    rng.uniform(0.85, 1.15))
        c = cv2.warpAffine(c, m, (CROP, CROP), borderMode=cv2.BORDER_REFLECT)
        c = c.astype(np.float32) * rng.uniform(0.7, 1.3, 3) * rng.uniform(0.6, 1.3)
        c += rng.uniform(-30, 30) + rng.normal(0, rng.uniform(0, 8), c.shape)
        if rng.random() < 0.3:
            c = cv2.GaussianBlur(c, (0, 0), rng.uniform(0.3, 1.2))
        out[n] = np.clip(c, 0, 255)
    return out


def export(model, shape: tuple[int, ...], path: Path, names: tuple[str, str],  # type: ignore[no-untyped-def]
           dynamic: dict) -> None:
    """Write ``model`` as ONNX (eval mode; training resumes after)."""
    import torch

    was = model.training
    model.eval()
    torch.onnx.export(model, torch.zeros(*shape), str(path), input_names=[names[0]],
                      output_names=[names[1]], opset_version=17, dynamic_axes=dynamic,
                      dynamo=False)
    model.train(was)


def train_reader(xs: np.ndarray, ys: np.ndarray, steps: int, seed: int, log: str,  # type: ignore[no-untyped-def]
                 save: Callable[[object], None] | None = None):
    """Train the reader on crops (cross-entropy, augmented batches of 128)."""
    import torch

    torch.manual_seed(seed)
    rng = np.random.default_rng(seed)
    model = reader_model()
    opt = torch.optim.AdamW(model.parameters(), 2e-3, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, 3e-3, total_steps=steps)
    weights = np.ones(NONE + 1, np.float32)
    model.train()
    for step in range(steps):
        pick = rng.integers(0, len(xs), 128)
        x = torch.from_numpy(_augment_crops(xs[pick], rng).transpose(0, 3, 1, 2).copy())
        y = torch.from_numpy(ys[pick])
        loss = torch.nn.functional.cross_entropy(model(x), y, torch.from_numpy(weights),
                                                 label_smoothing=0.05)
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        if step % 100 == 0:
            print(f"{log} reader step {step} loss {loss.item():.3f}", flush=True)
            if save is not None and step:
                save(model)
    return model.eval()


def train_finder(samples: list, steps: int, seed: int, log: str,  # type: ignore[no-untyped-def]
                 save: Callable[[object], None] | None = None):
    """Train the finder on tiles (CenterNet focal loss, L1 on log box sizes)."""
    import torch

    torch.manual_seed(seed)
    rng = np.random.default_rng(seed + 1)
    model = finder_model()
    opt = torch.optim.AdamW(model.parameters(), 2e-3, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, 4e-3, total_steps=steps)
    model.train()
    for step in range(steps):
        batch = [tile(*samples[int(i)], rng, SIZE) for i in rng.integers(0, len(samples), BATCH)]
        tiles = np.stack([b[0] for b in batch]).transpose(0, 3, 1, 2)
        x = torch.from_numpy(tiles.astype(np.float32))
        heat = torch.from_numpy(np.stack([b[1] for b in batch]))
        size = torch.from_numpy(np.stack([b[2] for b in batch]))
        mask = torch.from_numpy(np.stack([b[3] for b in batch]))
        out = model(x)
        p = torch.sigmoid(out[:, 0]).clamp(1e-4, 1 - 1e-4)
        # CenterNet's focal loss on the centre heatmap
        pos = (heat > 0.99).float()
        neg = (1 - heat) ** 4
        focal = -(pos * (1 - p) ** 2 * torch.log(p) + (1 - pos) * neg * p ** 2 * torch.log(1 - p))
        focal = focal.sum() / pos.sum().clamp(min=1)
        reg = (torch.abs(out[:, 1:] - size) * mask[:, None]).sum() / mask.sum().clamp(min=1)
        loss = focal + reg
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        if step % 50 == 0:
            print(f"{log} finder step {step} focal {focal.item():.3f} size {reg.item():.3f}",
                  flush=True)
            if save is not None and step:
                save(model)
    return model.eval()


def main() -> int:
    """Build the data, train both networks, export them."""
    import torch

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--real", type=Path, default=Path("/work/shared/vision-real-dev"))
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--renders", type=int, default=600)
    parser.add_argument("--steps", type=int, default=1500, help="finder steps (batch 8)")
    parser.add_argument("--reader-steps", type=int, default=1500, help="reader steps (batch 128)")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--only", choices=("finder", "reader"))
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    cv2.setNumThreads(1)
    rng = np.random.default_rng(args.seed)
    started = time.time()
    faces = Faces()
    renders = [render(rng, faces, int(rng.choice([384, 512, 640]))) for _ in range(args.renders)]
    real = real_dev(args.real)
    print(f"data: {len(renders)} renders, {len(real)} real dev photos "
          f"({time.time() - started:.0f} s)", flush=True)
    # The real photos are few but they are the point: drawn as often as the renders.
    samples = renders + real * max(1, len(renders) // max(1, len(real)))
    if args.only != "reader":
        def save_finder(model) -> None:  # type: ignore[no-untyped-def]
            export(model, (1, 3, 256, 256), args.out / "corner_finder.onnx", ("image", "maps"),
                   {"image": {0: "n", 2: "h", 3: "w"}, "maps": {0: "n", 2: "gh", 3: "gw"}})

        save_finder(train_finder(samples, args.steps, args.seed, "", save_finder))
        print(f"finder exported ({time.time() - started:.0f} s)", flush=True)
    if args.only != "finder":
        rx, ry = reader_samples(renders, rng, 3)
        qx, qy = reader_samples(real, rng, 12)
        xs = np.concatenate([rx] + [qx] * 3).astype(np.float32)  # real crops weigh as much
        ys = np.concatenate([ry] + [qy] * 3)
        print(f"reader data: {len(rx)} render crops, {len(qx)} real crops", flush=True)
        def save_reader(model) -> None:  # type: ignore[no-untyped-def]
            export(model, (1, 3, CROP, CROP), args.out / "corner_reader.onnx", ("crop", "logits"),
                   {"crop": {0: "n"}, "logits": {0: "n"}})

        save_reader(train_reader(xs, ys, args.reader_steps, args.seed, "", save_reader))
        print(f"reader exported ({time.time() - started:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
