r"""Train the corner index reader: the shipped index network, taught real photos and letters.

``corner_index.onnx`` reads one index patch (the `model` patch: 56 x 28, grey and redness)
cut upright around a corner the finder found (`corners`): it names the rank glyph (2-10,
A, J Q K, the French V D R, "another letter", or "no index") and the suit. At inference
the patch is cut at several turns and the surest reading kept, so the network must also
answer "no index" for an index lying sideways or upside down.

It starts from ``card_index.onnx`` (the weights of its convolutions and first layer; the
glyph rows of the last layer copied for the glyphs it knew) and is trained on:

- real development photographs: each labelled corner is cut at the turn where the
  starting network is surest of the labelled card (the label chooses the turn, not the
  card), jittered; the same corner at other turns is "no index", and so are patches
  around anything else;
- index corners of drawn faces (`faces.draw_face`) of the training designs and TrueType
  fonts, with English, French and other court letters, upright (jittered) and turned;
  with ``--foreign``, that share of them are courts of decks whose letters no house
  setting names as they are (German B D K, Dutch B V H, letters shaped like digits): a
  "B" is "another letter", never an eight.

With ``--average A B`` nothing is trained: the two readers' weights are averaged, half
each, and exported. Two readers trained from one start by rounds of different seeds lie
in one basin, and their average reads more than either (the resources README).

With ``--augment`` a real corner's copies are cut in colour and half of them get a
camera's effects (colour cast, exposure, blur, noise, JPEG) and a wider scale before
being turned into the reading patch; ``--black-copies`` multiplies the copies of clubs
and spades (the pair the reader confuses most), ``--dark-copies`` those of corners printed
light on dark (a black-faced deck's: a fifth of the real corners); with ``--backs`` that
share of the drawn patches is followed by a patch of a drawn card back, "no index" (one
round at 0.15 stops the render backs' lattice being read as an ace, but reads fewer
French courts of an unseen design: docs/vision.md, Known limits).

Real photographs: the development list of the committed split only
(`resources/vision/real_split/dev.txt`), or its ``train`` part while scoring on ``val``
(`vision_corners_train.real_dev`); never the held-out list.

Usage (a torch venv with onnx and Pillow; a fixed seed)::

    PYTHONPATH=. nice -n 5 /work/train-venv/bin/python scripts/vision_corner_index_train.py \\
        --real /work/shared/vision-real-dev --final --steps 2500
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from vision_corners_train import (  # noqa: E402
    FONTS,
    GLYPHS,
    NONE,
    OUT,
    SUITS,
    _effects,
    label,
    real_dev,
    sensor,
)
from vision_train import PATCH_H, PATCH_W, build_model, normalise_patches, onnx_weights  # noqa: E402

from dealerassist.vision.corners import turned_regions, turned_regions_at  # noqa: E402
from dealerassist.vision.faces import other_index_box  # noqa: E402
from dealerassist.vision.model import ink_dark, reading_image  # noqa: E402

_PATCH = np.array([[0, 0], [PATCH_W, 0], [PATCH_W, PATCH_H], [0, PATCH_H]], np.float32)
# card_index's rank classes (2..A, then "no index") -> the glyph classes
_OLD = [GLYPHS.index(g) for g in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
                                  "A")] + [NONE]


def cut(image: np.ndarray, region: np.ndarray) -> np.ndarray:
    """Return the patch of a reading image inside ``region`` (TL, TR, BR, BL)."""
    m = cv2.getPerspectiveTransform(np.asarray(region, np.float32), _PATCH)
    return cv2.warpPerspective(image, m, (PATCH_W, PATCH_H), flags=cv2.INTER_AREA,
                               borderMode=cv2.BORDER_REPLICATE)


def jitter(region: np.ndarray, rng: np.random.Generator, turn: float = 0.0,
           spread: float = 0.1, stretch: float = 0.0) -> np.ndarray:
    """Return ``region`` turned by ``turn`` degrees plus a little, shifted and scaled.

    ``stretch``: the region is also drawn out or pressed along a random axis, by a factor
    up to ``exp(stretch)`` either way: the index as a tilted camera foreshortens it, or as
    a photo's export to another shape stretches it.
    """
    centre = region.mean(axis=0)
    size = np.linalg.norm(region[2] - region[0])
    a = np.radians(turn + rng.normal(0, 6))
    rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
    scale = np.exp(rng.normal(0, spread))
    shift = rng.normal(0, 0.06, 2) * size
    if stretch > 0:
        b = rng.uniform(0, np.pi)
        axis = np.array([[np.cos(b), -np.sin(b)], [np.sin(b), np.cos(b)]])
        rot = rot @ axis @ np.diag([np.exp(rng.uniform(-stretch, stretch)), 1.0]) @ axis.T
    return ((region - centre) @ rot.T * scale + centre + shift).astype(np.float32)


class _Chooser:
    """Scores, at each turn, how surely a network reads a corner's labelled card."""

    def __init__(self, start: Path | None) -> None:
        from dealerassist.vision.network import load_network

        self.old = start is None
        self.net = load_network(start or OUT / "card_index.onnx", what="start", script="")

    def scores(self, patches: np.ndarray, code: tuple[int, int]) -> np.ndarray:
        inputs = normalise_patches(patches)
        logits = self.net.forward(inputs if self.old else ink_dark(inputs))
        split = 14 if self.old else NONE + 1
        glyph = _softmax(logits[:, :split])
        suit = _softmax(logits[:, split:])
        column = _OLD.index(code[0]) if self.old else code[0]
        return glyph[:, column] * suit[:, code[1]]


