"""Frame -> cards: find card outlines, read each corner index, keep the best readings.

Why this shape: finding (geometry) and reading (a classifier on the corner index) are
separate, so a card partly covered by another card or a chip is still read from whichever
index corner shows. Backs and wrong hypotheses are answered "no index" by the classifier
and never reported. Drawing the result is the UI's business, not this module's.

The two corner indices of one outline show the same face, so their probability vectors
are combined into one reading (`model.fuse`); a corner read as "no index" (covered) has
almost no say. Two corners each surely reading a different card are a dispute the dealer
must settle. An outline read unsurely gets a second look: its index regions cut again a
little shifted and scaled, the probabilities averaged, before the corners are combined.
The card's face, warped whole, is a third witness (`card_body`): its pip count (or "a
court") and suit join the corners' evidence, and it settles a dispute between them.
"""

from __future__ import annotations

from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path

import cv2
import numpy as np

from dealerassist.cards import Card, Rank
from dealerassist.errors import RecognitionError
from dealerassist.vision.calibration import TableCalibration
from dealerassist.vision.card_body import (
    COURT,
    DEFAULT_BODY_PATH,
    GROUPS,
    BodyClassifier,
    confine,
    confine_suit,
    court_of_cuts,
    extract_bodies,
    number_card,
    support,
    sure_groups,
    witness,
)
from dealerassist.vision.card_metric import CardMetric
from dealerassist.vision.corners import DEFAULT_FINDER_PATH, DEFAULT_READER_PATH, CornerReader
from dealerassist.vision.edge_snap import edge_strengths, edges_across
from dealerassist.vision.geometry import (
    CardQuad,
    CardSearch,
    fresh_hypotheses,
    grid_weights,
    index_regions,
    inside_shares,
    order_quad,
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
    normalise_patches,
    probabilities,
    reading_image,
)
from dealerassist.vision.quads import overlap
from dealerassist.vision.sighting import Sighting

__all__ = ["Reading", "Recogniser", "Trace", "extract_patch", "read_image"]

