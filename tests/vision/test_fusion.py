"""The two corner indices of one card read as one: fusion, disputes and the second look."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from dealerassist.cards import parse_card
from dealerassist.vision import recogniser as recogniser_module
from dealerassist.vision.model import NO_INDEX, best_card, best_cards, fuse, fuse_pairs
from dealerassist.vision.quads import RECUTS, recut
from dealerassist.vision.recogniser import _read_pair, read_image
from dealerassist.vision.sighting import CONFIRM_BELOW

from .conftest import FIXTURES

_SUIT_CLASS = {"c": 0, "d": 1, "h": 2, "s": 3}


def _corner(card: str | None, rank_share: float, suit_share: float = 0.97,
            *, runner_up: str = "Q", blank: float = 0.0) -> tuple[np.ndarray, np.ndarray]:
    """A corner's rank and suit vectors: ``card`` at ``rank_share``, the rest on a runner-up."""
    rank = np.full(14, 1e-4)
    suit = np.full(4, (1 - suit_share) / 3)
    if card is None:
        rank[NO_INDEX] = 1.0
        return rank / rank.sum(), np.full(4, 0.25)
    parsed = parse_card(card)
    rank[int(parsed.rank) - 2] = rank_share
    rank[int(parse_card(runner_up + card[1]).rank) - 2] += (1 - rank_share - blank)
    rank[NO_INDEX] += blank
    suit[_SUIT_CLASS[card[1]]] = suit_share
    return rank / rank.sum(), suit / suit.sum()


def _pair(a, b) -> tuple[np.ndarray, np.ndarray]:
    return np.stack([a[0], b[0]]), np.stack([a[1], b[1]])


# --- fusing the two corners ------------------------------------------------------------


def test_two_unsure_corners_agreeing_make_one_sure_reading():
    corner = _corner("Kc", 0.8)
    single, card = best_card(*corner)
    assert card is parse_card("Kc") and 0.75 < single < 0.8
    fused, fused_card = best_card(*fuse(*_pair(corner, corner), independence=1.0))
    assert fused_card is parse_card("Kc")
    assert fused > 0.93  # 0.8 x 0.8 against 0.2 x 0.2 on the rank, the suit likewise
    half, _ = best_card(*fuse(*_pair(corner, corner), independence=0.5))
    assert single < half < fused  # the corners counted as only partly independent


def test_a_corner_covered_by_another_card_does_not_veto_the_other():
    covered = _corner(None, 0.0)
    seen = _corner("7h", 0.93)
    alone, card = best_card(*seen)
    fused, fused_card = best_card(*fuse(*_pair(covered, seen), independence=1.0))
    assert fused_card is parse_card("7h")
    assert abs(fused - alone) < 0.005


def test_a_single_corner_is_read_as_it_is():
    corner = _corner("Td", 0.7, 0.9, blank=0.1)
    rank, suit = fuse(corner[0][None], corner[1][None], independence=0.5)
    assert np.allclose(rank, corner[0], atol=1e-5) and np.allclose(suit, corner[1], atol=1e-5)


def test_corners_that_both_see_no_index_give_no_card():
    back = _corner(None, 0.0)
    assert best_card(*fuse(*_pair(back, back), independence=1.0)) == (0.0, None)


_distribution = st.lists(st.floats(0.0, 1.0), min_size=14, max_size=14).filter(
    lambda values: sum(values) > 0.01)
_suits = st.lists(st.floats(0.0, 1.0), min_size=4, max_size=4).filter(
    lambda values: sum(values) > 0.01)


def _normalised(values: list[float]) -> np.ndarray:
    array = np.array(values) + 1e-9
    return array / array.sum()


