"""A clean outline read as no card does not stand in for the hypotheses near it.

Why: two touching cards can leave one of them with a clean outline cut a few pixels off
its side (the index half outside it), read as "no index" at both corners; the hypothesis
that lies on the card itself (a half of the pair, put on the card's edges) repeats that
outline closely and was dropped as its repeat, so a card lying in plain view was never
read. A back's outline is read as no card too: the hypotheses near it are read and answer
"no index" as the back does.
"""

from __future__ import annotations

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