_SMALLEST = 24  # pixels: a frame narrower than this holds no legible index
# A frame read empty whose shape is a card's (short / long side in this range) may be a
# photo cropped to one card: it is read again shrunk to this width, on this border.
_ONE_CARD_SHAPE = (0.55, 0.9)
_ONE_CARD_WIDTH = 100
_ONE_CARD_BORDER = (30, 30, 30)
# The learned corner reader (`Recogniser._learned_cards`): a corner counts from this
# probability (reading x finder, the finder's counted in full from _LEARNED_FOUND); a card
# read at one corner only is capped at _LEARNED_ONE; a card is added from _LEARNED_MIN.
# On the development photos held apart from training (92 photos, 249 cards; finder and
# reader trained without them), the learned path alone reads 0.63 of the cards at
# precision 0.75 from 0.5, 0.51 at 0.88 from 0.7, 0.33 at 0.94 from 0.9.
_LEARNED_CORNER = 0.5
_LEARNED_FOUND = 0.5
_LEARNED_ONE = 0.99
_LEARNED_MIN = 0.7
_FOREIGN = 0.5  # an outline reading whose glyph is this likely foreign to the house: dropped
_MIN_PAPER = 0.3  # share of card stock below which a region is not an index (geometry)
# Card stock is sampled on the finder's closed mask: ink holes filled. On the plain mask
# the red ink of a far card's index (saturated, so not "paper") left its corner under 30 %
# and a legible index was never read (seeds 3030/3131/3232/2027: +5 cards of 6,916, no
# more false reports, +0.7 patches a frame).
_PAPER_MASK = "closed"
_PAPER_GRID = grid_weights(6)
# Patches from which the network's work is shared by two threads (12 for cv2.dnn; on ONNX
# Runtime 6 is as fast at p50 and ~0.7 ms faster at p95, interleaved, seeds 2027 and 7575).
_SPLIT_BATCH = 6
_SPLIT_FACES = 4  # ... and card faces (`card_body`: a face costs about as much as a patch)
_SURE = 0.95  # an index read this surely needs no second look from another hypothesis
_DISPUTE = 0.5  # two corners read as different cards at least this surely: a dispute
_DISPUTED = 0.85  # a disputed reading's confidence: below CONFIRM_BELOW, above the floor
_INDEPENDENCE = 0.75  # how far two corners of one card count as independent (model.fuse)
_REREAD_LOW = 0.2  # an index that may be a card this surely, on an outline read below
_REREAD_HIGH = 0.98  # this, is cut and read again (a second look)
# The second look: (shift along the index's width, along its height, scale about its centre)
_VARIANTS = ((0.06, 0.04, 1.0), (-0.06, -0.04, 1.0), (0.0, 0.0, 0.9))
_REREAD_MAX = 8  # regions read again per pass at most, likeliest cards first (latency)
# A hypothesis read as "no index" (or a card below the reporting threshold) at both
# corners may lie a fraction of an index beside the card it covers (in a pile its index
# regions then show half an index): each of its corners that the network thought might
# show an index ("no index" below 0.999) is cut again 0.1 of the card's width to either
# side along the card's short side, for 40 such hypotheses a frame at most, all in one
# pass, the readings kept only at 0.95 (`Recogniser._read_beside`). Hypotheses lean
# inwards, onto the pile (a card is hypothesised only where it lies on what is not felt:
# 37 of 48 cuts that read a card on two overlap sets lay outwards, towards the card's
# edge); both ways are read, as fans open either way on a real table (the outward cut
# alone gained 20 of 31 cards).
# It replaces reading the farthest repeat `_dedupe` dropped
# (+22 cards there): against it, overlap frames of seeds 7575, 8686, 5353, 6464 and seed
# 2028: +5, +3, 0, +3, +1 cards, false reports -1, -1 and +1 (2028), none sure more;
# seeds 2027 and 3131 +1 each; each frame of seed 2028 read once at the bench's pace
# (`vision_devset.py latency --cold`, twice interleaved): p95 +0.4 / +0.7 ms, p50 +0.4.
# Both, one pass after the other: +31 cards against the repeats alone (+25 below 0.99),
# but p95 +2.5 ms (+1.5); in one pass, +19 for +1.4. Below 0.9999 instead: +19, p95 +2.3.
# With the repeats, shifts of 0.08 / 0.132 / 0.17: +28 / +25 / +22 against 0.1's +31;
# without them, 0.12: 5 cards fewer than 0.1. Along the long side too: +3 for 0.7 ms more
# at p50; read on their own (no fusion, face, close framing nor second look), kept at
# 0.999: fewer cards, more false reports; without the second look alone: the same cards,
# 4 sure false reports more. Hypotheses read as a card
# below the reporting threshold too, not only blank ones: +8 cards more on the five sets,
# no false report; seed 2027 +1 card, +1 false report; p95 the same (-0.3 ms, noise).
_BESIDE = 0.1
_BESIDE_BLANKS = 40
_BESIDE_BELOW = 0.999
_BESIDE_KEEP = 0.95
_BESIDE_EDGES = True  # each such corner also cut where its long side finds an edge aside
_RESIDUAL_EDGES = True  # the residual's blank hypotheses cut onto an edge too
_EDGE_REACH = 0.35  # the long side looked for this far aside, in card widths
_EDGE_NEAR = 0.05  # ... from this far (nearer is where it lies)
_EDGE_LEAST = 10.0  # grey levels: the weakest edge (the median step across the side)
_EDGE_MAX = 4  # cuts onto an edge a frame at most, in the finder's order
_EDGE_KEEP = 0.98  # what such a cut reads counts from this confidence
# The close framing: the index region shrunk towards the card's corner (a deck's small,
# thin index then fills the patch as the usual ones do; `model.choose_framings`).
_CLOSE = 0.85
_FRAMED = 0.999  # a region read this surely (a card or "no index") needs no close look
# An index region lying this much (a share of its area) on a card already read as the same
# card is that card's own index (`Recogniser._keep`).
_OWN_INDEX = 0.5
# A card outline within a clean outline this many times its area that gave no card is a
# picture on that card (`_inside_a_blank`).
_PICTURE = 3.0
_ONE_CARD = (0.5, 1.5)  # ... of one card's size (a back), relative to the cards read
_WITHIN = 0.8  # ... and lying this much (a share of its area) within it
# A card whose short side is below this many frame pixels has an index some 12 pixels
# wide: never read surely, the dealer confirms it (capped at ``_DISPUTED``). On scenes
# other than the held-out ones (left-out decks seed 3030, training decks 3131 and 3232,
# seed 2027; 6,872 readings) 8 of 221 sure readings of such cards were wrong, most at 0.99
# or more (no confidence threshold parts them), against 21 of 6,240 for larger cards.
_LEGIBLE = 50.0
# Two cards kept on one place (their outlines overlapping this much, over the larger one's
# area) are one card read twice, or two cards stacked: `Recogniser._settle_places`. Where
# either outline is smaller than ``_LEGIBLE``, the faces of both decide when their support
# for one card is at least e ** ``_PLACE_MARGIN`` (4) times that for the other, and the other
# reading is dropped; otherwise both become proposals. Fresh held-out-design scenes (seeds
# 2029, 2030 and overlap seed 9797, 11,601 cards): the same cards, false reports 88 -> 84,
# sure ones 9 -> 7; the seven development sets: the same cards, 108 -> 105 (sure 11 -> 10).
# Dropping on the faces at every size: one right card lost (a queen of clubs lying turned
# half under a queen of diamonds, both indices showing: both faces see the diamond).
_SAME_PLACE: float | None = 0.8
_PLACE_MARGIN = 1.386
# Hypotheses repeating a clean outline read as "no index" at both corners are read too
# (`CardSearch.found`). Seeds 3030, 3131, 3232 and 2027 (6,916 cards): +31 cards read
# right, one more false report.
_PAST_BLANKS = True
# The face's exponent when its evidence joins the corners' (`card_body.witness`); chosen
# on rendered scenes other than the held-out ones.
_FACE_WEIGHT = 1.0
# Two corners each reading one card this surely need no face (speed). 0.999, not 0.99:
# seeds 3030/3131/3232 and 2027, +1 card, false reports 32 -> 31 (sure 4 -> 3), 2.4 faces
# a frame instead of 1.9 (0.9999: the same cards, 3.5 faces; none skipped: 7.3 faces).
_FACE_SKIP = 0.999
# ... except for a ten: a court's letter beside its frame's line is read as a ten's "10"
# (tigullio-international's queens at 0.95-0.998, seed 2027): a ten's face is always read.
# Seeds 3030/3131/3232/2027: the same cards, 0.3 more faces a frame.
_FACE_CHECKED: frozenset[Rank] = frozenset({Rank.TEN})
# A hypothesis's face (which may show part of another card) quite sure of another group
# than the card read makes that card a proposal. Seeds 3030/3131/3232/2027 at 0.9: 1 more
# right reading of 6,936 to confirm; at 0.8 (and 0.7): 2 more, and the one sure wrong
# reading left there is a proposal too.
_FACE_DOUBTS: float | None = 0.8
# A hypothesis's corner read at least this surely (its own card's confidence) is never
# wiped out by a face that leans to "no card's face" (the hypothesis half on a back or
# the felt beside the card): it stays that card, a proposal (seven
# development sets +11 cards, fresh sets +5, no false report more; from 0.9: +10 / +1
# false report; 0.99: +9 / +4 cards; letting such a corner overrule any face, 0.99: +1 card, +8
# false reports; the face's reading kept but its "no face" ignored beside a card read
# aside of a hypothesis (`_read_beside`): +13 / +5 cards but 3 backs reported).
_BACK_UNDER: float | None = 0.95
# ... "wiped out": "no index" the likeliest class, or at least this likely (the card below
# the floor of 0.6; not at all, only the likeliest: -4 / -2 cards; 0.3: the same as 0.4).
_BACK_WIPED = 0.4
# A ten whose face leans to a court this much is a proposal, on any outline: a framed
# court's letter beside its frame line is what the index network reads as "10"
# (tigullio-international's queens), and surely. On 1,656 frames (the 1,008 non-held-out
# and three fresh overlap seeds) no right ten read surely had a face this near a court
# (none at 0.3), and both sure wrong tens were a queen's outline (court 0.70, 0.77).
_TEN_DOUBTS: float | None = 0.5
_TEN = int(Rank.TEN) - 2  # the ten's rank class
# ... and a number card whose face leans to a court at least this much (a clean outline's
# face: any number card; a hypothesis's: a ten only) is read as the court its corners liked
# best after it, a proposal: that queen's "Q" is the "0" of the "10". On true outlines of
# seeds 2027, 2028 and 3131 (overlap aside) the face's court share was at most 0.01 for 534
# tens and 0.02 for 4,312 twos to nines; on a hypothesis the face may show another card
# (0.3 there lost three right tens in overlap frames of seeds 3131 and 6464). Seed 2028,
# 720 frames of the held-out designs: 4,918 -> 4,933 of 5,001 read right for tens, false
# reports 33 -> 20 (sure 2 -> 0), 4,935 (19) with every number card on clean outlines;
# seeds 2027, 3131, 5353, 6464: +6 cards, -5 false reports (the same either way).
_FACE_COURTS: tuple[float, float] | None = (0.3, 0.5)
# A clean outline's face sure of its group at least this much confines the card's rank to
# that group (`card_body.confine`; a rank it overrules makes the reading a proposal). On
# clean outlines of scenes other than the held-out ones (5,943 faces), 2 of 5,871 faces
# this sure named the wrong group. Seeds 3030/3131/3232 and 2027 (6,916 cards): +9 read
# right, false reports 50 -> 45 (sure ones 9 -> 5); 0.5, 0.6, 0.8, 0.9 gave +8, +9, +7, +3.
_FACE_SURE: float | None = 0.7
# ... and a clean outline's face sure of a number card or ace group (``_FACE_SURE``) and of
# its suit at least this much gives the suit (`card_body.confine_suit`; a suit it overrules
# makes the reading a proposal). On the same clean outlines, 3 of 4,511 faces of pips this
# sure named the wrong suit (courts: 31 of 881, so never for courts). Seeds 3030/3131/3232
# and 2027: +6 read right, false reports 45 -> 39 (sure 5 -> 4); 0.6, 0.7, 0.9, 0.95 gave
# +3, +4, +2, +1.
_FACE_SUIT: float | None = 0.8
# Two corners of a clean outline read as two cards (a dispute) are fused like any pair when
# the face is sure of its group (``_FACE_SURE``): the face, not the surer corner, decides
# (a far eight read as a ten at one corner and a queen at the other). Seeds 3030/3131/3232
# and 2027: +7 read right, false reports 37 -> 32 (sure 4 -> 4).
_DECIDES_DISPUTES = True
# ... and so are a hypothesis's two corners when they read a ten or a court each and its
# face is sure of a court: a thin queen or king read as a ten at one corner and as itself
# at the other (glare, blur, far), where the surer corner alone was read below the
# reporting floor. A hypothesis's face may show part of another card: in a pile, a court's
# picture beside a number card (hence neither faces of pips nor disputes of other ranks).
# Seed 2028: +5 cards of 5,001, no false report more; seeds 2027, 3131, 6464 and two sets
# of 240 overlap frames of the held-out designs (seeds 7575 and 8686): the same cards and
# false reports; seed 5353 one false report fewer. Any dispute under a court face: the
# same +5 cards on seed 2028, but +4 false reports on the two overlap sets.
_HYP_DISPUTES = True
# Frames where no clean outline was surely one card: the regions are searched again with
# the card's size learnt from hypotheses read as one card at both corners (at most this
# many new hypotheses), unless the size guessed first was that size within 10 % where
# they lie, and without the line search inside regions (Canny and Hough again): on the
# 168 overlap frames of seeds 3030/3131/3232/2027, 22 frames searched again at +10 to
# +20 ms each; the two limits keep 14 of the 16 cards gained (1,034 -> 1,048 of 1,094)
# and take the overlap frames' p95 from 45.5 to 41.9 ms (39.2 without the second search).
# An outline that gave no card but whose face is surely a court's is read as the court its
# corners' cuts rank first among J, Q and K (`Recogniser._read_courts`).
# On the true index regions of the courts of seed 2028's far and blur frames whose face is
# 0.9 a court (the held-out designs, 373 cards), the four cuts so fused named the right
# court for 98.9 % (far) and 100 % (blur) of them, and the right card for 96.8 / 97.3 %,
# while the fused reading gave none for many: far tigullio-international courts read
# "no index" or a ten at each corner. Seed 2028: 4,952 -> 4,956 of 5,001 cards, false
# reports the same (20, none sure); seed 2027 +1 card; seeds 3131, and the overlap frames
# of 7575, 8686, 5353 and 6464: the same cards and false reports. Without the need for two
# cuts showing an index (``_COURT_SEEN``; one at 0.05), the courts so read on all seven
# sets were 8 right and 6 wrong (with it: 6 right, none wrong); a face at 0.8 or 0.75 a
# court: the same cards, one false report more; the cuts multiplied untempered (1.0) or at
# 0.7: the same cards, one false report more.
_COURTS = True
# ... and those whose face is this sure of a number card's group (ace, two .. ten) and of
# its suit as that card, a proposal (``_DISPUTED``): the face counts the pips, so it names
# the whole card (on clean outlines of non-held-out scenes 2 of 5,871 faces sure at 0.7
# named the wrong group, 3 of 4,511 at 0.8 the wrong suit; see ``_FACE_SURE``). A far
# eight of diamonds on a clean outline, its corners "no index" at 0.67 and 0.94, its face
# an eight at 1.00 and diamonds at 0.96 (seed 2028). Measured: +3 cards on the
# seven development sets (5353, 2028, 2027), +1 on the fresh seeds 2029 / 2030 / 9797, no
# false report more; (0.9, 0.9) the same.
_NUMBERS: tuple[float, float] | None = (0.95, 0.95)
_COURT_FACE = 0.9
# ... and where the cuts show too little of an index to say (fewer than ``_COURT_SEEN``), or
# the face is a court below ``_COURT_FACE``, a face this sure of a court and of its suit
# gives the suit, the cuts' shares of J, Q and K the court (any number of cuts showing an
# index): a far tigullio-international queen of spades, each cut "no index" at 0.5-1.0
# and a spade sign as large as the letter beside it, its face a court at 0.86-0.94 and
# spades at 0.96-0.98, every cut ranking the queen first of the three courts. A face's
# suit is wrong for 3.5 % of courts on the non-held-out scenes (it reads pips, not
# pictures), hence the suit's bar. Measured with ``_COURT_BLANK`` 0.999 and
# ``_COURT_AREA`` 0.6: seven development sets +3 cards (2028), fresh seeds 2029 / 9797 /
# 2030 +3 / 0 / +2, no false report more; a face at 0.7 a court: +2 cards, +1 false
# report; its suit at 0.8 / 0.85: +4 / +2 cards, +3 / +1 false reports; ``_COURT_BLANK``
# 1.01 (the faces of backs read too): +1 card.
_COURT_FACE_SUIT: tuple[float, float] | None = (0.8, 0.9)
_COURT_SEEN = 2  # ... cuts of the four showing an index at 0.5 or more (court_of_cuts)
_COURT_TEMPER = 0.5
# A corner's "no index" (the framing kept) at most this: 0.5, 0.7: -1 card; 0.99 the
# same cards; 0.999 for ``_COURT_FACE_SUIT`` (above).
_COURT_BLANK = 0.999
# ... as large as this share of the median area of the cards read surely at both corners
# (a court's inner picture frame is smaller; with courts read with their face's suit,
# 0.6 gave +2 cards against 0.7, 0.5 the same as 0.6).
_COURT_AREA = 0.6
_COURT_OVERLAP = 0.5  # an outline lying this much on one that gave a card is that card
_COURT_REPEAT = 0.8  # two outlines overlapping this much are one
_COURT_MAX = 16  # outlines whose face is read, a frame at most (the same cards as 8)
# What is left of a region past the cards read in it is searched (`_read_residual`): on the
# overlap sets of seeds 7575, 8686, 5353, 6464 and on seed 2028 +18 cards, no false report
# more; p95 +0.5 ms. More hypotheses a frame (20, 24) or smaller pieces (0.05 of a card): the
# same cards.
# Quads read a frame at most, clean outlines first (geometry.found). 60 (and fewer lines
# searched, card_hypotheses._MIN_CARDS 1.0): +7 / +4 cards, +3 / +1 false reports.
_MAX_HYPOTHESES = 40
# A card read on an outline more than [2] times the median card read surely at both
# corners is boxed by a hypothesis of [0]-[1] times that size lying (_CARD_INSIDE) inside
# the outline with a corner on the index read (`Recogniser._card_sized`). Measured:
# seven development sets +3 cards and 3 false reports (3 sure) fewer, the three
# fresh sets +3 cards and 3 fewer (2 sure); at 1.3 / 1.3 the same.
_CARD_SIZED: tuple[float, float, float] | None = (0.7, 1.4, 1.6)
_CARD_INSIDE = 0.8
# The cards of a fan beside a card read surely (`Recogniser._read_neighbours`): the card's
# copy moved along its width by each of these (card widths; fans step 0.4-1.02 widths)
# whose side lies on a straight edge at least [0] grey levels strong within [1] widths
# (_NEIGHBOUR_GATE), an index corner on card stock with ink (_NEIGHBOUR_INK: the share the
# closed mask has over the bare one), on no region read; _NEIGHBOUR_MAX a frame, nearest
# moves first; read at the usual framing, kept from _NEIGHBOUR_KEEP. Measured:
# seven development sets +36 cards, fresh sets +16, no false report more; p95 +1.4 ms
# (interleaved, seed 2028); without the edges 3 times the patches for +1 card; moves to
# 2.05 widths +10 cards for p95 +0.8 ms more; 20 a frame: -7 cards; kept from 0.95: -9
# cards, from 0.85: +6, +3 false reports, from 0.8: +7, +8; the close framing too: +3 / -2.
_NEIGHBOURS: tuple[float, ...] | None = tuple(
    sign * (0.35 + 0.1 * k) for sign in (-1.0, 1.0) for k in range(9))
