r"""Train the learned index-corner finder; export it to ONNX.

``corner_finder_float.onnx``, quantised to int8 by `vision_finder_int8.py` into the
``corner_finder.onnx`` that `dealerassist.vision.corners` runs at inference (onnxruntime,
CPU): a fully convolutional net over the whole frame (BGR, any size, a multiple of 16)
giving, at a stride of 4, the logit of "an index corner's centre is here" and the log of
that corner's box width and height (in input pixels). It knows nothing of the table: it
is trained on drawn faces (the training designs and TrueType fonts, with English, French
and other court letters) composited onto randomised tables (white, wooden, patterned,
bright and dark; colour casts, exposure, noise, JPEG, blur, perspective, hands and chips
over the cards), each index labelled by the box of its ink as the real photos' labels
box one, and on the real development photographs, turned, scaled and sheared.
The reader of the corners it finds is trained by `vision_corner_index_train.py`, which
also takes this module's data helpers.

Real photographs: only the development list of the committed split
(`dealerassist/resources/vision/real_split/dev.txt`) is read; the held-out list never.
Without ``--final`` a fifth of the development groups is kept apart and the model scored
on it at each save.

Usage (a torch venv with Pillow; the fixed seed makes a run reproducible on one machine)::

    PYTHONPATH=. nice -n 5 /work/train-venv/bin/python scripts/vision_corners_train.py \
        --real /work/shared/vision-real-dev --renders 700 --steps 9000 --final
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
STRIDE = 4
SIZE = 192  # finder training tiles
BATCH = 8
FONTS = "DejaVu|Noto"  # the TrueType fonts (file names) drawn as decks besides the designs
CARDS = [r + s for r in "23456789TJQKA" for s in "cdhs"]
# Court letters of other decks: French (the house may use them) and letters no house
# setting names (read as "another letter", never as a card).
FRENCH = "VDR"
OTHER_LETTERS = "BHCEFGLMNPSUWZ"


def _glyphs():  # type: ignore[no-untyped-def]
    from dealerassist.vision.corners import GLYPHS, SUITS

    return GLYPHS, SUITS


GLYPHS, SUITS = _glyphs()
NONE = len(GLYPHS)  # the reader's "no index" class


def label(glyph: str, suit: str) -> tuple[int, int]:
    """Return the reader's (glyph class, suit class) of an index."""
    return GLYPHS.index(glyph if glyph in GLYPHS else "?"), SUITS.index(suit)


