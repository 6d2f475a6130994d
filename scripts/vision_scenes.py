"""Shared by the vision scripts: deck designs (drawn and Debian artwork) and training samples.

Training and held-out designs never overlap: the held-out check measures generalisation to
index designs the classifier never saw.
"""

from __future__ import annotations

import os
import re
from dataclasses import replace
from pathlib import Path

import numpy as np

from dealerassist.vision.artwork import ArtworkDeck
from dealerassist.vision.designs import BACK_COLOURS, HELDOUT_DESIGNS, TRAIN_DESIGNS
from dealerassist.vision.faces import (
    RANK_TEXTS,
    SUIT_GLYPH_KEYS,
    FaceDesign,
    Font,
    GlyphSet,
    random_design,
)
from dealerassist.vision.geometry import find_card_quads, index_regions
from dealerassist.vision.model import reading_image
from dealerassist.vision.recogniser import extract_patch
from dealerassist.vision.synthetic import Conditions, DrawnDeck, Scene, render_scene

ART_ROOT = Path(os.environ.get("DEALERASSIST_VISION_ART", "/tmp/dealerassist-vision/art"))

TRAIN_DRAWN = TRAIN_DESIGNS
HELDOUT_DRAWN = HELDOUT_DESIGNS
TRAIN_ART = ("standard", "dondorf", "jolly-royal", "nicu-white", "nicu-ornamental", "penguins",
             "ancient-egyptians")
HELDOUT_ART = ("tigullio-international", "gm-paris")
# Training artwork decks whose indices are not two, the second turned half a turn (seen on
# their faces): the bottom-right index printed upright, its suit above its rank; an index
# at each of the four corners.
ART_UPRIGHT_SECOND = ("ancient-egyptians",)
ART_FOUR_INDICES = ("dondorf",)


def decks(*, heldout: bool, with_art: bool = True, leave_out: tuple[str, ...] = (),
          only: tuple[str, ...] | None = None) -> list:
    """Return the decks of one side of the split (artwork only where it was rasterised).

    Args:
        heldout: the held-out side (else the training side).
        with_art: include the rasterised Debian decks.
        leave_out: deck names (``drawn-duplex``, ``art-dondorf``) not to use: designs kept
            out of a training run to validate on.
        only: if given, the deck names to keep (a validation set of left-out decks).

    """
    drawn = HELDOUT_DRAWN if heldout else TRAIN_DRAWN
    result: list = [DrawnDeck(design, back_colour=BACK_COLOURS[i % len(BACK_COLOURS)])
                    for i, design in enumerate(drawn)]
    if with_art:
        for name in HELDOUT_ART if heldout else TRAIN_ART:
            folder = ART_ROOT / name
            if (folder / "Ah.png").exists():
                result.append(ArtworkDeck(folder))
    result = [deck for deck in result if deck.name not in leave_out]
    if only is not None:
        result = [deck for deck in result if deck.name in only]
    return result


FONT_ROOT = Path("/usr/share/fonts")  # truetype/ and opentype/ (Debian font packages)
_SUIT_CHARS = {"c": "\u2663", "d": "\u2666", "h": "\u2665", "s": "\u2660"}
_GLYPH_PX = 120  # masks are rendered this large, then shrunk to the index size


def font_files(pattern: str, *, exclude: str | None = None, root: Path = FONT_ROOT) -> list[Path]:
    """TrueType/OpenType files under ``root`` whose stem matches ``pattern`` (a regex)."""
    found = sorted(p for p in root.rglob("*") if p.suffix.lower() in (".ttf", ".otf"))
    return [p for p in found if re.search(pattern, p.stem)
            and not (exclude and re.search(exclude, p.stem))]