@settings(max_examples=200, deadline=None)
@given(_distribution, _suits, _distribution, _suits, st.floats(0.0, 1.0))
def test_fusion_is_never_surer_than_two_independent_witnesses(rank_a, suit_a, rank_b,
                                                              suit_b, independence):
    ranks = np.stack([_normalised(rank_a), _normalised(rank_b)])
    suits = np.stack([_normalised(suit_a), _normalised(suit_b)])
    rank, suit = fuse(ranks, suits, independence=independence)
    assert abs(rank.sum() - 1) < 1e-6 and abs(suit.sum() - 1) < 1e-6
    confidence, card = best_card(rank, suit)
    bound, _ = best_card(*fuse(ranks, suits, independence=1.0))
    assert 0.0 <= confidence <= bound + 1e-9
    # No corner's likeliest class is a card: the outline gives no card (a back stays a back).
    readings = _read_pair({0: (ranks[0], suits[0]), 1: (ranks[1], suits[1])}, 0)
    if (ranks.argmax(axis=1) == NO_INDEX).all():
        assert readings == {0: (0.0, None), 1: (0.0, None)}


# --- two corners of one outline --------------------------------------------------------


def _probabilities(*corners):
    return dict(enumerate(corners))


def test_two_corners_sure_of_different_cards_need_the_dealers_confirmation():
    readings = _read_pair(_probabilities(_corner("Kc", 0.98), _corner("9h", 0.97)), 0)
    reported = [(c, card) for c, card in readings.values() if c > 0]
    assert len(reported) == 1
    confidence, card = reported[0]
    assert card is parse_card("Kc") and confidence < CONFIRM_BELOW


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["Kc", "Qc", "Kd", "7h", None]), st.floats(0.3, 0.999),
       st.sampled_from(["Kc", "Qc", "Kd", "7h", None]), st.floats(0.3, 0.999),
       st.floats(0.0, 0.6))
def test_corners_whose_own_cards_differ_never_count_without_confirmation(
        card_a, share_a, card_b, share_b, blank):
    a = _corner(card_a, share_a, blank=min(blank, 1 - share_a))
    b = _corner(card_b, share_b, blank=min(blank, 1 - share_b))
    own_a, own_b = best_card(*a)[1], best_card(*b)[1]
    readings = _read_pair(_probabilities(a, b), 0)
    for confidence, card in readings.values():
        assert 0.0 <= confidence <= 1.0
        if own_a is not None and own_b is not None and own_a is not own_b and confidence > 0:
            assert confidence < CONFIRM_BELOW
        if card is not None and confidence > 0:
            assert card in (own_a, own_b) or own_a is not own_b


def test_a_blank_corner_stays_blank_so_the_outline_is_not_settled_by_one_corner():
    readings = _read_pair(_probabilities(_corner("Ah", 0.99), _corner(None, 0.0)), 0)
    assert readings[0][1] is parse_card("Ah") and readings[0][0] > 0.95
    assert readings[1] == (0.0, None)
    assert not recogniser_module._agree(readings[0], readings[1])


def test_two_corners_agreeing_are_given_the_fused_reading():
    readings = _read_pair(_probabilities(_corner("5s", 0.85), _corner("5s", 0.8)), 0)
    (first, card), second = readings[0], readings[1]
    assert card is parse_card("5s") and readings[1] == readings[0]
    assert first > max(best_card(*_corner("5s", 0.85))[0], best_card(*_corner("5s", 0.8))[0])
    assert second == (first, card)


# --- the second look -------------------------------------------------------------------


def test_recuts_are_the_same_index_slightly_moved_or_scaled():
    region = np.array([[100, 100], [120, 100], [120, 140], [100, 140]], np.float32)
    variants = recut(region)
    assert len(variants) == len(RECUTS) >= 3
    for variant in variants:
        assert np.abs(variant.mean(axis=0) - region.mean(axis=0)).max() <= 0.1 * 40
        assert not np.allclose(variant, region)
        width = np.linalg.norm(variant[1] - variant[0])
        assert 0.85 * 20 <= width <= 1.15 * 20