def card_label(code: str) -> tuple[int, int]:
    """Return the reader's classes of a standard index (``Kh``, ``Tc``...)."""
    return label("10" if code[0] == "T" else code[0], code[1])


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
    """Card faces of the training designs (drawn by the program), cached.

    Each design is drawn with English court letters, and again with French ones (V D R)
    and with random letters of other decks, so the reader learns glyphs, not cards. A
    ``black`` share of the faces are the English designs printed as novelty decks (silver
    and gold ink on black paper, `designs.black_faced`): light indices on dark stock. An
    ``art`` share are the training artwork decks' (`vision_scenes.art_index_decks`).
    """

    def __init__(self, rng: np.random.Generator, fonts: str = "", black: float = 0.0,
                 art: float = 0.0) -> None:
        from dataclasses import replace

        from vision_scenes import art_index_decks, font_design, glyph_sets

        from dealerassist.cards import standard_deck
        from dealerassist.vision.designs import BACK_COLOURS, TRAIN_DESIGNS, black_faced
        from dealerassist.vision.synthetic import DrawnDeck

        designs = list(TRAIN_DESIGNS)
        if fonts:  # TrueType index glyphs (Pillow, training only): real decks' look
            designs += [font_design(rng, g)
                        for g in glyph_sets(fonts, letters=FRENCH + OTHER_LETTERS)
                        for _ in range(2)]
        english = len(designs)
        designs += [replace(d, name=d.name + "-fr", court_letters=FRENCH)
                    for d in designs[:english]]
        designs += [replace(d, name=d.name + "-other",
                            court_letters="".join(rng.choice(list(OTHER_LETTERS + FRENCH + "JQK"),
                                                             3)))
                    for d in designs[:english]]
        self.decks = [DrawnDeck(d, back_colour=BACK_COLOURS[i % len(BACK_COLOURS)])
                      for i, d in enumerate(designs)]
        self.black_decks = [DrawnDeck(black_faced(d),
                                      back_colour=BACK_COLOURS[i % len(BACK_COLOURS)])
                            for i, d in enumerate(designs[:english])]
        self.black = black
        self.cards = list(standard_deck())
        self.art = art
        # A deck with four indices is left out: its renders label two of them.
        self.art_decks = [deck for deck in art_index_decks() if not deck.four_indices] \
            if art > 0 else []

    def pick(self, rng: np.random.Generator) -> tuple[np.ndarray, tuple[int, int] | None,
                                                      tuple[tuple[int, ...], ...] | None]:
        """Return a random face, its index's classes and its two indices' ink boxes.

        The boxes: the top-left index's, then the bottom-right one's. A back has neither
        (None, None).
        """
        from dealerassist.vision.faces import other_index_box

        if self.art_decks and rng.random() < self.art:
            art = self.art_decks[rng.integers(len(self.art_decks))]
            if rng.random() < 0.08:
                return art.back(), None, None
            card = art.cards[rng.integers(len(art.cards))]
            return art.face(card), label(art.design.rank_text(card.rank), card.suit.value), \
                (art.index_box(card), art.other_index_box(card))
        if self.black and rng.random() < self.black:
            deck = self.black_decks[rng.integers(len(self.black_decks))]
        else:
            deck = self.decks[rng.integers(len(self.decks))] if rng.random() < 0.4 else \
                self.decks[rng.integers(len(self.decks) // 3)]  # English letters most often
        if rng.random() < 0.08:
            return deck.back(), None, None
        card = self.cards[rng.integers(len(self.cards))]
        box = deck.index_box(card)
        return (deck.face(card), label(deck.design.rank_text(card.rank), card.suit.value),
                (box, other_index_box(box)))


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
    return sensor(img, rng, noise=10, jpeg=0.6, best=95)


def sensor(img: np.ndarray, rng: np.random.Generator, *, noise: float, jpeg: float,
           best: int) -> np.ndarray:
    """Return float ``img`` with a sensor's noise, as uint8, a ``jpeg`` share JPEG-compressed.

    The noise (its sigma drawn up to ``noise``) is added to ``img`` in place, in its own
    float type; the JPEG quality is drawn from 30 up to ``best``.
    """
    img += rng.normal(0, rng.uniform(0, noise), img.shape)
    img = np.clip(img, 0, 255).astype(np.uint8)
    if rng.random() < jpeg:
        _, enc = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(30, best))])
        img = cv2.imdecode(enc, cv2.IMREAD_COLOR)
    return img


def index_turn(region: np.ndarray) -> float:
    """Return the turn (radians, as `corners.turned_regions`) of an index region."""
    down = np.asarray(region[3], np.float64) - np.asarray(region[0], np.float64)
    return float(np.arctan2(-down[0], down[1]))


def seen_box(m: np.ndarray, box: tuple[float, float, float, float]
             ) -> tuple[float, float, float, float]:
    """Return the upright box (x, y, w, h) in the frame of a face's ``box`` (face pixels).

    ``m``: the face's perspective map into the frame. A rendered corner is labelled so, by
    the box of its index's ink, as the real photos' labels box a corner.
    """
    x, y, w, h = box
    seen = cv2.perspectiveTransform(
        np.array([[[x, y], [x + w, y], [x + w, y + h], [x, y + h]]], np.float32), m)[0]
    (x0, y0), (x1, y1) = seen.min(axis=0), seen.max(axis=0)
    return float(x0), float(y0), float(x1 - x0), float(y1 - y0)


