"""Frame -> cards: two readers, one per kind of evidence, each card reported once.

1. The outline reader: card outlines (bright card stock against the table) and
   hypotheses for cards in piles and fans (`geometry`), both index corners of each cut
   upright and read by the index network (`model`), the two corners fused. It is not run
   on a bright table, where no outline stands out (`_BRIGHT_TABLE`).
2. The learned corners (`corners`): a finder that sees index corners on any table and a
   reader that names them at any turn; they add the cards the outline reader missed, and
   judge the outline reader's readings (the house's letters, a second opinion).

A card cropped to its border (a photo of one card) is framed and read again. Backs are
"no index" to both networks, and what either finds pictured on a back the outline reader
saw is no card (`_PICTURE`, `_BACK_MIDDLE`). Drawing the result is the UI's business.
Each rule below carries the figure on the real development photos (``vision-real-dev``,
``scripts/vision_real_eval.py dev``: recall / precision, then the same for readings at
0.95 or more) that keeps it: what the recogniser reads without it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path

import cv2
import numpy as np

from dealerassist.cards import Card
from dealerassist.errors import RecognitionError
from dealerassist.vision.calibration import TableCalibration
from dealerassist.vision.corner_pairs import paired
from dealerassist.vision.corners import (
    DEFAULT_FINDER_PATH,
    DEFAULT_READER_PATH,
    CornerReader,
    FinderMaps,
    heat_within,
)
from dealerassist.vision.exposure import exposed
from dealerassist.vision.geometry import (
    DETECT_LONG_SIDE,
    CardQuad,
    CardSearch,
    card_stock_share,
    grid_weights,
    index_regions,
    inside_shares,
)
from dealerassist.vision.image_file import read_image
from dealerassist.vision.model import (
    DEFAULT_MODEL_PATH,
    NO_INDEX,
    PATCH_H,
    PATCH_W,
    IndexClassifier,
    best_cards,
    choose_framings,
    framing_scores,
    fuse_pairs,
    reading_image,
)
from dealerassist.vision.quads import RECUTS, in_box, overlap, recut
from dealerassist.vision.sighting import Sighting
from dealerassist.vision.table_view import SLANT, TableView, table_view

__all__ = ["Reading", "Recogniser", "Trace", "extract_patch", "read_image"]

_SMALLEST = 24  # pixels: a frame narrower than this holds no legible index (bad input)
# A frame more than this share of which is card stock to the outline reader (bright,
# unsaturated: `geometry.card_stock_share`) is a bright table (a white desk, light wood, a
# beige cloth): no card outline stands out from it, and only the learned corners read it.
# Real photos: development 0.916 / 0.980 of the cards, 0.803 surely, against 0.913 /
# 0.977, 0.792 with the outline reader; held apart from training 0.819 / 0.953, 0.683
# against 0.827 / 0.954, 0.691 (the outline reader's hypotheses over a table of "card
# stock" find next to nothing and cost 20-40 ms). Rendered tables (felt) hold at most 0.36.
# Near-black pixels are left out of the share (`geometry._NEAR_BLACK`): a white desk half
# covered by the black deck is a bright table too. Development photos, the val part (the
# train part's reader) / the whole split (the shipped one): 209 / 6 and 627 / 16 cards
# right / wrong either way, p95 58 -> 39 and 53 -> 38-41 ms a photo (runs alternated).
_BRIGHT_TABLE = 0.5
# A frame read empty whose shape is a card's (short / long side in this range; a 16:9
# camera frame, 0.5625, is none: its retry cost a real frame read empty 19 ms) may be a
# photo cropped to one card: it is read again shrunk to this width, on this border
# (`test_defect_issue_42_single_card_cropped_to_its_border_is_read`).
_ONE_CARD_SHAPE = (0.6, 0.9)
# ... unless the learned corners read this many cards in it: a table photographed at 3:4
# or 4:3 (a phone's photos) or pressed by a tilted camera has a card's shape too, and
# read as one card it lost every card but one; one card's two indices, misread, give two
# (val photos in six framings: 1,066 cards right and 56 wrong, 1,037 and 61 read as one
# card; from two cards, a 100-pixel ten of spades cropped to its border read Ts and Tc).
_A_TABLE = 3
_ONE_CARD_WIDTH = 100
_ONE_CARD_BORDER = (30, 30, 30)
# The learned corners (`Recogniser._learned_cards`): a corner read at _LEARNED_READ or
# more at a finder peak of _LEARNED_READ_PEAK or more counts as read; any other counts its
# reading times how surely the finder saw a corner there (in full from _LEARNED_FOUND),
# and only from _LEARNED_CORNER. A card read at one corner only is capped at
# _LEARNED_ONE. In a still photo, and in a camera's frame of a bright table (no outline
# reader ran: its time is free), an unsure corner is cut again (`corners._RECUT`) and a
# card is added from ``min_confidence``, as the outline reader's are; in another camera
# frame, whose time is short, from _LEARNED_MIN.
# Without the learned corners: 0.077 / 0.943 on the real held-out photos (0.731 / 0.985 with).
# Why a sure reading needs no strong peak: fanned cards peak weakly. On the development
# photos held apart from training (the train part's networks), the whole recogniser reads
# 0.823 / 0.945 of the cards, 0.691 surely, every sure card right; reading times peak
# alone, without the half turns (`corners._REFINE`) either: 0.799 / 0.948, 0.606. Why not
# from a weaker peak: from 0.2 it reads 0.839 / 0.938 there, but development renders
# (seed 2027, 360 frames) have 4 backs read as cards at peaks of 0.20 to 0.31 (none from
# 0.35).
_LEARNED_READ = 0.9
_LEARNED_READ_PEAK = 0.35
_LEARNED_CORNER = 0.5
_LEARNED_FOUND = 0.5
_LEARNED_ONE = 0.99
_LEARNED_MIN = 0.7
# Corners read as one card are its witnesses only within _LEARNED_REACH times the larger
# finder box's longer side of its surest corner: on the development photos, 1,554 of the
# 1,558 pairs of corners read right as one card lie so near (median 2.9). One read further
# off is not that card's: it neither makes the card surer nor stretches its box, and so
# its zone, across the table.
_LEARNED_REACH = 8.0
# A learned corner's reading as one witness of its card: (p, box, how many of the card's
# indices it read: 2 where `corner_pairs.paired` read them together).
_Witness = tuple[float, tuple[float, float, float, float], int]
# An outline reading whose glyph is this likely foreign to the house (G-DECK: rules.yaml
# `deck.index_letters`) is dropped (on 240 development renders, seed 2027: 1,633 of 1,666
# cards read with 0.5, 1,644 with 0.7; the development photos' figures the same) ...
_FOREIGN = 0.7
# ... and from this likely, a proposal (`_DISPUTED`): on the development photos (standard
# decks) 392 sure readings instead of 396, precision 0.992 both; in six drawn scenes each
# of Dutch and of French courts in a standard house, 4 of the 9 sure readings go.
_FOREIGN_DOUBT = 0.1
# G-DECK: a frame where the corner reader reads such a letter (_FOREIGN: on an outline
# reading's index, or a learned corner's at a finder peak from _LEARNED_READ_PEAK) holds a
# deck printing letters the house does not name, whose other letters it may take for the
# house's glyphs (a French D for a queen, a German B for an eight, surely): nothing in
# that frame is sure (_DISPUTED), the dealer confirms. No development photo has such a
# learned corner (the likeliest 0.37); val and renders read alike. On 48 drawn tables of
# six courts each in a standard house (`scripts/vision_design_checks.py`: `courts`), sure
# readings of other cards than the deck's kings: French V D R 3 -> 0, Dutch B V H 5 -> 0,
# German B D K 5 -> 2 (a D, Dame, read as a queen where no other letter shows).
_LETTERED = True
# An outline reading the corner reader reads, at least this surely, as another card is a
# proposal (real dev: sure precision 0.9867 without, 0.9893 with; the same recall).
_OTHER_OPINION = 0.5
# ... unless the card's other index reads the outline's card this surely (G-DECK): a deck
# prints one letter at both corners, and a small or blurred eight read as a "B" at one
# corner reads as the eight at the other. Development renders (seeds 2027, 2029: 3,338 cards), the
# shipped reader: 3,275 read without this, 3,283 with it, 3,286 from 0.5 (3,293 with no
# letter dropped), false reports 37 without it, 36 with it; a German "B" misread as an
# eight at one corner must not pass, hence not lower.
_ACROSS = 0.7
_LETTERS_IT_LACKS = ("V", "D", "R")  # ... unless its glyph is one the index network lacks
# Regions under this share of card stock (the closed mask: ink holes filled) are not read:
# a back, the felt or a chip holds no index (speed: most hypotheses' corners on a table).
_MIN_PAPER = 0.3
_PAPER_GRID = grid_weights(6)
# Patches from which the network's work is shared by two threads (the forward releases
# the GIL; a second copy of the network reads half on the other core).
_SPLIT_BATCH = 6
_SURE = 0.95  # an index read this surely needs no second look (another hypothesis, or closer)
_DISPUTE = 0.5  # two corners read as different cards at least this surely: a dispute
_DISPUTED = 0.85  # a disputed reading's confidence: below CONFIRM_BELOW, above the floor
_INDEPENDENCE = 0.75  # how far two corners of one card count as independent (model.fuse)
# The second look: an index that may be a card (_REREAD_LOW) on an outline read below
# _REREAD_HIGH is cut again (`quads.recut`), averaged (real dev without it: 0.7744 /
# 0.9399, against 0.7773 / 0.9485).
_REREAD_LOW = 0.2
_REREAD_HIGH = 0.98
_REREAD_MAX = 8  # regions read again per pass at most, likeliest cards first (latency)
# The close framing: a region not read surely (_FRAMED) is read again shrunk towards the
# card's corner (_CLOSE), the surer framing kept (real dev without it: 0.7729 / 0.9448).
_CLOSE = 0.85
_FRAMED = 0.999
# An index region lying this much on a card already read as the same card is that card's
# own index, not a second card (real dev: no effect; a false IRR-DECK otherwise,
# test_IRR_DECK_a_cards_own_bottom_index_read_by_a_hypothesis_beside_it_is_not_a_second_card).
_OWN_INDEX = 0.5
# An index region lying this much on one that an outline over a card kept read as that card,
# as surely or more, is that index read again: a second cut of one index (another quad's
# corner) read as another card is no second card. Val, the train part's reader, nine
# framings of `scripts/vision_val_decide.py`: 1,932 cards right both ways, 38 wrong
# without, 36 with (sure 6, 5: a five of spades on wood also read as a sure five of clubs);
# renders: 2,466 read both ways, false reports 21 -> 18; spread rows 749 of 1,008 both.
_SAME_INDEX = 0.5
# A card outline inside a clean outline _PICTURE times its area, of a card's size
# (_ONE_CARD of the cards read) and read as no card (a back), lying _WITHIN it, is a
# picture on that back (real dev: no effect; backs are never reported,
# test_a_small_card_pictured_on_a_back_is_not_reported).
_PICTURE = 3.0
# A corner the learned finder finds within this share of a back's outline (the outline
# shrunk about its middle; a back: `_blank_outlines`) is a picture on the back, not an
# index: a card prints its indices at its corners, which lie outside it at any turn.
# Held-out renders with the artwork decks: backs reported 6 -> 3 (a large K over a gear on
# one deck's backs), false reports 120 -> 117, cards read alike; real val: no effect.
_BACK_MIDDLE = 0.5
_ONE_CARD = (0.5, 1.5)
_WITHIN = 0.8
# A card read on an outline more than [2] times the median card read surely at both
# corners is boxed by a hypothesis of [0]-[1] times that size lying _CARD_INSIDE the
# outline with a corner on the index read (real dev: no effect; renders held-out: 1 card,
# its box and zone a pile's, not its own).
_CARD_SIZED: tuple[float, float, float] | None = (0.7, 1.4, 1.6)
_CARD_INSIDE = 0.8
# Hypotheses repeating a clean outline read as "no index" at both corners are read too
# (real dev without it: one sure card fewer, sure recall 0.5371; renders 0.9788).
_PAST_BLANKS = True
# Quads read a frame at most, clean outlines first (real dev at 20: one sure card fewer;
# renders 0.9724). A stud table's spread rows of up-cards need more: seven rows of four on
# felt and wood (`scripts/vision_stud_rows.py`, the shifts 32, 45 and 60 pixels) read 425
# of their 672 cards at 40, 481 at 80, 494 at 120; renders 2,457 -> 2,458 of 2,499 (9 of
# 360 frames pass 40), the development photos read alike; such a crowded frame some 2 ms
# longer at its median, 9 at its worst.
_MAX_HYPOTHESES = 120
# A hypothesis's index region where the corner finder's look (`corners.heat_within`) sees
# a corner's centre less likely than _QUIET is not read: on a cluttered real frame the
# hypotheses cut up to 240 regions, most on the desk or a keyboard. No reading kept lay
# under 0.2 (renders: 668 in 96 frames, 1,015 of their 4,066 regions read under 0.1; val
# photos in 1280x720 frames: 24, 1,018 of 1,652). Renders read alike from 0.05 to 0.2
# (2,466, false reports 18), val too (nine framings: 1,932 / 36 right / wrong); spread
# rows 749 of 1,008 to 0.1, 740 at 0.2. Held-out photos in 1280x720 frames, the outline
# reader run: p95 40-42 -> 32-34 ms.
_QUIET = 0.1
_PATCH_CORNERS = np.array([[0, 0], [PATCH_W, 0], [PATCH_W, PATCH_H], [0, PATCH_H]], np.float32)


def extract_patch(image: np.ndarray, region: np.ndarray) -> np.ndarray:
    """Cut the index region (4 corners, reader's order) of a `reading_image` as a patch."""
    matrix = cv2.getPerspectiveTransform(np.asarray(region, np.float32), _PATCH_CORNERS)
    return cv2.warpPerspective(image, matrix, (PATCH_W, PATCH_H), flags=cv2.INTER_AREA,
                               borderMode=cv2.BORDER_REPLICATE)


@dataclass(frozen=True, slots=True)
class Reading:
    """One card read before suppression: the sighting plus where its index was read."""

    sighting: Sighting
    region: np.ndarray  # the index region read, frame pixels
    quad: CardQuad


@dataclass(frozen=True, slots=True)
class Trace:
    """How one frame was read, for diagnosis: every hypothesis and every region's reading.

    Attributes:
        quads: the card hypotheses, in the finder's order.
        regions: two index regions per quad (``regions[2 * n]`` is quad n's TL index).
        results: (confidence, card or None) for each region number that was classified,
            as the readings were chosen from: after the second look at unsure outlines and
            the fusion of an outline's two corners (both corners that read a card carry the
            fused reading; a blank corner stays ``(0.0, None)``; the weaker side of a
            dispute ``(0.0, card)``).
        kept: the readings reported, best first.
        backs: the corners of the clean outlines read as backs (`_blank_outlines`).

    """

    quads: tuple[CardQuad, ...]
    regions: tuple[np.ndarray, ...]
    results: dict[int, tuple[float, Card | None]]
    kept: list[Reading]
    backs: tuple[np.ndarray, ...] = ()


Probabilities = tuple[np.ndarray, np.ndarray]  # one region's rank (14) and suit (4) vectors


def _clip(box: tuple[int, int, int, int], shape: tuple[int, ...]) -> tuple[int, int, int, int]:
    """Cut a box to the frame (a hypothesised card may reach past its edge)."""
    x, y, w, h = box
    x0, y0 = max(0, x), max(0, y)
    x1, y1 = min(shape[1], x + w), min(shape[0], y + h)
    return (x0, y0, max(0, x1 - x0), max(0, y1 - y0))


def _agree(a: tuple[float, Card | None] | None, b: tuple[float, Card | None] | None) -> bool:
    """Both corners read as the same card, one of them surely."""
    return (a is not None and b is not None and a[1] is not None and a[1] is b[1]
            and min(a[0], b[0]) >= _DISPUTE and max(a[0], b[0]) >= _SURE)


def _settle_disputes(results: dict[int, tuple[float, Card | None]], firsts: Iterable[int]) -> None:
    """Two corners of one outline read as two different cards: the dealer must confirm.

    Both index corners of a card show the same face; when each is read as a card at least
    ``_DISPUTE`` surely and they disagree, one of them is wrong. The surer reading stays a
    proposal, capped at ``_DISPUTED`` (below ``CONFIRM_BELOW``); the other is dropped.
    ``firsts`` are TL region numbers (even); the BR region is the next one.
    """
    for first in firsts:
        a, b = results.get(first), results.get(first + 1)
        if a is None or b is None or a[1] is None or b[1] is None or a[1] is b[1]:
            continue
        if min(a[0], b[0]) >= _DISPUTE:
            weaker = first if a[0] < b[0] else first + 1
            stronger = first + 1 if weaker == first else first
            confidence, card = results[stronger]
            results[stronger] = (min(confidence, _DISPUTED), card)
            results[weaker] = (0.0, results[weaker][1])


def _read_pair(
    probabilities: dict[int, Probabilities], first: int
) -> dict[int, tuple[float, Card | None]]:
    """Read the two index regions ``first`` (TL) and ``first + 1`` of an outline.

    Only regions with probabilities are read. Two corners each read as a different card at
    least ``_DISPUTE`` surely are a dispute (`_settle_disputes`). Otherwise the corners'
    evidence is fused into one reading (`model.fuse_pairs`) given to every corner that
    reads a card at all (a blank corner stays blank, so that `_agree` still means two
    corners seen); two corners whose own best cards differ never give more than
    ``_DISPUTED``: the dealer confirms.
    """
    return _read_pairs(probabilities, [first])


def _read_pairs(
    probabilities: dict[int, Probabilities], firsts: Iterable[int]
) -> dict[int, tuple[float, Card | None]]:
    """Apply `_read_pair` to the outlines of TL region numbers ``firsts`` at once.

    The corners' best cards come from one numpy pass (`model.best_cards`) and the fused
    pairs from another (`model.fuse_pairs`): the same values as pair by pair.
    """
    firsts = list(firsts)
    numbers = [n for first in firsts for n in (first, first + 1) if n in probabilities]
    if not numbers:
        return {}
    singles = dict(zip(numbers, best_cards(np.stack([probabilities[n][0] for n in numbers]),
                                           np.stack([probabilities[n][1] for n in numbers])),
                       strict=True))
    readings = dict(singles)
    to_fuse: list[tuple[int, bool]] = []
    for first in firsts:
        if first not in singles or first + 1 not in singles:
            continue
        a, b = singles[first], singles[first + 1]
        differ = a[1] is not None and b[1] is not None and a[1] is not b[1]
        if differ and min(a[0], b[0]) >= _DISPUTE:
            _settle_disputes(readings, [first])
        else:
            to_fuse.append((first, differ))
    if not to_fuse:
        return readings
    rank, suit = fuse_pairs(
        np.stack([(probabilities[first][0], probabilities[first + 1][0]) for first, _ in to_fuse]),
        np.stack([(probabilities[first][1], probabilities[first + 1][1]) for first, _ in to_fuse]),
        independence=_INDEPENDENCE,
    )
    for (first, differ), (confidence, card) in zip(to_fuse, best_cards(rank, suit), strict=True):
        if card is None:
            continue
        if differ:
            confidence = min(confidence, _DISPUTED)
        for n in (first, first + 1):
            if singles[n][1] is not None:
                readings[n] = (confidence, card)
    return readings


def _card_potentials(rank_p: np.ndarray, suit_p: np.ndarray) -> list[float]:
    """Say how surely each region could be some card, "no index" set aside: one float per row."""
    return (rank_p[:, :NO_INDEX].max(axis=1) * suit_p.max(axis=1)).tolist()


def _close_framing(region: np.ndarray) -> np.ndarray:
    """Return the index region shrunk towards its first corner (the card's corner)."""
    region = np.asarray(region, np.float32)
    return region[0] + np.float32(_CLOSE) * (region - region[0])


def _cap_disagreements(
    readings: dict[int, tuple[float, Card | None]], disagree: Iterable[int]
) -> None:
    """Cap an outline whose corner's two framings read two cards: the dealer confirms it."""
    for n in disagree:
        for m in (n - n % 2, n - n % 2 + 1):
            if m in readings and readings[m][0] > _DISPUTED:
                readings[m] = (_DISPUTED, readings[m][1])


def _near(regions: np.ndarray, others: np.ndarray) -> np.ndarray:
    """For each region (N, 4, 2): whether its centre lies near the centre of one of others.

    "Near" is within a third of the other region's diagonal: the same index, read again.
    """
    centres = regions.mean(axis=1)
    other_centres = others.mean(axis=1)
    diagonals = np.hypot(*(others[:, 0] - others[:, 2]).T)
    gaps = np.hypot(*(centres[:, None] - other_centres[None]).transpose(2, 0, 1))
    return (gaps < diagonals[None] / 3).any(axis=1)


def _blank_outlines(
    quads: list[CardQuad], results: dict[int, tuple[float, Card | None]]
) -> list[tuple[np.ndarray, float]]:
    """(corners, area) of the clean outlines of one card's size that gave no card: backs.

    One card's size: within ``_ONE_CARD`` of the largest outline whose two corners read one
    card (pictured cards are smaller; two cards seen as one shape read two). A larger
    blank outline may be two cards side by side, seen as one shape.
    """
    def area(quad: CardQuad) -> float:
        return float(cv2.contourArea(quad.corners.astype(np.float32)))

    cards, blanks = [], []
    for number, quad in enumerate(quads):
        if not quad.single:
            continue
        read = [results.get(2 * number + corner, (0.0, None))[1] for corner in (0, 1)]
        if read[0] is not None and read[0] is read[1]:
            cards.append(area(quad))
        elif all(card is None for card in read):
            blanks.append((quad.corners, area(quad)))
    if not cards or not blanks:
        return []
    usual = max(cards)
    low, high = _ONE_CARD
    return [(corners, size) for corners, size in blanks if low <= size / usual <= high]


def _inside_a_blank(quad: CardQuad, blanks: list[tuple[np.ndarray, float]]) -> bool:
    """Whether a card outline lies within a much larger clean outline that gave no card.

    Such a "card" is a picture on a face-down card (some backs show a fan of aces) or on
    something else card-shaped: a card lying on a back is as large as the back, and covers
    part of the back's outline, which then is no clean outline. Backs are never reported.
    """
    if not blanks:
        return False
    area = cv2.contourArea(quad.corners.astype(np.float32))
    return any(blank_area >= _PICTURE * area and overlap(quad.corners, corners) >= _WITHIN
               for corners, blank_area in blanks)


def _on_a_back(box: tuple[float, float, float, float], backs: Sequence[np.ndarray]) -> bool:
    """Whether a box's centre lies in the middle of a back's outline (`_BACK_MIDDLE`)."""
    x, y, w, h = box
    centre = (x + w / 2, y + h / 2)
    for corners in backs:
        middle = corners.mean(axis=0)
        inner = (middle + _BACK_MIDDLE * (corners - middle)).astype(np.float32)
        if cv2.pointPolygonTest(inner, centre, False) >= 0:
            return True
    return False


def _other_index(reading: Reading) -> np.ndarray:
    """Return the index region of ``reading``'s card across from the one it was read at."""
    centre = reading.region.mean(axis=0)
    return max(index_regions(reading.quad.corners),
               key=lambda region: float(np.hypot(*(region.mean(axis=0) - centre))))


def _settled(read: list[Sighting], disputed: list[Sighting], learned: list[Sighting]
             ) -> list[Sighting]:
    """Return the outline reader's and the learned corners' cards, one where they dispute one.

    A learned card lying on a ``disputed`` outline reading (one the corner reader read as
    another card) replaces it when read more surely, and is dropped otherwise: one place
    on the table is one card.
    """
    beaten, kept = set(), []
    for card in learned:
        under = [n for n, s in enumerate(read) if s in disputed and in_box(card.centre, s.box)]
        if any(card.confidence <= read[n].confidence for n in under):
            continue
        beaten.update(under)
        kept.append(card)
    return [s for n, s in enumerate(read) if n not in beaten] + kept


def _each_card_once(sightings: list[Sighting]) -> list[Sighting]:
    """Return ``sightings`` less the unsure second readings of a card read elsewhere too.

    A deck holds each card once: a card read at two places in one frame is a misread at one
    of them, the less sure. On the development renders (seed 2027, 1,260 frames) 15 cards
    were read twice, each lying on the table once, the second reading unsure every time;
    the development photos hold none. An unsure reading (under `CONFIRM_BELOW`) of a card
    read more surely elsewhere is dropped; two sure ones both stay, since a second deck on
    the table is an irregularity the dealer must see (IRR-DECK, through
    `smoothing.SmoothedUpdate.duplicates`).
    """
    kept: list[Sighting] = []
    read: set[Card] = set()
    for sighting in sorted(sightings, key=lambda s: -s.confidence):
        if sighting.card not in read or not sighting.needs_confirmation:
            kept.append(sighting)
        read.add(sighting.card)
    return kept


def _one_card_shape(frame: np.ndarray) -> bool:
    """Whether a frame has the shape of one card (either way up)."""
    height, width = frame.shape[:2]
    return _ONE_CARD_SHAPE[0] <= min(height, width) / max(height, width) <= _ONE_CARD_SHAPE[1]


class Recogniser:
    """Reads the face-up cards in BGR frames.

    Args:
        model_path: the ONNX index classifier (default: the one shipped in resources/vision).
        calibration: table zones; without it every sighting's zone is "". Frames of
            another resolution than the one the felt was marked on are read with its
            corners scaled (`TableCalibration.fitted`); on frames of another shape every
            zone is "" (the console asks the dealer to mark the corners again).
        min_confidence: readings below this are dropped (not even proposed); between it
            and ``CONFIRM_BELOW`` (0.95) they are proposals the dealer must confirm.
        engine: what runs the networks, "onnxruntime" or "opencv" (`network`); by default
            ONNX Runtime where it is installed (the same readings, faster).
        corner_models: the learned corner finder and reader (`corners`; default: the
            shipped ones, when present); None reads the outlines alone.
        letters: the house's court letters (rules.yaml ``deck.index_letters``): a glyph
            the house does not use is no card.
        stills: the frames are still photos, not a camera's stream: the corner finder
            looks at a frame large enough at finer scales too, and finds cards too small
            for one look (`corners.CornerReader.look`). A camera's frame is looked at once
            (the frame's time), at half its size, 400 to 640 pixels long.

    """

    def __init__(
        self,
        *,
        model_path: Path | str = DEFAULT_MODEL_PATH,
        calibration: TableCalibration | None = None,
        min_confidence: float = 0.6,
        engine: str | None = None,
        corner_models: tuple[Path | str, Path | str] | None = (DEFAULT_FINDER_PATH,
                                                               DEFAULT_READER_PATH),
        letters: str = "standard",
        stills: bool = False,
    ) -> None:
        # A large batch is read half on each core by two copies of the network.
        self.classifier = IndexClassifier(model_path, engine=engine, split=_SPLIT_BATCH)
        self.corners = (CornerReader(Path(corner_models[0]), Path(corner_models[1]), engine=engine,
                                     letters=letters)
                        if corner_models is not None and all(Path(p).is_file()
                                                             for p in corner_models) else None)
        self.calibration = calibration
        self._fitted: tuple[TableCalibration, tuple[int, int], TableCalibration | None] | None
        self._fitted = None  # (calibration, frame size, it fitted to that size) of the last frame
        # (calibration fitted, frame size, the view it gives) of the last frame
        self._view: tuple[TableCalibration, tuple[int, int], TableView | None] | None = None
        self.min_confidence = min_confidence
        self.stills = stills
        # The corner finder's thread: it looks at the frame while the outline reader works.
        self._finder_pool: ThreadPoolExecutor | None = None
        # The networks' first forward sets them up (milliseconds): not in the first frame.
        self.classifier.warm_up()

    def recognise(self, frame: np.ndarray, *, frame_index: int = 0) -> list[Sighting]:
        """Return the cards read in one frame, sorted left to right then top to bottom.

        The frame's paper is made white first (`exposure`: a lamp's cast taken off, a dim
        frame raised). A calibrated camera that sees the felt at a slant is read on the felt
        flattened (`table_view`), each card boxed where it lies in the frame. A card read
        twice is reported twice only where both readings are sure (`_each_card_once`).
        """
        if not isinstance(frame, np.ndarray) or frame.ndim != 3 or frame.shape[2] != 3 \
                or frame.size == 0:
            raise RecognitionError("a frame must be a non-empty BGR image")
        frame = exposed(frame)
        zones = self._calibration_for(frame)
        view = self._view_for(frame, zones)
        bright = self._bright_table(frame)
        if view is None:
            sightings = self._read(frame, frame_index, zones, bright)
        else:
            # The outline reader searches the felt as finely as it would the frame (its
            # time): the flat view holds about the felt's own pixels.
            search_long = round(max(view.size)
                                * min(1.0, DETECT_LONG_SIDE / max(frame.shape[:2])))
            sightings = [replace(s, box=_clip(view.box_to_frame(s.box), frame.shape))
                         for s in self._read(view.flatten(frame), frame_index,
                                             view.calibration, bright, search_long=search_long)]
        return sorted(_each_card_once(sightings), key=lambda s: (s.box[0], s.box[1]))

    def _read(self, frame: np.ndarray, frame_index: int, zones: TableCalibration | None,
              bright: bool, *, search_long: int = DETECT_LONG_SIDE) -> list[Sighting]:
        """Return the cards read in ``frame``, each in its zone of ``zones``.

        ``bright``: the table is bright (`_bright_table`): the outline reader is not run;
        ``search_long``: the long side at which it searches the frame (`geometry.CardSearch`).
        """
        ahead = self._look_ahead(frame, alone=bright)
        backs: list[np.ndarray] = []  # what the learned corners find in their middle is no card
        outlines = [] if bright else self.readings(frame, frame_index=frame_index, zones=zones,
                                                   search_long=search_long, looked=ahead,
                                                   backs=backs)
        readings, disputed, lettered = outlines, list[Sighting](), False
        if self.corners is not None and outlines:
            readings, disputed, lettered = self._judged(frame, outlines)
        sightings = [reading.sighting for reading in readings]
        one_card = self.calibration is None and _one_card_shape(frame)
        # Unsure learned corners are cut again where there is time: a still photo, or a
        # bright table, where no outline reader ran (`corners._RECUT`).
        cut_again = self.stills or bright
        learned = None
        # Cards read and all judged foreign are no reason to read the frame as one card.
        if not outlines and one_card:
            # A 3:4 or 4:3 photo of a table has a card's shape too: three cards or more
            # that the learned corners read say it is one (`_A_TABLE`).
            if ahead is not None:
                learned, also = self._learned_cards(frame, [], frame_index, zones,
                                                    backs=backs, recut=cut_again,
                                                    looked=ahead.result())
                lettered = lettered or also
                if len(learned) >= _A_TABLE:
                    return _doubted(learned) if lettered else learned
            sightings = self._read_one_card(frame)
            if sightings:  # the frame is that one card: nothing else to find in it
                return sightings
        if ahead is not None:  # the learned corners can read this frame
            if learned is None:
                # A card-shaped frame read as one card may be a photo of that card alone:
                # its other corner, misread, must not become a second card beside it.
                learned, also = self._learned_cards(
                    frame, sightings, frame_index, zones, disputed=disputed, recut=cut_again,
                    backs=backs, two_corners=one_card and len(sightings) == 1,
                    looked=ahead.result())
                lettered = lettered or also
            sightings = _settled(sightings, disputed, learned)
            if lettered:
                sightings = _doubted(sightings)
        return sightings

    def _view_for(self, frame: np.ndarray, zones: TableCalibration | None
                  ) -> TableView | None:
        """Return how ``frame`` is flattened onto the felt (None: it is read as it is).

        Only a calibrated camera that sees the felt at a slant (`table_view.SLANT`) is
        flattened; the view is kept while the calibration fitted to the frame stays.
        """
        if zones is None or min(frame.shape[:2]) < _SMALLEST:
            return None
        size = (int(frame.shape[1]), int(frame.shape[0]))
        kept = self._view
        if kept is None or kept[0] is not zones or kept[1] != size:
            view = table_view(zones, size)
            kept = self._view = (zones, size, view if view is not None and view.slant >= SLANT
                                 else None)
        return kept[2]

    def _corner_frame(self, frame: np.ndarray) -> bool:
        """Say whether the learned corners can read ``frame``: a BGR image, large enough."""
        return (self.corners is not None and isinstance(frame, np.ndarray) and frame.ndim == 3
                and frame.shape[2] == 3 and min(frame.shape[:2]) >= _SMALLEST)

    def _bright_table(self, frame: np.ndarray) -> bool:
        """Say whether the outline reader is not run: a bright table (`_BRIGHT_TABLE`)."""
        return self._corner_frame(frame) and bool(card_stock_share(frame) > _BRIGHT_TABLE)

    def _look(self, frame: np.ndarray, alone: bool) -> FinderMaps:
        """Run the finder on ``frame`` (`corners.CornerReader.look`).

        A still photo gets finer looks too (`stills`); a camera's frame is seen at half its
        size, on a bright table (``alone``: the learned corners read it alone) as two halves
        on two cores.
        """
        assert self.corners is not None
        return self.corners.look(frame, fine=self.stills, alone=alone)

    def _look_ahead(self, frame: np.ndarray, *, alone: bool = False
                    ) -> Future[FinderMaps] | None:
        """Start the corner finder on the frame on its own thread (None: `_corner_frame` fails).

        Why: the finder's work (shrinking the frame, its forward: about 6 ms of a rendered
        1280x720 frame) depends on nothing the outline reader finds, and both release the
        GIL for most of it: on two cores the frame waits for the slower of the two, not for
        their sum. A card-shaped frame needs it too: the cards it finds say whether the
        frame is one card (`_A_TABLE`).
        """
        if not self._corner_frame(frame):
            return None
        if self._finder_pool is None:
            self._finder_pool = ThreadPoolExecutor(max_workers=1,
                                                   thread_name_prefix="corner-finder")
        return self._finder_pool.submit(self._look, frame, alone)

    def readings(self, frame: np.ndarray, *, frame_index: int = 0,
                 zones: TableCalibration | None = None,
                 search_long: int = DETECT_LONG_SIDE,
                 looked: Future[FinderMaps] | None = None,
                 backs: list[np.ndarray] | None = None) -> list[Reading]:
        """Every confident reading of the outline reader, duplicates removed, best first.

        ``zones``: the calibration that gives each reading its zone (None: none has one);
        ``search_long``: the long side at which it searches the frame (`geometry.CardSearch`);
        ``looked``: the corner finder's look at the frame, on its way (`_look_ahead`): a
        hypothesis's corner where it sees no index is not read (`_QUIET`); ``backs``: a
        list the corners of the backs it saw (`_blank_outlines`) are added to.
        """
        trace = self._trace(frame, frame_index, zones, search_long, looked)
        if backs is not None:
            backs.extend(trace.backs)
        return trace.kept

    def trace(self, frame: np.ndarray, *, frame_index: int = 0) -> Trace:
        """Return the outline reader's hypotheses, each region's reading, the readings kept.

        Every hypothesis's corners are read, where the corner finder sees an index or not
        (`_QUIET` is `recognise`'s): the diagnosis sees what each stage found, on the frame
        with its paper made white as `recognise` reads it (`exposure`).
        """
        if isinstance(frame, np.ndarray):
            frame = exposed(frame)
        return self._trace(frame, frame_index, self._calibration_for(frame))

    def _trace(self, frame: np.ndarray, frame_index: int, zones: TableCalibration | None,
               search_long: int = DETECT_LONG_SIDE,
               looked: Future[FinderMaps] | None = None) -> Trace:
        """`trace`, each reading kept in its zone of ``zones``, searched ``search_long`` long.

        ``looked``: the corner finder's look at the frame (`readings`).
        """
        if frame is None or frame.ndim != 3 or frame.shape[2] != 3 or frame.size == 0:
            raise RecognitionError("a frame must be a non-empty BGR image")
        if min(frame.shape[:2]) < _SMALLEST:  # no card index fits: nothing to read
            return Trace((), (), {}, [])
        search = CardSearch(frame, search_long)
        # First pass: both index corners of each clean outline.
        single_regions = [region for quad in search.singles
                          for region in index_regions(quad.corners)]
        probs, close, disagree = self._probe_on_paper(frame, search, single_regions)
        first = self._judge(frame, single_regions, probs, close=close, disagree=disagree)
        # An outline whose two corners agree on one card is that card: no hypotheses
        # inside it.
        settled = {n // 2 for n in range(0, len(single_regions), 2)
                   if _agree(first.get(n), first.get(n + 1))}
        # An outline read as "no index" at both corners is a back, or a face card's outline
        # cut off its index: it stands in for no hypothesis near it (`CardSearch.found`).
        blank = [n for n in range(len(search.singles)) if _PAST_BLANKS
                 and all(m in first and first[m][1] is None for m in (2 * n, 2 * n + 1))]
        found = search.found(search.hypotheses(settled=settled, blank=blank), blank=blank,
                             max_hypotheses=_MAX_HYPOTHESES)
        quads = found.quads
        regions: list[np.ndarray] = []
        results: dict[int, tuple[float, Card | None]] = {}
        numbers = {id(quad): n for n, quad in enumerate(search.singles)}
        for quad in quads:
            number = numbers.get(id(quad))
            if number is not None:
                for corner in (0, 1):
                    if 2 * number + corner in first:
                        results[len(regions) + corner] = first[2 * number + corner]
            regions.extend(index_regions(quad.corners))
        # Second pass: both corners of every hypothesis, but those on an index read surely.
        todo = [n for n in range(len(regions)) if n not in results and not quads[n // 2].single]
        sure = [n for n, (confidence, _) in results.items() if confidence >= _SURE]
        if sure and todo:
            todo = [todo[k] for k in np.flatnonzero(~_near(
                np.stack([regions[n] for n in todo]), np.stack([regions[n] for n in sure])))]
        if looked is not None and todo and _QUIET:
            heat = heat_within(looked.result(), [regions[n] for n in todo])
            todo = [n for n, h in zip(todo, heat.tolist(), strict=True) if h >= _QUIET]
        read, close, disagree = self._probe_on_paper(frame, search, [regions[n] for n in todo])
        results.update(self._judge(frame, regions, {todo[k]: value for k, value in read.items()},
                                   close={todo[k] for k in close},
                                   disagree={todo[k] for k in disagree}))
        blanks = _blank_outlines(quads, results)
        kept = self._keep(frame, quads, regions, results, blanks, frame_index, zones)
        return Trace(tuple(quads), tuple(regions), results, kept,
                     tuple(corners for corners, _ in blanks))

    def _probe_on_paper(
        self, frame: np.ndarray, search: CardSearch, regions: list[np.ndarray],
    ) -> tuple[dict[int, Probabilities], set[int], set[int]]:
        """Read the regions (by their number in the list) that lie on card stock.

        Each is read at the usual framing, and the ones not read surely (``_FRAMED``), but
        those read as "no index" from ``_SURE``, also at the close framing; the surer
        framing is kept (`model.choose_framings`).

        Returns:
            the probabilities of the framing kept, the regions read closer, and the regions
            whose two framings read different cards.

        """
        if not regions:
            return {}, set(), set()
        on_paper = np.flatnonzero(inside_shares(search.closed, np.stack(regions) * search.scale,
                                                weights=_PAPER_GRID) >= _MIN_PAPER)
        rank_p, suit_p = self.probabilities(frame, [regions[n] for n in on_paper])
        probs = {int(n): (rank_p[k], suit_p[k]) for k, n in enumerate(on_paper)}
        # A region read surely as "no index" (`_SURE`) is not read closer: over the
        # development renders (4,917 cards) and photos (687 as camera frames) the same cards
        # are read, and a slow real frame's outline reader takes 20.3 ms, not 23.1.
        unsure = np.flatnonzero((framing_scores(rank_p, suit_p) < _FRAMED)
                                & (rank_p[:, NO_INDEX] < _SURE))
        if not len(unsure):
            return probs, set(), set()
        close_rank, close_suit = self.probabilities(
            frame, [_close_framing(regions[on_paper[k]]) for k in unsure])
        rank, suit, use_close, disagree = choose_framings(
            (rank_p[unsure], suit_p[unsure]), (close_rank, close_suit), dispute=_DISPUTE
        )
        numbers = on_paper[unsure]
        for k, n in enumerate(numbers.tolist()):
            probs[n] = (rank[k], suit[k])
        return probs, set(numbers[use_close].tolist()), set(numbers[disagree].tolist())

    def _judge(
        self, frame: np.ndarray, regions: list[np.ndarray], probs: dict[int, Probabilities], *,
        close: Iterable[int] = (), disagree: Iterable[int] = (),
    ) -> dict[int, tuple[float, Card | None]]:
        """Read the probed regions: corners of one outline fused, the unsure re-read.

        Region ``2k`` and ``2k + 1`` are the TL and BR index of outline k. A region that
        might be a card (``_REREAD_LOW``) on an outline not read surely (``_REREAD_HIGH``)
        is cut again (`quads.recut`), all in one batch (at most ``_REREAD_MAX`` regions,
        the likeliest cards first); its probabilities become the average over the cuts
        before the corners are fused. Regions in ``close`` were read at the close framing
        (their second look is cut around it); an outline with a region in ``disagree`` (its
        framings read two cards) is capped at ``_DISPUTED``.
        """
        if not probs:
            return {}
        close, disagree = set(close), set(disagree)
        readings = _read_pairs(probs, sorted({n - n % 2 for n in probs}))
        _cap_disagreements(readings, disagree)
        numbers = sorted(probs)
        potentials = dict(zip(numbers, _card_potentials(
            np.stack([probs[n][0] for n in numbers]), np.stack([probs[n][1] for n in numbers])
        ), strict=True))
        unsure = [n for n in numbers
                  if potentials[n] >= _REREAD_LOW
                  and max(readings[m][0] for m in (n - n % 2, n - n % 2 + 1)
                          if m in readings) < _REREAD_HIGH]
        if not unsure:
            return readings
        if len(unsure) > _REREAD_MAX:
            unsure = sorted(sorted(unsure, key=lambda n: -potentials[n])[:_REREAD_MAX])
        cuts = [variant for n in unsure for variant in
                recut(_close_framing(regions[n]) if n in close else regions[n])]
        rank_p, suit_p = self.probabilities(frame, cuts)
        count = len(RECUTS)
        for k, n in enumerate(unsure):
            rank, suit = probs[n]
            probs[n] = ((rank + rank_p[k * count:(k + 1) * count].sum(axis=0)) / (count + 1),
                        (suit + suit_p[k * count:(k + 1) * count].sum(axis=0)) / (count + 1))
        again = _read_pairs(probs, sorted({n - n % 2 for n in unsure}))
        _cap_disagreements(again, disagree)
        readings.update(again)
        return readings

    def _keep(
        self,
        frame: np.ndarray,
        quads: list[CardQuad],
        regions: list[np.ndarray],
        results: dict[int, tuple[float, Card | None]],
        blanks: list[tuple[np.ndarray, float]],
        frame_index: int,
        zones: TableCalibration | None,
    ) -> list[Reading]:
        """Keep the best readings: best first, one per index, outline and card.

        An index cut by several quads is still one index (`_SAME_INDEX`); ``blanks``: the
        backs seen (`_blank_outlines`), on which a pictured card is none (`_PICTURE`).
        """
        candidates: list[tuple[float, Card, int]] = []
        for number, (confidence, card) in results.items():
            if card is not None and confidence >= self.min_confidence:
                candidates.append((confidence, card, number))
        candidates.sort(key=lambda item: -item[0])
        kept: list[Reading] = []
        # Each index region read as a card kept, by an outline over it: (region, confidence).
        read_as_kept: list[tuple[np.ndarray, float]] = []
        for confidence, card, number in candidates:
            region = regions[number]
            quad = quads[number // 2]
            if _inside_a_blank(quad, blanks):
                continue
            # One physical index is read once; one card outline yields at most one card.
            if any(overlap(region, other.region) > 0.3 for other in kept):
                continue
            if any(sure >= confidence and overlap(region, other) > _SAME_INDEX
                   for other, sure in read_as_kept):
                continue
            if any(other.quad is quad for other in kept):
                continue
            if any(other.sighting.card is card and overlap(quad.corners, other.quad.corners) > 0.3
                   for other in kept):
                continue
            # An index lying on a card already read as this very card is that card's own:
            # its other corner, or a third or fourth index (many decks print one in every
            # corner), reached by a hypothesis beside it.
            if any(other.sighting.card is card and overlap(region, other.quad.corners) > _OWN_INDEX
                   for other in kept):
                continue
            zone = zones.zone_of(quad.corners.mean(axis=0)) if zones is not None else ""
            sighting = Sighting(card, min(1.0, confidence), _clip(quad.box, frame.shape),
                                zone, frame_index)
            kept.append(Reading(sighting, region, quad))
            read_as_kept.extend((regions[m], sure) for m, (sure, other) in results.items()
                                if other is card and sure >= self.min_confidence
                                and overlap(quads[m // 2].corners, quad.corners) > 0.3)
        return self._card_sized(frame, kept, quads, regions, results, zones)

    def _card_sized(
        self, frame: np.ndarray, kept: list[Reading], quads: list[CardQuad],
        regions: list[np.ndarray], results: dict[int, tuple[float, Card | None]],
        zones: TableCalibration | None,
    ) -> list[Reading]:
        """Put each card read on an outline much larger than a card on a card-sized one.

        Why: in a pile, a clean outline can be one card and part of the cards it lies on
        (white on white, one convex shape); its corner reads the card, but the sighting's
        box, and the zone taken from its centre, then lie half a card off, and the dealer
        sees the box on the wrong place. A hypothesis of a card's size (``_CARD_SIZED`` of
        the median card read surely at both corners) whose corner lies on the index read
        (`_near`) and which lies (``_CARD_INSIDE``) inside the large outline is that card:
        its box is used (the one reading the same card first, then the nearest).
        ``zones``: the frame's calibration, for the zone.
        """
        if _CARD_SIZED is None or not kept:
            return kept
        sure = [abs(cv2.contourArea(quad.corners)) for n, quad in enumerate(quads)
                if _agree(results.get(2 * n), results.get(2 * n + 1))
                and min(results[2 * n][0], results[2 * n + 1][0]) >= _SURE]
        if not sure:
            return kept
        card = float(np.median(sure))
        least, most, large = (share * card for share in _CARD_SIZED)
        too_large = [abs(cv2.contourArea(reading.quad.corners)) > large for reading in kept]
        if not any(too_large):
            return kept  # the usual frame: nothing to box again
        areas = np.array([abs(cv2.contourArea(quad.corners)) for quad in quads])
        sized = np.flatnonzero((areas >= least) & (areas <= most))
        out: list[Reading] = []
        for reading, large_one in zip(kept, too_large, strict=True):
            if not large_one:
                out.append(reading)
                continue
            best: tuple[bool, float, int] | None = None
            centre = reading.region.mean(axis=0)
            for n in sized.tolist():
                quad = quads[n]
                if overlap(quad.corners, reading.quad.corners) < _CARD_INSIDE:
                    continue
                for m in (2 * n, 2 * n + 1):
                    if not _near(regions[m][None], reading.region[None])[0]:
                        continue
                    same = results.get(m, (0.0, None))[1] is reading.sighting.card
                    key = (not same, float(np.linalg.norm(regions[m].mean(axis=0) - centre)), n)
                    if best is None or key < best:
                        best = key
            if best is None:
                out.append(reading)
                continue
            quad = quads[best[2]]
            zone = zones.zone_of(quad.corners.mean(axis=0)) if zones is not None else ""
            sighting = replace(reading.sighting, box=_clip(quad.box, frame.shape), zone=zone)
            out.append(Reading(sighting, reading.region, quad))
        return out

    def _calibration_for(self, frame: np.ndarray) -> TableCalibration | None:
        """Return the calibration fitted to this frame's size (None: none, or it can't be).

        Kept from frame to frame (a camera's frames keep their size) until the calibration
        in use or the frame size changes. The console may hand over a new calibration while
        a frame is read (another thread): it is read once here, so one frame uses one.
        """
        calibration, kept = self.calibration, self._fitted
        if calibration is None:
            return None
        size = (int(frame.shape[1]), int(frame.shape[0]))
        if kept is None or kept[0] is not calibration or kept[1] != size:
            fitted = calibration.fitted(*size) if calibration.fits(*size) else None
            kept = self._fitted = (calibration, size, fitted)
        return kept[2]

    def probabilities(
        self, frame: np.ndarray, regions: list[np.ndarray]
    ) -> tuple[np.ndarray, np.ndarray]:
        """Rank (N, 14) and suit (N, 4) probabilities of each index region of the frame."""
        if not regions:
            return np.zeros((0, 14), np.float32), np.zeros((0, 4), np.float32)
        # Cut the patches from the colour frame, then convert only the patches (cheaper
        # than converting the whole frame; the same arithmetic as in training).
        colour = np.stack([extract_patch(frame, region) for region in regions])
        patches = reading_image(colour.reshape(-1, PATCH_W, 3)).reshape(
            len(regions), PATCH_H, PATCH_W, 2
        )
        return self.classifier.predict(patches)

    def classify(
        self, frame: np.ndarray, regions: list[np.ndarray]
    ) -> list[tuple[float, Card | None]]:
        """(confidence, card or None for "no index") for each index region, one look each."""
        rank_p, suit_p = self.probabilities(frame, regions)
        return best_cards(rank_p, suit_p)

    def _judged(self, frame: np.ndarray, readings: list[Reading]
                ) -> tuple[list[Reading], list[Sighting], bool]:
        """Judge the outline reader's readings by the corner reader on the same regions.

        Returns the readings kept, of their sightings those the corner reader read as
        another card (`_OTHER_OPINION`), and whether it read a letter the house does not
        use on one (`_FOREIGN`: the frame is `_LETTERED`).

        Why: the index network knows the English letters only, so a "B" (a German or Dutch
        jack) is a sure eight to it and an "R" a king whatever the house plays. The corner
        reader knows the glyphs (`corners`): a reading whose index it takes, at 0.7 or
        more, for a letter the house does not use is no card (`_FOREIGN`), one it
        doubts (`_FOREIGN_DOUBT`) a proposal at most, unless the card's other index reads
        the card (`_ACROSS`: a letter is printed at both); one it reads
        as a French court letter the house uses (V, D, R) is the card it reads. And it
        learned real photographs: a reading it reads, at least ``_OTHER_OPINION`` surely,
        as another card is a proposal for the dealer, and disputed: it hides no corner
        from the learned corners, and a card they read surer there replaces it (real
        development photos: 0.850 / 0.972 of the cards read, 0.847 / 0.968 otherwise).
        """
        assert self.corners is not None
        opinions = self.corners.opinions(frame, [r.region for r in readings])
        lettered = [n for n, opinion in enumerate(opinions) if opinion[0] >= _FOREIGN_DOUBT]
        if lettered:  # read the other index of each card read as a letter (`_ACROSS`)
            across = self.corners.opinions(frame, [_other_index(readings[n]) for n in lettered])
            for n, (_, card, sure, _) in zip(lettered, across, strict=True):
                if card == readings[n].sighting.card and sure >= _ACROSS:
                    opinions[n] = (0.0, *opinions[n][1:])  # no letter: the card's digit
        judged, disputed = [], []
        for reading, (foreign, card, sure, glyph) in zip(readings, opinions, strict=True):
            if foreign >= _FOREIGN:
                continue
            sighting = reading.sighting
            other = card is not None and card is not sighting.card and sure >= _OTHER_OPINION
            if other:
                if glyph in _LETTERS_IT_LACKS:
                    if sure < self.min_confidence:
                        continue
                    sighting = replace(sighting, card=card, confidence=sure)
                    other = False
                elif sighting.confidence > _DISPUTED:
                    sighting = replace(sighting, confidence=_DISPUTED)
                reading = replace(reading, sighting=sighting)
            if foreign >= _FOREIGN_DOUBT and reading.sighting.confidence > _DISPUTED:
                reading = replace(reading, sighting=replace(reading.sighting,
                                                            confidence=_DISPUTED))
            judged.append(reading)
            if other:
                disputed.append(reading.sighting)
        return judged, disputed, _LETTERED and any(o[0] >= _FOREIGN for o in opinions)

    def _learned_cards(self, frame: np.ndarray, read: list[Sighting], frame_index: int,
                       zones: TableCalibration | None, *,
                       disputed: Sequence[Sighting] = (), two_corners: bool = False,
                       looked: FinderMaps | None = None, recut: bool = False,
                       backs: Sequence[np.ndarray] = ()) -> tuple[list[Sighting], bool]:
        """Return the cards the learned corners read that the outline reader did not, lettered.

        ``lettered``: whether a corner read a letter the house does not use (`_LETTERED`).

        Each card's corners found (`corners.CornerReader`) are read by the corner network,
        a card's two indices together (`corner_pairs.paired`); a corner's ``p`` is its
        reading's probability, from `_LEARNED_READ` at a peak from `_LEARNED_READ_PEAK`, or
        else that times how surely the finder saw a corner there (up to `_LEARNED_FOUND`);
        it counts from `_LEARNED_CORNER`, and a card read at
        several corners takes ``1 - prod(1 - p)`` of those within `_LEARNED_REACH` of
        its surest one (`_one_place`). Cards at `min_confidence` (and, unless unsure
        corners are ``recut``, `_LEARNED_MIN`) or more that the outline reader did not
        report are added; the box is the union of those corner boxes (the card's outline
        is not known). A corner read as a card the outline reader reported, or lying on
        such a card (unless that reading is ``disputed``), adds nothing; with
        ``two_corners`` a card needs two corners.
        ``looked``: the finder's look at this frame (`_look`); ``zones``: its calibration;
        ``backs``: the backs the outline reader saw, in whose middle no corner is read
        (`_BACK_MIDDLE`).
        """
        assert self.corners is not None
        seen = {s.card for s in read}
        found: dict[Card, list[_Witness]] = {}
        # A corner on a card already read is that card: not read again. A corner found less
        # surely than _LEARNED_CORNER * _LEARNED_FOUND is not read either.
        skip = [s.box for s in read if s not in disputed]
        readings = self.corners.read(frame, skip=skip, seen=looked, recut=recut,
                                     least=_LEARNED_CORNER * _LEARNED_FOUND)
        if backs:
            readings = [r for r in readings if not _on_a_back(r.box, backs)]
        lettered = _LETTERED and any(r.foreign >= _FOREIGN and r.found >= _LEARNED_READ_PEAK
                                     for r in readings)
        for corner in paired(readings, independence=_INDEPENDENCE):
            if corner.card is None or corner.card in seen:
                continue
            p = corner.probability
            if p < _LEARNED_READ or corner.found < _LEARNED_READ_PEAK:
                p *= min(1.0, corner.found / _LEARNED_FOUND)
            if p >= _LEARNED_CORNER:
                found.setdefault(corner.card, []).append((p, corner.box, corner.indices))
        out = []
        for card, all_corners in found.items():
            corners = _one_place(all_corners)
            confidence = 1.0 - float(np.prod([1.0 - p for p, _, _ in corners]))
            one = sum(indices for _, _, indices in corners) == 1
            if one:
                confidence = min(confidence, _LEARNED_ONE)
            if confidence < (self.min_confidence if recut
                             else max(self.min_confidence, _LEARNED_MIN)) or (
                    one and two_corners):
                continue
            boxes = np.array([box for _, box, _ in corners])
            x0, y0 = boxes[:, 0].min(), boxes[:, 1].min()
            x1, y1 = (boxes[:, 0] + boxes[:, 2]).max(), (boxes[:, 1] + boxes[:, 3]).max()
            box = _clip((int(x0), int(y0), int(x1 - x0 + 1), int(y1 - y0 + 1)), frame.shape)
            centre = np.array([(x0 + x1) / 2, (y0 + y1) / 2])
            zone = zones.zone_of(centre) if zones is not None else ""
            out.append(Sighting(card, min(1.0, confidence), box, zone, frame_index))
        return out, lettered

    def _read_one_card(self, frame: np.ndarray) -> list[Sighting]:
        """Read a photo cropped to one card's border: shrunk to a card's usual size, framed.

        Why: the outline reader separates a card from the table around it; with no table
        there is no outline to find. Cut to its border, a rendered card is read in no
        design at any size; shrunk to `_ONE_CARD_WIDTH` and framed by a dark border, every
        one is (`test_defect_issue_42_single_card_cropped_to_its_border_is_read`).
        """
        height, width = frame.shape[:2]
        scale = min(1.0, _ONE_CARD_WIDTH / min(height, width))
        small = cv2.resize(frame, (max(1, round(width * scale)), max(1, round(height * scale))),
                           interpolation=cv2.INTER_AREA)
        pad = round(0.3 * min(small.shape[:2]))
        framed = cv2.copyMakeBorder(small, pad, pad, pad, pad, cv2.BORDER_CONSTANT,
                                    value=_ONE_CARD_BORDER)
        readings = self.readings(framed)
        if self.corners is not None and readings:
            readings, _, _ = self._judged(framed, readings)
        out = []
        for reading in readings:
            x, y, w, h = reading.sighting.box
            box = (max(0, round((x - pad) / scale)), max(0, round((y - pad) / scale)),
                   round(w / scale), round(h / scale))
            out.append(replace(reading.sighting, box=box))
        return out


def _doubted(sightings: list[Sighting]) -> list[Sighting]:
    """Return ``sightings`` each at most a proposal (`_LETTERED`)."""
    return [replace(s, confidence=min(s.confidence, _DISPUTED)) for s in sightings]


def _one_place(corners: list[_Witness]) -> list[_Witness]:
    """Return the corners read as one card that can be that card's: near its surest one.

    Two corners of one card lie within `_LEARNED_REACH` times the larger box's longer side
    of each other; corners further apart are not witnesses of the same card.
    """
    anchor = max(corners, key=lambda c: c[0])
    ax, ay, aw, ah = anchor[1]
    out = []
    for p, (x, y, w, h), indices in corners:
        reach = _LEARNED_REACH * max(aw, ah, w, h)
        if np.hypot(x + w / 2 - ax - aw / 2, y + h / 2 - ay - ah / 2) <= reach:
            out.append((p, (x, y, w, h), indices))
    return out
