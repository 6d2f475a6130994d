"""A card's two index corners, found apart, read together as one witness of that card.

A card prints its index twice, half a turn apart, at opposite corners: each index, stood
upright, has the other at its lower right, along the card's diagonal. The corner reader
reads each alone (`corners.CornerReader.read`), so a small or blurred index is left to
its own, often unsure, reading. Read together, the two multiply their rank and suit
probabilities (`model.fuse`, as the outline reader fuses a card's corners): a card both
find likely beats one only one of them does.

On the val part of the development photos in six framings (two readers trained on the
train part; `scripts/vision_real_eval.py val --reader R`), right / wrong readings:
1,065 / 41 and 1,079 / 38 read in pairs, 1,066 / 56 and 1,063 / 45 each index alone.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from dealerassist.cards import parse_card
from dealerassist.vision.corners import RANKS, SUITS, TURNS, CornerReading
from dealerassist.vision.model import fuse

__all__ = ["paired"]

# Where a card's other index lies, seen from one index stood upright: the direction below
# its right (degrees) and the distance in index boxes (the larger box's longer side). On
# the development photos' train and val parts, the corners read at 0.8 or more as one
# card, half a turn apart, lie 24 to 79 degrees (2nd to 98th percentile; median 48) and
# 2.2 to 5.6 boxes (median 3.6) apart.
_ANGLE = (20.0, 85.0)
_LENGTH = (2.0, 6.0)
_HALF_TURN = 1.5  # turns (of `TURNS`) by which two indices may be off half a turn
# Each reading's probabilities mixed with this share of even odds before they multiply:
# the reader is sometimes sure of a wrong suit, and an index it reads as "surely not
# clubs" must not outvote one it reads as clubs. On the val part in six framings
# (`scripts/vision_real_eval.py`), two train-part readers' sure readings: 816 right / 5
# wrong and 812 / 5 with it, 835 / 7 and 841 / 6 without.
_EVEN = 0.05


def _fits(readings: Sequence[CornerReading]) -> np.ndarray:
    """Return (n, n): how far readings i and j lie from one card's two indices, or inf.

    Both must see the other where a card's other index lies (`_ANGLE`, `_LENGTH`), and
    stand half a turn apart. 0 is the middle of those ranges; each range's edge adds 1.
    """
    boxes = np.array([r.box for r in readings], np.float64).reshape(-1, 4)
    centres = boxes[:, :2] + boxes[:, 2:] / 2
    sides = boxes[:, 2:].max(axis=1)
    turns = np.array([r.turn for r in readings], np.float64)
    d = centres[None, :, :] - centres[:, None, :]  # d[i, j]: from i to j
    cos, sin = np.cos(turns)[:, None], np.sin(turns)[:, None]
    right = d[..., 0] * cos + d[..., 1] * sin
    down = d[..., 1] * cos - d[..., 0] * sin
    size = np.maximum(np.maximum(sides[:, None], sides[None, :]), 1e-9)
    angle = np.degrees(np.arctan2(down, right))
    length = np.hypot(right, down) / size
    inside = ((angle >= _ANGLE[0]) & (angle <= _ANGLE[1])
              & (length >= _LENGTH[0]) & (length <= _LENGTH[1]))
    off = (np.abs(angle - sum(_ANGLE) / 2) / (_ANGLE[1] - _ANGLE[0])
           + np.abs(length - sum(_LENGTH) / 2) / (_LENGTH[1] - _LENGTH[0]))
    apart = ((turns[None, :] - turns[:, None]) * TURNS / (2 * np.pi)) % TURNS
    half = np.abs(apart - TURNS / 2) <= _HALF_TURN
    return np.where(inside & inside.T & half, np.maximum(off, off.T), np.inf)


def _one_card(a: CornerReading, b: CornerReading) -> bool:
    """Say whether ``a`` and ``b`` are likelier one card's readings than two cards'."""
    ra, rb = np.asarray(a.ranks[:-1]), np.asarray(b.ranks[:-1])
    sa, sb = np.asarray(a.suits), np.asarray(b.suits)
    same = float(ra @ rb) * float(sa @ sb)
    apart = float(ra.sum() * rb.sum() * sa.sum() * sb.sum()) / (len(RANKS) * len(SUITS))
    return same >= apart


def _even(probabilities: Sequence[Sequence[float]]) -> np.ndarray:
    p = np.asarray(probabilities, np.float64)
    return (1.0 - _EVEN) * p + _EVEN / p.shape[-1]


def _fused(a: CornerReading, b: CornerReading, independence: float) -> CornerReading | None:
    """Return one reading of the card whose two indices ``a`` and ``b`` are, or None.

    None where they read two cards rather than one (`_one_card`), or where together they
    read a card neither read alone (a rank from one and a suit from the other). Both
    being read as cards, the reading is the card's given an index is there. Two indices
    that read different cards leave the card in doubt: the pair names the card, no surer
    than the surer index read alone: a German "B" reads as an eight or so at each index,
    and two readings' doubts must not add up to a sure eight
    (`test_defect_issue_42_a_german_or_dutch_jack_B_is_never_a_sure_eight`).
    """
    if not _one_card(a, b):
        return None
    ranks, suits = fuse(_even([a.ranks, b.ranks]), _even([a.suits, b.suits]),
                        independence=independence)
    ranks = ranks[:-1] / max(float(ranks[:-1].sum()), 1e-12)
    rank, suit = int(ranks.argmax()), int(suits.argmax())
    card = parse_card(RANKS[rank] + SUITS[suit])
    if card not in (a.card, b.card):
        return None
    p = float(ranks[rank] * suits[suit])
    if a.card != b.card:
        p = min(p, max(a.probability, b.probability))
    x0, y0 = min(a.box[0], b.box[0]), min(a.box[1], b.box[1])
    x1 = max(a.box[0] + a.box[2], b.box[0] + b.box[2])
    y1 = max(a.box[1] + a.box[3], b.box[1] + b.box[3])
    return CornerReading(card, p, max(a.found, b.found),
                         (x0, y0, x1 - x0, y1 - y0), a.turn, (*ranks.tolist(), 0.0),
                         tuple(suits.tolist()), indices=a.indices + b.indices,
                         foreign=max(a.foreign, b.foreign))


def paired(readings: Sequence[CornerReading], *, independence: float) -> list[CornerReading]:
    """Return ``readings`` with each card's two indices read as one (`_fused`), in order.

    Two readings are one card's indices where each is the other's best fit (`_fits`).
    Only corners read as cards pair: a covered index says nothing of the card.
    ``independence``: how far two indices of one card count as independent (`model.fuse`).
    """
    cards = [n for n, r in enumerate(readings) if r.card is not None and r.ranks and r.suits]
    if len(cards) < 2:
        return list(readings)
    fits = _fits([readings[n] for n in cards])
    best = fits.argmin(axis=1)
    out = list(readings)
    gone: set[int] = set()
    for i, j in enumerate(best):
        if i < j and best[j] == i and np.isfinite(fits[i, j]):
            first, second = cards[i], cards[int(j)]
            one = _fused(readings[first], readings[second], independence)
            if one is not None:
                out[first] = one
                gone.add(second)
    return [reading for n, reading in enumerate(out) if n not in gone]
