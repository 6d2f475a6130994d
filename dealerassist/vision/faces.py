"""Card faces and backs drawn by code: the deck designs that ship with the program.

Why drawn and not scanned: the synthetic frame source (tests, demo, held-out checks) needs
card images, and artwork drawn here carries no third-party licence. Designs vary the index
font, the index size and weight, two- or four-colour suits, the paper tint and the border,
so a classifier trained on them learns the shape of an index, not one picture.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import IntEnum, unique

import cv2
import numpy as np

from dealerassist.cards import Card, Rank, Suit

__all__ = ["CARD_H", "CARD_W", "RANK_TEXTS", "SUIT_GLYPH_KEYS", "FaceDesign", "Font", "GlyphSet",
           "draw_back", "draw_face", "draw_suit", "index_box", "other_index_box", "random_design"]

CARD_W = 250
CARD_H = 350  # poker cards are 63 x 88 mm (ratio 1.397)

_RANK_TEXT = {rank: ("10" if rank is Rank.TEN else rank.symbol) for rank in Rank}
RANK_TEXTS = tuple(_RANK_TEXT[rank] for rank in Rank)
SUIT_GLYPH_KEYS = {suit: f"suit-{suit.value}" for suit in Suit}
_BLACK = (20, 20, 20)
_RED = (30, 30, 200)
_FOUR_COLOUR = {Suit.CLUBS: (40, 130, 20), Suit.DIAMONDS: (190, 90, 10)}


@unique
class Font(IntEnum):
    """The Hershey fonts OpenCV draws (no font files needed)."""

    SIMPLEX = cv2.FONT_HERSHEY_SIMPLEX
    PLAIN = cv2.FONT_HERSHEY_PLAIN
    DUPLEX = cv2.FONT_HERSHEY_DUPLEX
    COMPLEX = cv2.FONT_HERSHEY_COMPLEX
    TRIPLEX = cv2.FONT_HERSHEY_TRIPLEX
    COMPLEX_SMALL = cv2.FONT_HERSHEY_COMPLEX_SMALL


@dataclass(frozen=True, slots=True, eq=False)
class GlyphSet:
    """Index glyphs from another source than OpenCV's Hershey fonts.

    Why: a classifier trained on one family of glyphs reads other designs badly. Training
    scripts render glyphs from any source they have (TrueType fonts through Pillow, say)
    into plain masks; drawing a face needs nothing but these masks, so the program never
    depends on the glyph source.

    Attributes:
        name: the source's name (a font file's stem).
        masks: grey masks (uint8, 255 = ink) by text: every entry of `RANK_TEXTS`, and
            optionally the suit signs under `SUIT_GLYPH_KEYS` (else our own suit shapes).
            Compared by identity.

    """

    name: str
    masks: Mapping[str, np.ndarray] = field(repr=False)


@dataclass(frozen=True, slots=True)
class FaceDesign:
    """One deck design.

    Attributes:
        name: a short unique name (used to split training and held-out designs).
        font: the index font.
        italic: slanted index glyphs.
        weight: stroke thickness of the index glyphs at 350 px card height.
        index_scale: the index height relative to the standard one.
        four_colour: clubs green and diamonds blue (a poker-room deck).
        paper: the face's BGR tint.
        border: draw a thin grey frame inside the edge.
        index_dx: shift of the index, as a fraction of the card width.
        index_dy: shift of the index, as a fraction of the card height.
        condense: width of the rank glyphs relative to the font's (below 1: condensed).
        shade: darkening of the paper towards the bottom-right corner, 0..1 (a shaded or
            grey-gradient face; 0: flat paper).
        glyphs: index glyphs from another source (`GlyphSet`); None: the Hershey ``font``.
        fade: the index ink mixed with the paper, 0..1 (a pale, washed-out index; 0: full ink).
        pip_scale: the size of the centre pips relative to the standard ones.
        pip_inset: the outer pips moved towards the edges, as a fraction of the card (a
            large pip right beside the index, as on decks with indices tight in the corner).
        court_letters: the index letters of the jack, queen and king: ``JQK`` (English),
            ``VDR`` (French: valet, dame, roi), or any other deck's (``BDK``, ``BVH``...).
        inks: BGR inks of the black suits and of the red ones, instead of black and red (a
            novelty deck: silver and gold on black paper); None: black and red.
        court_frame: on jacks, queens and kings, a thin grey frame this far (a fraction of
            the card width) left of and above the index, with a large suit sign beside the
            index inside it (decks whose court frame encloses the index: a long line beside
            a "Q" or "J" must not make it a "10"); 0: none.

    """

    name: str
    font: Font = Font.SIMPLEX
    italic: bool = False
    weight: int = 6
    index_scale: float = 1.0
    four_colour: bool = False
    paper: tuple[int, int, int] = (250, 250, 250)
    border: bool = False
    index_dx: float = 0.0  # shift of the index, as a fraction of the card width
    index_dy: float = 0.0  # shift of the index, as a fraction of the card height
    condense: float = 1.0
    shade: float = 0.0
    glyphs: GlyphSet | None = None
    fade: float = 0.0
    pip_scale: float = 1.0
    pip_inset: float = 0.0
    court_frame: float = 0.0
    court_letters: str = "JQK"
    inks: tuple[tuple[int, int, int], tuple[int, int, int]] | None = None

    def rank_text(self, rank: Rank) -> str:
        """Return the index text of ``rank`` in this design."""
        if Rank.JACK <= rank <= Rank.KING:
            return self.court_letters[rank - Rank.JACK]
        return _RANK_TEXT[rank]

    def ink(self, suit: Suit) -> tuple[int, int, int]:
        """Return the BGR colour of this suit's index and pips."""
        red = suit in (Suit.HEARTS, Suit.DIAMONDS)
        if self.inks is not None:
            return self.inks[red]
        if self.four_colour and suit in _FOUR_COLOUR:
            return _FOUR_COLOUR[suit]
        return _RED if red else _BLACK

    def index_ink(self, suit: Suit) -> tuple[int, int, int]:
        """Return the BGR colour of this suit's index: ink faded towards the paper by ``fade``."""
        ink = self.ink(suit)
        if self.fade <= 0:
            return ink
        return tuple(round(i * (1 - self.fade) + p * self.fade)  # type: ignore[return-value]
                     for i, p in zip(ink, self.paper, strict=True))


