"""The learned index-corner finder and reader: cards found without knowing the table.

Three networks (`resources/vision/corner_finder.onnx`, trained by
`scripts/vision_corners_train.py` and quantised to int8 by `scripts/vision_finder_int8.py`;
`corner_turn.onnx`, by `scripts/vision_turn_train.py`;
`corner_index.onnx`, by `scripts/vision_corner_index_train.py`), all taught on randomised
renders and the real development photos:

1. The finder looks at the whole frame (shrunk so its long side is at most `_LONG`
   pixels; finer for still photos and on bright tables: `CornerReader.look`) and gives,
   every 4 pixels, how likely an index corner's centre lies there and that corner's box
   size. Nothing in it depends on the table's colour: it learned corners on white,
   wooden, patterned, bright and dark tables.
2. Around each peak the index region is cut upright at the turns (of `TURNS`) the turn
   network names for it (the card may lie any way; `turned_regions`) as the index patch
   of `model` (grey and redness), and the reader names, at each turn, the rank glyph
   (2-10, A, the English J Q K, the French V D R, "another letter", or "no index") and,
   apart, the suit. The surest turn is kept: an index lying sideways or upside down is
   "no index" to the reader. Suits come from this network (four-colour decks included);
   no colour threshold changes them.
   The house's index letters (rules.yaml ``deck.index_letters``) say which glyphs name
   which court: a glyph the house does not use, or a letter the network does not know,
   is no card, never a sure one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from dealerassist.cards import Card, parse_card
from dealerassist.vision.model import (
    PATCH_H,
    PATCH_W,
    geometric_mean,
    ink_dark,
    normalise_patches,
    reading_image,
)
from dealerassist.vision.network import Network, load_network
from dealerassist.vision.quads import RECUTS, in_box, recut
from dealerassist.vision.shrink import shrunk

__all__ = ["DEFAULT_FINDER_PATH", "DEFAULT_READER_PATH", "DEFAULT_TURN_PATH", "GLYPHS",
           "INDEX_LETTERS", "RANKS", "SUITS", "TURNS", "TURN_PATCH", "CornerReader",
           "CornerReading", "FinderMaps", "finder_input", "heat_within", "turn_inputs",
           "turn_patch", "turned_regions", "turned_regions_at"]

_RESOURCES = Path(__file__).resolve().parents[1] / "resources" / "vision"
DEFAULT_FINDER_PATH = _RESOURCES / "corner_finder.onnx"
DEFAULT_READER_PATH = _RESOURCES / "corner_index.onnx"
DEFAULT_TURN_PATH = _RESOURCES / "corner_turn.onnx"
# The reader's rank glyphs, in its output order; "?" is any other letter. After them comes
# "no index", then the four suits.
GLYPHS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "A", "J", "Q", "K", "V", "D", "R", "?")
SUITS = "cdhs"
RANKS = "23456789TJQKA"  # the order of `CornerReading.ranks` (then "no rank")
_NUMBERS = {g: ("T" if g == "10" else g) for g in GLYPHS[:10]}
# The house's index letters: glyph -> rank symbol. French rooms use V, D, R (valet, dame,
# roi); English letters stay valid there (a room may mix decks). Nothing maps "?".
INDEX_LETTERS = {
    "standard": {**_NUMBERS, "J": "J", "Q": "Q", "K": "K"},
    "french": {**_NUMBERS, "J": "J", "Q": "Q", "K": "K", "V": "J", "D": "Q", "R": "K"},
}
_STRIDE = 4  # the finder's output step, input pixels
_LONG = 400  # the finder's input: the frame shrunk so its long side is at most this
# (on the development photos held apart from training the whole recogniser reads 0.578 of
# the cards at precision 0.911 with 400, 0.566 / 0.898 with 480, 0.446 / 0.895 with 640,
# 0.546 / 0.889 with 360; and the finder's time falls with the square of it)
# Finer looks (`CornerReader.look` with ``fine``): a frame whose long side is at least
# twice `_LONG` is also seen at twice the scale, and again where it holds four times
# `_LONG`, that last look at most _FINEST pixels long. An index a few pixels tall at the
# first look is one the finder finds at a finer one; a corner several looks find is read at
# each, the surest card kept (`_one_reading_a_corner`). Val photos (the train part's
# networks) at their own size on a 4032x3024 JPEG read as `recognize` reads it (decoded at
# half, 2016x1512), and amid 1920x1080 stills: 179 / 4 and 230 / 3 cards right / wrong
# (sure 135 / 1 and 193 / 1) at 1200, 207 / 7 and 227 / 4 (sure 162 / 0, 196 / 1) at 1600;
# the 12-MP photo's p50 75 -> 85 ms, p95 100 -> 107 (`scripts/vision_real_eval.py val
# --stills --jpeg 4032x3024`).
_FINEST = 1600
# A still photo under twice `_LONG` pixels long, but at least _OWN_LOOK times it, is also
# seen at its own size: its indices are some 15 pixels tall there where the first look
# shrinks them under the finder's reach. On the development photos held apart from
# training (the train part's networks), read as stills as they are / at their cameras' own
# shape / pressed to 0.6 of their height: 214 / 2, 208 / 5, 151 / 3 cards right / wrong
# looked at once; 217 / 3, 223 / 7, 167 / 7 so (sure right 455 -> 498); a 640-pixel
# photo's p50 some 20 ms longer, its p95 20 to 40.
_OWN_LOOK = 1.25
# A camera's frame is looked at at half its size, from `_LONG` to `_FRAME_LONG` pixels long:
# the cards of a camera over a whole table are small. Val photos enlarged to 720 high in
# 1280x720 frames, on bright tables (the learned corners read alone): 0.719 / 0.952 of the
# cards read at 400, 0.735 at 480, 0.779 at 560, 0.799 / 0.948 at 640 (sure 0.518 -> 0.667).
# Where the outline reader runs too, val photos in 1280x720 frames enlarged to 720 high /
# at their own size, and in 1600x900 frames (the train part's reader): 201 / 2, 198 / 7 and
# 185 / 4 cards right / wrong at 400; 213 / 7, 207 / 5, 194 / 4 at 480; 213 / 6, 209 / 6,
# 207 / 5 at 560; 217 / 3, 216 / 5, 210 / 4 at 640. Read whole on its own thread beside
# the outline reader, that look adds under a millisecond to a rendered frame's p95 (as two
# halves, 2 to 3 ms). A 640x640 close-up stays at 400 (0.819 / 0.954; 0.791 at 480).
_FRAME_LONG = 640
# A bright table's look, and a still photo's, are read as two halves, one on each core (the
# caller waits for them): each sees `_REACH` rows past the cut, as far as the finder's output
# depends on its input, so the maps are the whole look's (a 1280x720 frame at 640: 4.6
# ms, not 5.3). A look under `4 * _REACH` rows is read whole.
_REACH = 64
_PEAK = 0.2  # a finder peak this likely is a corner worth reading (94 % of the development
# photos' held-apart corners have one from 0.2, 85 % from 0.3)
# Corners read a look at most, likeliest first. A stud table shows up to 28 face-up cards,
# 56 indices: six drawn 28-card tables on white (the learned corners read alone) read 121
# of their 168 cards at 32, 160 at 64 (the same at 96; some 50 ms a frame, not 32). No
# development photo or render reaches 32 (read alike; the renders' most is 9).
_MAX_PEAKS = 64
_PATCH_CORNERS = np.array([[0, 0], [PATCH_W, 0], [PATCH_W, PATCH_H], [0, PATCH_H]], np.float32)
TURNS = 16  # turns at which a found corner's index is cut and read
# A corner whose surest turn reads a card this surely, not surely enough to count alone
# (`recogniser._LEARNED_READ`), is read again at the two half turns beside it (its index
# may lie between two turns); a half turn reading the same card more surely is kept.
_REFINE = (0.5, 0.9)
# A corner read from _RECUT[0] to under _RECUT[1] at its surest turn is cut again around it
# (`quads.recut`) and takes the geometric mean of the four readings: a card the cuts beside
# agree on stays as sure, one that a shift of a few pixels changes is doubted. Still photos,
# and a camera's frame of a bright table, where the outline reader's time is free (the
# recogniser's ``recut``). On the development photos held apart from training (the train
# part's networks), as 640x640 photos and amid 1280x720 and 1920x1080 stills: 620 cards
# right and 34 wrong without it, 624 and 21 with it and the learned cards taken from 0.6
# (`recogniser._LEARNED_MIN` otherwise); 605 and 13 from 0.7; 633 and 55 from 0.6 without
# it. As camera frames (five framings): 911 / 35 without it, 931 / 33 with it on bright
# tables, no more on every table (a real frame's p95 2 ms longer on a bright table).
_RECUT = (0.3, 0.95)
# Patches from which the reader's work is shared by two threads: a second copy of the
# network reads half on the other core (its forward releases the GIL; the same logits
# bit for bit). A patch takes some 85 us on one core: 32 corners at 3 turns, 8 ms.
_SPLIT_BATCH = 2 * TURNS
# The turn network (`corner_turn.onnx`) names the turn at which a found corner lies: it is
# read at that turn and the _TURN_NEAR beside it on each side, and at any other turn the
# network gives _TURN_ALSO or more (3 turns a corner, not 16). On the development photos
# held apart from training (the train part's networks) the whole recogniser reads 0.827 /
# 0.954 of the cards, 0.691 surely, every sure card right, against 0.823 / 0.945 and 0.691
# at every turn. The real held-out photos as 1280x720 frames (the bench's): p95 64 -> 41 ms.
_TURN_NEAR = 1
_TURN_ALSO = 0.1
# `heat_within` takes the boxes spanning at most this many cells a side together, one cell
# offset at a time, and each larger box alone. A still's fine looks see a large card's
# index regions dozens of cells wide: the widest one's offsets, taken for every box, cost
# up to 170 ms a photo. Val photos enlarged 4 times on 4032x3024 JPEGs: p95 237 -> 146 ms,
# the same readings; held-out photos in 1280x720 frames: 1.2 -> 0.2 ms a frame.
_FEW_CELLS = 6
_INDEX_ASPECT = 0.5  # an index region's width / height (the `model` patch's)
_REGION_GROW = 1.75  # an index region's height / the index's (the region holds a margin)
# The finder's box of an upright index, width / height. On the development photos at their
# cameras' own shape, the boxes of the corners read right that lie within 12 degrees of
# upright or of a quarter turn are 0.68 to 0.74 as wide as tall at the median (by camera
# and part; 566 corners). The shipped reader learned its cuts with 2/3.
_BOX_ASPECT = 2 / 3
_PRESS_FLOOR = 0.5  # the most an index is pressed: cos 60 degrees, the steepest camera
TURN_PATCH = 32  # the turn network's input: a square this many pixels on a side ...
_TURN_CROP = 1.6  # ... around a found corner, this many times its box's long side


@dataclass(frozen=True, slots=True)
class CornerReading:
    """One index corner found and read.

    Attributes:
        card: the card read, or None for "no card".
        probability: the reader's probability of ``card`` (of "no card" when None).
        found: the finder's probability that a corner lies there.
        box: the corner's box, frame pixels ``(x, y, w, h)``.
        turn: the turn (radians) at which its index stands upright: its right is
            ``(cos, sin)`` in the frame, its down ``(-sin, cos)``.
        ranks: the reader's probabilities of the 13 ranks (2 to A) and of "no rank" there.
        suits: its probabilities of the four suits (`SUITS`) there.
        indices: how many of its card's indices it reads (2: both, read together by
            `corner_pairs.paired`).
        foreign: how likely its glyph, at that turn, is a letter the house does not use
            (another deck's court letter: `opinions`).

    """

    card: Card | None
    probability: float
    found: float
    box: tuple[float, float, float, float]
    turn: float = 0.0
    ranks: tuple[float, ...] = ()
    suits: tuple[float, ...] = ()
    indices: int = 1
    foreign: float = 0.0


@dataclass(frozen=True, slots=True)
class FinderMaps:
    """The finder's output on one frame (`CornerReader.look`).

    Attributes:
        maps: (3, H/4, W/4): the corner logit, then the log of the box's width and height.
        scale: the frame's scale in the finder's input.
        shape: the frame's (height, width).
        finer: the finder's next look at the frame, at a finer scale, or None.

    """

    maps: np.ndarray
    scale: float
    shape: tuple[int, int]
    finer: FinderMaps | None = None


def _maps_peaks(seen: FinderMaps, least: float
                ) -> list[tuple[float, tuple[float, float, float, float]]]:
    """Return (probability, box in frame pixels) of each peak of one look, likeliest first.

    A peak: a local maximum of the maps at ``least`` or more.
    """
    maps, scale = seen.maps, seen.scale
    heat = 1.0 / (1.0 + np.exp(-maps[0]))
    top = cv2.dilate(heat, np.ones((3, 3), np.uint8))
    ys, xs = np.nonzero((heat >= top) & (heat >= least))
    order = np.argsort(-heat[ys, xs])
    out = []
    for gy, gx in zip(ys[order], xs[order], strict=True):
        cx, cy = gx * _STRIDE / scale, gy * _STRIDE / scale
        w, h = np.exp(maps[1:3, gy, gx]) / scale
        out.append((float(heat[gy, gx]),
                    (float(cx - w / 2), float(cy - h / 2), float(w), float(h))))
    return out


def heat_within(seen: FinderMaps, regions: Sequence[np.ndarray]) -> np.ndarray:
    """Return, for each region (4 corners, frame pixels), the finder's surest cell in it.

    How likely a corner's centre lies there, the most of any cell the region's box covers
    at any of the finder's looks (``seen`` and its finer ones): 0 where none reaches it.
    """
    out = np.zeros(len(regions), np.float32)
    if not len(regions):
        return out
    boxes = np.stack([np.asarray(r, np.float32) for r in regions])
    lows, highs = boxes.min(axis=1), boxes.max(axis=1)
    look: FinderMaps | None = seen
    while look is not None:
        heat = 1.0 / (1.0 + np.exp(-look.maps[0]))
        rows, cols = heat.shape
        step = _STRIDE / look.scale  # frame pixels a cell
        first = np.maximum(np.floor(lows / step).astype(int), 0)  # (x, y) of each box's cells
        last = np.minimum(np.ceil(highs / step).astype(int), [cols - 1, rows - 1])
        spans = last - first
        small = (spans <= _FEW_CELLS).all(axis=1)
        # Every small box at once, one cell offset at a time; a large one alone.
        for dy in range(int(spans[small, 1].max(initial=-1)) + 1):
            for dx in range(int(spans[small, 0].max(initial=-1)) + 1):
                x, y = first[:, 0] + dx, first[:, 1] + dy
                inside = small & (x <= last[:, 0]) & (y <= last[:, 1])
                cell = heat[np.minimum(y, rows - 1), np.minimum(x, cols - 1)]
                np.maximum(out, np.where(inside, cell, 0.0), out=out)
        for n in np.flatnonzero(~small & (spans >= 0).all(axis=1)):
            (left, top), (right, bottom) = first[n], last[n]
            out[n] = max(out[n], heat[top:bottom + 1, left:right + 1].max())
        look = look.finer
    return out


def _one_reading_a_corner(readings: list[CornerReading], looks: list[int]
                          ) -> list[CornerReading]:
    """Keep one reading of each corner: the surest card.

    ``looks``: the look each reading comes from. A reading lying on a surer one of
    another look (either's centre inside the other's box) is dropped; "no card" counts
    below any card. Within one look, a card lying on a surer other card, each centre
    inside the other's box, is the same index found twice and is dropped too (on the val
    part in seven framings, two train-part readers: 1,422 / 43 and 1,423 / 42 cards right
    / wrong with both kept, 1,421 / 38 and 1,421 / 37 with one); two corners of one look
    further apart, or reading one card, both stay.
    """
    if len(readings) < 2:
        return readings
    boxes = np.array([r.box for r in readings], np.float64)
    centres = boxes[:, :2] + boxes[:, 2:] / 2
    # inside[i, j]: reading i's centre lies in reading j's box (edges included)
    inside = np.all((centres[:, None] >= boxes[None, :, :2])
                    & (centres[:, None] <= boxes[None, :, :2] + boxes[None, :, 2:]), axis=2)
    look = np.asarray(looks)
    ids: dict[Card, int] = {}
    code = np.array([-1 if r.card is None else ids.setdefault(r.card, len(ids))
                     for r in readings])
    other = (code[:, None] != code[None, :]) & (code[:, None] >= 0) & (code[None, :] >= 0)
    # on another look, either centre in the other's box; on the same look, both, two cards
    twice = np.where(look[:, None] != look[None, :], inside | inside.T, inside & inside.T & other)
    clash = np.flatnonzero(twice.any(axis=1))
    if not len(clash):
        return readings
    kept = ~twice.any(axis=1)  # readings that clash with none stay; the others, surest first
    for n in sorted(clash.tolist(), key=lambda n: (code[n] < 0, -readings[n].probability)):
        kept[n] = not (twice[n] & kept).any()
    return [reading for reading, keep in zip(readings, kept, strict=True) if keep]


def _softmax(logits: np.ndarray) -> np.ndarray:
    shifted = np.exp(logits - logits.max(axis=1, keepdims=True))
    return shifted / shifted.sum(axis=1, keepdims=True)


def turned_regions(box: tuple[float, float, float, float], turns: int = TURNS) -> list[np.ndarray]:
    """Return upright index regions (TL, TR, BR, BL) around a found corner, one per turn.

    A corner's box is upright in the frame, its card may lie any way: for each of ``turns``
    angles, the index rectangle (`_INDEX_ASPECT` wide for its height) of the index whose
    upright box is ``box``, pressed along the frame's height or width as a tilted camera
    sees it, `_REGION_GROW` times the index's height.
    """
    return list(turned_regions_at([box] * turns, 2 * np.pi * np.arange(turns) / turns))


_UNIT = np.array([[-0.5, -0.5], [0.5, -0.5], [0.5, 0.5], [-0.5, 0.5]])


def turned_regions_at(boxes: Sequence[tuple[float, float, float, float]],
                       turns: Sequence[float] | np.ndarray) -> np.ndarray:
    """Return the index regions (N, 4, 2: TL, TR, BR, BL) around boxes turned by radians.

    One region per (box, turn) pair, all worked out at once (a frame's corners at their
    turns are a few hundred).
    """
    boxes_ = np.asarray(boxes, np.float64).reshape(-1, 4)
    t = np.asarray(turns, np.float64)
    x, y, w, h = boxes_.T
    cos, sin = np.cos(t), np.sin(t)
    c, s = np.abs(cos), np.abs(sin)
    # An index h tall has a box k h wide (k: `_BOX_ASPECT`); turned by t its upright box is
    # (h (k c + s), h (k s + c)). A camera tilted toward the table's far side presses every
    # index along the frame's height (one tilted sideways, along its width): the side not
    # pressed tells h, the other how much it is pressed (down to `_PRESS_FLOOR`), and the
    # region is pressed alike, so the patch shows the index at its own shape.
    from_w, from_h = w / (_BOX_ASPECT * c + s), h / (_BOX_ASPECT * s + c)
    tall = np.maximum(np.maximum(from_w, from_h), 1e-6)  # a zero box: no division by zero
    press_x = np.clip(from_w / tall, _PRESS_FLOOR, 1.0)[:, None]
    press_y = np.clip(from_h / tall, _PRESS_FLOOR, 1.0)[:, None]
    down = _UNIT[None, :, 1] * (tall * _REGION_GROW)[:, None]
    across = _UNIT[None, :, 0] * (tall * _REGION_GROW * _INDEX_ASPECT)[:, None]
    xs = (across * cos[:, None] + down * (-sin)[:, None]) * press_x + (x + w / 2)[:, None]
    ys = (across * sin[:, None] + down * cos[:, None]) * press_y + (y + h / 2)[:, None]
    return np.stack([xs, ys], axis=2).astype(np.float32)


def _turned_region(box: tuple[float, float, float, float], t: float) -> np.ndarray:
    """Return the index region (TL, TR, BR, BL) around ``box`` turned by ``t`` radians."""
    return turned_regions_at([box], [t])[0]


class CornerReader:
    """Find and read the index corners of a BGR frame."""

    def __init__(self, finder_path: Path = DEFAULT_FINDER_PATH,
                 reader_path: Path = DEFAULT_READER_PATH, *, engine: str | None = None,
                 letters: str = "standard", turn_path: Path | None = DEFAULT_TURN_PATH) -> None:
        if letters not in INDEX_LETTERS:
            raise ValueError(f"unknown index letters {letters!r} "
                             f"(known: {', '.join(INDEX_LETTERS)})")
        # glyph class -> rank column (13 ranks); unmapped glyphs and "no index" add to none
        self._rank_of = np.zeros((len(GLYPHS) + 1, len(RANKS) + 1), np.float32)
        for n, glyph in enumerate(GLYPHS):
            rank = INDEX_LETTERS[letters].get(glyph)
            self._rank_of[n, RANKS.index(rank) if rank else len(RANKS)] = 1.0
        self._rank_of[len(GLYPHS), len(RANKS)] = 1.0
        # glyphs (not "no index") the house does not use
        self._foreign = self._rank_of[:-1, -1].copy()
        self._cards = [parse_card(r + s) for r in RANKS for s in SUITS]
        self._finder: Network = load_network(
            finder_path, what="corner finder", script="vision_corners_train.py", engine=engine,
            split=2)
        self._reader: Network = load_network(
            reader_path, what="corner reader", script="vision_corner_index_train.py",
            engine=engine, split=_SPLIT_BATCH)
        self._turn: Network | None = (
            load_network(turn_path, what="corner turn network", script="vision_turn_train.py",
                         engine=engine) if turn_path is not None and turn_path.is_file() else None)

    def look(self, frame: np.ndarray, *, fine: bool = False, alone: bool = False
             ) -> FinderMaps:
        """Run the finder on a BGR frame: its output maps and the scale it saw the frame at.

        With ``fine``, a frame at least twice `_LONG` pixels long is seen again at twice
        the scale, and again where the frame holds it, up to `_FINEST` (`FinderMaps.finer`:
        400, 800, 1600 pixels long); a shorter one, from `_OWN_LOOK` times `_LONG`, again
        at its own size. Else (a camera's frame) it is seen once at half its size, `_LONG`
        to `_FRAME_LONG` pixels long. A still's looks, and with ``alone`` (a camera's frame
        on a bright table, the learned corners read alone) the frame's, are read as two
        halves, one on each core (`_REACH`); a look beside the outline reader, whole.
        Nothing here depends on what the outline reader found: the recogniser runs it on
        another thread while the outline reader works (its forward releases the GIL).
        """
        height, width = frame.shape[:2]
        long_side = max(height, width)
        first = _LONG if fine else max(_LONG, min(_FRAME_LONG, long_side / 2))
        scales = [min(1.0, first / long_side)]
        while fine and _LONG * 2 ** len(scales) <= long_side:
            scales.append(min(2 * scales[-1], _FINEST / long_side))
        if fine and len(scales) == 1 and long_side >= _OWN_LOOK * _LONG:
            scales.append(1.0)
        maps = [self._forward(frame, scale, halves=alone or fine, fast=fine) for scale in scales]
        seen = None
        for scale, found in zip(reversed(scales), reversed(maps), strict=True):
            seen = FinderMaps(found, scale, (height, width), seen)
        assert seen is not None
        return seen

    def _forward(self, frame: np.ndarray, scale: float, *, halves: bool = False,
                 fast: bool = False) -> np.ndarray:
        """Return the finder's maps of ``frame`` shrunk by ``scale``.

        ``halves``: its top and bottom halves read as a batch of two, one on each core
        (`_REACH`). ``fast``: shrunk with its last step bilinear (`shrink.shrunk`), as a
        still photo's looks are: a 12-MP photo's p50 some 14 ms shorter (three runs
        alternated: 81-92 against 96-112 ms), and the development photos held apart from
        training read alike (the train part's networks, as stills / amid 1920x1080
        stills: 219 / 5 and 212 / 5 cards right / wrong with area averaging, 219 / 3 and
        211 / 7 so). A camera's frame, whose shrinking takes a millisecond, keeps area
        averaging: drawn clubs pressed as a tilted camera sees them lie near the sure line.
        """
        height, width = frame.shape[:2]
        target = (max(1, round(width * scale)), max(1, round(height * scale)))
        small = shrunk(frame, target, fast=fast) if scale < 1.0 else frame
        height = small.shape[0]
        if not halves or height < 4 * _REACH:
            return self._finder.forward(finder_input([small], height))[0]
        whole = (height + -height % 16) // _STRIDE  # the whole look's rows of maps
        cut = 16 * round(height / 32)
        maps = self._finder.forward(finder_input([small[:cut + _REACH], small[cut - _REACH:]],
                                                  height - cut + _REACH))
        skip = _REACH // _STRIDE
        return np.concatenate([maps[0][:, :cut // _STRIDE],
                               maps[1][:, skip:skip + whole - cut // _STRIDE]], axis=1)

    def peaks(self, frame: np.ndarray, *, skip: Sequence[tuple[int, int, int, int]] = (),
              least: float = _PEAK, seen: FinderMaps | None = None,
              ) -> list[tuple[float, tuple[float, float, float, float]]]:
        """(probability, box in frame pixels) of each corner the finder sees, likeliest first.

        Peaks under ``least``, or centred inside a ``skip`` box, are left out before the
        `_MAX_PEAKS` likeliest of each look are taken. ``seen``: this frame's `look`, when
        already run (else it is run once; a still's finer looks: ``seen=look(frame,
        fine=True)``). A corner may be found by several looks.
        """
        found = [peak for look in self._looks(frame, skip, least, seen) for peak in look]
        return sorted(found, key=lambda peak: -peak[0])

    def _looks(self, frame: np.ndarray, skip: Sequence[tuple[int, int, int, int]],
               least: float, seen: FinderMaps | None,
               ) -> list[list[tuple[float, tuple[float, float, float, float]]]]:
        """Return the peaks of each of the finder's looks at ``frame`` (`peaks`), by look."""
        height, width = frame.shape[:2]
        if seen is None or seen.shape != (height, width):
            seen = self.look(frame)
        out = []
        maps: FinderMaps | None = seen
        while maps is not None:
            look: list[tuple[float, tuple[float, float, float, float]]] = []
            for p, box in _maps_peaks(maps, max(least, _PEAK)):
                x, y, w, h = box
                cx, cy = x + w / 2, y + h / 2
                if cx >= width or cy >= height or any(  # on the padding, or on a card read
                        in_box((cx, cy), b) for b in skip):
                    continue
                look.append((p, box))
                if len(look) == _MAX_PEAKS:
                    break
            out.append(look)
            maps = maps.finer
        return out

    def _read_regions(self, frame: np.ndarray, regions: list[np.ndarray]
                      ) -> tuple[np.ndarray, ...]:
        """Read each region (TL, TR, BR, BL) of ``frame`` as one patch.

        Returns the glyph probabilities (n, glyphs + no index), the rank probabilities
        (n, 13 ranks + none), the suit probabilities (n, 4), the likeliest rank and suit of
        each, and how sure that card is (rank probability times suit probability).
        """
        colour = np.stack([_cut(frame, region) for region in regions])
        patches = reading_image(colour.reshape(-1, PATCH_W, 3)).reshape(
            len(regions), PATCH_H, PATCH_W, 2)
        logits = self._reader.forward(ink_dark(normalise_patches(patches)))
        glyphs = _softmax(logits[:, : len(GLYPHS) + 1])
        suits = _softmax(logits[:, len(GLYPHS) + 1 :])
        ranks = glyphs @ self._rank_of
        best_rank, best_suit = ranks[:, :-1].argmax(axis=1), suits.argmax(axis=1)
        rows = np.arange(len(ranks))
        return (glyphs, ranks, suits, best_rank, best_suit,
                ranks[rows, best_rank] * suits[rows, best_suit])

    def opinions(self, frame: np.ndarray, regions: list[np.ndarray]
                 ) -> list[tuple[float, Card | None, float, str]]:
        """Read upright index regions (TL, TR, BR, BL) as they are, one turn each.

        Returns, per region: how likely its glyph is foreign to the house (a letter the
        house's letters do not name: another deck's, or a French one in an English house),
        the card read (None: no index, or a glyph the house lacks), its probability, and
        the likeliest glyph (`GLYPHS`).
        """
        if not regions:
            return []
        glyphs, ranks, _, best_rank, best_suit, sure = self._read_regions(frame, regions)
        foreign = glyphs[:, :-1] @ self._foreign
        glyph = glyphs[:, :-1].argmax(axis=1)
        return [(float(f), None if p <= ranks[n, -1] else
                 self._cards[int(best_rank[n]) * len(SUITS) + int(best_suit[n])], float(p),
                 GLYPHS[int(glyph[n])])
                for n, (f, p) in enumerate(zip(foreign, sure, strict=True))]

    def read(self, frame: np.ndarray, *, skip: Sequence[tuple[int, int, int, int]] = (),
             least: float = _PEAK, seen: FinderMaps | None = None, recut: bool = False,
             ) -> list[CornerReading]:
        """Return every corner found, read at its surest turn.

        Corners inside a ``skip`` box (a card already read), or found less surely than
        ``least``, are not read (`peaks`; ``seen``: this frame's `look`, when already run).
        A corner several looks found: one reading, the surest. An unsure corner is read
        again at the half turns beside (`_refine`), then, with ``recut``, cut again
        (`_recut`).
        """
        looks = self._looks(frame, skip, least, seen)
        found = [peak for look in looks for peak in look]
        if not found:
            return []
        turns = self._turns(frame, [box for _, box in found])
        regions = list(turned_regions_at(
            [box for (_, box), ks in zip(found, turns, strict=True) for _ in ks],
            [2 * np.pi * k / TURNS for ks in turns for k in ks]))
        glyphs, ranks, suits, best_rank, best_suit, sure = self._read_regions(frame, regions)
        foreign = glyphs[:, :-1] @ self._foreign
        ends = np.cumsum([len(ks) for ks in turns])
        rows = [slice(int(end) - len(ks), int(end)) for end, ks in zip(ends, turns, strict=True)]
        best = [row.start + int(sure[row].argmax()) for row in rows]
        chosen = [(box, turns[n][best[n] - rows[n].start], best[n])
                  for n, (_, box) in enumerate(found)]
        self._refine(frame, chosen, ranks, best_rank, best_suit, sure)
        if recut:
            self._recut(frame, [regions[t] for t in best], ranks, suits, best_rank,
                        best_suit, sure, rows=best)
        out = []
        for n, (score, box) in enumerate(found):
            t = best[n]
            seen_as = {"turn": 2 * np.pi * chosen[n][1] / TURNS,
                       "ranks": tuple(ranks[t].tolist()), "suits": tuple(suits[t].tolist()),
                       "foreign": float(foreign[t])}
            if sure[t] <= ranks[t, -1]:  # no index at any turn, or a glyph the house lacks
                out.append(CornerReading(None, float(ranks[rows[n], -1].min()), score, box,
                                         **seen_as))
                continue
            card = self._cards[int(best_rank[t]) * len(SUITS) + int(best_suit[t])]
            out.append(CornerReading(card, float(sure[t]), score, box, **seen_as))
        out = _one_reading_a_corner(out, [n for n, look in enumerate(looks) for _ in look])
        return out

    def _turns(self, frame: np.ndarray, boxes: list[tuple[float, float, float, float]]
               ) -> list[list[int]]:
        """Return the turns (of `TURNS`) at which to read each corner found, in order.

        Every turn without the turn network; with it, its likeliest turn and the turns
        beside (`_TURN_NEAR`), and any other it gives `_TURN_ALSO` or more.
        """
        if self._turn is None:
            return [list(range(TURNS))] * len(boxes)
        logits = self._turn.forward(turn_inputs(np.stack([turn_patch(frame, b) for b in boxes])))
        likely = _softmax(logits)
        out = []
        for p in likely:
            top = int(p.argmax())
            near = {(top + d) % TURNS for d in range(-_TURN_NEAR, _TURN_NEAR + 1)}
            out.append(sorted(near | set(np.flatnonzero(p >= _TURN_ALSO).tolist())))
        return out

    def _refine(self, frame: np.ndarray,
                chosen: list[tuple[tuple[float, float, float, float], int, int]],
                ranks: np.ndarray, best_rank: np.ndarray, best_suit: np.ndarray,
                sure: np.ndarray) -> None:
        """Read unsure corners again at the half turns beside their surest (`_REFINE`).

        ``chosen``: each corner's box, its surest turn (of `TURNS`) and that reading's row
        in ``ranks``, ``best_rank``, ``best_suit`` and ``sure`` (`_read_regions`' answers);
        a half turn reading the same card as its turn, more surely, takes that row's place.
        """
        todo: list[tuple[int, np.ndarray]] = []
        for box, k, t in chosen:
            if _REFINE[0] <= sure[t] < _REFINE[1] and sure[t] > ranks[t, -1]:
                todo += [(t, _turned_region(box, np.pi * (2 * k + side) / TURNS))
                         for side in (1, -1)]
        if not todo:
            return
        _, again, _, rank, suit, surer = self._read_regions(frame,
                                                            [region for _, region in todo])
        for j, (t, _) in enumerate(todo):
            if surer[j] > sure[t] and rank[j] == best_rank[t] and suit[j] == best_suit[t]:
                sure[t], ranks[t] = surer[j], again[j]

    def _recut(self, frame: np.ndarray, regions: list[np.ndarray], ranks: np.ndarray,
               suits: np.ndarray, best_rank: np.ndarray, best_suit: np.ndarray,
               sure: np.ndarray, *, rows: list[int]) -> None:
        """Read unsure corners again cut slightly shifted and scaled (`_RECUT`), in place.

        ``regions``: each corner's region at its surest turn; ``rows``: that reading's row
        in the arrays (`_read_regions`' answers, ``suits`` the suit probabilities). A
        corner's rank and suit probabilities become the geometric means (renormalised) of
        its reading and its cuts', and its card the likeliest of those.
        """
        todo = [(t, region) for t, region in zip(rows, regions, strict=True)
                if _RECUT[0] <= sure[t] < _RECUT[1]]
        if not todo:
            return
        _, again, again_suits, _, _, _ = self._read_regions(
            frame, [cut for _, region in todo for cut in recut(region)])
        count = len(RECUTS)
        for j, (t, _) in enumerate(todo):
            rank = geometric_mean(np.vstack([ranks[t], again[j * count:(j + 1) * count]]))
            suit = geometric_mean(np.vstack([suits[t],
                                              again_suits[j * count:(j + 1) * count]]))
            best_rank[t], best_suit[t] = int(rank[:-1].argmax()), int(suit.argmax())
            ranks[t], suits[t] = rank, suit
            sure[t] = rank[best_rank[t]] * suit[best_suit[t]]