def render(rng: np.random.Generator, faces: Faces, size: int, rows: float = 0.0
           ) -> tuple[np.ndarray, list]:
    """Return a composite of cards on a random table: (BGR image, [(card, x, y, w, h, turn)]).

    Each box is the upright box of an index's ink (`faces.index_box`), as the real photos'
    labels box a corner; an index less than 85 % in sight is not labelled.
    ``turn``: the index's turn (`index_turn`). ``rows``: the chance that the cards lie in
    spread rows, each on the one before, shifted 0.3 to 0.8 of a card along its width (a
    stud player's up-cards): an index beside another card's edge.
    """
    from dealerassist.vision.geometry import index_regions

    img = _table(rng, size, size)
    owner = np.zeros((size, size), np.int32)
    placed = []
    count = int(rng.integers(1, 10))
    card_w = rng.uniform(0.08, 0.35) * size
    tilt = rng.uniform(0, 0.5)
    spread = rows > 0.0 and rng.random() < rows
    c, a = np.zeros(2), 0.0
    for n in range(1, count + 1):
        face, code, ink = faces.pick(rng)
        fh, fw = face.shape[:2]
        w = card_w * rng.uniform(0.85, 1.15)
        h = w * fh / fw
        if spread and n > 1 and rng.random() < 0.8:  # on the card before, shifted along it
            a += rng.normal(0.0, 0.05)
            c = c + card_w * rng.uniform(0.3, 0.8) * np.array([np.cos(a), np.sin(a)])
        else:
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
        owner[mask > 0] = n
        placed.append((code, quad, m, ink))
    for _ in range(rng.integers(0, 4)):  # hands, chips, other objects over the cards
        colour = (rng.uniform(60, 230), rng.uniform(60, 200), rng.uniform(60, 220))
        p = rng.uniform(0, size, 2)
        if rng.random() < 0.5:
            axes = (int(rng.uniform(0.05, 0.2) * size), int(rng.uniform(0.03, 0.1) * size))
            cv2.ellipse(img, (int(p[0]), int(p[1])), axes, rng.uniform(0, 180), 0, 360,
                        colour, -1)
            cv2.ellipse(owner, (int(p[0]), int(p[1])), axes, rng.uniform(0, 180), 0, 360,
                        -1, -1)
        else:
            r = int(rng.uniform(0.03, 0.08) * size)
            cv2.circle(img, (int(p[0]), int(p[1])), r, colour, -1)
            cv2.circle(owner, (int(p[0]), int(p[1])), r, -1, -1)
    boxes = []
    for n, (code, quad, m, ink) in enumerate(placed, start=1):
        if code is None:
            continue
        for region, box in zip(index_regions(quad), ink, strict=True):
            x0, y0 = region.min(axis=0)
            x1, y1 = region.max(axis=0)
            if x0 < 0 or y0 < 0 or x1 >= size or y1 >= size:
                continue
            stencil = np.zeros((size, size), np.uint8)
            cv2.fillPoly(stencil, [np.round(region).astype(np.int32)], 1)
            total = stencil.sum()
            if total and (owner[stencil > 0] == n).sum() / total >= 0.85:
                boxes.append((code, *seen_box(m, box), index_turn(region)))
    return _effects(img, rng), boxes


# ------------------------------------------------------------------------ real photos

def dev_records(root: Path, part: str = "all") -> list[dict]:
    """Return the labels.json records of the development photographs in ``part``.

    ``part``: ``all`` the whole development list; ``train`` / ``val`` split it again by
    group of consecutive shots (every fifth group from the third is ``val``). A card the
    labels name wrongly (`real_photos.corrections`: a seven labelled a six) is named
    right, in ``cards`` and in ``corner_boxes``: no network learns the wrong name.
    """
    from vision_real_split import groups

    from dealerassist.vision.real_photos import corrections

    keep = set((OUT / "real_split" / "dev.txt").read_text().split())
    records = [r for r in json.loads((root / "labels.json").read_text()) if r["file"] in keep]
    val = {r["file"] for n, group in enumerate(groups(records)) if n % 5 == 2 for r in group}
    fixes = corrections()
    out = []
    for record in records:
        if part != "all" and (record["file"] in val) != (part == "val"):
            continue
        swap = dict(fixes[record["file"]].relabel) if record["file"] in fixes else {}
        out.append({**record, "cards": [swap.get(card, card) for card in record["cards"]],
                    "corner_boxes": [[swap.get(box[0], box[0]), *box[1:]]
                                     for box in record["corner_boxes"]]})
    return out


def real_dev(root: Path, part: str = "all") -> list[tuple[np.ndarray, list, list]]:
    """Return development photographs: (image, corner boxes, labelled cards).

    ``part``: ``all`` the whole development list; ``train`` / ``val`` split it again by
    group of consecutive shots (every fifth group from the third is ``val``), so model
    choices are made without the held-out list, which is never read here.
    """
    out = []
    for record in dev_records(root, part):
        img = cv2.imread(str(root / record["file"]), cv2.IMREAD_COLOR)
        boxes = []
        for name, x, y, w, h in record["corner_boxes"]:
            code = card_label(name) if name in CARDS else None  # backs, jokers: no index
            boxes.append((code, float(x), float(y), float(w), float(h)))
        out.append((img, boxes, list(record["cards"])))
    return out


