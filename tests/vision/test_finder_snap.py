"""Hypotheses put on the card edges at their index corners (`edge_snap`), and the finder
keeping the better placed of two hypotheses that repeat each other (tight fans)."""

from __future__ import annotations

import cv2
import numpy as np
from hypothesis import example, given, settings
from hypothesis import strategies as st

from dealerassist.vision.edge_snap import _REACH, snap_quads
from dealerassist.vision.geometry import CardSearch, index_regions
from dealerassist.vision.quads import order_quad

_FELT, _PAPER, _INK = 60, 235, 20


def _rect(x: float, y: float, w: float, h: float) -> np.ndarray:
    return np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], np.float64)


def _gray_card(corners: np.ndarray, *, index: bool = True) -> np.ndarray:
    """A grey felt with one white card (and a dark index 3 px inside its TL corner)."""
    image = np.full((360, 640), _FELT, np.uint8)
    cv2.fillPoly(image, [np.round(corners).astype(np.int32)], _PAPER)
    if index:
        x, y = corners[0]
        cv2.rectangle(image, (int(x) + 3, int(y) + 3), (int(x) + 10, int(y) + 18), _INK, -1)
    return image


def test_snap_puts_an_index_corner_4_px_off_back_on_the_card_edges():
    card = _rect(200, 100, 63, 88)
    gray = _gray_card(card)
    for shift in ((4.0, 3.0), (-4.0, -3.0), (3.0, -4.0)):
        snapped, _ = snap_quads(gray, (card + shift)[None])
        assert np.abs(snapped[0, 0] - card[0]).max() <= 1.0, shift  # the TL index corner


def test_snap_leaves_a_quad_where_no_edge_is_in_reach():
    # A hypothesis in the middle of a large sheet of card stock (its sides covered).
    gray = _gray_card(_rect(100, 40, 400, 300), index=False)
    quad = _rect(250, 120, 63, 88)
    snapped, strength = snap_quads(gray, quad[None])
    assert np.array_equal(snapped[0], quad.astype(np.float32))
    assert strength[0] < 14.0


def test_snap_is_not_pulled_inwards_onto_the_index_ink():
    card = _rect(200, 100, 63, 88)
    gray = _gray_card(card)  # the ink runs 3..10 px inside the left edge, 3..18 below the top
    snapped, _ = snap_quads(gray, card[None])
    assert np.abs(snapped[0, 0] - card[0]).max() <= 0.75


def test_snap_strength_ranks_a_placed_hypothesis_above_one_out_of_reach():
    card = _rect(200, 100, 63, 88)
    gray = _gray_card(card)
    far = card + (0.3 * 63, 0.0)  # a third of the card's width off: out of reach
    _, strength = snap_quads(gray, np.stack([card, far]))
    assert strength[0] > 100 and strength[1] < 14.0


@settings(max_examples=40, deadline=None)
@given(st.floats(-12, 12), st.floats(-12, 12), st.floats(40, 90), st.floats(-0.5, 0.5))
def test_snap_never_moves_a_corner_farther_than_its_reach(dx, dy, width, turn):
    spin = np.array([[np.cos(turn), -np.sin(turn)], [np.sin(turn), np.cos(turn)]])
    card = (_rect(-width / 2, -0.7 * width, width, 1.4 * width) @ spin.T) + (320, 180)
    gray = _gray_card(card)
    quad = order_quad((card + (dx, dy)).astype(np.float32)).astype(np.float64)
    snapped, _ = snap_quads(gray, quad[None])
    reach = _REACH * np.linalg.norm(quad[3] - quad[0])
    # Each index corner moves along two normals at most reach (plus a half step) each.
    assert np.hypot(*(snapped[0] - quad).T).max() <= np.sqrt(2) * (max(reach, 2.0) + 0.25) + 1e-3


def _paper_card(image: np.ndarray, corners: np.ndarray) -> None:
    """A white card with the thin dark edge a real card shows against another, and an index."""
    points = np.round(corners).astype(np.int32)
    cv2.fillPoly(image, [points], (245, 245, 245))
    cv2.polylines(image, [points], True, (90, 90, 90), 1)
    x, y = points[0]
    cv2.putText(image, "8", (int(x) + 3, int(y) + 16), cv2.FONT_HERSHEY_SIMPLEX, 0.5,
                (20, 20, 20), 2)


def _index_gap(quad: np.ndarray, card: np.ndarray) -> float:
    """Corner error of a hypothesis's nearest index region to the card's TL index, over its
    diagonal (the diagnosis's measure: under 0.22 the patch is on the index)."""
    truth = index_regions(card)[0]
    diagonal = float(np.linalg.norm(truth[0] - truth[2]))
    return min(float(np.abs(region - truth).max()) / diagonal for region in index_regions(quad))