def camera_effects(patch: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Return a BGR patch with a camera's effects: colour cast, exposure, blur, noise, JPEG."""
    img = patch.astype(np.float32) * rng.uniform(0.8, 1.2, 3)
    img = img * rng.uniform(0.6, 1.3) + rng.uniform(-25, 25)
    if rng.random() < 0.4:
        img = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.3, 1.2))
    return sensor(img, rng, noise=8, jpeg=0.4, best=90)


def _softmax(z: np.ndarray) -> np.ndarray:
    z = np.exp(z - z.max(axis=1, keepdims=True))
    return z / z.sum(axis=1, keepdims=True)


def real_patches(photos: list, rng: np.random.Generator, copies: int,
                 start: Path | None, finder: Path | None, *, augment: bool = False,
                 black_copies: float = 1.0, stretch: float = 0.0, dark_copies: float = 1.0,
                 ) -> tuple:
    """Patches of labelled real corners (upright, by the label's surest turn) and negatives.

    ``dark_copies`` multiplies the copies of a corner printed light on dark (`ink_dark`
    turns its patch: a black-faced deck's).

    Each corner is cut around its labelled box and, when ``finder`` is given, around the
    finder's peaks on it too (the boxes the reader sees at inference); the finder's peaks on
    no labelled corner are "no index" at every turn (what the reader must turn down).
    """
    from dealerassist.vision.corners import CornerReader

    chooser = _Chooser(start)
    peaks_of = CornerReader(finder, OUT / "card_index.onnx").peaks if finder else None
    xs, ys = [], []
    chosen = corners = strays = 0

    def inside(c: tuple[float, float], b: tuple) -> bool:
        _, x, y, w, h = b
        return x - 0.25 * w <= c[0] <= x + 1.25 * w and y - 0.25 * h <= c[1] <= y + 1.25 * h

    for img, boxes, _ in photos:
        reading = reading_image(img)
        h, w = img.shape[:2]
        peaks = [box for _, box in peaks_of(img)] if peaks_of else []
        for code, x, y, bw, bh in boxes:
            if code is None:
                continue
            corners += 1
            regions = turned_regions((x, y, bw, bh))
            cuts = np.stack([cut(reading, r) for r in regions])
            score = chooser.scores(cuts, code)
            best = int(score.argmax())
            if score[best] < 0.05:
                continue  # no turn reads it: its upright turn is unknown, leave it out
            chosen += 1
            seen = [p for p in peaks if inside((p[0] + p[2] / 2, p[1] + p[3] / 2),
                                                (code, x, y, bw, bh))]
            black = code[1] in (SUITS.index("c"), SUITS.index("s"))
            dark = _light_on_dark(cuts[best])
            for n in range(round(copies * (black_copies if black else 1.0)
                                 * (dark_copies if dark else 1.0))):
                box = seen[n % len(seen)] if seen and n % 2 else (x, y, bw, bh)
                upright = turned_regions(box)[best]
                if augment and n % 2:  # cut in colour, seen through another camera
                    colour = cut(img, jitter(upright, rng, spread=0.18, stretch=stretch))
                    xs.append(reading_image(camera_effects(colour, rng)))
                else:
                    xs.append(cut(reading, jitter(upright, rng, stretch=stretch)))
                ys.append(code)
                if n % 2 == 0:  # the same index turned: no index
                    xs.append(cut(reading, jitter(upright, rng, float(rng.uniform(60, 300)),
                                                  stretch=stretch)))
                    ys.append((NONE, -1))
        for p in peaks:  # the finder's peaks on no labelled corner
            if any(inside((p[0] + p[2] / 2, p[1] + p[3] / 2), b) for b in boxes):
                continue
            strays += 1
            for region in turned_regions(p)[int(rng.integers(4))::4]:
                xs.append(cut(reading, jitter(region, rng)))
                ys.append((NONE, -1))
        for _ in range(4):  # anywhere else
            side = rng.uniform(15, 70) * max(h, w) / 640
            cx, cy = rng.uniform(0, w), rng.uniform(0, h)
            if any(bx - 0.5 * bbw <= cx <= bx + 1.5 * bbw and by - 0.5 * bbh <= cy <= by + 1.5 * bbh
                   for c, bx, by, bbw, bbh in boxes):
                continue
            region = turned_regions((cx - side / 2, cy - side / 2, side, side))[
                int(rng.integers(16))]
            xs.append(cut(reading, region))
            ys.append((NONE, -1))
    print(f"real corners: {corners}, cut upright where the start network read their card: "
          f"{chosen}; stray finder peaks: {strays}", flush=True)
    return np.array(xs), np.array(ys, np.int64).reshape(-1, 2)