def evaluate(finder: Path, reader_path: Path, photos: list) -> dict:
    """Score exported models (as the app runs them) on photos: corners found, cards read."""
    from collections import Counter

    from dealerassist.vision.corners import CornerReader

    reader = CornerReader(finder, reader_path)
    found = labelled = peaks = stray = 0
    tp = predicted = cards = 0
    for img, boxes, gold in photos:
        readings = reader.read(img)
        peaks += len(readings)
        centres = [(r.box[0] + r.box[2] / 2, r.box[1] + r.box[3] / 2) for r in readings]
        def inside(c, b) -> bool:  # type: ignore[no-untyped-def]
            _, x, y, w, h = b
            return x - 0.25 * w <= c[0] <= x + 1.25 * w and y - 0.25 * h <= c[1] <= y + 1.25 * h
        for b in boxes:
            if b[0] is not None:
                labelled += 1
                found += any(inside(c, b) for c in centres)
        stray += sum(not any(inside(c, b) for b in boxes) for c in centres)
        best: dict[str, float] = {}
        for r in readings:
            if r.card is not None:
                p = r.probability * min(1.0, r.found / 0.5)
                best[str(r.card)] = 1 - (1 - best.get(str(r.card), 0.0)) * (1 - p)
        guess = Counter(c for c, p in best.items() if p >= 0.5)
        truth = Counter(gold)
        tp += sum((guess & truth).values())
        predicted += sum(guess.values())
        cards += sum(truth.values())
    return {"corners_found": round(found / max(1, labelled), 3), "corners": labelled,
            "stray_peaks": stray, "peaks": peaks,
            "card_recall": round(tp / max(1, cards), 3),
            "card_precision": round(tp / max(1, predicted), 3), "cards": cards}


# ---------------------------------------------------------------------------- samples

def tile(img: np.ndarray, boxes: list, rng: np.random.Generator, out: int,
         press: float = 0.0) -> tuple:
    """Return a random view of ``img`` as a finder sample: (tile, heat, size, mask).

    The view is scaled, turned by any angle and slightly sheared (cards lie any way under
    a tilted camera); with the chance ``press``, pressed to 0.5-0.8 of its height first,
    as a camera 37 to 60 degrees from overhead sees the table. Each labelled corner's box
    follows as the bounding box of its four corners.
    """
    h, w = img.shape[:2]
    scale = rng.uniform(0.35, 1.0) if max(h, w) > out else rng.uniform(0.8, 1.3)
    if rng.random() < 0.25:  # the frame padded: cards cut by the image's border, single cards
        scale *= rng.uniform(0.4, 0.8)
    angle = rng.uniform(0, 360) if rng.random() < 0.7 else 0.0
    m = cv2.getRotationMatrix2D((w / 2, h / 2), angle, scale).astype(np.float64)
    high = rng.uniform(0.5, 0.8) if press and rng.random() < press else rng.uniform(0.8, 1.2)
    m[:, :2] = m[:, :2] @ np.array([[1.0, rng.normal(0, 0.1)], [0.0, high]])
    corners = np.array([[0, 0, 1], [w, 0, 1], [w, h, 1], [0, h, 1]], np.float64) @ m.T
    lo, hi = corners.min(axis=0), corners.max(axis=0)
    for axis in (0, 1):
        span = hi[axis] - lo[axis]
        m[axis, 2] += rng.uniform(min(-lo[axis], out - span - lo[axis]),
                                  max(-lo[axis], out - span - lo[axis]))
    border = tuple(float(v) for v in rng.uniform(0, 255, 3))
    t = cv2.warpAffine(img, m, (out, out), flags=cv2.INTER_AREA, borderValue=border)
    if rng.random() < 0.6:
        t = _effects(t, rng)
    g = out // STRIDE
    heat = np.zeros((g, g), np.float32)
    size = np.zeros((2, g, g), np.float32)
    mask = np.zeros((g, g), np.float32)
    for code, x, y, bw, bh, *_ in boxes:
        if code is None:
            continue
        quad = np.array([[x, y, 1], [x + bw, y, 1], [x + bw, y + bh, 1], [x, y + bh, 1]]) @ m.T
        (x0, y0), (x1, y1) = quad.min(axis=0), quad.max(axis=0)
        cx, cy, bw, bh = (x0 + x1) / 2, (y0 + y1) / 2, x1 - x0, y1 - y0
        if not (0 <= cx < out and 0 <= cy < out) or max(bw, bh) < 5:
            continue
        gx, gy = cx / STRIDE, cy / STRIDE
        sigma = max(0.6, min(bw, bh) / STRIDE / 4)
        r = int(3 * sigma) + 1
        ix, iy = int(round(gx)), int(round(gy))
        ya, yb, xa, xb = max(0, iy - r), min(g, iy + r + 1), max(0, ix - r), min(g, ix + r + 1)
        yy, xx = np.mgrid[ya:yb, xa:xb].astype(np.float32)
        blob = np.exp(-((xx - gx) ** 2 + (yy - gy) ** 2) / (2 * sigma ** 2))
        heat[ya:yb, xa:xb] = np.maximum(heat[ya:yb, xa:xb], blob)
        if 0 <= ix < g and 0 <= iy < g:
            heat[iy, ix] = 1.0  # the peak cell is the positive of the focal loss
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                if 0 <= ix + dx < g and 0 <= iy + dy < g:
                    size[:, iy + dy, ix + dx] = np.log([bw, bh])
                    mask[iy + dy, ix + dx] = 1.0
    return t, heat, size, mask


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