def finder_input(images: list[np.ndarray], rows: int) -> np.ndarray:
    """Return BGR images as the finder's input batch.

    Each is padded (its edge pixels repeated) to ``rows`` or more rows, rows and width up to
    multiples of 16.
    """
    rows = max([rows, *(image.shape[0] for image in images)])
    rows += -rows % 16
    width = images[0].shape[1]
    padded = [cv2.copyMakeBorder(image, 0, rows - image.shape[0], 0, -width % 16,
                                 cv2.BORDER_REPLICATE) for image in images]
    return np.ascontiguousarray(np.stack(padded).transpose(0, 3, 1, 2), np.float32)


def turn_patch(frame: np.ndarray, box: tuple[float, float, float, float],
               angle: float = 0.0) -> np.ndarray:
    """Return the BGR square (`TURN_PATCH` pixels) the turn network sees around a box.

    ``angle`` (radians, training only) turns the square about the box's centre: an index
    at turn ``t`` in the frame lies at turn ``t - angle`` in the patch.
    """
    x, y, w, h = box
    k = _TURN_CROP * max(w, h) / TURN_PATCH
    c, s = np.cos(angle) * k, np.sin(angle) * k
    half = (TURN_PATCH - 1) / 2
    centre = (x + w / 2 - 0.5, y + h / 2 - 0.5)
    matrix = np.array([[c, -s, centre[0] - (c - s) * half],
                       [s, c, centre[1] - (s + c) * half]], np.float64)
    return cv2.warpAffine(frame, matrix, (TURN_PATCH, TURN_PATCH),
                          flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                          borderMode=cv2.BORDER_REPLICATE)


def turn_inputs(patches: np.ndarray) -> np.ndarray:
    """uint8 BGR (N, `TURN_PATCH`, `TURN_PATCH`, 3) squares -> the turn network's input."""
    two = reading_image(patches.reshape(-1, TURN_PATCH, 3)).reshape(
        len(patches), TURN_PATCH, TURN_PATCH, 2)
    return ink_dark(normalise_patches(two))


def _cut(frame: np.ndarray, region: np.ndarray) -> np.ndarray:
    """Return the BGR patch of ``frame`` inside ``region`` (TL, TR, BR, BL), upright."""
    matrix = cv2.getPerspectiveTransform(np.asarray(region, np.float32), _PATCH_CORNERS)
    return cv2.warpPerspective(frame, matrix, (PATCH_W, PATCH_H), flags=cv2.INTER_AREA,
                               borderMode=cv2.BORDER_REPLICATE)
