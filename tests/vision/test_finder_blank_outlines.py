"""A clean outline read as no card does not stand in for the hypotheses near it.

Why: two touching cards can leave one of them with a clean outline cut a few pixels off
its side (the index half outside it), read as "no index" at both corners; the hypothesis
that lies on the card itself (a half of the pair, put on the card's edges) repeats that
outline closely and was dropped as its repeat, so a card lying in plain view was never
read. A back's outline is read as no card too: the hypotheses near it are read and answer
"no index" as the back does.
"""

from __future__ import annotations

import cv2
import numpy as np

from dealerassist.vision.geometry import CardSearch
from dealerassist.vision.quads import CardQuad

FELT = np.full((720, 1280, 3), (40, 110, 30), np.uint8)


def _quad(x: float, y: float, *, single: bool) -> CardQuad:
    corners = np.array([[x, y], [x + 100, y], [x + 100, y + 140], [x, y + 140]], np.float32)
    return CardQuad(corners, single=single)


def _search() -> CardSearch:
    search = CardSearch(FELT)
    # A face card's outline cut 14 px off its left side, and a card elsewhere.
    search.singles = [_quad(162, 420, single=True), _quad(700, 200, single=True)]
    return search


def test_a_hypothesis_repeating_an_outline_read_as_something_is_dropped() -> None:
    search = _search()
    on_the_card = _quad(148, 418, single=False)
    found = search.found([on_the_card])
    assert [q.box[0] for q in found.quads] == [162, 700]


def test_a_hypothesis_repeating_an_outline_read_as_no_card_is_kept_and_the_outline_comes_last(
) -> None:
    search = _search()
    on_the_card = _quad(148, 418, single=False)
    found = search.found([on_the_card], blank=[0])
    assert [(q.box[0], q.single) for q in found.quads] == [(700, True), (148, False),
                                                           (162, True)]
    # The clean outline itself is still there: the reader has its readings and needs it to
    # tell a back (`recogniser._blank_outlines`).
    assert found.quads[2] is search.singles[0]


# A clean outline that lost its two index corners (issue 9): where a dark index touches the
# card's edge at a far camera or in glare, the card-stock region's contour winds around the
# ink, and the quad fitted to it can cut across the top-left and bottom-right corners (seen
# on a king 50 pixels wide: both corners 12 pixels in). Both index regions then lie off
# the index and read "no index". The rectangle around the region keeps the corners
# (``geometry._BLANK_BOXES``): on the development frames of seed 2028, 6 more cards of
# 5,001 read, no false report more.
_CARD = np.array([[500, 300], [600, 300], [600, 440], [500, 440]], np.float32)
_CUT = np.array([[505, 312], [600, 300], [595, 428], [500, 440]], np.float32)


def _search_with_a_cut_outline() -> CardSearch:
    """The cut outline (single 1) and a card read whole (single 0, settled)."""
    frame = FELT.copy()
    cv2.fillConvexPoly(frame, _CARD.astype(np.int32), (235, 235, 235))
    cv2.fillConvexPoly(frame, (_CARD + np.float32([300, 0])).astype(np.int32), (235, 235, 235))
    search = CardSearch(frame)
    assert [q.box[0] for q in search.singles] == [800, 500]
    contour = search._singles[1][1]
    search._singles[1] = (_CUT * search.scale, contour)  # the fit that cut the corners
    search.singles[1] = CardQuad(_CUT, True)
    search._inner = []  # its edge-cut outline, fitted the same way, cut the same corners
    return search


def _nearest(quads: list[CardQuad]) -> float:
    """The largest corner error (frame pixels) of the quad nearest the card, either way round."""
    return float(min((min(np.abs(q.corners - _CARD).max(),
                           np.abs(q.corners[[2, 3, 0, 1]] - _CARD).max()) for q in quads),
                     default=np.inf))


def test_an_outline_read_as_no_index_is_searched_again_as_the_rectangle_around_it() -> None:
    search = _search_with_a_cut_outline()
    assert _nearest(search.hypotheses(settled=[0], blank=[1])) <= 3


def test_an_outline_read_as_a_card_gives_no_rectangle() -> None:
    search = _search_with_a_cut_outline()
    assert _nearest(search.hypotheses(settled=[0])) > 10


def test_without_the_rectangle_step_an_outline_read_as_no_index_gives_none(monkeypatch) -> None:
    from dealerassist.vision import geometry

    monkeypatch.setattr(geometry, "_BLANK_BOXES", False)
    search = _search_with_a_cut_outline()
    assert _nearest(search.hypotheses(settled=[0], blank=[1])) > 10


# A region too ragged to be a clean outline (issue 9): a court of dark artwork under glare
# shows the felt-coloured finder only its pale parts, one region with a deep bay in it
# (seed 2028, a king of gm-paris: region 0.58 of its hull). Its hull is the card's
# quadrilateral at a card's area: a hypothesis (``geometry._RAGGED_HULLS``).
_BAY = np.array([[500, 300], [530, 300], [530, 400], [570, 400], [570, 300], [600, 300],
                 [600, 440], [500, 440]], np.int32)  # the card, its middle top cut out


def _ragged_search(card_long_side: float) -> CardSearch:
    from dealerassist.vision.card_metric import CardMetric

    search = CardSearch(FELT)
    search._merged = [(_BAY * search.scale).astype(np.int32).reshape(-1, 1, 2)]
    search.metric = lambda settled=(): CardMetric.isotropic(card_long_side * search.scale)
    return search


def test_a_ragged_region_whose_hull_is_a_card_is_a_hypothesis() -> None:
    assert _nearest(_ragged_search(140).hypotheses()) <= 3


def test_a_ragged_region_whose_hull_is_no_card_s_size_gives_no_such_hypothesis() -> None:
    assert _nearest(_ragged_search(200).hypotheses()) > 10  # a pile's hull, say


def test_without_the_hull_step_a_ragged_region_gives_no_card(monkeypatch) -> None:
    from dealerassist.vision import geometry

    monkeypatch.setattr(geometry, "_RAGGED_HULLS", None)
    assert _nearest(_ragged_search(140).hypotheses()) > 10