def finder_weights(model, path: Path) -> None:  # type: ignore[no-untyped-def]
    """Load an exported finder's weights into `finder_model` ``model`` (BatchNorm: identity).

    The export folds each BatchNorm into the convolution before it: the folded bias goes to
    the BatchNorm, which stays frozen at identity while the convolutions are fine-tuned.
    """
    import onnx
    import torch
    from onnx import numpy_helper

    graph = onnx.load(str(path)).graph
    tensors = {i.name: numpy_helper.to_array(i).copy() for i in graph.initializer}
    convs = iter([node for node in graph.node if node.op_type == "Conv"])
    waiting = None  # a bias-free convolution's folded bias, for the BatchNorm after it
    with torch.no_grad():
        for module in model.modules():
            if isinstance(module, torch.nn.Conv2d):
                node = next(convs)
                module.weight.copy_(torch.from_numpy(tensors[node.input[1]]))
                bias = torch.from_numpy(tensors[node.input[2]])
                if module.bias is not None:
                    module.bias.copy_(bias)
                else:
                    waiting = bias
            elif isinstance(module, torch.nn.BatchNorm2d):
                module.weight.fill_(1.0)
                module.bias.copy_(waiting)
                module.running_mean.zero_()
                module.running_var.fill_(1.0 - module.eps)
                waiting = None


def train_finder(samples: list, steps: int, seed: int, log: str,  # type: ignore[no-untyped-def]
                 save: Callable[[object], None] | None = None, init: Path | None = None,
                 rate: float | None = None, keep_sizes: bool = False, press: float = 0.0):
    """Train the finder on tiles (CenterNet focal loss, L1 on log box sizes).

    ``init``: an exported finder to fine-tune, its BatchNorm frozen. ``rate``: the one-cycle
    schedule's peak learning rate (default 4e-3 from scratch, 1e-3 for a fine-tune).
    ``keep_sizes``: the box sizes learned are the ``init`` finder's own at each labelled
    corner, not the labels' (the reader learned to read around that finder's boxes).
    ``press``: the share of tiles pressed as a tilted camera sees a table (`tile`).
    """
    import copy

    import torch

    torch.manual_seed(seed)
    rng = np.random.default_rng(seed + 1)
    model = finder_model()
    if init is not None:
        finder_weights(model, init)
    rate = rate or (4e-3 if init is None else 1e-3)
    teacher = copy.deepcopy(model).eval() if keep_sizes and init is not None else None
    opt = torch.optim.AdamW(model.parameters(), rate / 2, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, rate, total_steps=steps)

    def train_mode() -> None:  # a fine-tune keeps BatchNorm frozen at identity
        model.train()
        if init is not None:
            for m in model.modules():
                if isinstance(m, torch.nn.BatchNorm2d):
                    m.eval()
                    m.requires_grad_(False)

    train_mode()
    for step in range(steps):
        batch = [tile(*samples[int(i)][:2], rng, SIZE, press)
                 for i in rng.integers(0, len(samples), BATCH)]
        tiles = np.stack([b[0] for b in batch]).transpose(0, 3, 1, 2)
        x = torch.from_numpy(tiles.astype(np.float32))
        heat = torch.from_numpy(np.stack([b[1] for b in batch]))
        size = torch.from_numpy(np.stack([b[2] for b in batch]))
        mask = torch.from_numpy(np.stack([b[3] for b in batch]))
        out = model(x)
        if teacher is not None:
            with torch.no_grad():
                size = teacher(x)[:, 1:]
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
        if step % 100 == 0:
            print(f"{log} finder step {step} focal {focal.item():.3f} size {reg.item():.3f}",
                  flush=True)
        if save is not None and step and step % 1000 == 0:
            save(model)
            train_mode()
    return model.eval()


