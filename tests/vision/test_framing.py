"""Each unsure index read at two framings: the usual region and a closer one at the corner.

Decks differ in how large their corner index is; a small, thin index high in the corner
(with a large pip beside it) is read better when the region is shrunk towards the card's
corner, a large index better in the usual region. The reader keeps the surer framing, never
lets a weak card overrule a sure "no index", and sends two framings that read two different
cards to the dealer.
"""

from __future__ import annotations

import types

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from dealerassist.cards import parse_card
from dealerassist.vision import recogniser as recogniser_module
from dealerassist.vision.model import NO_INDEX, best_card, choose_framings, framing_scores
from dealerassist.vision.recogniser import _close_framing
from dealerassist.vision.sighting import CONFIRM_BELOW

from .test_fusion import _corner

_FRAME = np.zeros((400, 400, 3), np.uint8)
_PAPER = np.full((400, 400), 255, np.uint8)
_ALL_PAPER = types.SimpleNamespace(mask=_PAPER, closed=_PAPER, scale=1.0)


def _square(x: float) -> np.ndarray:
    return np.array([[x, 10], [x + 20, 10], [x + 20, 50], [x, 50]], np.float32)


class _TwoFramings(recogniser_module.Recogniser):
    """A recogniser whose network answers by framing: the usual region is 20 px wide."""

    def __init__(self, wide, close):  # no model: the network is scripted
        self.wide, self.close = wide, close
        self.body = None  # the corners alone (no face witness)
        self.calls: list[int] = []

    def probabilities(self, frame, regions):
        self.calls.append(len(regions))
        answers = [self.wide if float(region[1, 0] - region[0, 0]) > 19 else self.close
                   for region in regions]
        ranks, suits = zip(*answers, strict=True)
        return np.stack(ranks), np.stack(suits)


def _read(wide, close):
    recogniser = _TwoFramings(wide, close)
    regions = [_square(100), _square(200)]
    probs, closer, disagree = recogniser._probe_on_paper(_FRAME, _ALL_PAPER, regions)
    readings = recogniser._judge(_FRAME, regions, probs, close=closer, disagree=disagree)
    return recogniser, probs, closer, readings


def test_the_close_framing_is_the_index_region_shrunk_towards_the_cards_corner():
    region = _square(100)
    close = _close_framing(region)
    assert np.allclose(close[0], region[0])  # the card's corner stays
    assert np.allclose(close[2] - close[0], recogniser_module._CLOSE * (region[2] - region[0]))


def test_a_small_index_read_surer_at_the_close_framing_is_read_there():
    recogniser, probs, closer, readings = _read(_corner("8d", 0.6), _corner("8d", 0.99, 0.99))
    assert closer == {0, 1}
    assert np.allclose(probs[0][0], _corner("8d", 0.99, 0.99)[0])
    confidence, card = readings[0]
    assert card is parse_card("8d") and confidence >= CONFIRM_BELOW
    # First look at the usual framing, then the close look at both unsure regions.
    assert recogniser.calls == [2, 2]


def _certain(card: str) -> tuple[np.ndarray, np.ndarray]:
    rank, suit = np.full(14, 1e-6), np.full(4, 1e-6)
    parsed = parse_card(card)
    rank[int(parsed.rank) - 2] = 1.0
    suit[parsed.suit.order] = 1.0
    return rank / rank.sum(), suit / suit.sum()


def test_a_region_read_surely_gets_no_close_look():
    sure = _certain("Ac")
    assert framing_scores(*(v[None] for v in sure))[0] >= recogniser_module._FRAMED
    recogniser, _, closer, readings = _read(sure, _certain("Kc"))
    assert recogniser.calls == [2] and closer == set()
    assert readings[0][1] is parse_card("Ac")


def test_a_sure_blank_is_not_overruled_by_a_weak_card_at_the_close_framing():
    blank = _corner(None, 0.0)
    rank, suit = blank
    rank = rank.copy()
    rank[0] += 0.07  # "no index" at about 0.93: unsure enough for a close look
    blank = (rank / rank.sum(), suit)
    recogniser, probs, closer, readings = _read(blank, _corner("Kc", 0.7))
    assert recogniser.calls[:2] == [2, 2]
    assert closer == set()
    assert all(card is None for _, card in readings.values())


def test_issue_42_latency_a_region_read_surely_as_no_index_gets_no_close_look():
    # Most hypotheses of a cluttered frame lie on no index: read so from _SURE (0.95),
    # their close look would be wasted (a slow real frame's outline reader: 23.1 -> 20.3 ms).
    blank = _corner(None, 0.0)
    rank, suit = blank
    rank = rank.copy()
    rank[0] += 0.03  # "no index" at about 0.97: under _FRAMED, over _SURE
    blank = (rank / rank.sum(), suit)
    assert framing_scores(*(v[None] for v in blank))[0] < recogniser_module._FRAMED
    recogniser, _, closer, readings = _read(blank, _corner("Kc", 0.99, 0.99))
    assert recogniser.calls == [2] and closer == set()
    assert all(card is None for _, card in readings.values())


def test_two_framings_reading_two_cards_need_the_dealers_confirmation():
    recogniser, _, _, readings = _read(_corner("8d", 0.8), _corner("6d", 0.9))
    for confidence, card in readings.values():
        assert card is None or confidence < CONFIRM_BELOW


_distribution = st.lists(st.floats(0.001, 1.0), min_size=14, max_size=14)
_suits = st.lists(st.floats(0.001, 1.0), min_size=4, max_size=4)


def _normalised(values: list[float]) -> np.ndarray:
    array = np.asarray(values, np.float64)
    return array / array.sum()


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(_distribution, _suits, _distribution, _suits), min_size=1,
                max_size=6))
def test_choose_framings_keeps_each_regions_surer_framing_unchanged(rows):
    def column(j):
        return np.stack([_normalised(r[j]) for r in rows])

    wide, close = (column(0), column(1)), (column(2), column(3))
    rank, suit, use_close, disagree = choose_framings(wide, close, dispute=0.5)
    for k in range(len(rows)):
        chosen = close if use_close[k] else wide
        other = wide if use_close[k] else close
        assert np.array_equal(rank[k], chosen[0][k]) and np.array_equal(suit[k], chosen[1][k])
        score = framing_scores(chosen[0][k:k + 1], chosen[1][k:k + 1])[0]
        assert score >= framing_scores(other[0][k:k + 1], other[1][k:k + 1])[0]
        a, b = best_card(wide[0][k], wide[1][k]), best_card(close[0][k], close[1][k])
        differ = a[1] is not None and b[1] is not None and a[1] is not b[1]
        assert disagree[k] == (differ and min(a[0], b[0]) >= 0.5)
        if wide[0][k].argmax() == NO_INDEX and close[0][k].argmax() == NO_INDEX:
            assert not disagree[k]
