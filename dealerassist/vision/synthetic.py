"""Synthetic table scenes: cards on felt with perspective, overlaps, chips, blur and glare.

Why: the recogniser is trained and checked on scenes the project renders itself, with the
truth known for every card (which card, where, whether its corner index can be seen). The
same renderer drives the synthetic frame source used by tests and the demo.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

import cv2
import numpy as np

from dealerassist.cards import Card, standard_deck
from dealerassist.vision.faces import CARD_H, CARD_W, FaceDesign, draw_back, draw_face, index_box
from dealerassist.vision.geometry import index_regions

__all__ = [
    "Conditions",
    "DrawnDeck",
    "Deckish",
    "Scene",
    "SceneCard",
    "render_scene",
]


class Deckish(Protocol):
    """Anything that gives card face images (BGR or BGRA) and a back."""

    name: str

    def face(self, card: Card) -> np.ndarray:
        """Return the face of ``card``."""
        ...

    def back(self) -> np.ndarray:
        """Return the back of the deck."""
        ...


class DrawnDeck:
    """A deck drawn by `faces.draw_face` in one design (faces cached)."""

    def __init__(self, design: FaceDesign, *, back_colour: tuple[int, int, int] = (140, 40, 20)):
        self.name = design.name
        self.design = design
        self._back_colour = back_colour
        self._cache: dict[Card, np.ndarray] = {}
        self._boxes: dict[Card, tuple[int, int, int, int]] = {}
        self._back: np.ndarray | None = None

    def face(self, card: Card) -> np.ndarray:
        """Return the face of ``card`` (drawn once)."""
        if card not in self._cache:
            self._cache[card] = draw_face(card, self.design)
        return self._cache[card]

    def index_box(self, card: Card) -> tuple[int, int, int, int]:
        """Return the box of ``card``'s top-left index ink on its face (`faces.index_box`)."""
        if card not in self._boxes:
            self._boxes[card] = index_box(card, self.design)
        return self._boxes[card]

    def back(self) -> np.ndarray:
        """Return the back (drawn once)."""
        if self._back is None:
            self._back = draw_back(colour=self._back_colour)
        return self._back


@dataclass(frozen=True, slots=True)
class Conditions:
    """What makes a scene hard. Every field is a level, 0 meaning none."""

    overlap: float = 0.0  # 0: cards apart; 1: touching rows and fans covering up to 60 %
    angle: float = 0.0  # camera tilt in degrees (0: straight down)
    blur: float = 0.0  # gaussian sigma in pixels at 1280 x 720
    glare: float = 0.0  # 0..1 strength of a bright spot
    chips: int = 0  # chip stacks scattered on the table
    backs: int = 0  # face-down cards in the scene
    noise: float = 0.0  # sensor noise sigma
    cast: float = 0.0  # 0..1 colour cast and shadow strength
    spin: float = 10.0  # max rotation of each card group in degrees
    scale: float = 1.0  # card size relative to the usual 5.5-9.5 % of the frame width


@dataclass(frozen=True, slots=True)
class SceneCard:
    """The truth about one card in a scene.

    Attributes:
        card: the face, or None for a card lying face down.
        corners: TL, TR, BR, BL of the card in frame pixels (float32, (4, 2)).
        index_visible: for the TL and the BR corner index, the share of it not covered.

    """

    card: Card | None
    corners: np.ndarray
    index_visible: tuple[float, float]

    @property
    def readable(self) -> bool:
        """A face-up card with at least one corner index essentially uncovered."""
        return self.card is not None and max(self.index_visible) >= 0.9


@dataclass(frozen=True, slots=True)
class Scene:
    """A rendered frame and its truth."""

    image: np.ndarray
    cards: tuple[SceneCard, ...]
    conditions: Conditions = field(default_factory=Conditions)


_FELTS = ((40, 110, 30), (35, 90, 25), (110, 70, 20), (30, 40, 120), (60, 80, 50),
          (90, 90, 85), (25, 60, 20), (70, 50, 40))


def _felt(rng: np.random.Generator, height: int, width: int, grain: float = 6.0) -> np.ndarray:
    base = np.array(_FELTS[rng.integers(len(_FELTS))], np.float32) * rng.uniform(0.7, 1.3, 3)
    coarse = cv2.resize(rng.normal(0, 1, (6, 10)).astype(np.float32), (width, height))
    fine = rng.normal(0, grain, (height, width)).astype(np.float32)
    image = base[None, None, :] * (1 + 0.12 * coarse[..., None]) + fine[..., None]
    return np.clip(image, 0, 255).astype(np.uint8)


