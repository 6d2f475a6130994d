"""Cards whose corner is hidden, and the card's size when no outline is one card.

Two finder steps for piles and fans (issue 9, overlap):

- a card lying on the corner of another shows two sides against the felt but not the
  corner where they meet: extended, the two sides meet there
  (`card_hypotheses.hidden_corner_hypotheses`, ``geometry._HIDDEN_CORNERS``);
- with no clean outline read as one card, the median outline's size is, in a frame of
  piles, a pile's: outlines of a card's shape are preferred (``geometry._FALLBACK_ASPECT``).
"""

from __future__ import annotations

import cv2
import numpy as np

from dealerassist.cards import parse_card
from dealerassist.vision import card_hypotheses, geometry
from dealerassist.vision.card_hypotheses import hidden_corner_hypotheses
from dealerassist.vision.card_metric import CardMetric
from dealerassist.vision.designs import HELDOUT_DESIGNS, TRAIN_DESIGNS, drawn_decks
from dealerassist.vision.geometry import CardSearch
from dealerassist.vision.quads import order_quad
from dealerassist.vision.synthetic import _felt, _paste

_UNDER = np.array([[100, 50], [170, 50], [170, 150], [100, 150]], np.float32)  # 70 x 100
_ON_CORNER = _UNDER + np.array([40, 60], np.float32)  # its top-left corner lies on _UNDER


def _region(*cards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    mask = np.zeros((300, 320), np.uint8)
    for card in cards:
        cv2.fillConvexPoly(mask, card.astype(np.int32), 255)
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    return mask, max(contours, key=cv2.contourArea)


def _gap(quad: np.ndarray, truth: np.ndarray) -> float:
    return float(np.abs(order_quad(quad) - order_quad(truth)).max())


def test_a_card_whose_corner_lies_on_another_is_found_where_its_two_sides_meet():
    support, region = _region(_UNDER, _ON_CORNER)
    found = hidden_corner_hypotheses([region], support, CardMetric.isotropic(100.0))
    assert min(_gap(quad, _ON_CORNER) for quad in found) <= 2.0
    # No hypothesis leaves the region (each lies 90 % on it).
    assert all(cv2.pointPolygonTest(region, tuple(map(float, quad.mean(axis=0))), False) > 0
               for quad in found)


def test_the_hidden_corner_is_found_with_the_card_seen_under_a_tilt():
    # A perspective that squashes the table vertically: the metric says so.
    squash = np.array([[1.0, 0.0], [0.0, 0.7]], np.float32)
    under, on_corner = _UNDER @ squash.T, _ON_CORNER @ squash.T
    support, region = _region(under, on_corner)
    metric = CardMetric.fit([order_quad(under)], span=320.0)
    found = hidden_corner_hypotheses([region], support, metric)
    assert min(_gap(quad, on_corner) for quad in found) <= 2.0


def test_a_lone_card_gives_no_hidden_corner():
    support, region = _region(_UNDER)
    assert hidden_corner_hypotheses([region], support, CardMetric.isotropic(100.0)) == []


def test_sides_that_start_too_far_from_where_they_meet_give_no_card(monkeypatch):
    # The card's top side shows from 0.3 of a card's length past the hidden corner, its
    # left side from 0.4: with sides taken only from 0.2 of it, nothing is proposed there.
    support, region = _region(_UNDER, _ON_CORNER)
    monkeypatch.setattr(card_hypotheses, "_HIDDEN_GAP", 0.2)
    found = hidden_corner_hypotheses([region], support, CardMetric.isotropic(100.0))
    assert all(_gap(quad, _ON_CORNER) > 5.0 for quad in found)


def test_no_metric_no_hidden_corners():
    support, region = _region(_UNDER, _ON_CORNER)
    assert hidden_corner_hypotheses([region], support, None) == []


_LONG, _SHORT = 140, 100  # frame pixels (the search image is half as large)


def _card(x: float, y: float, turn: float = 0.0) -> np.ndarray:
    corners = np.array([[x, y], [x + _SHORT, y], [x + _SHORT, y + _LONG], [x, y + _LONG]],
                       np.float32)
    if turn:
        matrix = cv2.getRotationMatrix2D((x + _SHORT / 2, y + _LONG / 2), turn, 1.0)
        corners = cv2.transform(corners[None], matrix)[0]
    return corners


def _showdown(*, lone: bool = False) -> np.ndarray:
    """Two hands of three fanned cards on the felt (and a lone card), drawn faces."""
    deck = drawn_decks(TRAIN_DESIGNS[:1])[0]
    rng = np.random.default_rng(5)
    frame = _felt(rng, 720, 1280, 6.0)
    labels = np.zeros((720, 1280), np.int32)
    spots = [("As", 300, 200, 0), ("Kd", 335, 205, -4), ("7c", 370, 212, -8),
             ("2h", 700, 300, 0), ("9s", 738, 296, 5), ("Qd", 776, 292, 10)]
    if lone:
        spots.append(("5c", 1000, 450, 0))
    for number, (code, x, y, turn) in enumerate(spots, start=1):
        _paste(frame, labels, deck.face(parse_card(code)), _card(x, y, turn), number)
    return frame


def _long_side(metric: CardMetric) -> float:
    """A card's long side in search pixels at the middle of the hands."""
    return 1.0 / float(np.sqrt(abs(np.linalg.det(metric.to_table(np.array([270.0, 140.0]))))))


def test_outlines_of_a_card_s_shape_give_the_card_s_size_when_none_is_settled(monkeypatch):
    search = CardSearch(_showdown(lone=True))
    monkeypatch.setattr(geometry, "_FALLBACK_ASPECT", None)
    median = _long_side(search.metric())  # the fans' size and the lone card's, mixed
    monkeypatch.setattr(geometry, "_FALLBACK_ASPECT", (1.3, 1.6))
    shaped = _long_side(search.metric())
    assert abs(shaped - _LONG / 2) <= 3.0 < abs(median - _LONG / 2)


def test_a_card_lying_on_anothers_corner_and_the_card_under_it_are_both_read(recogniser):
    deck = drawn_decks(HELDOUT_DESIGNS[:1])[0]
    frame = np.empty((720, 1280, 3), np.uint8)
    frame[:] = (40, 110, 30)
    labels = np.zeros((720, 1280), np.int32)
    spots = [("9s", _card(500, 200)), ("Qh", _card(560, 290)), ("4d", _card(900, 300))]
    for number, (code, corners) in enumerate(spots, start=1):
        _paste(frame, labels, deck.face(parse_card(code)), corners, number)
    # The nine and the queen lying on its corner are one region: the four alone is a
    # clean outline.
    assert len(CardSearch(frame).singles) == 1
    assert sorted(str(s.card) for s in recogniser.recognise(frame)) == ["4d", "9s", "Qh"]