# Court letters of decks no house setting reads as they are: German (Bube, Dame, Koenig),
# Dutch (boer, vrouw, heer), and letters shaped like an index's digits or letters.
FOREIGN_COURTS = ("BDK", "BVH")
LOOKALIKES = "BHSGZEL"


def foreign_decks(faces, rng: np.random.Generator) -> list:  # type: ignore[no-untyped-def]
    """Return the English-lettered decks of ``faces`` drawn again with foreign court letters."""
    from dataclasses import replace

    from dealerassist.vision.synthetic import DrawnDeck

    english = faces.decks[: len(faces.decks) // 3]
    out = []
    for deck in english:
        for letters in (*FOREIGN_COURTS, "".join(rng.choice(list(LOOKALIKES), 3))):
            out.append(DrawnDeck(replace(deck.design, name=f"{deck.design.name}-{letters}",
                                         court_letters=letters)))
    return out


def drawn_patches(rng: np.random.Generator, count: int, fonts: str,
                  foreign: float = 0.0, backs: float = 0.0, stretch: float = 0.0,
                  boxed: float = 0.0, art: float = 0.0) -> tuple:
    """Index patches of drawn faces (English, French, other letters), upright and turned.

    Some are printed as dark-faced decks (`dark_faced`). A ``foreign`` share of them are
    courts of `foreign_decks`; after a ``backs`` share of them comes a patch of a card
    back, "no index" (`_back_patch`). ``stretch``: `jitter`'s. A ``boxed`` share is cut
    as inference cuts a corner, around the index's box (`boxed_region`), the rest as the
    card's index region (`quads.index_regions`). An ``art`` share of them are the training
    artwork decks' faces (`vision_scenes.art_index_decks`), where they were rasterised.
    """
    import vision_corners_train as corners_train
    from vision_scenes import art_index_decks

    from dealerassist.cards import Rank
    from dealerassist.vision.quads import index_regions

    faces = corners_train.Faces(rng, fonts)
    others = foreign_decks(faces, rng) if foreign > 0 else []
    artwork = art_index_decks() if art > 0 else []
    courts = [c for c in faces.cards if Rank.JACK <= c.rank <= Rank.KING]
    xs, ys = [], []
    for _ in range(count):
        if artwork and rng.random() < art:
            deck = artwork[rng.integers(len(artwork))]
            card = deck.cards[rng.integers(len(deck.cards))]
        elif others and rng.random() < foreign:
            deck = others[rng.integers(len(others))]
            card = courts[rng.integers(len(courts))]
        else:
            deck = faces.decks[rng.integers(len(faces.decks))]
            card = faces.cards[rng.integers(len(faces.cards))]
        face = deck.face(card)
        fh, fw = face.shape[:2]
        # the face on a margin of table, shrunk to a camera's size, with effects
        pad = fw // 3
        table = np.full((fh + 2 * pad, fw + 2 * pad, 3), rng.uniform(0, 255, 3), np.float32)
        table[pad:pad + fh, pad:pad + fw] = face
        scale = rng.uniform(0.12, 0.45)
        small = np.clip(cv2.resize(table, None, fx=scale, fy=scale,
                                   interpolation=cv2.INTER_AREA), 0, 255).astype(np.uint8)
        if rng.random() < 0.12:
            small = dark_faced(small, rng)
        small = _effects(small, rng)
        quad = (np.array([[pad, pad], [pad + fw, pad], [pad + fw, pad + fh], [pad, pad + fh]],
                         np.float32) * scale)
        # a deck printing its bottom-right index upright shows it as the top-left one
        corner = int(rng.integers(2)) if getattr(deck, "turned", True) else 0
        if rng.random() < boxed:
            box = deck.index_box(card)
            if corner:  # an artwork deck's was found on its face; a drawn one's is turned
                box = deck.other_index_box(card) if hasattr(deck, "other_index_box") \
                    else other_index_box(box)
            x, y, w, h = box
            region = boxed_region(((pad + x) * scale, (pad + y) * scale, w * scale, h * scale),
                                  np.pi * corner, rng)
        else:
            region = index_regions(quad)[corner]
        reading = reading_image(small)
        code = label(deck.design.rank_text(card.rank), card.suit.value)
        xs.append(cut(reading, jitter(region, rng, stretch=stretch)))
        ys.append(code)
        if rng.random() < 0.5:
            xs.append(cut(reading, jitter(region, rng, float(rng.uniform(60, 300)),
                                          stretch=stretch)))
            ys.append((NONE, -1))
        if rng.random() < 0.1:  # a printed calibration marker on the felt is no index
            xs.append(_marker_patch(rng))
            ys.append((NONE, -1))
        if rng.random() < backs:
            xs.append(_back_patch(rng))
            ys.append((NONE, -1))
    return np.array(xs), np.array(ys, np.int64).reshape(-1, 2)


def boxed_region(box: tuple[float, float, float, float], turn: float,
                 rng: np.random.Generator) -> np.ndarray:
    """Return the region inference cuts around an index's upright ``box`` at ``turn``.

    The card is laid at a random angle: the finder boxes the turned index (a box some 8 %
    off the ink's each way), the region is worked out from that box as
    `corners.turned_regions` does (which takes the index for 2/3 as wide as tall), then
    turned back with the card. A drawn deck's index is so framed as a real one at
    inference, not only as its card's `quads.INDEX_BOX`.
    """
    x, y, w, h = box
    centre = np.array([x + w / 2, y + h / 2])
    w, h = w * np.exp(rng.normal(0, 0.08)), h * np.exp(rng.normal(0, 0.08))
    angle = rng.uniform(0, 2 * np.pi)
    c, s = abs(np.cos(angle)), abs(np.sin(angle))
    wide, tall = w * c + h * s, w * s + h * c
    region = turned_regions_at([(centre[0] - wide / 2, centre[1] - tall / 2, wide, tall)],
                                [turn + angle])[0]
    back = np.array([[np.cos(angle), np.sin(angle)], [-np.sin(angle), np.cos(angle)]])
    return ((region - centre) @ back.T + centre).astype(np.float32)


def _light_on_dark(patch: np.ndarray) -> bool:
    """Say whether a reading patch is printed light on dark (`ink_dark` would turn it)."""
    inputs = normalise_patches(patch[None])
    return not np.array_equal(ink_dark(inputs.copy()), inputs)


def dark_faced(face: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Return a BGR face as a dark-faced deck prints it: its lightness negated, its hue kept.

    A black-faced deck's red suits are printed in gold or another warm ink, and on the
    development photos their ink measures redder than the paper, as a white deck's red ink
    does (median redness above the paper: +41 on the black deck's hearts and diamonds,
    +25 on a white deck's; `reading_image`). A plain negation would turn red ink cyan,
    less red than the paper. The ink gets a warm metallic cast of random strength. Unlike
    `designs.black_faced` (one novelty deck's silver and gold), any design keeps its own
    inks' hues here, four-colour decks included.
    """
    lab = cv2.cvtColor(face, cv2.COLOR_BGR2LAB).astype(np.float32)
    lab[..., 0] = 255.0 - lab[..., 0]
    lab[..., 2] += rng.uniform(0.0, 30.0) * lab[..., 0] / 255.0
    return cv2.cvtColor(np.clip(lab, 0, 255).astype(np.uint8), cv2.COLOR_LAB2BGR)


def _back_patch(rng: np.random.Generator) -> np.ndarray:
    """Return a patch of a drawn card back (`faces.draw_back`) on a table, at any turn.

    Mostly where a face's index would be (the finder peaks at a back's corners too),
    otherwise anywhere on it: a back's pattern is no index, however steadily it reads.
    """
    from dealerassist.vision.faces import draw_back
    from dealerassist.vision.quads import index_regions

    colour = tuple(int(c) for c in rng.integers(0, 200, 3))
    back = draw_back(colour=colour, seed=int(rng.integers(1 << 16)), border=rng.random() < 0.8)
    fh, fw = back.shape[:2]
    pad = fw // 3
    table = np.full((fh + 2 * pad, fw + 2 * pad, 3), rng.uniform(0, 255, 3), np.float32)
    table[pad:pad + fh, pad:pad + fw] = back
    scale = rng.uniform(0.12, 0.45)
    small = _effects(np.clip(cv2.resize(table, None, fx=scale, fy=scale,
                                        interpolation=cv2.INTER_AREA), 0, 255).astype(np.uint8),
                     rng)
    quad = (np.array([[pad, pad], [pad + fw, pad], [pad + fw, pad + fh], [pad, pad + fh]],
                     np.float32) * scale)
    region = index_regions(quad)[int(rng.integers(2))]
    if rng.random() < 0.4:  # anywhere on the back
        region = region + (rng.uniform((0, 0), (fw, fh)) * scale - region.mean(axis=0) + quad[0])
    return cut(reading_image(small), jitter(region.astype(np.float32), rng,
                                            float(rng.uniform(0, 360))))


def _marker_patch(rng: np.random.Generator) -> np.ndarray:
    """Return a patch cut on or around an ArUco marker (`vision.markers`' dictionary) on felt.

    Printed markers often keep a white margin; the finder may box a whole marker, margin
    and all, as one corner, so the cuts range from a part of it to all of it.
    """
    side = int(rng.integers(24, 120))
    marker = cv2.aruco.generateImageMarker(
        cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50), int(rng.integers(50)), side,
        borderBits=1)
    pad = side
    table = np.full((side + 2 * pad, side + 2 * pad, 3), rng.uniform(0, 255, 3), np.float32)
    if rng.random() < 0.5:  # a white margin around it
        margin = side // 4
        table[pad - margin:pad + side + margin, pad - margin:pad + side + margin] = \
            rng.uniform(200, 250)
    table[pad:pad + side, pad:pad + side] = np.where(marker[..., None] > 127, 245.0, 15.0)
    image = _effects(np.clip(table, 0, 255).astype(np.uint8), rng)
    size = side * rng.uniform(0.3, 2.0)
    centre = pad + rng.uniform(-0.1, 1.1, 2) * side
    box = (centre[0] - size / 4, centre[1] - size / 2, size / 2, size)
    region = turned_regions(box)[int(rng.integers(16))]
    return cut(reading_image(image), region)


def start_model(init: Path | None = None):  # type: ignore[no-untyped-def]
    """Return the index network with the glyph outputs, from card_index.onnx (or ``init``)."""
    import torch

    model = build_model(outputs=NONE + 1 + len(SUITS))
    if init is not None:
        model.load_state_dict(onnx_weights(init, model))
        return model
    old = onnx_weights(OUT / "card_index.onnx")
    weights = model.state_dict()
    last = max(int(k.split(".")[0]) for k in old if k.endswith(".weight"))
    for key, value in old.items():
        if not key.startswith(f"{last}."):
            weights[key] = value
    w, b = old[f"{last}.weight"], old[f"{last}.bias"]
    new_w = weights[f"{last}.weight"] * 0.1
    new_b = torch.full_like(weights[f"{last}.bias"], -2.0)
    for n, glyph in enumerate(_OLD):
        new_w[glyph], new_b[glyph] = w[n], b[n]
    new_w[NONE + 1:], new_b[NONE + 1:] = w[14:], b[14:]
    weights[f"{last}.weight"], weights[f"{last}.bias"] = new_w, new_b
    model.load_state_dict(weights)
    return model


def train(model, xs: np.ndarray, ys: np.ndarray, steps: int, seed: int,  # type: ignore[no-untyped-def]
          rate: float = 2e-3):
    """Fine-tune (BatchNorm kept as the export folded it: identity, frozen), peak ``rate``."""
    import torch

    torch.manual_seed(seed)
    rng = np.random.default_rng(seed)
    inputs = torch.from_numpy(ink_dark(normalise_patches(xs)))
    targets = torch.from_numpy(ys)
    opt = torch.optim.AdamW(model.parameters(), 1e-3, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, rate, total_steps=steps)
    model.train()
    for m in model:
        if isinstance(m, torch.nn.BatchNorm2d):
            m.eval()
            m.requires_grad_(False)
    for step in range(steps):
        pick = torch.from_numpy(rng.integers(0, len(xs), 256))
        out = model(inputs[pick])
        y = targets[pick]
        loss = torch.nn.functional.cross_entropy(out[:, : NONE + 1], y[:, 0], label_smoothing=0.05)
        loss = loss + torch.nn.functional.cross_entropy(out[:, NONE + 1 :], y[:, 1],
                                                        ignore_index=-1, label_smoothing=0.05)
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        if step % 250 == 0:
            print(f"step {step} loss {loss.item():.3f}", flush=True)
    return model.eval()


def main() -> int:
    """Cut the patches, fine-tune, export."""
    import torch
    from vision_train import export

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--real", type=Path, default=Path("/work/shared/vision-real-dev"))
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--steps", type=int, default=2500, help="batches of 256 patches")
    parser.add_argument("--drawn", type=int, default=30000, help="drawn index patches")
    parser.add_argument("--copies", type=int, default=12, help="jittered cuts per real corner")
    parser.add_argument("--fonts", default=FONTS)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--start", type=Path,
                        help="a corner_index.onnx choosing the real corners' upright turns "
                             "(default: card_index.onnx)")
    parser.add_argument("--init", type=Path, help="start from this corner_index.onnx")
    parser.add_argument("--finder", type=Path,
                        help="a corner_finder.onnx: also cut around its peaks")
    parser.add_argument("--foreign", type=float, default=0.0,
                        help="share of drawn patches that are courts of foreign-lettered decks")
    parser.add_argument("--augment", action="store_true",
                        help="half the real corners' copies with a camera's effects")
    parser.add_argument("--backs", type=float, default=0.0,
                        help="after this share of the drawn patches, a card back's (no index)")
    parser.add_argument("--black-copies", type=float, default=1.0,
                        help="real corners of clubs and spades: this many times the copies")
    parser.add_argument("--dark-copies", type=float, default=1.0,
                        help="real corners printed light on dark: this many times the copies")
    parser.add_argument("--stretch", type=float, default=0.0,
                        help="cuts drawn out or pressed along a random axis, up to exp(this)")
    parser.add_argument("--boxed", type=float, default=0.0,
                        help="share of drawn patches cut around their index's box, as "
                             "inference cuts (else around the card's index region)")
    parser.add_argument("--art", type=float, default=0.0,
                        help="share of drawn patches from the training artwork decks")
    parser.add_argument("--final", action="store_true",
                        help="every development photo (default: its train part)")
    parser.add_argument("--rate", type=float, default=2e-3, help="peak learning rate")
    parser.add_argument("--out", type=Path, default=OUT / "corner_index.onnx")
    parser.add_argument("--average", type=Path, nargs=2, metavar="READER",
                        help="no training: export these two readers' weights averaged")
    args = parser.parse_args()
    if args.average:
        from vision_train import average_weights

        model = build_model(outputs=NONE + 1 + len(SUITS))
        model.load_state_dict(average_weights(*(onnx_weights(path, model)
                                                for path in args.average), share=0.5))
        export(model.eval(), args.out)
        return 0
    torch.set_num_threads(args.threads)
    cv2.setNumThreads(1)
    rng = np.random.default_rng(args.seed)
    started = time.time()
    real = real_dev(args.real, "all" if args.final else "train")
    rx, ry = real_patches(real, rng, args.copies, args.start, args.finder,
                          augment=args.augment, black_copies=args.black_copies,
                          stretch=args.stretch, dark_copies=args.dark_copies)
    dx, dy = drawn_patches(rng, args.drawn, args.fonts, args.foreign, args.backs, args.stretch,
                           args.boxed, args.art)
    print(f"patches: {len(rx)} real, {len(dx)} drawn ({time.time() - started:.0f} s)", flush=True)
    xs = np.concatenate([rx, dx])
    ys = np.concatenate([ry, dy])
    model = train(start_model(args.init), xs, ys, args.steps, args.seed, args.rate)
    export(model, args.out)
    print(f"exported {args.out} ({time.time() - started:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