def random_design(
    rng: np.random.Generator, *, fonts: tuple[Font, ...], varied: bool = False
) -> FaceDesign:
    """Return a random design (domain randomisation for training): font, weight, size, place, tint.

    Args:
        rng: the random generator.
        fonts: the fonts to pick from.
        varied: also thin strokes (weight 1..9), small indices (scale 0.6..1.2), condensed
            glyphs, shaded paper and wider index offsets. Off: the original training mix
            (the same random stream as before the option existed).

    """
    if varied:
        return _varied_design(rng, fonts=fonts)
    tint = 255 - rng.integers(0, 25, 3)
    return FaceDesign(
        name="drawn-random",
        font=fonts[int(rng.integers(len(fonts)))],
        italic=bool(rng.random() < 0.2),
        weight=int(rng.integers(3, 10)),
        index_scale=float(rng.uniform(0.75, 1.2)),
        four_colour=bool(rng.random() < 0.25),
        paper=(int(tint[0]), int(tint[1]), int(tint[2])),
        border=bool(rng.random() < 0.3),
        index_dx=float(rng.uniform(-0.04, 0.02)),
        index_dy=float(rng.uniform(-0.015, 0.02)),
    )


def _varied_design(rng: np.random.Generator, *, fonts: tuple[Font, ...]) -> FaceDesign:
    """`random_design(varied=True)`: half the designs thin (weight 1..3), many small."""
    tint = 255 - rng.integers(0, 40, 3)
    thin = rng.random() < 0.5
    return FaceDesign(
        name="drawn-random-varied",
        font=fonts[int(rng.integers(len(fonts)))],
        italic=bool(rng.random() < 0.15),
        weight=int(rng.integers(1, 4) if thin else rng.integers(3, 10)),
        index_scale=float(rng.uniform(0.6, 1.2)),
        four_colour=bool(rng.random() < 0.25),
        paper=(int(tint[0]), int(tint[1]), int(tint[2])),
        border=bool(rng.random() < 0.3),
        index_dx=float(rng.uniform(-0.04, 0.04)),
        index_dy=float(rng.uniform(-0.015, 0.04)),
        condense=float(rng.uniform(0.65, 1.0) if rng.random() < 0.4 else 1.0),
        shade=float(rng.uniform(0.0, 0.3) if rng.random() < 0.4 else 0.0),
    )