def ttf_glyphs(path: Path, letters: str = "") -> GlyphSet | None:
    """Return the rank texts (and suit signs, where the font has them) of a font, as masks.

    Needs Pillow (a training-only extra). None when the font lacks a rank glyph (a symbol
    or math font): missing glyphs come out as the font's empty box, the same for every text.
    """
    from PIL import Image, ImageDraw, ImageFont

    font = ImageFont.truetype(str(path), _GLYPH_PX)

    def render(text: str) -> np.ndarray | None:
        left, top, right, bottom = font.getbbox(text)
        if right <= left or bottom <= top:
            return None
        pad = _GLYPH_PX // 6  # room for thicker strokes and slant
        image = Image.new("L", (right - left + 2 * pad, bottom - top + 2 * pad), 0)
        ImageDraw.Draw(image).text((pad - left, pad - top), text, fill=255, font=font)
        mask = np.asarray(image, dtype=np.uint8).copy()
        return mask if mask.max() > 127 else None

    missing = render("\U000f0000")  # a private-use code point: the font's "no glyph" box
    masks: dict[str, np.ndarray] = {}
    for text in (*RANK_TEXTS, *letters):
        mask = render(text)
        if mask is None or (missing is not None and mask.shape == missing.shape
                            and np.array_equal(mask, missing)):
            return None
        masks[text] = mask
    for suit, key in SUIT_GLYPH_KEYS.items():
        mask = render(_SUIT_CHARS[suit.value])
        if mask is not None and not (missing is not None and mask.shape == missing.shape
                                     and np.array_equal(mask, missing)):
            masks[key] = mask
    return GlyphSet(path.stem, masks)


def glyph_sets(pattern: str, *, exclude: str | None = None,
               letters: str = "") -> list[GlyphSet]:
    """Return the glyph sets of the fonts matching ``pattern`` (fonts without ranks left out).

    Each holds the masks of ``letters`` too (other decks' court letters).
    """
    sets = [ttf_glyphs(path, letters) for path in font_files(pattern, exclude=exclude)]
    return [s for s in sets if s is not None]


def font_design(rng: np.random.Generator, glyphs: GlyphSet) -> FaceDesign:
    """Return a random design with TrueType glyphs: thin or bold, small, pale, tight in a corner.

    Half the designs put a small index high and tight in the corner with large pips beside
    it; a third have pale index ink; half the suit signs are the font's own; a third frame
    their courts' index (`FaceDesign.court_frame`).
    """
    tint = 255 - rng.integers(0, 40, 3)
    thin = rng.random() < 0.5
    tight = rng.random() < 0.5
    if rng.random() < 0.5:  # our own suit shapes instead of the font's
        glyphs = GlyphSet(glyphs.name, {k: v for k, v in glyphs.masks.items()
                                        if not k.startswith("suit-")})
    design = FaceDesign(
        name=f"font-{glyphs.name}",
        glyphs=glyphs,
        italic=bool(rng.random() < 0.1),
        weight=int(rng.integers(1, 5) if thin else rng.integers(5, 9)),
        index_scale=float(rng.uniform(0.55, 0.9) if tight else rng.uniform(0.7, 1.2)),
        four_colour=bool(rng.random() < 0.25),
        paper=(int(tint[0]), int(tint[1]), int(tint[2])),
        border=bool(rng.random() < 0.3),
        index_dx=float(rng.uniform(-0.05, -0.01) if tight else rng.uniform(-0.03, 0.04)),
        index_dy=float(rng.uniform(-0.025, 0.0) if tight else rng.uniform(-0.015, 0.04)),
        condense=float(rng.uniform(0.65, 1.0) if rng.random() < 0.3 else 1.0),
        shade=float(rng.uniform(0.0, 0.3) if rng.random() < 0.3 else 0.0),
        fade=float(rng.uniform(0.2, 0.55) if rng.random() < 0.35 else 0.0),
        pip_scale=float(rng.uniform(1.1, 1.6) if tight else rng.uniform(0.8, 1.2)),
        pip_inset=float(rng.uniform(0.03, 0.1) if tight else 0.0),
    )
    if rng.random() < 0.35:  # drawn last: the designs above keep their random stream
        # A court frame enclosing the index (tigullio-like courts): the index set in from
        # the edge so that the frame's line runs a few pixels left of and above it.
        design = replace(design, court_frame=float(rng.uniform(0.006, 0.03)),
                         index_dx=float(rng.uniform(0.02, 0.07)),
                         index_dy=float(rng.uniform(0.0, 0.03)))
    return design


RANDOM_FONTS = (Font.SIMPLEX, Font.PLAIN, Font.DUPLEX, Font.COMPLEX, Font.COMPLEX_SMALL)