def _renders(rng: np.random.Generator, count: int, cache: Path | None, fonts: str = "",
             black: float = 0.0, rows: float = 0.0, art: float = 0.0) -> list:
    """Return ``count`` renders, from ``cache`` when it holds them (same seed, same count)."""
    if cache is not None and cache.is_file():
        with np.load(cache, allow_pickle=True) as saved:
            if len(saved["images"]) == count:
                return list(zip(saved["images"], saved["boxes"], strict=True))
    faces = Faces(rng, fonts, black, art)
    out = [render(rng, faces, int(rng.choice([384, 512, 640])), rows) for _ in range(count)]
    if cache is not None:
        images = np.empty(count, object)
        boxes = np.empty(count, object)
        for n, (img, bx) in enumerate(out):
            images[n], boxes[n] = img, bx
        np.savez(cache, images=images, boxes=boxes)
    return out


def main() -> int:
    """Build the data, train the finder, export it, score it on development photos."""
    import torch

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--real", type=Path, default=Path("/work/shared/vision-real-dev"))
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--renders", type=int, default=700)
    parser.add_argument("--render-cache", type=Path, help="an .npz keeping the renders")
    parser.add_argument("--steps", type=int, default=9000, help="finder steps (batch 8)")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--fonts", default=FONTS,
                        help="also draw decks with the TrueType fonts under /usr/share/fonts "
                             "whose file name matches (Pillow); empty: drawn designs only")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--reader", type=Path, default=OUT / "corner_index.onnx",
                        help="the corner reader used to score the finder")
    parser.add_argument("--final", action="store_true",
                        help="train on every development photo (default: hold out a fifth "
                             "of its groups to score the finder on)")
    parser.add_argument("--black", type=float, default=0.0,
                        help="share of rendered faces printed as black novelty decks")
    parser.add_argument("--art", type=float, default=0.0,
                        help="share of rendered faces from the training artwork decks")
    parser.add_argument("--rows", type=float, default=0.0,
                        help="share of renders whose cards lie in spread rows (stud up-cards)")
    parser.add_argument("--init", type=Path,
                        help="fine-tune this float finder, a corner_finder_float.onnx (BatchNorm "
                             "frozen, a lower rate)")
    parser.add_argument("--keep-sizes", action="store_true",
                        help="with --init: learn that finder's own box sizes, not the labels'")
    parser.add_argument("--rate", type=float, help="peak learning rate (default: 4e-3, "
                                                      "1e-3 with --init)")
    parser.add_argument("--press", type=float, default=0.0,
                        help="share of tiles pressed to 0.5-0.8 of their height (a tilted camera)")
    parser.add_argument("--real-share", type=float, default=0.5,
                        help="share of the training tiles cut from the real photos")
    args = parser.parse_args()
    if not 0.0 < args.real_share < 1.0:
        parser.error("--real-share is a share of the tiles, between 0 and 1")
    torch.set_num_threads(args.threads)
    cv2.setNumThreads(1)
    rng = np.random.default_rng(args.seed)
    started = time.time()
    renders = _renders(rng, args.renders, args.render_cache, args.fonts, args.black, args.rows,
                       args.art)
    real = real_dev(args.real, "all" if args.final else "train")
    val = [] if args.final else real_dev(args.real, "val")
    print(f"data: {len(renders)} renders, {len(real)} real photos to train on, {len(val)} to "
          f"score ({time.time() - started:.0f} s)", flush=True)
    # The real photos are few but they are the point: drawn as often as the renders, or
    # in the share asked for.
    copies = args.real_share / (1.0 - args.real_share) * len(renders) / max(1, len(real))
    samples = [r[:2] for r in renders] + [r[:2] for r in real] * max(1, round(copies))
    finder = args.out / "corner_finder_float.onnx"

    def save(model) -> None:  # type: ignore[no-untyped-def]
        export(model, (1, 3, 256, 256), finder, ("image", "maps"),
               {"image": {0: "n", 2: "h", 3: "w"}, "maps": {0: "n", 2: "gh", 3: "gw"}})
        if val and args.reader.is_file():
            print(f"saved: {evaluate(finder, args.reader, val)} ({time.time() - started:.0f} s)",
                  flush=True)

    save(train_finder(samples, args.steps, args.seed, "", save, init=args.init,
                      rate=args.rate, keep_sizes=args.keep_sizes, press=args.press))
    print(f"finder exported ({time.time() - started:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