def draw_suit(
    image: np.ndarray, suit: Suit, *, centre: tuple[float, float], size: float, colour: tuple
) -> None:
    """Draw one suit sign of height ``size`` centred on ``centre`` (in place)."""
    cx, cy = centre
    s = size

    def pt(dx: float, dy: float) -> tuple[int, int]:
        return (round((cx + dx * s) * 16), round((cy + dy * s) * 16))

    def disc(dx: float, dy: float, r: float) -> None:
        cv2.circle(image, pt(dx, dy), round(r * s * 16), colour, -1, cv2.LINE_AA, 4)

    def poly(points: list[tuple[float, float]]) -> None:
        cv2.fillPoly(image, [np.array([pt(x, y) for x, y in points], np.int32)], colour,
                     cv2.LINE_AA, 4)

    if suit is Suit.DIAMONDS:
        poly([(0, -0.5), (0.36, 0), (0, 0.5), (-0.36, 0)])
    elif suit is Suit.HEARTS:
        disc(-0.22, -0.2, 0.25)
        disc(0.22, -0.2, 0.25)
        poly([(-0.46, -0.12), (0.46, -0.12), (0, 0.5)])
    elif suit is Suit.SPADES:
        disc(-0.22, 0.08, 0.24)
        disc(0.22, 0.08, 0.24)
        poly([(-0.45, 0.0), (0.45, 0.0), (0, -0.52)])
        poly([(0, 0.05), (-0.18, 0.5), (0.18, 0.5)])
    else:
        disc(0, -0.24, 0.21)
        disc(-0.23, 0.08, 0.21)
        disc(0.23, 0.08, 0.21)
        poly([(-0.06, -0.05), (0.06, -0.05), (0.06, 0.1), (-0.06, 0.1)])
        poly([(0, 0.0), (-0.17, 0.5), (0.17, 0.5)])


def _glyph_mask(mask: np.ndarray, design: FaceDesign) -> np.ndarray:
    """Return a glyph set's mask with the design's weight and slant.

    Weight 5 is the font's own; each step below thins the strokes by about 1/100 of the
    mask's height on each side (never below a third of the ink), each step above thickens.
    """
    if design.weight != 5:
        radius = max(1, round(mask.shape[0] / 100))
        kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * radius + 1, 2 * radius + 1))
        op = cv2.erode if design.weight < 5 else cv2.dilate
        ink = int(np.count_nonzero(mask > 127))
        for _ in range(abs(design.weight - 5)):
            changed = op(mask, kernel)
            if op is cv2.erode and np.count_nonzero(changed > 127) < ink / 3:
                break
            mask = changed
    if design.italic:
        h, w = mask.shape
        slant = 0.2 * h
        matrix = np.array([[1, -0.2, slant], [0, 1, 0]], np.float32)
        mask = cv2.warpAffine(mask, matrix, (w + round(slant), h))
    return mask


def _text_patch(text: str, design: FaceDesign, *, height: int, width: int) -> np.ndarray:
    """Return the rank text as a grey mask (255 = ink) fitted into ``width`` x ``height``."""
    if design.glyphs is not None and text in design.glyphs.masks:
        return _fit(_glyph_mask(design.glyphs.masks[text], design), design, height=height,
                    width=width)
    font = int(design.font) | (cv2.FONT_ITALIC if design.italic else 0)
    scale = 3.0
    thickness = max(1, round(design.weight * 1.6))
    (tw, th), base = cv2.getTextSize(text, font, scale, thickness)
    canvas = np.zeros((th + base + 2 * thickness + 4, tw + 2 * thickness + 4), np.uint8)
    cv2.putText(canvas, text, (thickness + 2, th + thickness + 2), font, scale, 255, thickness,
                cv2.LINE_AA)
    return _fit(canvas, design, height=height, width=width)