def training_deck(rng: np.random.Generator, fixed: list, *, varied: bool = False,
                  fonts: list[GlyphSet] | None = None, font_share: float = 0.0) -> object:
    """Return a fixed training deck, or (one time in three) a freshly randomised drawn design.

    With ``varied`` (the ``--varied`` training mix), half the decks are random drawn designs
    from `faces.random_design(varied=True)`: thin, small, condensed, shaded indices. With
    ``fonts``, a share ``font_share`` of the decks are `font_design`s of one of them (the
    random stream of the other options is unchanged when ``fonts`` is empty).
    """
    if fonts and rng.random() < font_share:
        colour = tuple(int(c) for c in rng.integers(10, 200, 3))
        design = font_design(rng, fonts[int(rng.integers(len(fonts)))])
        return DrawnDeck(design, back_colour=colour)
    if not fixed or rng.random() < (0.5 if varied else 0.35):
        colour = tuple(int(c) for c in rng.integers(10, 200, 3))
        design = random_design(rng, fonts=RANDOM_FONTS, varied=varied)
        return DrawnDeck(design, back_colour=colour)
    return fixed[int(rng.integers(len(fixed)))]


def random_conditions(
    rng: np.random.Generator, *, varied: bool = False, scale: tuple[float, float] | None = None
) -> Conditions:
    """Return a mix of easy and hard scene conditions for training.

    With ``varied``, the camera distance varies too (cards 0.55 to 1.2 times the usual
    size), and half the scenes have overlapping cards. ``scale`` (low, high) puts every
    scene's camera in that range instead: a camera mounted high over a large table shows
    cards half their usual size or less, with indices a few pixels tall.
    """
    if varied:
        conditions = _varied_conditions(rng)
        if scale is not None:
            conditions = replace(conditions, scale=float(rng.uniform(*scale)))
        return conditions
    hard = rng.random()
    return Conditions(
        scale=float(rng.uniform(*scale)) if scale is not None else 1.0,
        overlap=float(rng.choice([0.0, rng.uniform(0, 1)])),
        angle=float(rng.uniform(0, 35) * (rng.random() < 0.6)),
        blur=float(rng.uniform(0, 2.2) * (rng.random() < 0.6)),
        glare=float(rng.uniform(0, 1) * (rng.random() < 0.4)),
        chips=int(rng.integers(0, 5)),
        backs=int(rng.integers(0, 3)),
        noise=float(rng.uniform(0, 8) * (rng.random() < 0.7)),
        cast=float(rng.uniform(0, 1) * (hard < 0.6)),
        spin=float(rng.choice([10.0, 180.0])),
    )


def training_scene(
    rng: np.random.Generator, fixed: list, *, fonts: list[GlyphSet], fixed_only: bool,
    varied: bool, font_share: float, scale: tuple[float, float] | None,
) -> Scene:
    """One training scene: its deck (`training_deck`, or one of ``fixed`` only), 3-8 cards.

    Shared by the index model's and the face model's data (the same mix of decks and
    conditions, the same random stream).
    """
    if fixed_only:
        deck = fixed[int(rng.integers(len(fixed)))]
    else:
        deck = training_deck(rng, fixed, varied=varied, fonts=fonts, font_share=font_share)
    return render_scene(rng, deck=deck, count=int(rng.integers(3, 9)),
                        conditions=random_conditions(rng, varied=varied, scale=scale))


def _varied_conditions(rng: np.random.Generator) -> Conditions:
    hard = rng.random()
    return Conditions(
        overlap=float(rng.uniform(0.3, 1.0) if rng.random() < 0.5 else 0.0),
        angle=float(rng.uniform(0, 35) * (rng.random() < 0.6)),
        blur=float(rng.uniform(0, 2.2) * (rng.random() < 0.6)),
        glare=float(rng.uniform(0, 1) * (rng.random() < 0.4)),
        chips=int(rng.integers(0, 5)),
        backs=int(rng.integers(0, 3)),
        noise=float(rng.uniform(0, 8) * (rng.random() < 0.7)),
        cast=float(rng.uniform(0, 1) * (hard < 0.6)),
        spin=float(rng.choice([10.0, 180.0])),
        scale=float(rng.uniform(0.55, 1.2) if rng.random() < 0.5 else 1.0),
    )


def _gap(region: np.ndarray, truth: np.ndarray) -> float:
    diag = float(np.linalg.norm(truth[0] - truth[2]))
    return float(np.abs(region - truth).max() / max(diag, 1e-6))