_NEIGHBOUR_GATE = (6.0, 0.06)
_NEIGHBOUR_INK = 0.03
_NEIGHBOUR_MAX = 40
_NEIGHBOUR_KEEP = 0.9
_RESIDUAL = True
_RESIDUAL_MAX = 12
_REFIT = True
_REFIT_MAX = 30
_REFIT_SAME = 0.1
_REFIT_LINES = False
# When no hypothesis was read as one card either, the size guessed first is far off (the
# outlines of a card's shape it came from were a card's inner frame, or two cards): the
# regions are searched at these multiples of it too, for a card to learn the size from.
# On the 1,008 non-held-out frames 4 frames are such: 6,852 -> 6,858 cards, the same 30
# false reports and 3 backs ((0.7, 1.4): 6,855, 31); the bench's latency frames never are.
_RESCALES: tuple[float, ...] = (0.6, 0.8, 1.25, 1.6)
# With no size guessed at all (no outline of a card's shape near the others' size), these
# card lengths (over the search image's width; 32 to 115 pixels of 640) are tried instead.
# Overlap frames of seed 5353: 3 such frames, 1,305 -> 1,317 of 1,367 cards, false reports
# 14 -> 16 (4 sure); 40-60 ms more in such a frame. Seed 6464 and the 1,008: unchanged.
_UNGUESSED: tuple[float, ...] = (0.05, 0.065, 0.085, 0.11, 0.14, 0.18)
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

    """

    quads: tuple[CardQuad, ...]
    regions: tuple[np.ndarray, ...]
    results: dict[int, tuple[float, Card | None]]
    kept: list[Reading]


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


def _settle_disputes(
    results: dict[int, tuple[float, Card | None]], firsts: Iterable[int],
    faces: dict[int, Probabilities] | None = None,
) -> None:
    """Two corners of one outline read as two different cards: the dealer must confirm.

    Both index corners of a card show the same face; when each is read as a card with
    some confidence and they disagree, one of them is wrong. The surer reading stays a
    proposal, its confidence capped below ``CONFIRM_BELOW`` so that it never counts until
    the dealer confirms it; the other is dropped. Where the outline's face was read
    (``faces``), "surer" weighs each corner's confidence by how well the face fits its
    card (`card_body.support`): a ten and a queen in dispute on a face of pictures. ``firsts``
    are TL region numbers (even); the BR region is the next one.
    """
    for first in firsts:
        a, b = results.get(first), results.get(first + 1)
        if a is None or b is None or a[1] is None or b[1] is None or a[1] is b[1]:
            continue
        if min(a[0], b[0]) >= _DISPUTE:
            face = faces.get(first) if faces else None
            if face is not None:
                a_score = a[0] * support(face[0], face[1], a[1]) ** _FACE_WEIGHT
                b_score = b[0] * support(face[0], face[1], b[1]) ** _FACE_WEIGHT
            else:
                a_score, b_score = a[0], b[0]
            weaker = first if a_score < b_score else first + 1
            stronger = first + 1 if weaker == first else first
            confidence, card = results[stronger]
            results[stronger] = (min(confidence, _DISPUTED), card)
            results[weaker] = (0.0, results[weaker][1])


Probabilities = tuple[np.ndarray, np.ndarray]  # one region's rank (14) and suit (4) vectors


def _read_pair(
    probabilities: dict[int, Probabilities], first: int
) -> dict[int, tuple[float, Card | None]]:
    """Read the two index regions ``first`` (TL) and ``first + 1`` of an outline.

    Only regions with probabilities are read. Two corners each read as a different card at
    least ``_DISPUTE`` surely are a dispute (`_settle_disputes`), unless the outline is whole
    and its face sure of its group (`_read_pairs`). Otherwise the corners'
    evidence is fused into one reading given to every corner that reads a card at all (a
    blank corner stays blank, so that `_agree` still means two corners seen); two corners
    whose own best cards differ never give more than ``_DISPUTED``: the dealer confirms.
    """
    return _read_pairs(probabilities, [first])


def _read_pairs(
    probabilities: dict[int, Probabilities], firsts: Iterable[int],
    faces: dict[int, Probabilities] | None = None, *, whole: bool = False,
) -> dict[int, tuple[float, Card | None]]:
    """Apply `_read_pair` to the outlines of TL region numbers ``firsts`` at once.

    The corners' best cards come from one numpy pass (`model.best_cards`) and the fused
    pairs from another (`model.fuse_pairs`): the same values as pair by pair. ``faces``
    (TL region number -> the outline's face group and suit probabilities, `card_body`)
    adds the face's evidence to the corners' (fused, or the one corner read) before the
    card is chosen; a corner whose own best class is "no index" stays blank. With
    ``whole`` (clean outlines), a face sure of its group confines the card (`_witnessed`)
    and two disputing corners are fused, not settled by the surer one (capped: a proposal);
    on a hypothesis only a ten and a court in dispute under a face sure of a court are
    (``_HYP_DISPUTES``).
    """
    firsts = list(firsts)
    numbers = [n for first in firsts for n in (first, first + 1) if n in probabilities]
    if not numbers:
        return {}
    singles = dict(zip(numbers, best_cards(np.stack([probabilities[n][0] for n in numbers]),
                                           np.stack([probabilities[n][1] for n in numbers])),
                       strict=True))
    readings = dict(singles)
    if faces:
        lone = [n for n in numbers if n - n % 2 in faces and singles[n][1] is not None
                and n ^ 1 not in singles]
        if lone:
            rank, suit, overruled = _witnessed(
                np.stack([probabilities[n][0] for n in lone]),
                np.stack([probabilities[n][1] for n in lone]),
                [faces[n - n % 2] for n in lone], whole=whole)
            for n, (confidence, card), capped in zip(lone, best_cards(rank, suit), overruled,
                                                     strict=True):
                readings[n] = (min(confidence, _DISPUTED) if capped else confidence, card)
    to_fuse: list[tuple[int, bool]] = []
    for first in firsts:
        if first not in singles or first + 1 not in singles:
            continue
        a, b = singles[first], singles[first + 1]
        differ = a[1] is not None and b[1] is not None and a[1] is not b[1]
        if differ and min(a[0], b[0]) >= _DISPUTE and not (
                _DECIDES_DISPUTES and faces and (
                    _face_is_sure(faces.get(first)) if whole
                    else _HYP_DISPUTES and min(a[1].rank, b[1].rank) >= Rank.TEN
                    and _sure_group(faces.get(first)) == COURT)):
            _settle_disputes(readings, [first], faces)
        else:
            to_fuse.append((first, differ))
    if not to_fuse:
        return readings
    rank, suit = fuse_pairs(
        np.stack([(probabilities[first][0], probabilities[first + 1][0]) for first, _ in to_fuse]),
        np.stack([(probabilities[first][1], probabilities[first + 1][1]) for first, _ in to_fuse]),
        independence=_INDEPENDENCE,
    )
    blanked: set[int] = set()  # outlines the face says are no card's face (a back)
    capped: set[int] = set()  # outlines whose face overruled the corners' rank
    if faces:
        seen = [k for k, (first, _) in enumerate(to_fuse) if first in faces]
        if seen:
            was_card = rank[seen].argmax(axis=1) != NO_INDEX
            rank[seen], suit[seen], overruled = _witnessed(
                rank[seen], suit[seen], [faces[to_fuse[k][0]] for k in seen], whole=whole)
            capped = {to_fuse[k][0] for k, over in zip(seen, overruled, strict=True) if over}
            blanked = {to_fuse[k][0] for k, before, after
                       in zip(seen, was_card, rank[seen].argmax(axis=1) == NO_INDEX, strict=True)
                       if before and after}
    for (first, differ), (confidence, card) in zip(to_fuse, best_cards(rank, suit), strict=True):
        if first in blanked:
            readings[first] = readings[first + 1] = (0.0, None)
            continue
        if card is None:
            continue
        if differ or first in capped:
            confidence = min(confidence, _DISPUTED)
        for n in (first, first + 1):
            if singles[n][1] is not None:
                readings[n] = (confidence, card)
    return readings


def _sure_group(face: Probabilities | None) -> int:
    """Return the card group a face is sure of (``_FACE_SURE``), else -1."""
    if face is None or _FACE_SURE is None:
        return -1
    return int(sure_groups(face[0], _FACE_SURE)[0])


def _face_is_sure(face: Probabilities | None) -> bool:
    """Say whether a face is sure of one card group (``_FACE_SURE``): it confines the rank."""
    return _sure_group(face) >= 0


def _witnessed(
    rank_p: np.ndarray, suit_p: np.ndarray, faces: list[Probabilities], *, whole: bool = False
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return the index distributions with the faces' evidence in (`card_body.witness`).

    A row whose own likeliest rank class is "no index" is left as it is: the face says
    which card an index shows, never that a corner is an index. With ``whole`` (the faces
    of clean outlines: the whole card in view), a face sure of its group (``_FACE_SURE``)
    confines the rank to that group (`card_body.confine`). Also returns which rows the
    face overruled (their own best rank lay outside the face's group). A number card whose
    face leans to a court (``_FACE_COURTS``) is read as the court the corners liked best
    after it, overruled: a proposal.
    """
    group_p = np.stack([face[0] for face in faces])
    body_suit_p = np.stack([face[1] for face in faces])
    rank, suit = witness(rank_p, suit_p, group_p, body_suit_p, weight=_FACE_WEIGHT)
    blank = rank_p.argmax(axis=1) == NO_INDEX
    overruled = np.zeros(len(rank), bool)
    if whole and _FACE_SURE is not None:
        rank, overruled = confine(rank, group_p, sure=_FACE_SURE, own=rank_p)
        if _FACE_SUIT is not None:
            suit, other_suit = confine_suit(suit, group_p, body_suit_p, sure_group=_FACE_SURE,
                                            sure_suit=_FACE_SUIT, own=suit_p)
            overruled |= other_suit
        overruled &= ~blank
    elif not whole and _FACE_DOUBTS is not None:
        # A hypothesis's face may show part of another card: it confines nothing (the
        # confined ranks are thrown away), but a face quite sure of another group than the
        # card read makes that card a proposal.
        _, overruled = confine(rank, group_p, sure=_FACE_DOUBTS)
        overruled &= ~blank
    own = rank_p[:, :NO_INDEX].argmax(axis=1)
    ten = (own == _TEN) & ~blank
    if _TEN_DOUBTS is not None:
        overruled |= ten & (group_p[:, COURT] >= _TEN_DOUBTS)
    if _FACE_COURTS is not None:
        # No number card's face looks like a court's, but a court's index can pass for a
        # number: a court's "Q" beside a line for "10", a blurred one for a "9" or a "3".
        # On a clean outline any number card is confined to the courts (as a face sure of
        # a court would); on a hypothesis, whose face may show another card, only a ten.
        number = ((own <= _TEN) & ~blank) if whole else ten
        rows = np.flatnonzero(number & (group_p[:, COURT] >= _FACE_COURTS[not whole]))
        if len(rows):
            courts = np.zeros((len(rows), GROUPS))
            courts[:, COURT] = 1.0
            rank[rows], _ = confine(rank[rows], courts, sure=1.0)
            overruled[rows] = True
    rank[blank], suit[blank] = rank_p[blank], suit_p[blank]
    if not whole and _BACK_UNDER is not None:
        # A hypothesis often lies half on a back, the felt or another card beside the card
        # whose corner it read: its face then leans to "no card's face", which would wipe
        # out a corner read surely, or push it below the reporting floor. Such a corner
        # keeps its own reading, as a proposal.
        own_sure = rank_p[:, :NO_INDEX].max(axis=1) * suit_p.max(axis=1)
        wiped = ~blank & (own_sure >= _BACK_UNDER) & ((rank.argmax(axis=1) == NO_INDEX)
                                                     | (rank[:, NO_INDEX] >= _BACK_WIPED))
        rank[wiped], suit[wiped] = rank_p[wiped], suit_p[wiped]
        overruled |= wiped
    return rank, suit, overruled


def _agree_surely(probs: dict[int, Probabilities], first: int) -> bool:
    """Both corners of the outline read the same card, each at least ``_FACE_SKIP`` surely."""
    if first not in probs or first + 1 not in probs:
        return False
    (a_sure, a_card), (b_sure, b_card) = best_cards(
        np.stack([probs[first][0], probs[first + 1][0]]),
        np.stack([probs[first][1], probs[first + 1][1]]))
    return (a_card is not None and a_card is b_card and min(a_sure, b_sure) >= _FACE_SKIP
            and a_card.rank not in _FACE_CHECKED)


def _card_potentials(rank_p: np.ndarray, suit_p: np.ndarray) -> list[float]:
    """Say how surely each region could be some card, "no index" set aside: one float per row."""
    return (rank_p[:, :NO_INDEX].max(axis=1) * suit_p.max(axis=1)).tolist()


def _variants(region: np.ndarray) -> list[np.ndarray]:
    """Return the same index region cut again slightly shifted and scaled (the second look)."""
    region = np.asarray(region, np.float32)
    across, down = region[1] - region[0], region[3] - region[0]
    centre = region.mean(axis=0)
    return [centre + scale * (region - centre) + shift_x * across + shift_y * down
            for shift_x, shift_y, scale in _VARIANTS]


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


def _one_card_shape(frame: np.ndarray) -> bool:
    """Whether a frame has the shape of one card (either way up)."""
    height, width = frame.shape[:2]
    return _ONE_CARD_SHAPE[0] <= min(height, width) / max(height, width) <= _ONE_CARD_SHAPE[1]


def _short_side(corners: np.ndarray) -> float:
    """Return the card's short side in frame pixels: the smaller mean of two opposite sides."""
    sides = np.linalg.norm(corners - np.roll(corners, -1, axis=0), axis=1)
    return float(min(sides[0] + sides[2], sides[1] + sides[3]) / 2)


class Recogniser:
    """Reads the face-up cards in BGR frames.

    Args:
        model_path: the ONNX classifier (default: the one shipped in resources/vision).
        calibration: table zones; without it every sighting's zone is "". Frames of
            another resolution than the one the felt was marked on are read with its
            corners scaled (`TableCalibration.fitted`); on frames of another shape every
            zone is "" (the console asks the dealer to mark the corners again).
        min_confidence: readings below this are dropped (not even proposed); between it
            and ``CONFIRM_BELOW`` (0.95) they are proposals the dealer must confirm. 0.6 was
            chosen on rendered scenes other than the held-out ones: with the corners fused
            and the unsure read twice, it reports no more wrong cards than 0.8 did before.
        face_model_path: the card-face witness (`card_body`; default: the shipped one);
            None reads the corner indices alone.
        engine: what runs the networks, "onnxruntime" or "opencv" (`network`); by default
            ONNX Runtime where it is installed (the same readings, faster).
        corner_models: the learned corner finder and reader (`corners`; default: the
            shipped ones, when present); None reads the outlines alone.
        letters: the house's court letters (rules.yaml ``deck.index_letters``): a glyph
            the house does not use is no card.

    """

    def __init__(
        self,
        *,
        model_path: Path | str = DEFAULT_MODEL_PATH,
        calibration: TableCalibration | None = None,
        min_confidence: float = 0.6,
        face_model_path: Path | str | None = DEFAULT_BODY_PATH,
        engine: str | None = None,
        corner_models: tuple[Path | str, Path | str] | None = (DEFAULT_FINDER_PATH,
                                                               DEFAULT_READER_PATH),
        letters: str = "standard",
    ) -> None:
        self.classifier = IndexClassifier(model_path, engine=engine)
        self.body = (BodyClassifier(face_model_path, engine=engine)
                     if face_model_path is not None else None)
        self._body_helper = (BodyClassifier(face_model_path, engine=engine)
                             if face_model_path is not None else None)
        self.corners = (CornerReader(Path(corner_models[0]), Path(corner_models[1]), engine=engine,
                                     letters=letters)
                        if corner_models is not None and all(Path(p).is_file()
                                                             for p in corner_models) else None)
        self.calibration = calibration
        self._fitted: tuple[TableCalibration, tuple[int, int], TableCalibration | None] | None
        self._fitted = None  # (calibration, frame size, it fitted to that size) of the last frame
        self.min_confidence = min_confidence
        # A second copy of the network reads half of a large batch on the other core (each
        # copy runs on one thread; its forward releases the GIL).
        self._helper = IndexClassifier(model_path, engine=engine)
        self._pool: ThreadPoolExecutor | None = None
        # The networks' first forward sets them up (milliseconds): not in the first frame.
        self.classifier.warm_up()
        self._helper.warm_up()
        if self.body is not None and self._body_helper is not None:
            self.body.warm_up()
            self._body_helper.warm_up()

    def readings(self, frame: np.ndarray, *, frame_index: int = 0) -> list[Reading]:
        """Every confident reading, overlapping duplicates removed, best first."""
        return self.trace(frame, frame_index=frame_index).kept

    def trace(self, frame: np.ndarray, *, frame_index: int = 0) -> Trace:
        """Return the hypotheses, what each index region was read as, and the readings kept."""
        if frame is None or frame.ndim != 3 or frame.shape[2] != 3 or frame.size == 0:
            raise RecognitionError("a frame must be a non-empty BGR image")
        if min(frame.shape[:2]) < _SMALLEST:  # no card index fits: nothing to read
            return Trace((), (), {}, [])
        search = CardSearch(frame)
        # First pass: both index corners of each clean outline. An index is ink on card
        # stock: a region that is mostly felt, back or chip is not worth a look by the
        # network (speed; and a back is never read).
        single_regions = [region for quad in search.singles
                          for region in index_regions(quad.corners)]
        probs, close, disagree = self._probe_on_paper(frame, search, single_regions)
        first = self._judge(frame, single_regions, probs, close=close, disagree=disagree,
                            outlines=[quad.corners for quad in search.singles], whole=True)
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
        blankness: dict[int, float] = {}
        for quad in quads:
            number = numbers.get(id(quad))
            if number is not None:
                for corner in (0, 1):
                    if 2 * number + corner in first:
                        results[len(regions) + corner] = first[2 * number + corner]
                    if 2 * number + corner in probs:
                        blankness[len(regions) + corner] = float(
                            probs[2 * number + corner][0][NO_INDEX])
            regions.extend(index_regions(quad.corners))
        # Second pass: both corners of every hypothesis.
        self._read_hypotheses(frame, search, quads, regions, results, [
            n for n in range(len(regions)) if n not in results and not quads[n // 2].single],
            blankness=blankness)
        self._read_beside(frame, search, quads, regions, results, blankness)
        if _REFIT and not settled:
            # No clean outline was surely one card: the card's size was guessed from
            # outlines of about the median's area, which in a frame of piles are piles.
            # Cards read surely at both corners tell it: search the regions again with it.
            quads, regions = self._read_refitted(frame, search, quads, regions, results,
                                                 blank=blank)
        if _RESIDUAL:
            before = len(quads)
            quads, regions = self._read_residual(frame, search, quads, regions, results,
                                                 blankness)
            if _RESIDUAL_EDGES and len(quads) > before:
                # Its hypotheses too may lie beside the card they cover: cut onto an edge
                # (the tenth cuts found no card more there).
                self._read_beside(frame, search, quads, regions, results, blankness,
                                  since=before, tenth=False)
        quads, regions = self._read_neighbours(frame, search, quads, regions, results,
                                               blankness)
        if _COURTS:
            self._read_courts(frame, quads, regions, results, blankness)
        kept = self._keep(frame, quads, regions, results, frame_index)
        return Trace(tuple(quads), tuple(regions), results, kept)

    def _read_neighbours(
        self, frame: np.ndarray, search: CardSearch, quads: list[CardQuad],
        regions: list[np.ndarray], results: dict[int, tuple[float, Card | None]],
        blankness: dict[int, float],
    ) -> tuple[list[CardQuad], list[np.ndarray]]:
        """Read the cards of a fan beside each card read surely, its copy moved along its width.

        Why: in a fan every card shows its index corner, but its side runs white on white
        over the card below, so that corner is no corner of the pile's outline and no
        hypothesis reaches it (most of the cards lost in piles). Its neighbour, read, gives
        its size and angle (a fan's cards lie nearly parallel), and its side, a faint
        straight edge, lies where the neighbour's would lie moved. So each card read at
        ``_SURE`` or more on a hypothesis of a card's size (a clean outline is a card lying
        alone) is moved by each of ``_NEIGHBOURS`` card widths; a move is read at those of
        its index corners whose side (the left one for the TL index, the right one for the
        BR) finds a straight edge (`edge_snap.edge_strengths`) there (``_NEIGHBOUR_GATE``),
        that lie on card stock with some ink and on no region read already;
        ``_NEIGHBOUR_MAX`` moves a frame, the nearest first, at the usual framing only.
        What they read counts from ``_NEIGHBOUR_KEEP``. The lists and ``results`` are
        extended in place (the new lists returned).
        """
        if not _NEIGHBOURS:  # None or empty: switched off
            return quads, regions
        sure = [n for n in range(len(quads))
                if any(results.get(m, (0.0, None))[1] is not None and results[m][0] >= _SURE
                       for m in (2 * n, 2 * n + 1))]
        if not sure:
            return quads, regions
        areas = np.array([abs(cv2.contourArea(quads[n].corners)) for n in sure])
        card = float(np.median(areas))  # clean outlines too: the card's size
        sure = [n for n, area in zip(sure, areas, strict=True)
                if not quads[n].single and 0.75 * card <= area <= 1.3 * card]
        if not sure:
            return quads, regions
        steps = np.asarray(_NEIGHBOURS, np.float32)
        # A quad moved bodily moves its index regions with it: every move at once.
        corners = np.stack([quads[n].corners for n in sure]).astype(np.float32)  # (S, 4, 2)
        moves = steps[None, :, None] * (corners[:, 1] - corners[:, 0])[:, None, :]  # (S, K, 2)
        own = np.stack([np.stack(index_regions(quads[n].corners)) for n in sure])  # (S, 2, 4, 2)
        moved = own[:, None] + moves[:, :, None, None, :]  # (S, K, 2, 4, 2)
        flat = moved.reshape(-1, 4, 2)
        paper = inside_shares(getattr(search, _PAPER_MASK), flat * search.scale,
                              weights=_PAPER_GRID).reshape(-1, 2)
        bare = inside_shares(search.mask, flat * search.scale,
                             weights=_PAPER_GRID).reshape(-1, 2)
        good = (paper >= _MIN_PAPER) & (paper - bare >= _NEIGHBOUR_INK)
        if results:
            good &= ~_near(flat, np.stack([regions[n] for n in results])).reshape(-1, 2)
        # The moved copy's side: the left side (TL -> BL, across towards TR) moved by the
        # step for the TL index, the right side (BR -> TR, towards BL) by minus it for the BR.
        scaled = corners * np.float32(search.scale)
        least, within = _NEIGHBOUR_GATE
        reach = float(np.abs(steps).max()) + within + 0.01
        offsets, left = edge_strengths(search.gray, scaled[:, 0], scaled[:, 3], scaled[:, 1],
                                       reach=reach)
        _, right = edge_strengths(search.gray, scaled[:, 2], scaled[:, 1], scaled[:, 3],
                                  reach=reach)
        at = np.abs(offsets[None, :] - steps[:, None]) <= within  # (K, M)
        mirrored = np.abs(offsets[None, :] + steps[:, None]) <= within
        edges = np.stack([np.where(at[None], left[:, None, :], 0.0).max(axis=2),
                          np.where(mirrored[None], right[:, None, :], 0.0).max(axis=2)],
                         axis=-1).reshape(-1, 2)  # (S * K, 2)
        good &= edges >= least
        order = np.argsort(np.tile(np.abs(steps), len(sure)), kind="stable")
        chosen = [k for k in order.tolist() if good[k].any()][:_NEIGHBOUR_MAX]
        if not chosen:
            return quads, regions
        flat_moves = moves.reshape(-1, 2)
        pairs = moved.reshape(-1, 2, 4, 2)
        start = len(regions)
        quads = [*quads, *(CardQuad(corners[k // len(steps)] + flat_moves[k], single=False)
                           for k in chosen)]
        regions = [*regions, *(region for k in chosen for region in pairs[k])]
        numbers = [start + 2 * j + corner for j, k in enumerate(chosen) for corner in (0, 1)
                   if good[k, corner]]
        self._read_hypotheses(frame, search, quads, regions, results, numbers,
                              blankness=blankness, closer=False)
        for n in numbers:
            if n in results and results[n][0] < _NEIGHBOUR_KEEP:
                results[n] = (0.0, None)
        return quads, regions

    def _read_residual(
        self, frame: np.ndarray, search: CardSearch, quads: list[CardQuad],
        regions: list[np.ndarray], results: dict[int, tuple[float, Card | None]],
        blankness: dict[int, float] | None = None,
    ) -> tuple[list[CardQuad], list[np.ndarray]]:
        """Read the hypotheses found in what is left of the regions past the cards read.

        Why: in a pile, a card whose index corner lies on another card has no corner in its
        region's outline, and the hypotheses from that outline lie beside it; with the
        cards around it read (any outline that gave a card at the reporting floor), the
        region's remainder is its visible part (`CardSearch.residual_hypotheses`). At most
        ``_RESIDUAL_MAX`` new hypotheses (repeating none read), read like the others.
        """
        if all(quad.single for quad in quads):
            return quads, regions  # no region but clean outlines: nothing left over (speed)
        floor = self.min_confidence
        carded = [quad.corners * search.scale for n, quad in enumerate(quads)
                  if any(results.get(m, (0.0, None))[1] is not None and results[m][0] >= floor
                         for m in (2 * n, 2 * n + 1))]

        def metric() -> CardMetric | None:
            # The size of the cards read whole at both corners, else the finder's guess.
            agreed = self._agreed(quads, results, search.scale)
            if not agreed:
                return search.metric()
            return CardMetric.fit([order_quad(corners) for corners in agreed],
                                  span=float(search.mask.shape[1]))

        return self._read_more(frame, search, quads, regions, results, set(),
                               search.residual_hypotheses(carded, metric), most=_RESIDUAL_MAX,
                               blankness=blankness)

    def _read_courts(
        self, frame: np.ndarray, outlines: list[CardQuad], regions: list[np.ndarray],
        results: dict[int, tuple[float, Card | None]], blankness: dict[int, float],
    ) -> None:
        """Read the outlines that gave no card, whose face is surely a court's, as courts.

        (Those whose face is sure of a number card and its suit are read as that card,
        ``_NUMBERS``.)

        Why: a court's index at a far camera or under blur is a letter a few pixels tall
        beside a frame line or a large suit sign (tigullio-international): each corner
        reads "no index" or a ten, and the corners' fusion, which weighs a corner by how
        surely it shows an index, reports nothing. Yet each cut still ranks the right
        court first among J, Q and K, and together they say which (`card_body.court_of_cuts`).
        Only outlines read at both corners, neither giving a card at the reporting floor, a
        corner's "no index" at most ``_COURT_BLANK`` (``blankness``: the framing kept),
        as large as ``_COURT_AREA`` of the median card read surely at both corners (a
        court's inner picture frame is smaller; with no such card, none), not lying
        (``_COURT_OVERLAP``) on an outline that gave a card, ``_COURT_MAX`` a frame in
        the finder's order; their faces are read, and those at least ``_COURT_FACE`` a
        court (surest first, repeats dropped) have both corners cut at the usual and the
        close framing. Where the cuts show too little of an index to say, a face sure of a
        court and of its suit (``_COURT_FACE_SUIT``) gives the suit, the cuts' ranking of
        J, Q and K the court. A court so read is a proposal (``_DISPUTED``): the dealer
        confirms it. ``results`` is changed in place.
        """
        if self.body is None:
            return
        floor = self.min_confidence
        sure = [n for n in range(len(outlines))
                if _agree(results.get(2 * n), results.get(2 * n + 1))
                and min(results[2 * n][0], results[2 * n + 1][0]) >= _SURE]
        if not sure:
            return
        least = _COURT_AREA * float(np.median([abs(cv2.contourArea(outlines[n].corners))
                                               for n in sure]))

        def gave_card(n: int) -> bool:
            return any(results.get(m, (0.0, None))[1] is not None and results[m][0] >= floor
                       for m in (2 * n, 2 * n + 1))

        carded = [outlines[n].corners for n in range(len(outlines)) if gave_card(n)]
        todo: list[int] = []
        for n, outline in enumerate(outlines):
            if (2 * n not in results or 2 * n + 1 not in results or gave_card(n)
                    or min(blankness.get(2 * n, 1.0), blankness.get(2 * n + 1, 1.0))
                    > _COURT_BLANK
                    or abs(cv2.contourArea(outline.corners)) < least
                    or any(overlap(outline.corners, other) > _COURT_OVERLAP
                           for other in carded)):
                continue
            todo.append(n)
            if len(todo) >= _COURT_MAX:
                break
        if not todo:
            return
        group_p, face_suit_p = self.body.predict(
            extract_bodies(frame, [outlines[n].corners for n in todo]))
        if _NUMBERS is not None:
            for k, n in enumerate(todo):
                card = number_card(group_p[k], face_suit_p[k], sure=_NUMBERS)
                # Never against what a corner read (below the floor): only where the
                # corners gave nothing or that very card.
                if card is not None and all(results[m][1] in (None, card)
                                            for m in (2 * n, 2 * n + 1)):
                    results[2 * n] = results[2 * n + 1] = (_DISPUTED, card)
        court_p = dict(zip(todo, group_p[:, COURT].tolist(), strict=True))
        face_suit = dict(zip(todo, face_suit_p, strict=True))
        least = min(_COURT_FACE, _COURT_FACE_SUIT[0]) if _COURT_FACE_SUIT else _COURT_FACE
        courts: list[int] = []
        for n in sorted((n for n in todo if court_p[n] >= least), key=lambda n: -court_p[n]):
            if not any(overlap(outlines[n].corners, outlines[m].corners) > _COURT_REPEAT
                       for m in courts):
                courts.append(n)
        if not courts:
            return
        cuts = [cut for n in courts for m in (2 * n, 2 * n + 1)
                for cut in (regions[m], _close_framing(regions[m]))]
        rank_p, suit_p = self.probabilities(frame, cuts)
        for k, n in enumerate(courts):
            cut_ranks = rank_p[4 * k:4 * k + 4]
            confidence, card = (court_of_cuts(cut_ranks, suit_p[4 * k:4 * k + 4],
                                              temper=_COURT_TEMPER, seen=_COURT_SEEN)
                                if court_p[n] >= _COURT_FACE else (0.0, None))
            if card is None and _COURT_FACE_SUIT and court_p[n] >= _COURT_FACE_SUIT[0] and (
                    float(face_suit[n].max()) >= _COURT_FACE_SUIT[1]):
                # The cuts show too little of an index to say: the face gives the suit.
                confidence, card = court_of_cuts(cut_ranks, np.tile(face_suit[n], (4, 1)),
                                                 temper=_COURT_TEMPER, seen=0)
            if card is not None and confidence >= floor:
                results[2 * n] = results[2 * n + 1] = (min(confidence, _DISPUTED), card)

    def _read_beside(
        self, frame: np.ndarray, search: CardSearch, quads: list[CardQuad],
        regions: list[np.ndarray], results: dict[int, tuple[float, Card | None]],
        blankness: dict[int, float], *, since: int = 0, tenth: bool = True,
    ) -> None:
        """Read the corners of hypotheses that gave no card again, a little aside.

        In a pile a hypothesis covering a card often lies a fraction of an index beside
        it: its index regions show half the index and read "no index" (or a card too
        unsurely to report), though the network was not quite sure of it. A hypothesis
        (not a clean outline) with a corner read and each corner read as "no index" or
        below the reporting threshold (``min_confidence``) gave no card; for the first
        ``_BESIDE_BLANKS`` of them, in the finder's order, each corner whose "no index" was
        below ``_BESIDE_BELOW`` (``blankness``: region number -> the network's "no index"
        probability, as `_read_hypotheses` gives it; a corner not read is not cut) is cut
        again ``_BESIDE`` of the card's width to either side along the short side, as a
        hypothesis of its own read at that corner only, all in one pass. What they read
        counts only at ``_BESIDE_KEEP`` or more (``results`` and the lists are extended in
        place). Such a corner is also cut where its long side finds the strongest straight
        edge 0.05-0.35 of the width aside (`_edges_aside`; a card's own side lying on
        another card, white on white, beyond the tenth's reach), read from ``_EDGE_KEEP``.
        Only the quads from number ``since`` on are looked at; ``tenth``: False cuts onto
        an edge alone.
        """
        if not _BESIDE or not blankness:
            return
        floor = self.min_confidence
        blanks = [k for k, quad in enumerate(quads) if k >= since and not quad.single and all(
            results.get(m, (0.0, None))[1] is None or results[m][0] < floor
            for m in (2 * k, 2 * k + 1)) and (2 * k in results or 2 * k + 1 in results)]
        numbers: list[int] = []
        edged: set[int] = set()  # region numbers of the cuts onto an edge
        cut = [(k, corner) for k in blanks[:_BESIDE_BLANKS] for corner in (0, 1)
               if blankness.get(2 * k + corner, 1.0) < _BESIDE_BELOW]
        aside = self._edges_aside(search, [quads[k].corners for k, _ in cut],
                                  [corner for _, corner in cut])
        for (k, corner), edge in zip(cut, aside, strict=True):
            corners = quads[k].corners
            width = corners[1] - corners[0]
            moves = ([corners - width * np.float32(_BESIDE), corners + width * np.float32(_BESIDE)]
                     if tenth else [])
            if np.isfinite(edge):  # towards the other long side: from TL +width, BR -width
                edged.add(len(regions) + 2 * len(moves) + corner)
                moves.append(corners + width * np.float32(edge if corner == 0 else -edge))
            for moved in moves:
                numbers.append(len(regions) + corner)
                quads.append(CardQuad(moved, single=False))
                regions.extend(index_regions(moved))
        if not numbers:
            return
        self._read_hypotheses(frame, search, quads, regions, results, numbers)
        for n in numbers:
            if n in results and results[n][0] < (_EDGE_KEEP if n in edged else _BESIDE_KEEP):
                results[n] = (0.0, None)

    @staticmethod
    def _edges_aside(
        search: CardSearch, outlines: list[np.ndarray], corners: list[int],
    ) -> np.ndarray:
        """Per (outline, index corner): where its long side finds an edge aside, or NaN.

        The offset across the card, in card widths (`edge_snap.edges_across`), towards
        its other long side; past the first ``_EDGE_MAX`` found in the finder's order,
        NaN (a large pile's cost stays bounded).
        """
        offsets = np.full(len(outlines), np.nan, np.float32)
        if not _BESIDE_EDGES or not outlines:
            return offsets
        quads = np.stack(outlines).astype(np.float32) * np.float32(search.scale)
        at_br = (np.asarray(corners) == 1)[:, None]
        # TL's long side runs to BL and its short side to TR; BR's to TR and to BL.
        offsets = edges_across(search.gray, np.where(at_br, quads[:, 2], quads[:, 0]),
                               np.where(at_br, quads[:, 1], quads[:, 3]),
                               np.where(at_br, quads[:, 3], quads[:, 1]),
                               reach=_EDGE_REACH, near=_EDGE_NEAR, least=_EDGE_LEAST)
        offsets[np.flatnonzero(np.isfinite(offsets))[_EDGE_MAX:]] = np.nan
        return offsets

    def _read_refitted(
        self, frame: np.ndarray, search: CardSearch, quads: list[CardQuad],
        regions: list[np.ndarray], results: dict[int, tuple[float, Card | None]], *,
        blank: list[int],
    ) -> tuple[list[CardQuad], list[np.ndarray]]:
        """Search again with the card's size taken from the hypotheses read as one card.

        A hypothesis whose two index corners read one card surely lies on that card, both
        ends: its outline is a card's size and shape there. The new hypotheses that repeat
        none already read are read like the others (``results`` is extended in place).
        When no hypothesis read one card, the regions are first searched at ``_RESCALES``
        times the size guessed (at the card lengths ``_UNGUESSED`` with no guess), for one
        that does.
        """
        guessed = search.metric()
        skip = {id(search.singles[n]) for n in blank}
        agreed = self._agreed(quads, results, search.scale)
        if not agreed:
            width = float(search.mask.shape[1])
            sizes = ([guessed.scaled(factor) for factor in _RESCALES] if guessed is not None
                     else [CardMetric.isotropic(share * width) for share in _UNGUESSED])
            # A hypothesis at another size from the same corner shares its index with one
            # read before: both its corners are read, for a card to be read whole.
            for metric in sizes:
                quads, regions = self._read_more(
                    frame, search, quads, regions, results, skip,
                    search.hypotheses(metric=metric, lines=_REFIT_LINES), past_sure=False)
            agreed = self._agreed(quads, results, search.scale)
        if not agreed:
            return quads, regions
        metric = CardMetric.fit([order_quad(corners) for corners in agreed],
                                span=float(search.mask.shape[1]))
        if guessed is not None and _REFIT_SAME:
            # The guess was right where cards were read whole: nothing new to find.
            centres = np.stack([corners.mean(axis=0) for corners in agreed])
            ratio = np.sqrt(np.abs(np.linalg.det(guessed.maps(centres)[0])
                                   / np.linalg.det(metric.maps(centres)[0])))
            if np.all(np.abs(ratio - 1.0) <= _REFIT_SAME):
                return quads, regions
        return self._read_more(frame, search, quads, regions, results, skip,
                               search.hypotheses(metric=metric, lines=_REFIT_LINES))

    @staticmethod
    def _agreed(quads: list[CardQuad], results: dict[int, tuple[float, Card | None]],
                scale: float) -> list[np.ndarray]:
        """Return the corners (search pixels) of the quads whose two index corners read one card."""
        return [quad.corners * scale for n, quad in enumerate(quads)
                if _agree(results.get(2 * n), results.get(2 * n + 1))]

    def _read_more(
        self, frame: np.ndarray, search: CardSearch, quads: list[CardQuad],
        regions: list[np.ndarray], results: dict[int, tuple[float, Card | None]],
        skip: set[int], hypotheses: list[CardQuad], *, past_sure: bool = True,
        most: int | None = None, blankness: dict[int, float] | None = None,
    ) -> tuple[list[CardQuad], list[np.ndarray]]:
        """Read the hypotheses that repeat no quad (but those in ``skip``), ``most`` at most.

        ``past_sure``: as `_read_hypotheses`; ``most``: ``_REFIT_MAX`` unless given.
        """
        if not hypotheses:
            return quads, regions
        new = fresh_hypotheses([quad for quad in quads if id(quad) not in skip],
                               hypotheses)[:_REFIT_MAX if most is None else most]
        if not new:
            return quads, regions
        start = len(regions)
        quads = [*quads, *new]
        regions = [*regions, *(region for quad in new for region in index_regions(quad.corners))]
        self._read_hypotheses(frame, search, quads, regions, results,
                              list(range(start, len(regions))), past_sure=past_sure,
                              blankness=blankness)
        return quads, regions

    def _read_hypotheses(
        self, frame: np.ndarray, search: CardSearch, quads: list[CardQuad],
        regions: list[np.ndarray], results: dict[int, tuple[float, Card | None]],
        numbers: list[int], *, past_sure: bool = True,
        blankness: dict[int, float] | None = None, closer: bool = True,
    ) -> None:
        """Read these index regions of hypotheses into ``results`` (in place).

        Regions on an index of a card already read surely are left out (``past_sure``):
        nothing new is there. ``blankness``, if given, gets each region's "no index"
        probability at the framing kept (regions not on card stock are not read: absent).
        """
        sure = [n for n, (confidence, _) in results.items() if confidence >= _SURE]
        if sure and numbers and past_sure:
            numbers = [numbers[k] for k in np.flatnonzero(~_near(
                np.stack([regions[n] for n in numbers]), np.stack([regions[n] for n in sure])))]
        read, close, disagree = self._probe_on_paper(frame, search,
                                                     [regions[n] for n in numbers], closer=closer)
        if blankness is not None:
            blankness.update({numbers[k]: float(rank_p[NO_INDEX])
                              for k, (rank_p, _) in read.items()})
        results.update(self._judge(frame, regions,
                                   {numbers[k]: value for k, value in read.items()},
                                   close={numbers[k] for k in close},
                                   disagree={numbers[k] for k in disagree},
                                   outlines=[quad.corners for quad in quads]))

    def _probe_on_paper(
        self, frame: np.ndarray, search: CardSearch, regions: list[np.ndarray], *,
        closer: bool = True,
    ) -> tuple[dict[int, Probabilities], set[int], set[int]]:
        """Read the regions (by their number in the list) that lie on card stock.

        Each is read at the usual framing, and the ones not read surely (``_FRAMED``) also
        at the close framing; the surer framing is kept (`model.choose_framings`).

        Returns:
            the probabilities of the framing kept, the regions read closer, and the regions
            whose two framings read different cards.

        """
        if not regions:
            return {}, set(), set()
        stack = np.stack(regions)
        on_paper = np.flatnonzero(
            inside_shares(getattr(search, _PAPER_MASK), stack * search.scale,
                          weights=_PAPER_GRID) >= _MIN_PAPER
        )
        rank_p, suit_p = self.probabilities(frame, [regions[n] for n in on_paper])
        probs = {int(n): (rank_p[k], suit_p[k]) for k, n in enumerate(on_paper)}
        # Only a region not read surely (a card or "no index") is worth the close look.
        unsure = np.flatnonzero(framing_scores(rank_p, suit_p) < _FRAMED)
        if not len(unsure) or not closer:
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
        self,
        frame: np.ndarray,
        regions: list[np.ndarray],
        probs: dict[int, Probabilities],
        *,
        outlines: list[np.ndarray] | None = None,
        close: Iterable[int] = (),
        disagree: Iterable[int] = (),
        whole: bool = False,
    ) -> dict[int, tuple[float, Card | None]]:
        """Read the probed regions: corners of one outline fused, the unsure re-read.

        Region ``2k`` and ``2k + 1`` are the TL and BR index of outline k. A region that
        might be a card (``_REREAD_LOW``) on an outline not read surely (``_REREAD_HIGH``)
        is cut again in a few shifted and scaled variants, all in one batch (at most
        ``_REREAD_MAX`` regions, the likeliest cards first); its probabilities become the
        average over the cuts before the corners are fused. Regions in ``close`` were read
        at the close framing (their second look is cut around it); an outline with a region
        in ``disagree`` (its framings read two cards) is capped at ``_DISPUTED``. With
        ``outlines`` (outline k's corners at ``k``), each outline with a corner read as a
        card has its face read once (`card_body`), and the face's evidence joins the
        corners' in every reading of it; with ``whole`` (the outlines are clean ones, each a
        whole card in view), a face sure of its group confines the rank (`_witnessed`).
        """
        if not probs:
            return {}
        close, disagree = set(close), set(disagree)
        faces = self._faces(frame, probs, outlines)
        readings = _read_pairs(probs, sorted({n - n % 2 for n in probs}), faces, whole=whole)
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
                _variants(_close_framing(regions[n]) if n in close else regions[n])]
        rank_p, suit_p = self.probabilities(frame, cuts)
        count = len(_VARIANTS)
        for k, n in enumerate(unsure):
            rank, suit = probs[n]
            probs[n] = ((rank + rank_p[k * count:(k + 1) * count].sum(axis=0)) / (count + 1),
                        (suit + suit_p[k * count:(k + 1) * count].sum(axis=0)) / (count + 1))
        again = _read_pairs(probs, sorted({n - n % 2 for n in unsure}), faces, whole=whole)
        _cap_disagreements(again, disagree)
        readings.update(again)
        return readings

    def _faces(
        self, frame: np.ndarray, probs: dict[int, Probabilities],
        outlines: list[np.ndarray] | None,
    ) -> dict[int, Probabilities]:
        """Read the face of each outline with a corner read as a card: group and suit.

        Keyed by the outline's TL region number; ``outlines[k]`` are outline k's corners.
        Empty without a face model or outlines, or with the face's weight 0.
        """
        if self.body is None or outlines is None or _FACE_WEIGHT <= 0:
            return {}
        firsts = sorted({n - n % 2 for n, (rank_p, _) in probs.items()
                         if int(rank_p.argmax()) != NO_INDEX})
        if _FACE_SKIP < 1.0:
            firsts = [first for first in firsts if not _agree_surely(probs, first)]
        if not firsts:
            return {}
        bodies = extract_bodies(frame, [outlines[first // 2] for first in firsts])
        if len(bodies) >= _SPLIT_FACES and self._body_helper is not None:
            # As for the index patches: the helper copy reads half on the other core.
            half = len(bodies) // 2
            other = self._threads().submit(self._body_helper.predict, bodies[half:])
            group_p, suit_p = self.body.predict(bodies[:half])
            more = other.result()
            group_p, suit_p = np.concatenate([group_p, more[0]]), np.concatenate([suit_p, more[1]])
        else:
            group_p, suit_p = self.body.predict(bodies)
        return {first: (group_p[k], suit_p[k]) for k, first in enumerate(firsts)}

    def _keep(
        self,
        frame: np.ndarray,
        quads: list[CardQuad],
        regions: list[np.ndarray],
        results: dict[int, tuple[float, Card | None]],
        frame_index: int,
    ) -> list[Reading]:
        """Keep the best readings: best first, one per index, outline and card."""
        candidates: list[tuple[float, Card, int]] = []
        for number, (confidence, card) in results.items():
            if card is not None and confidence >= self.min_confidence:
                candidates.append((confidence, card, number))
        candidates.sort(key=lambda item: -item[0])
        blanks = _blank_outlines(quads, results)
        zones = self._calibration_for(frame)  # one calibration for the whole frame
        kept: list[Reading] = []
        for confidence, card, number in candidates:
            region = regions[number]
            quad = quads[number // 2]
            if _inside_a_blank(quad, blanks):
                continue
            # One physical index is read once; one card outline yields at most one card.
            if any(overlap(region, other.region) > 0.3 for other in kept):
                continue
            if any(other.quad is quad for other in kept):
                continue
            if any(other.sighting.card is card and overlap(quad.corners, other.quad.corners) > 0.3
                   for other in kept):
                continue
            # An index lying on a card already read as this very card is that card's own:
            # its other corner, or a third or fourth index (many decks print one in every
            # corner), reached by a hypothesis beside it. Reported, it would be a card on
            # the back or felt next door, and a false "same card twice" (IRR-DECK).
            if any(other.sighting.card is card and overlap(region, other.quad.corners) > _OWN_INDEX
                   for other in kept):
                continue
            zone = zones.zone_of(quad.corners.mean(axis=0)) if zones is not None else ""
            if _short_side(quad.corners) < _LEGIBLE:
                confidence = min(confidence, _DISPUTED)  # too small to be sure: confirm
                if confidence < self.min_confidence:
                    continue
            sighting = Sighting(card, min(1.0, confidence), _clip(quad.box, frame.shape),
                                zone, frame_index)
            kept.append(Reading(sighting, region, quad))
        kept = self._settle_places(frame, kept)
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
        ``zones``: the frame's calibration (`_calibration_for`), for the zone.
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

    def _settle_places(self, frame: np.ndarray, kept: list[Reading]) -> list[Reading]:
        """Two cards kept on one place: the faces settle a small card, else both are proposals.

        Why: a far card's clean outline and a hypothesis a few pixels off it both pass the
        tests of `_keep` (they read the card at opposite corners), and on seed 2029 a far
        four of clubs was read right on the outline (its face sure of clubs) and as the
        four of spades at 0.99 on the hypothesis: two cards on one, the wrong one sure. Where
        either outline is too small to read surely (``_LEGIBLE``), the faces of both weigh
        the two cards (`card_body.support`), and the loser is dropped when the winner has
        e ** ``_PLACE_MARGIN`` times its support. Elsewhere (or undecided) two cards may
        really lie there, stacked with both indices showing, and the faces see only the top
        one: both stay, for the dealer to confirm.
        """
        if _SAME_PLACE is None or len(kept) < 2:
            return kept
        # Outlines overlapping 0.8 have centres within a fifth of a card's length: only
        # pairs whose upright boxes' centres lie that near are measured (speed).
        near = [(x + w / 2, y + h / 2, 0.4 * min(w, h))
                for x, y, w, h in (reading.sighting.box for reading in kept)]
        pairs = [(a, b) for a in range(len(kept)) for b in range(a + 1, len(kept))
                 if abs(near[a][0] - near[b][0]) < min(near[a][2], near[b][2])
                 and abs(near[a][1] - near[b][1]) < min(near[a][2], near[b][2])
                 and kept[a].sighting.card is not kept[b].sighting.card
                 and overlap(kept[a].quad.corners, kept[b].quad.corners,
                             of_larger=True) >= _SAME_PLACE]
        if not pairs:
            return kept
        small = [(a, b) for a, b in pairs if self.body is not None and min(
            _short_side(kept[a].quad.corners), _short_side(kept[b].quad.corners)) < _LEGIBLE]
        capped = {n for pair in pairs if pair not in small for n in pair}
        dropped: set[int] = set()
        if small:
            involved = sorted({n for pair in small for n in pair})
            group_p, suit_p = self.body.predict(
                extract_bodies(frame, [kept[n].quad.corners for n in involved]))
            faces = {n: (group_p[k], suit_p[k]) for k, n in enumerate(involved)}
            for a, b in small:
                if a in dropped or b in dropped:
                    continue
                for_a, for_b = (sum(float(np.log(support(*faces[m], kept[n].sighting.card)))
                                    for m in (a, b)) for n in (a, b))
                if for_a - for_b >= _PLACE_MARGIN:
                    dropped.add(b)
                elif for_b - for_a >= _PLACE_MARGIN:
                    dropped.add(a)
                else:
                    capped |= {a, b}
        settled = []
        for n, reading in enumerate(kept):
            if n in dropped:
                continue
            if n in capped and reading.sighting.confidence > _DISPUTED:
                reading = replace(reading, sighting=replace(reading.sighting,
                                                            confidence=_DISPUTED))
            settled.append(reading)
        return settled

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

    def _predict(self, patches: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Rank and suit probabilities; a large batch's forward is split over two threads.

        The patches are normalised once, here; only the networks' forwards (which release
        the GIL) run side by side, the helper's on the second half.
        """
        if len(patches) < _SPLIT_BATCH:
            return self.classifier.predict(patches)
        inputs = normalise_patches(patches)
        half = len(patches) // 2
        other = self._threads().submit(self._helper.logits, inputs[half:])
        first = self.classifier.logits(inputs[:half])
        return probabilities(np.concatenate([first, other.result()]))

    def _threads(self) -> ThreadPoolExecutor:
        """Return the helper network's thread, started on first use."""
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="card-index")
        return self._pool

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
        return self._predict(patches)

    def classify(
        self, frame: np.ndarray, regions: list[np.ndarray]
    ) -> list[tuple[float, Card | None]]:
        """(confidence, card or None for "no index") for each index region, one look each."""
        rank_p, suit_p = self.probabilities(frame, regions)
        return best_cards(rank_p, suit_p)

    def recognise(self, frame: np.ndarray, *, frame_index: int = 0) -> list[Sighting]:
        """Return the cards read in one frame, sorted left to right then top to bottom."""
        readings = self.readings(frame, frame_index=frame_index)
        if self.corners is not None and readings:
            readings = self._house_letters(frame, readings)
        sightings = [reading.sighting for reading in readings]
        one_card = self.calibration is None and _one_card_shape(frame)
        if not sightings and one_card:
            sightings = self._read_one_card(frame)
            if sightings:  # the frame is that one card: nothing else to find in it
                return sightings
        if self.corners is not None and min(frame.shape[:2]) >= _SMALLEST:
            # A card-shaped frame read as one card may be a photo of that card alone: its
            # other corner, misread, must not become a second card beside it.
            sightings += self._learned_cards(frame, sightings, frame_index,
                                             two_corners=one_card and len(sightings) == 1)
        return sorted(sightings, key=lambda s: (s.box[0], s.box[1]))

    def _house_letters(self, frame: np.ndarray, readings: list[Reading]) -> list[Reading]:
        """Drop the outline reader's readings whose index the house's letters do not name.

        Why: the index network knows the English letters only, so a "B" (a German or Dutch
        jack) is a sure eight to it and an "R" a king whatever the house plays. The corner
        reader knows the glyphs (`corners`); a reading whose index it takes, more likely
        than not, for a letter the house does not use is no card (`_FOREIGN`).
        """
        assert self.corners is not None
        foreign = self.corners.unknown(frame, [r.region for r in readings])
        return [r for r, p in zip(readings, foreign, strict=True) if p < _FOREIGN]

    def _learned_cards(self, frame: np.ndarray, read: list[Sighting], frame_index: int, *,
                       two_corners: bool = False) -> list[Sighting]:
        """Return the cards the learned corner reader reads that the outline reader did not.

        Each card's corners found (`corners.CornerReader`) are read by the corner network;
        a card read at several corners takes ``1 - prod(1 - p)`` of them, each corner's
        ``p`` its reading's probability times how surely the finder saw a corner there
        (up to `_LEARNED_FOUND`). Cards at `min_confidence` or more that the outline
        reader did not report are added; the box is the union of their corner boxes (the
        card's outline is not known). A corner read as a card the outline reader reported,
        or lying on such a card, adds nothing; with ``two_corners`` a card needs two corners.
        """
        assert self.corners is not None
        seen = {s.card for s in read}
        found: dict[Card, list[tuple[float, tuple[float, float, float, float]]]] = {}
        # a corner on a card already read is that card: not read again
        for corner in self.corners.read(frame, skip=[s.box for s in read]):
            if corner.card is None or corner.card in seen:
                continue
            p = corner.probability * min(1.0, corner.found / _LEARNED_FOUND)
            if p >= _LEARNED_CORNER:
                found.setdefault(corner.card, []).append((p, corner.box))
        zones = self._calibration_for(frame)
        out = []
        for card, corners in found.items():
            confidence = 1.0 - float(np.prod([1.0 - p for p, _ in corners]))
            if len(corners) == 1:
                confidence = min(confidence, _LEARNED_ONE)
            if confidence < max(self.min_confidence, _LEARNED_MIN) or (
                    len(corners) == 1 and two_corners):
                continue
            boxes = np.array([box for _, box in corners])
            x0, y0 = boxes[:, 0].min(), boxes[:, 1].min()
            x1, y1 = (boxes[:, 0] + boxes[:, 2]).max(), (boxes[:, 1] + boxes[:, 3]).max()
            box = _clip((int(x0), int(y0), int(x1 - x0 + 1), int(y1 - y0 + 1)), frame.shape)
            centre = np.array([(x0 + x1) / 2, (y0 + y1) / 2])
            zone = zones.zone_of(centre) if zones is not None else ""
            out.append(Sighting(card, min(1.0, confidence), box, zone, frame_index))
        return out

    def _read_one_card(self, frame: np.ndarray) -> list[Sighting]:
        """Read a photo cropped to one card's border: shrunk to a card's usual size, framed.

        Why: the finder separates a card from the table around it; with no table there is
        no outline to find. Cut to its border, a rendered card is read in no design at any
        size; shrunk to `_ONE_CARD_WIDTH` and framed by a dark border, every one is
        (`test_defect_issue_42_single_card_cropped_to_its_border_is_read`).
        """
        height, width = frame.shape[:2]
        scale = min(1.0, _ONE_CARD_WIDTH / min(height, width))
        small = cv2.resize(frame, (max(1, round(width * scale)), max(1, round(height * scale))),
                           interpolation=cv2.INTER_AREA)
        pad = round(0.3 * min(small.shape[:2]))
        framed = cv2.copyMakeBorder(small, pad, pad, pad, pad, cv2.BORDER_CONSTANT,
                                    value=_ONE_CARD_BORDER)
        out = []
        for reading in self.readings(framed):
            x, y, w, h = reading.sighting.box
            box = (max(0, round((x - pad) / scale)), max(0, round((y - pad) / scale)),
                   round(w / scale), round(h / scale))
            out.append(replace(reading.sighting, box=box))
        return out