class _ScriptedRecogniser(recogniser_module.Recogniser):
    """A recogniser whose network answers from a table keyed by the region's x position."""

    def __init__(self, answers):  # no model: the network is scripted
        self.answers = answers
        self.body = None  # the corners alone (no face witness)
        self.calls: list[int] = []

    def probabilities(self, frame, regions):
        self.calls.append(len(regions))
        ranks, suits = zip(*(self.answers(region) for region in regions), strict=True)
        return np.stack(ranks), np.stack(suits)


def _square(x: float) -> np.ndarray:
    return np.array([[x, 0], [x + 20, 0], [x + 20, 40], [x, 40]], np.float32)


def test_only_unsure_outlines_get_a_second_look_and_their_cuts_are_averaged():
    sure, unsure, better = _corner("Ac", 0.998, 0.998), _corner("8d", 0.6), _corner("8d", 0.9)

    def answers(region):
        x = float(region[:, 0].min())
        if x < 100:  # outline 0: both corners sure
            return sure
        if abs(x - 200) < 0.5 or abs(x - 300) < 0.5:  # outline 1, first look
            return unsure
        return better  # outline 1, the shifted cuts

    recogniser = _ScriptedRecogniser(answers)
    regions = [_square(10), _square(50), _square(200), _square(300)]
    probs = {n: answers(region) for n, region in enumerate(regions)}
    readings = recogniser._judge(np.zeros((400, 400, 3), np.uint8), regions, probs)
    assert recogniser.calls == [2 * len(RECUTS)]  # one batch, the unsure outline only
    assert readings[0][1] is parse_card("Ac") and readings[0][0] > 0.95
    card = readings[2][1]
    assert card is parse_card("8d")
    averaged = (unsure[0] + len(RECUTS) * better[0]) / (len(RECUTS) + 1)
    assert np.allclose(probs[2][0], averaged)
    before, _ = best_card(*fuse(*_pair(unsure, unsure),
                                independence=recogniser_module._INDEPENDENCE))
    assert readings[2][0] > before


def test_nothing_sure_gets_a_second_look():
    recogniser = _ScriptedRecogniser(lambda region: _corner("Ac", 0.998, 0.998))
    regions = [_square(10), _square(50)]
    probs = {0: _corner("Ac", 0.998, 0.998), 1: _corner(None, 0.0)}
    recogniser._judge(np.zeros((100, 100, 3), np.uint8), regions, probs)
    assert recogniser.calls == []


# --- whole frames ----------------------------------------------------------------------


def test_card_back_never_reported_after_fusion(recogniser):
    assert recogniser.recognise(read_image(FIXTURES / "backs_only.png")) == []


def test_trace_results_are_what_the_kept_sightings_were_chosen_from(recogniser):
    image = read_image(FIXTURES / "overlap_chips.png")
    trace = recogniser.trace(image)
    assert trace.kept
    regions = [id(region) for region in trace.regions]
    for reading in trace.kept:
        number = regions.index(id(reading.region))
        confidence, card = trace.results[number]
        assert card is reading.sighting.card
        assert abs(confidence - reading.sighting.confidence) < 1e-9
        assert confidence >= recogniser.min_confidence


def test_at_most_a_few_regions_get_a_second_look_per_pass():
    count = recogniser_module._REREAD_MAX + 3
    shares = np.linspace(0.5, 0.8, count)
    corners = {2 * k: _corner("9s", share) for k, share in enumerate(shares)}
    recogniser = _ScriptedRecogniser(lambda region: _corner("9s", 0.5))
    regions = [_square(100 * n) for n in range(2 * count)]
    recogniser._judge(np.zeros((10, 10, 3), np.uint8), regions, dict(corners))
    assert recogniser.calls == [recogniser_module._REREAD_MAX * len(RECUTS)]


# --- many outlines at once (speed) must read as one at a time ---------------------------