def samples(
    scene: Scene, rng: np.random.Generator, *, negatives_per_positive: float = 1.0,
    covered: bool = False,
):
    """Patches and labels from one scene: (patches, rank labels 0..13, suit labels 0..3).

    Positives: index regions of the detector's own hypotheses that match a visible index,
    plus the true index regions with jittered corners. Negatives (rank 13): hypotheses
    over backs, chips, pips or sideways indices. With ``covered``, a true index partly
    under another card or a chip is a positive while 70 % of it shows, and "no index"
    when less than a quarter shows.
    """
    gray = reading_image(scene.image)
    truths = []
    for item in scene.cards:
        regions = index_regions(item.corners)
        for region, share in zip(regions, item.index_visible, strict=True):
            truths.append((item.card, region, share))
    patches, ranks, suits = [], [], []
    negatives = []
    for quad in find_card_quads(scene.image):
        for region in index_regions(quad.corners):
            best = min(truths, key=lambda t: _gap(region, t[1]), default=None)
            gap = _gap(region, best[1]) if best else 9.0
            if best and gap < 0.22:
                if best[0] is not None and best[2] >= 0.9:
                    patches.append(extract_patch(gray, region))
                    ranks.append(best[0].rank - 2)
                    suits.append(best[0].suit.order)
                elif best[0] is None:
                    negatives.append(region)
            elif gap > 0.45 or (best and best[0] is None):
                negatives.append(region)
    for item in scene.cards:
        if item.card is None:
            continue
        size = float(np.linalg.norm(item.corners[0] - item.corners[2]))
        for turn, share in zip((0, 2), item.index_visible, strict=True):
            if covered and share < 0.25:
                negatives.append(index_regions(np.roll(item.corners, -turn, axis=0))[0])
            if share < (0.7 if covered else 0.9):
                continue
            # Detector-like errors: corners off by a few percent, the card seen a bit larger
            # or smaller than it is.
            corners = np.roll(item.corners, -turn, axis=0)
            centre = corners.mean(axis=0)
            grown = centre + (corners - centre) * rng.uniform(0.93, 1.08)
            jittered = grown + rng.normal(0, 0.012 * size, corners.shape).astype(np.float32)
            region = index_regions(jittered)[0]
            patches.append(extract_patch(gray, region))
            ranks.append(item.card.rank - 2)
            suits.append(item.card.suit.order)
        # The corners without an index, and the card turned a quarter: "no index here".
        for turn in (1, 3):
            corners = np.roll(item.corners, -turn, axis=0)
            negatives.append(index_regions(corners)[0])
    keep = int(max(4, negatives_per_positive * len(patches)))
    for index in rng.permutation(len(negatives))[:keep]:
        patches.append(extract_patch(gray, negatives[int(index)]))
        ranks.append(13)
        suits.append(0)
    if not patches:
        return None
    return np.stack(patches), np.array(ranks, np.int64), np.array(suits, np.int64)


class ArtIndexDeck:
    """A training artwork deck as the corner scripts draw a `DrawnDeck`: faces, index boxes.

    The faces are BGR on their paper (a rounded corner's transparency filled with it); the
    index texts are the standard ones (every training artwork deck prints A 2-10 J Q K);
    each index's box is found on its face (`art_index_box`), the bottom-right one's on the
    face turned half a turn, as `faces.index_box` gives a drawn face's. ``turned``: the
    deck prints its bottom-right index turned half a turn (`ART_UPRIGHT_SECOND`: not);
    ``four_indices``: it prints one at every corner (`ART_FOUR_INDICES`).
    """

    # Its index texts, as a drawn design with the standard court letters gives them
    # (`FaceDesign.rank_text`).
    design = TRAIN_DESIGNS[0]

    def __init__(self, folder: Path) -> None:
        from dealerassist.cards import standard_deck

        art = ArtworkDeck(folder)
        self.name = art.name
        self._faces = {card: _opaque(art.face(card)) for card in standard_deck()}
        self._back = _opaque(art.back())
        found = {}
        for card, face in self._faces.items():
            try:
                found[card] = art_index_box(face)
            except ValueError:
                continue
        # A box far from the deck's usual size caught a court's picture or lost the suit:
        # that card is not drawn.
        wide, tall = (float(np.median([box[k] for box in found.values()])) for k in (2, 3))
        self._boxes = {card: box for card, box in found.items()
                       if 0.5 < box[2] / wide < 1.9 and 0.8 < box[3] / tall < 1.25}
        self._others = {}
        for card in list(self._boxes):
            face = self._faces[card]
            try:
                x, y, w, h = art_index_box(face[::-1, ::-1])
            except ValueError:
                del self._boxes[card]
                continue
            self._others[card] = (face.shape[1] - x - w, face.shape[0] - y - h, w, h)
        self.cards = [card for card in self._faces if card in self._boxes]
        self.turned = folder.name not in ART_UPRIGHT_SECOND
        self.four_indices = folder.name in ART_FOUR_INDICES

    def face(self, card):  # type: ignore[no-untyped-def]
        """Return the face of ``card`` (BGR)."""
        return self._faces[card]

    def back(self) -> np.ndarray:
        """Return the back (BGR)."""
        return self._back

    def other_index_box(self, card) -> tuple[int, int, int, int]:  # type: ignore[no-untyped-def]
        """Return the box of ``card``'s bottom-right index ink on its face."""
        return self._others[card]

    def index_box(self, card) -> tuple[int, int, int, int]:  # type: ignore[no-untyped-def]
        """Return the box of ``card``'s top-left index ink on its face."""
        return self._boxes[card]


