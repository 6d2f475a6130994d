"""Cards whose corner is hidden, and the card's size when no outline is one card.

Two finder steps for piles and fans (issue 9, overlap):

- a card lying on the corner of another shows two sides against the felt but not the
  corner where they meet: extended, the two sides meet there
  (`card_hypotheses.hidden_corner_hypotheses`, ``geometry._HIDDEN_CORNERS``);
- with no clean outline read as one card, the card's size was the median outline's, which
  in a frame of piles is a pile's: outlines of a card's shape are preferred
  (``geometry._FALLBACK_ASPECT``), and the reader searches again with the size of the cards
  its hypotheses read at both corners (``recogniser._REFIT``).
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from dealerassist.cards import parse_card
from dealerassist.vision import card_hypotheses, geometry
from dealerassist.vision import recogniser as reader
from dealerassist.vision.card_hypotheses import hidden_corner_hypotheses
from dealerassist.vision.card_metric import CardMetric
from dealerassist.vision.designs import TRAIN_DESIGNS, drawn_decks
from dealerassist.vision.geometry import CardSearch
from dealerassist.vision.quads import CardQuad, order_quad
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


@pytest.fixture
def searches(monkeypatch):
    """The metric each call of `CardSearch.hypotheses` was given (None: its own)."""
    calls: list[CardMetric | None] = []
    original = CardSearch.hypotheses

    def hypotheses(self, **kwargs):
        calls.append(kwargs.get("metric"))
        return original(self, **kwargs)

    monkeypatch.setattr(CardSearch, "hypotheses", hypotheses)
    return calls


@pytest.mark.parametrize("refit", [True, False])
def test_a_frame_of_hands_is_searched_again_with_the_size_of_a_card_read_whole(
        recogniser, searches, monkeypatch, refit):
    monkeypatch.setattr(geometry, "_FALLBACK_ASPECT", None)  # the fans' size, wrong
    monkeypatch.setattr(reader, "_REFIT", refit)
    monkeypatch.setattr(reader, "_NEIGHBOURS", None)  # the fan search finds it too (below)
    read = {str(s.card) for s in recogniser.recognise(_showdown())}
    assert read >= {"As", "7c", "2h", "9s", "Qd"}
    # The king half under the seven: found only with the card's true size.
    assert ("Kd" in read) == refit
    assert len(searches) == (2 if refit else 1)
    if refit:
        assert abs(_long_side(searches[1]) - _LONG / 2) <= 3.0


def test_the_king_half_under_the_seven_is_read_beside_it_without_the_second_search(
        recogniser, monkeypatch):
    # The fan search (`_read_neighbours`) moves the seven, read surely, along its width
    # onto the king's side: the king is read with the wrong size guessed, no refit.
    monkeypatch.setattr(geometry, "_FALLBACK_ASPECT", None)
    monkeypatch.setattr(reader, "_REFIT", False)
    read = {str(s.card) for s in recogniser.recognise(_showdown())}
    assert read >= {"As", "7c", "2h", "9s", "Qd", "Kd"}


def test_a_frame_with_a_card_read_whole_is_searched_once(recogniser, searches):
    read = {str(s.card) for s in recogniser.recognise(_showdown(lone=True))}
    assert "5c" in read
    assert searches == [None]



def test_a_frame_whose_guessed_size_was_right_is_not_searched_again(
        recogniser, searches, monkeypatch):
    # The guess (here: the true size, 70 search pixels long) agrees within 10 % with the
    # cards read whole: a second search would find nothing new and cost 10-20 ms.
    monkeypatch.setattr(CardSearch, "metric",
                        lambda self, settled=(): CardMetric.isotropic(_LONG / 2))
    read = {str(s.card) for s in recogniser.recognise(_showdown())}
    assert read >= {"As", "7c", "2h", "9s", "Qd"}
    assert searches == [None]


class _GuessedWrong(CardSearch):
    """The search of a frame whose guessed card size is 0.6 of the true one (an ornate
    face's inner frame taken for a card): at each size it is asked for, it proposes the
    seven of clubs of `_showdown` (the top card of a fan) at that size, from the card's
    top-left corner."""

    def __init__(self, frame: np.ndarray) -> None:
        super().__init__(frame)
        self.asked: list[float] = []

    def metric(self, settled=()) -> CardMetric:
        return CardMetric.isotropic(0.6 * _LONG / 2)

    def hypotheses(self, *, metric: CardMetric, lines: bool = True) -> list:
        size = _long_side(metric) / (_LONG / 2)
        self.asked.append(round(size, 2))
        seven = _card(370, 212, -8)
        return [CardQuad((seven[0] + size * (seven - seven[0])).astype(np.float32), False)]


@pytest.mark.parametrize("rescales", [(0.6, 0.8, 1.25, 1.6), ()])
def test_a_frame_with_no_card_read_whole_at_the_guessed_size_is_searched_at_others(
        recogniser, monkeypatch, rescales):
    monkeypatch.setattr(reader, "_RESCALES", rescales)
    frame = _showdown()
    search = _GuessedWrong(frame)
    results: dict = {}
    quads, regions = recogniser._read_refitted(frame, search, [], [], results, blank=[])
    read = {str(card) for n, (confidence, card) in results.items() if card is not None
            and confidence >= 0.95 and n % 2 == 0 and results.get(n + 1, (0, None))[1] is card}
    if rescales:
        # 0.36, 0.48 and 0.75 of the card read no whole card; 0.96 reads the seven at both
        # corners, and the final search is made at the size learnt from it.
        assert search.asked[:4] == [0.36, 0.48, 0.75, 0.96]
        assert len(search.asked) == 5 and abs(search.asked[4] - 1.0) <= 0.06
        assert read == {"7c"}
    else:
        assert search.asked == [] and quads == [] and results == {}


class _NotGuessed(_GuessedWrong):
    """A search of the same frame with no card size guessed at all (no outline of a card's
    shape near the others' size)."""

    def metric(self, settled=()) -> None:
        return None


def test_a_frame_with_no_size_guessed_is_searched_at_card_lengths_across_the_frame(
        recogniser, monkeypatch):
    frame = _showdown()
    search = _NotGuessed(frame)
    results: dict = {}
    recogniser._read_refitted(frame, search, [], [], results, blank=[])
    # Card lengths of 5 % to 18 % of the 640-pixel search image, against the seven's 70.
    lengths = [round(share * 640 / (_LONG / 2), 2) for share in reader._UNGUESSED]
    assert search.asked[:6] == lengths == [0.46, 0.59, 0.78, 1.01, 1.28, 1.65]
    # The seven is read whole at 1.01; the final search is made at the size learnt from it.
    assert len(search.asked) == 7 and abs(search.asked[6] - 1.0) <= 0.06
    assert any(card is not None and str(card) == "7c" and confidence >= 0.95
               for confidence, card in results.values())