def _fit(canvas: np.ndarray, design: FaceDesign, *, height: int, width: int) -> np.ndarray:
    """Return the inked part of ``canvas`` resized to ``height``, at most ``width`` wide."""
    ys, xs = np.nonzero(canvas > 40)
    canvas = canvas[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]
    aspect = canvas.shape[1] / canvas.shape[0]
    out_w = min(width, max(2, round(height * aspect * design.condense)))
    return cv2.resize(canvas, (out_w, height), interpolation=cv2.INTER_AREA)


def _stamp(image: np.ndarray, mask: np.ndarray, *, x: int, y: int, colour: tuple) -> None:
    h, w = mask.shape
    region = image[y : y + h, x : x + w]
    alpha = (mask[: region.shape[0], : region.shape[1]].astype(np.float32) / 255.0)[..., None]
    region[:] = (region * (1 - alpha) + np.array(colour, np.float32) * alpha).astype(np.uint8)


def _suit_sign(image: np.ndarray, suit: Suit, design: FaceDesign, *,
               centre: tuple[float, float], size: float, colour: tuple) -> None:
    """Return a suit sign: the glyph set's own when it has one, else `draw_suit`'s shape."""
    key = SUIT_GLYPH_KEYS[suit]
    if design.glyphs is None or key not in design.glyphs.masks:
        draw_suit(image, suit, centre=centre, size=size, colour=colour)
        return
    mask = _fit(design.glyphs.masks[key], FaceDesign("suit"), height=max(2, round(size)),
                width=max(2, round(size * 1.5)))
    h, w = mask.shape
    x = min(max(0, round(centre[0] - w / 2)), CARD_W - w)
    y = min(max(0, round(centre[1] - h / 2)), CARD_H - h)
    _stamp(image, mask, x=x, y=y, colour=colour)


def _draw_index(image: np.ndarray, card: Card, design: FaceDesign) -> tuple[int, int, int]:
    """Draw the top-left index; return its left, top and right edges in pixels."""
    colour = design.index_ink(card.suit)
    rank_h = round(CARD_H * 0.105 * design.index_scale)
    rank_w = round(CARD_W * 0.17 * design.index_scale)
    mask = _text_patch(design.rank_text(card.rank), design, height=rank_h, width=rank_w)
    cx = round(CARD_W * (0.105 * min(design.index_scale, 1.1) + design.index_dx))
    top = round(CARD_H * (0.035 + design.index_dy))
    left = max(3, cx - mask.shape[1] // 2)
    _stamp(image, mask, x=left, y=top, colour=colour)
    suit_size = CARD_H * 0.075 * design.index_scale
    _suit_sign(image, card.suit, design, centre=(cx, top + rank_h + suit_size * 0.75),
               size=suit_size, colour=colour)
    return left, top, max(left + mask.shape[1], round(cx + suit_size / 2))


def _draw_court_frame(image: np.ndarray, card: Card, design: FaceDesign,
                      index: tuple[int, int, int]) -> None:
    """Draw a court's thin frame just left of and above the index, a large suit beside it.

    The frame is symmetric under a half turn, so drawing it once serves both corners; the
    suit sign is drawn for each corner.
    """
    left, top, right = index
    gap = max(1, round(CARD_W * design.court_frame))
    x, y = left - gap, top - gap
    if x >= 1 and y >= 1:
        grey = tuple(round((i + p) / 2) for i, p in zip(design.ink(card.suit), design.paper,
                                                         strict=True))
        cv2.rectangle(image, (x, y), (CARD_W - 1 - x, CARD_H - 1 - y), grey, 2)
    size = CARD_H * 0.16
    _suit_sign(image, card.suit, design, centre=(right + size * 0.55, top + size * 0.55),
               size=size, colour=design.ink(card.suit))


# Pip positions (x, y) as fractions of the card for 2..10 (a common layout).
_COLS = (0.3, 0.5, 0.7)
_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((0.5, 0.22), (0.5, 0.78)),
    3: ((0.5, 0.22), (0.5, 0.5), (0.5, 0.78)),
    4: ((0.3, 0.22), (0.7, 0.22), (0.3, 0.78), (0.7, 0.78)),
    5: ((0.3, 0.22), (0.7, 0.22), (0.5, 0.5), (0.3, 0.78), (0.7, 0.78)),
    6: ((0.3, 0.22), (0.7, 0.22), (0.3, 0.5), (0.7, 0.5), (0.3, 0.78), (0.7, 0.78)),
    7: ((0.3, 0.22), (0.7, 0.22), (0.5, 0.36), (0.3, 0.5), (0.7, 0.5), (0.3, 0.78),
        (0.7, 0.78)),
    8: ((0.3, 0.22), (0.7, 0.22), (0.5, 0.36), (0.3, 0.5), (0.7, 0.5), (0.5, 0.64),
        (0.3, 0.78), (0.7, 0.78)),
    9: ((0.3, 0.2), (0.7, 0.2), (0.3, 0.4), (0.7, 0.4), (0.5, 0.5), (0.3, 0.6), (0.7, 0.6),
        (0.3, 0.8), (0.7, 0.8)),
    10: ((0.3, 0.2), (0.7, 0.2), (0.5, 0.3), (0.3, 0.4), (0.7, 0.4), (0.3, 0.6), (0.7, 0.6),
         (0.5, 0.7), (0.3, 0.8), (0.7, 0.8)),
}