# Fans of four cards (step in pixels; each card's turn in degrees and drop in pixels) where
# the finder used to keep a hypothesis 5-10 px off a covered card's index and drop the
# right one as its repeat (first card: index gap 0.14, 0.36 and 0.23 before).
_FANS = (
    (22.2, ((2.5, 0.8), (-3.9, 2.3), (1.3, -1.3), (1.7, 0.9))),
    (26.3, ((-4.9, -3.0), (2.7, 1.7), (-1.9, 0.0), (1.3, 1.2))),
    (24.1, ((-4.7, 0.4), (-1.4, 3.1), (2.9, -6.8), (0.1, -4.0))),
)


def test_finder_tight_fan_keeps_the_hypothesis_on_the_first_covered_index():
    for step, cards in _FANS:
        image = np.empty((360, 640, 3), np.uint8)
        image[:] = (40, 110, 30)
        for x in (40, 140):  # clean cards give the card's size
            _paper_card(image, _rect(x, 40, 63, 88))
        fan = []
        for n, (degrees, drop) in enumerate(cards):
            turn = np.radians(degrees)
            spin = np.array([[np.cos(turn), -np.sin(turn)], [np.sin(turn), np.cos(turn)]])
            fan.append((_rect(0, 0, 63, 88) @ spin.T) + (300 + step * n, 200 + drop))
            _paper_card(image, fan[-1])
        search = CardSearch(image)
        clean = [n for n, quad in enumerate(search.singles) if quad.box[0] < 295]
        found = search.found(search.hypotheses(settled=clean))
        assert min(_index_gap(quad.corners, fan[0]) for quad in found.quads) < 0.12, step


def test_snap_takes_thousands_of_hypotheses_in_one_call():
    # remap refuses maps of 32767 rows or more: many hypotheses must still go through.
    card = _rect(200, 100, 63, 88)
    gray = _gray_card(card)
    quads = np.repeat((card + (3.0, 2.0))[None], 2500, axis=0)
    snapped, strength = snap_quads(gray, quads)
    assert snapped.shape == (2500, 4, 2) and strength.shape == (2500,)
    assert np.abs(snapped[:, 0] - card[0]).max() <= 1.0


@settings(max_examples=60, deadline=None)
@given(st.integers(3, 12), st.integers(1, 9), st.integers(1, 9), st.integers(0, 2**32 - 1))
def test_snap_third_lowest_is_numpys_partition(count, rows, columns, seed):
    from dealerassist.vision.edge_snap import _third_lowest

    values = np.random.default_rng(seed).integers(-60, 60, (count, rows, columns))
    values = values.astype(np.float32)
    assert np.array_equal(_third_lowest(values), np.partition(values, 2, axis=0)[2])



@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(st.floats(-1, 1), st.floats(-1, 1)), min_size=3, max_size=3),
       st.permutations([0, 1, 2]))
@example(shifts=[(0.0, 0.0), (0.0, 0.0), (0.0, -0.0546875)], order=[0, 1, 2])
def test_snap_moves_a_hypothesis_alike_alone_and_beside_others_of_any_size(shifts, order):
    # Three cards, 44 to 300 pixels long, each hypothesis off its card by up to 0.07 of its
    # long side: each must move the same, as far, whether snapped alone or in one call with
    # the others (the search's reach is each side's own). A side within some 1.2 pixels of
    # its edge stays where it lies: its response there is within `_GAIN` of the edge's
    # (the example: the 300-pixel card's hypothesis 1.15 pixels above it).
    image = np.full((720, 1280), _FELT, np.uint8)
    cards = [_rect(40, 40, 32, 44), _rect(200, 60, 72, 100), _rect(500, 100, 215, 300)]
    for card in cards:
        cv2.fillPoly(image, [np.round(card).astype(np.int32)], _PAPER)
    quads = np.stack([cards[n] + 0.07 * (cards[n][3, 1] - cards[n][0, 1]) * np.array(shifts[n])
                      for n in order])
    together, strength = snap_quads(image, quads)
    for n, quad in enumerate(quads):
        alone, alone_strength = snap_quads(image, quad[None])
        assert np.array_equal(together[n], alone[0]), n
        assert strength[n] == alone_strength[0], n
    largest = order.index(2)
    assert np.abs(together[largest, 0] - cards[2][0]).max() <= 1.25  # back on its edges