def _place_groups(
    rng: np.random.Generator, cards: Sequence[Card | None], *, conditions: Conditions,
    card_w: float, width: int, height: int,
) -> list[tuple[Card | None, np.ndarray]]:
    """Lay cards in groups (a board row, fans, singles); returns (card, corners) in draw order."""
    placed: list[tuple[Card | None, np.ndarray]] = []
    card_h = card_w * CARD_H / CARD_W
    remaining = list(cards)
    taken: list[tuple[float, float, float, float]] = []
    attempts = 0
    while remaining and attempts < 60:
        attempts += 1
        size = int(min(len(remaining), rng.integers(1, 6)))
        group = remaining[:size]
        if conditions.overlap > 0 and size > 1 and rng.random() < 0.6:
            step = card_w * rng.uniform(max(0.4, 1.0 - 0.6 * conditions.overlap), 1.02)
        else:
            step = card_w * rng.uniform(1.05, 1.35)
        span_w = step * (size - 1) + card_w
        spin = math.radians(rng.uniform(-conditions.spin, conditions.spin))
        if rng.random() < 0.15:
            spin += math.pi  # the group seen from the other side of the table
        if rng.random() < 0.1:
            spin += math.pi / 2
        reach = 0.5 * (abs(math.cos(spin)) * span_w + abs(math.sin(spin)) * card_h) + 4
        reach_y = 0.5 * (abs(math.sin(spin)) * span_w + abs(math.cos(spin)) * card_h) + 4
        if 2 * reach >= width or 2 * reach_y >= height:
            continue
        cx = rng.uniform(reach, width - reach)
        cy = rng.uniform(reach_y, height - reach_y)
        box = (cx - reach, cy - reach_y, cx + reach, cy + reach_y)
        if conditions.overlap < 0.5 and any(
            box[0] < t[2] and t[0] < box[2] and box[1] < t[3] and t[1] < box[3] for t in taken
        ):
            continue
        taken.append(box)
        ux = np.array([math.cos(spin), math.sin(spin)])
        uy = np.array([-ux[1], ux[0]])
        start = np.array([cx, cy]) - ux * span_w / 2 - uy * card_h / 2
        for position, card in enumerate(group):
            jitter = math.radians(rng.normal(0, 2.0 + 3.0 * conditions.overlap))
            vx = np.array([math.cos(spin + jitter), math.sin(spin + jitter)])
            vy = np.array([-vx[1], vx[0]])
            origin = start + ux * step * position + uy * rng.normal(0, card_h * 0.03)
            corners = np.array([origin, origin + vx * card_w, origin + vx * card_w + vy * card_h,
                                origin + vy * card_h], np.float32)
            placed.append((card, corners))
        remaining = remaining[size:]
    return placed


def _tilt(rng: np.random.Generator, degrees: float, width: int, height: int) -> np.ndarray:
    """Return a homography imitating a camera looking at the felt ``degrees`` off vertical."""
    shrink = math.tan(math.radians(degrees)) * 0.5
    sign = rng.choice([-1.0, 1.0])
    dx = width * shrink * 0.5
    src = np.array([[0, 0], [width, 0], [width, height], [0, height]], np.float32)
    dst = src.copy()
    if rng.random() < 0.5:  # the far edge is the top (or bottom) of the frame
        row = 0 if sign > 0 else 2
        dst[row][0] += dx if row == 0 else -dx
        dst[row + 1][0] += -dx if row == 0 else dx
    else:
        col = 0 if sign > 0 else 1
        pair = (0, 3) if col == 0 else (1, 2)
        dy = height * shrink * 0.5
        dst[pair[0]][1] += dy
        dst[pair[1]][1] -= dy
    return cv2.getPerspectiveTransform(src, dst)