def _pip_place(fx: float, fy: float, inset: float, size: float) -> tuple[float, float]:
    """Return a pip's centre in pixels, moved ``inset`` outwards: beside the index, not on it."""
    x, y = fx * CARD_W, fy * CARD_H
    if inset <= 0:
        return x, y
    side = 0.21 * CARD_W + 0.45 * size  # the index column stays clear
    top = 0.04 * CARD_H + 0.5 * size
    if fx < 0.5:
        x = max(x - inset * CARD_W, side)
    elif fx > 0.5:
        x = min(x + inset * CARD_W, CARD_W - side)
    if fy < 0.45:
        y = max(y - inset * CARD_H, top)
    elif fy > 0.55:
        y = min(y + inset * CARD_H, CARD_H - top)
    return x, y


def _draw_centre(image: np.ndarray, card: Card, design: FaceDesign) -> None:
    colour = design.ink(card.suit)
    rank = card.rank
    if rank is Rank.ACE:
        _suit_sign(image, card.suit, design, centre=(CARD_W / 2, CARD_H / 2), size=CARD_H * 0.3,
                   colour=colour)
    elif rank >= Rank.JACK:
        inset = design.pip_inset  # a frame nearer the index, like the pips, never on it
        x0 = round(CARD_W * max(0.21, 0.26 - inset))
        y0 = round(CARD_H * max(0.05, 0.15 - inset))
        x1, y1 = CARD_W - x0, CARD_H - y0
        cv2.rectangle(image, (x0, y0), (x1, y1), colour, 3)
        palette = ((40, 160, 220), (160, 60, 40), (30, 30, 180))
        for band in range(6):
            y = y0 + 8 + band * (y1 - y0 - 16) // 6
            cv2.rectangle(image, (x0 + 8, y), (x1 - 8, y + (y1 - y0) // 14),
                          palette[band % 3], -1)
        mask = _text_patch(design.rank_text(rank), design, height=round(CARD_H * 0.2),
                           width=round(CARD_W * 0.3))
        _stamp(image, mask, x=CARD_W // 2 - mask.shape[1] // 2, y=CARD_H // 2 - mask.shape[0] // 2,
               colour=colour)
    else:
        size = CARD_H * 0.1 * design.pip_scale
        for fx, fy in _PIPS[int(rank)]:
            x, y = _pip_place(fx, fy, design.pip_inset, size)
            _suit_sign(image, card.suit, design, centre=(x, y), size=size, colour=colour)


def _shade(image: np.ndarray, strength: float) -> None:
    """Darken the paper linearly from the top-left corner to the bottom-right (in place)."""
    ys, xs = np.mgrid[0:CARD_H, 0:CARD_W].astype(np.float32)
    ramp = 1.0 - strength * (xs / CARD_W + ys / CARD_H) / 2.0
    image[:] = (image.astype(np.float32) * ramp[..., None]).astype(np.uint8)


def draw_face(card: Card, design: FaceDesign) -> np.ndarray:
    """Return the face of ``card`` as a ``CARD_H x CARD_W`` BGR image (corners left square)."""
    if not card.is_face:
        raise ValueError(f"cannot draw {card!r}: not a face card")
    image = np.empty((CARD_H, CARD_W, 3), np.uint8)
    image[:] = design.paper
    if design.shade > 0:
        _shade(image, design.shade)
    if design.border:
        cv2.rectangle(image, (6, 6), (CARD_W - 7, CARD_H - 7), (150, 150, 150), 2)
    _draw_centre(image, card, design)
    court = design.court_frame > 0 and card.rank >= Rank.JACK
    index = _draw_index(image, card, design)
    if court:
        _draw_court_frame(image, card, design, index)
    if design.pip_inset > 0 or design.pip_scale != 1.0 or court:
        # Pips or a frame reach into the corner: draw the second index on the face itself
        # (copying the turned corner would cut them).
        image = cv2.rotate(image, cv2.ROTATE_180)
        index = _draw_index(image, card, design)
        if court:
            _draw_court_frame(image, card, design, index)
        return cv2.rotate(image, cv2.ROTATE_180)
    rotated = cv2.rotate(image, cv2.ROTATE_180)
    corner_w, corner_h = round(CARD_W * 0.24), round(CARD_H * 0.36)
    image[CARD_H - corner_h :, CARD_W - corner_w :] = rotated[CARD_H - corner_h :,
                                                              CARD_W - corner_w :]
    return image


def index_box(card: Card, design: FaceDesign) -> tuple[int, int, int, int]:
    """Return the upright box (x, y, w, h) of a face's top-left index ink: rank and suit.

    The box a labeller draws around a corner index (the real photographs' labels), which
    the corner finder learns to give; the court frame and pips around it are left out.
    """
    image = np.empty((CARD_H, CARD_W, 3), np.uint8)
    image[:] = design.paper
    _draw_index(image, card, design)
    ink = np.abs(image.astype(np.int16) - np.array(design.paper, np.int16)).max(axis=2) > 24
    ys, xs = np.nonzero(ink)
    return (int(xs.min()), int(ys.min()), int(xs.max() - xs.min() + 1),
            int(ys.max() - ys.min() + 1))


def other_index_box(box: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    """Return the bottom-right index's box from the top-left one's (`index_box`).

    A face prints its index twice, the second turned half a turn about the card's centre.
    """
    x, y, w, h = box
    return CARD_W - x - w, CARD_H - y - h, w, h


def draw_back(*, colour: tuple[int, int, int], seed: int = 0, border: bool = True) -> np.ndarray:
    """Return a card back: a saturated pattern, optionally in a white border (like most decks)."""
    rng = np.random.default_rng(seed)
    image = np.empty((CARD_H, CARD_W, 3), np.uint8)
    image[:] = (250, 250, 250)
    inset = 14 if border else 0
    inner = image[inset : CARD_H - inset, inset : CARD_W - inset]
    inner[:] = colour
    light = tuple(min(255, c + 90) for c in colour)
    step = int(rng.integers(10, 22))
    h, w = inner.shape[:2]
    for offset in range(-h, w, step):
        cv2.line(inner, (offset, 0), (offset + h, h), light, 2, cv2.LINE_AA)
        cv2.line(inner, (offset + h, 0), (offset, h), light, 2, cv2.LINE_AA)
    cv2.ellipse(inner, (w // 2, h // 2), (w // 4, h // 5), 0, 0, 360, light, 3, cv2.LINE_AA)
    return image