def art_index_decks() -> list[ArtIndexDeck]:
    """Return the training artwork decks (`TRAIN_ART`) rasterised under `ART_ROOT`."""
    return [ArtIndexDeck(ART_ROOT / name) for name in TRAIN_ART
            if (ART_ROOT / name / "Ah.png").exists()]


def _opaque(image: np.ndarray) -> np.ndarray:
    """Return a BGR(A) face as BGR, its transparent pixels the paper's colour."""
    if image.ndim == 3 and image.shape[2] == 4:
        alpha = image[..., 3:4].astype(np.float32) / 255.0
        h, w = image.shape[:2]
        paper = np.median(image[h // 3:2 * h // 3, w // 20:w // 8, :3].reshape(-1, 3), axis=0)
        image = (image[..., :3] * alpha + paper * (1 - alpha)).astype(np.uint8)
    return np.ascontiguousarray(image[..., :3])


def art_index_box(face: np.ndarray) -> tuple[int, int, int, int]:
    """Return the upright box (x, y, w, h) of an artwork face's top-left index ink.

    Ink is what differs from the paper (the window's median) by over 48 in a channel,
    within the top-left 0.3 x 0.5 of the face, 3 % of its width in from its edges (the
    card's printed outline, its rounded corner too), eroded by a pixel; marks touching
    the window's inner sides (a court's frame, a pip cut by it) and specks are not the
    index. The index is the mark nearest the face's corner with the marks it reaches
    (rank glyphs side by side, the suit below), a gap of up to a tenth of the face's
    width between them.
    """
    import cv2

    fh, fw = face.shape[:2]
    window = face[: int(fh * 0.5), : int(fw * 0.3)].astype(np.int16)
    paper = np.median(window.reshape(-1, 3), axis=0)
    ink = (np.abs(window - paper).max(axis=2) > 48).astype(np.uint8)
    margin = round(0.03 * fw)
    ink[:margin], ink[:, :margin] = 0, 0
    ink = cv2.erode(ink, np.ones((3, 3), np.uint8))  # hairlines joining a glyph to a frame
    count, _, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    wh, ww = ink.shape
    marks = []
    for x, y, w, h, area in stats[1:count]:
        if x + w >= ww or y + h >= wh or area < 0.0008 * wh * ww:
            continue
        marks.append([x, y, x + w, y + h])
    if not marks:
        raise ValueError("no index ink found")
    marks.sort(key=lambda m: m[0] + m[1])
    box = list(marks.pop(0))
    gap = 0.1 * fw
    grown = True
    while grown:
        grown = False
        for m in list(marks):
            if m[0] <= box[2] + gap and m[2] >= box[0] - gap \
                    and m[1] <= box[3] + gap and m[3] >= box[1] - gap:
                box = [min(box[0], m[0]), min(box[1], m[1]), max(box[2], m[2]),
                       max(box[3], m[3])]
                marks.remove(m)
                grown = True
    return box[0] - 1, box[1] - 1, box[2] - box[0] + 2, box[3] - box[1] + 2  # eroded by 1