def _paste(canvas: np.ndarray, labels: np.ndarray, image: np.ndarray, corners: np.ndarray,
           label: int) -> None:
    h, w = image.shape[:2]
    x, y, bw, bh = cv2.boundingRect(corners.astype(np.float32))
    x0, y0 = max(x - 1, 0), max(y - 1, 0)
    x1, y1 = min(x + bw + 1, canvas.shape[1]), min(y + bh + 1, canvas.shape[0])
    if x1 <= x0 or y1 <= y0:
        return
    src = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    matrix = cv2.getPerspectiveTransform(src, (corners - (x0, y0)).astype(np.float32))
    size = (x1 - x0, y1 - y0)
    if image.shape[2] == 4:
        colour = image[:, :, :3]
        alpha = image[:, :, 3]
    else:
        colour = image
        alpha = np.full((h, w), 255, np.uint8)
        alpha[:, :] = 255
    warped = cv2.warpPerspective(colour, matrix, size, flags=cv2.INTER_AREA)
    weight = cv2.warpPerspective(alpha, matrix, size, flags=cv2.INTER_LINEAR)
    weight_f = (weight.astype(np.float32) / 255.0)[..., None]
    roi = canvas[y0:y1, x0:x1]
    # A thin shadow under the card, so touching cards keep a visible edge as on real felt.
    shadow = cv2.GaussianBlur(weight, (0, 0), 1.5).astype(np.float32)[..., None] / 255.0
    roi[:] = (roi * (1 - 0.35 * shadow)).astype(np.uint8)
    roi[:] = (roi * (1 - weight_f) + warped * weight_f).astype(np.uint8)
    labels[y0:y1, x0:x1][weight > 128] = label


def _chip(canvas: np.ndarray, labels: np.ndarray, rng: np.random.Generator, radius: float) -> None:
    height, width = canvas.shape[:2]
    centre = (int(rng.uniform(0, width)), int(rng.uniform(0, height)))
    colour = tuple(int(c) for c in rng.integers(0, 256, 3))
    r = int(radius)
    cv2.circle(canvas, centre, r, colour, -1, cv2.LINE_AA)
    for k in range(6):
        angle = k * math.pi / 3 + rng.uniform(0, 1)
        p = (int(centre[0] + math.cos(angle) * r * 0.8), int(centre[1] + math.sin(angle) * r * 0.8))
        cv2.circle(canvas, p, max(2, r // 6), (240, 240, 240), -1, cv2.LINE_AA)
    cv2.circle(canvas, centre, int(r * 0.55), (235, 235, 235), 2, cv2.LINE_AA)
    cv2.circle(labels, centre, r, -1, -1)


def _effects(image: np.ndarray, rng: np.random.Generator, conditions: Conditions) -> np.ndarray:
    height, width = image.shape[:2]
    out = image.astype(np.float32)
    if conditions.cast:
        gains = 1 + rng.uniform(-0.2, 0.2, 3) * conditions.cast
        out *= gains[None, None, :]
        # A soft shadow across part of the table (a dealer's arm, a lamp).
        gx, gy = rng.normal(0, 1, 2)
        ramp = (np.arange(width)[None, :] * gx / width + np.arange(height)[:, None] * gy / height)
        ramp = (ramp - ramp.min()) / max(float(np.ptp(ramp)), 1e-6)
        out *= (1 - 0.45 * conditions.cast * ramp)[..., None]
        out *= rng.uniform(1 - 0.3 * conditions.cast, 1 + 0.15 * conditions.cast)
    if conditions.glare:
        cx, cy = rng.uniform(0, width), rng.uniform(0, height)
        sigma = rng.uniform(0.05, 0.15) * width
        yy, xx = np.ogrid[:height, :width]
        spot = np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * sigma**2)).astype(np.float32)
        out += (150 * conditions.glare * spot)[..., None]
    out = np.clip(out, 0, 255)
    if conditions.blur:
        sigma = rng.uniform(0.3, 1.0) * conditions.blur
        if rng.random() < 0.3:  # motion blur
            length = max(3, int(sigma * 3) | 1)
            kernel = np.zeros((length, length), np.float32)
            kernel[length // 2, :] = 1.0 / length
            rotation = cv2.getRotationMatrix2D((length / 2, length / 2), rng.uniform(0, 180), 1)
            kernel = cv2.warpAffine(kernel, rotation, (length, length))
            out = cv2.filter2D(out, -1, kernel / max(kernel.sum(), 1e-6))
        else:
            out = cv2.GaussianBlur(out, (0, 0), sigma)
    if conditions.noise:
        out += rng.normal(0, conditions.noise, out.shape).astype(np.float32)
    out = np.clip(out, 0, 255).astype(np.uint8)
    if conditions.noise:
        quality = int(rng.integers(55, 95))
        ok, data = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, quality])
        if ok:
            out = cv2.imdecode(data, cv2.IMREAD_COLOR)
    return out