def _scalar_read_pair(probabilities, first):
    """`recogniser._read_pair` as first written: one outline, `fuse` and `best_card`."""
    numbers = [n for n in (first, first + 1) if n in probabilities]
    singles = {n: best_card(*probabilities[n]) for n in numbers}
    if len(numbers) < 2:
        return singles
    a, b = singles[first], singles[first + 1]
    differ = a[1] is not None and b[1] is not None and a[1] is not b[1]
    if differ and min(a[0], b[0]) >= recogniser_module._DISPUTE:
        recogniser_module._settle_disputes(singles, [first])
        return singles
    rank, suit = fuse(np.stack([probabilities[n][0] for n in numbers]),
                      np.stack([probabilities[n][1] for n in numbers]),
                      independence=recogniser_module._INDEPENDENCE)
    confidence, card = best_card(rank, suit)
    if card is None:
        return singles
    if differ:
        confidence = min(confidence, recogniser_module._DISPUTED)
    return {n: (confidence, card) if single[1] is not None else single
            for n, single in singles.items()}


_CORNER_CARDS = ["Kc", "Qc", "Kd", "7h", "2s", None]
_corner_args = st.tuples(st.sampled_from(_CORNER_CARDS), st.floats(0.2, 0.999),
                         st.floats(0.3, 0.999), st.floats(0.0, 0.6))


def _as_float32(corner):
    return corner[0].astype(np.float32), corner[1].astype(np.float32)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(_corner_args, _corner_args, st.sampled_from(["both", "tl", "br"])),
                min_size=1, max_size=12))
def test_reading_outlines_in_one_batch_gives_exactly_the_readings_one_by_one(outlines):
    probabilities = {}
    for k, (args_a, args_b, present) in enumerate(outlines):
        for n, (card, share, suit_share, blank), there in (
                (2 * k, args_a, present != "br"), (2 * k + 1, args_b, present != "tl")):
            if there:
                probabilities[n] = _as_float32(
                    _corner(card, share, suit_share, blank=min(blank, 1 - share)))
    batch = recogniser_module._read_pairs(probabilities, range(0, 2 * len(outlines), 2))
    expected = {}
    for first in range(0, 2 * len(outlines), 2):
        expected.update(_scalar_read_pair(probabilities, first))
    assert batch.keys() == expected.keys()
    for n, (confidence, card) in expected.items():
        assert batch[n][1] is card and batch[n][0] == confidence  # bit for bit


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(_distribution, _suits, _distribution, _suits), min_size=1,
                max_size=8), st.floats(0.0, 1.0))
def test_fuse_pairs_is_fuse_of_each_pair_bit_for_bit(pairs, independence):
    ranks = np.stack([[_normalised(a), _normalised(c)] for a, _, c, _ in pairs])
    suits = np.stack([[_normalised(b), _normalised(d)] for _, b, _, d in pairs])
    ranks[0, :, NO_INDEX] = 1.0 if independence > 0.9 else ranks[0, :, NO_INDEX]  # blind pair
    fused_ranks, fused_suits = fuse_pairs(ranks, suits, independence=independence)
    for k in range(len(pairs)):
        rank, suit = fuse(ranks[k], suits[k], independence=independence)
        assert np.array_equal(fused_ranks[k], rank) and np.array_equal(fused_suits[k], suit)
    assert best_cards(fused_ranks, fused_suits) == [
        best_card(rank, suit) for rank, suit in zip(fused_ranks, fused_suits, strict=True)]


def test_geometric_mean_of_readings_keeps_agreement_and_doubts_disagreement():
    from dealerassist.vision.model import geometric_mean

    same = np.array([0.9, 0.08, 0.02])
    assert np.allclose(geometric_mean(np.stack([same, same, same])), same)
    split = geometric_mean(np.array([[0.9, 0.1], [0.1, 0.9]]))
    assert np.allclose(split, [0.5, 0.5])
    assert geometric_mean(np.array([[0.95, 0.05], [1e-9, 1.0]]))[0] < 0.3  # one veto