def render_scene(
    rng: np.random.Generator,
    *,
    deck: Deckish,
    cards: Sequence[Card] | None = None,
    count: int = 7,
    conditions: Conditions = Conditions(),
    size: tuple[int, int] = (1280, 720),
    card_width: float | None = None,
    grain: float = 6.0,
) -> Scene:
    """Render one frame; ``cards`` (default: ``count`` random faces) plus the backs."""
    width, height = size
    if cards is None:
        deck_cards = list(standard_deck())
        picks = rng.choice(len(deck_cards), size=count, replace=False)
        cards = [deck_cards[int(i)] for i in picks]
    layout: list[Card | None] = list(cards) + [None] * conditions.backs
    order = rng.permutation(len(layout))
    layout = [layout[int(i)] for i in order]
    card_w = card_width or float(rng.uniform(0.055, 0.095) * width * conditions.scale)
    canvas = _felt(rng, height, width, grain)
    labels = np.zeros((height, width), np.int32)
    placed = _place_groups(rng, layout, conditions=conditions, card_w=card_w, width=width,
                           height=height)
    tilt = _tilt(rng, conditions.angle, width, height) if conditions.angle else None
    final: list[tuple[Card | None, np.ndarray]] = []
    chip_slots = set(rng.integers(0, len(placed) + 1, conditions.chips).tolist())
    for number, (card, corners) in enumerate(placed, start=1):
        if tilt is not None:
            corners = cv2.perspectiveTransform(corners.reshape(1, 4, 2), tilt).reshape(4, 2)
        face = deck.face(card) if card is not None else deck.back()
        _paste(canvas, labels, face, corners, number)
        final.append((card, corners.astype(np.float32)))
        if number in chip_slots:
            _chip(canvas, labels, rng, card_w * rng.uniform(0.3, 0.45))
    for _ in range(sum(1 for slot in chip_slots if slot == 0 or slot > len(placed))):
        _chip(canvas, labels, rng, card_w * rng.uniform(0.3, 0.45))
    truth = []
    for number, (card, corners) in enumerate(final, start=1):
        shares = []
        for region in index_regions(corners):
            stencil = np.zeros_like(labels, np.uint8)
            cv2.fillPoly(stencil, [np.round(region).astype(np.int32)], 1)
            total = int(stencil.sum())
            mine = int((stencil.astype(bool) & (labels == number)).sum())
            inside = 0 <= region[:, 0].min() and region[:, 0].max() < width and \
                0 <= region[:, 1].min() and region[:, 1].max() < height
            shares.append(mine / total if total and inside else 0.0)
        truth.append(SceneCard(card, corners, (shares[0], shares[1])))
    image = _effects(canvas, rng, conditions)
    return Scene(image, tuple(truth), conditions)


def render_board(
    board: Sequence[Card],
    *,
    deck: Deckish,
    seed: int = 0,
    backs: int = 2,
    size: tuple[int, int] = (1280, 720),
    grain: float = 6.0,
) -> np.ndarray:
    """Return a fixed, calm table: the board in five slots across the middle, backs near the dealer.

    The same seed gives the same felt and slots, so consecutive steps of a scripted hand
    differ only by the cards dealt.
    """
    width, height = size
    rng = np.random.default_rng(seed)
    canvas = _felt(rng, height, width, grain)
    labels = np.zeros((height, width), np.int32)
    card_w = 0.08 * width
    card_h = card_w * CARD_H / CARD_W
    left = width / 2 - 2.5 * card_w * 1.15
    top = height / 2 - card_h / 2
    for slot, card in enumerate(board):
        x = left + slot * card_w * 1.15
        corners = np.array([[x, top], [x + card_w, top], [x + card_w, top + card_h],
                            [x, top + card_h]], np.float32)
        _paste(canvas, labels, deck.face(card), corners, slot + 1)
    for number in range(backs):
        x = width / 2 - card_w * (backs / 2 - number) * 1.1
        y = height - card_h - 0.04 * height
        corners = np.array([[x, y], [x + card_w, y], [x + card_w, y + card_h],
                            [x, y + card_h]], np.float32)
        _paste(canvas, labels, deck.back(), corners, 100 + number)
    return canvas
