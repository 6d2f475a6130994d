"""A card read on an outline much larger than a card is boxed by a card-sized hypothesis.

Why (issue 9, piles): a clean outline can be one card and part of the cards it lies on,
white on white (seed 2029: an eight of hearts over an eight of spades, one convex shape
2.7 times a card). Its corner reads the card surely, but the sighting's box, and the zone
taken from its centre, lie half a card off: the dealer sees the box on the wrong place, and
the box covers less than a third of the card. A hypothesis of a card's size lying inside
the outline, with a corner on the index read, gives the box instead (`_card_sized`).
Measured: +6 cards and 6 false reports fewer (5 sure) on the ten development
sets.
"""

from __future__ import annotations

import numpy as np

from dealerassist.cards import parse_card
from dealerassist.vision import recogniser as recogniser_module
from dealerassist.vision.quads import CardQuad, index_regions

FRAME = np.zeros((720, 1280, 3), np.uint8)
SURE = (1.0, parse_card("3s"))


def _quad(x: float, y: float, w: float = 96, h: float = 135, *, single: bool = False) -> CardQuad:
    corners = np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], np.float32)
    return CardQuad(corners, single=single)


def _keep(recogniser, quads, results):  # type: ignore[no-untyped-def]
    more, results = _sure_cards(results, len(quads))
    quads = [*quads, *more]
    regions = [region for quad in quads for region in index_regions(quad.corners)]
    return recogniser._keep(FRAME, quads, regions, results, 0)


def _pile():
    three = _quad(100, 100, single=True)  # a card read surely at both corners: the size
    long = _quad(400, 100, 96, 260, single=True)  # the eight of hearts and the card below it
    card = _quad(401, 101)  # a hypothesis on the eight itself, its TL on the same index
    return three, long, card


def _sure_cards(results: dict, first: int) -> tuple[list[CardQuad], dict]:
    """Two more cards read surely at both corners (the median card), numbered from ``first``."""
    more = [_quad(700, 100, single=True), _quad(850, 100, single=True)]
    cards = [(1.0, parse_card("4c")), (1.0, parse_card("5d"))]
    extra = {2 * (first + k) + corner: cards[k] for k in (0, 1) for corner in (0, 1)}
    return more, {**results, **extra}


def test_a_card_read_on_a_long_outline_gets_the_box_of_the_card_sized_hypothesis(recogniser):
    three, long, card = _pile()
    eight = (0.99, parse_card("8h"))
    kept = _keep(recogniser, [three, long, card], {0: SURE, 1: SURE, 2: eight, 3: eight})
    read = {str(r.sighting.card): r for r in kept}
    assert set(read) == {"3s", "8h", "4c", "5d"}
    assert read["8h"].sighting.box == card.box  # not the long outline's
    assert read["8h"].sighting.confidence == 0.99  # the reading itself is unchanged
    assert read["3s"].sighting.box == three.box


def test_without_the_rule_the_box_is_the_long_outlines(recogniser, monkeypatch):
    monkeypatch.setattr(recogniser_module, "_CARD_SIZED", None)
    three, long, card = _pile()
    eight = (0.99, parse_card("8h"))
    kept = _keep(recogniser, [three, long, card], {0: SURE, 1: SURE, 2: eight, 3: eight})
    assert {str(r.sighting.card): r.sighting.box for r in kept}["8h"] == long.box


def test_a_hypothesis_on_another_index_or_outside_the_outline_gives_no_box(recogniser):
    three, long, _ = _pile()
    eight = (0.99, parse_card("8h"))
    lower = _quad(401, 225)  # inside the outline, but its corners lie on no index read
    beside = _quad(330, 101)  # its corner far from the index, mostly outside the outline
    kept = _keep(recogniser, [three, long, lower, beside],
                 {0: SURE, 1: SURE, 2: eight, 3: eight})
    assert {str(r.sighting.card): r.sighting.box for r in kept}["8h"] == long.box


def test_a_card_sized_outline_keeps_its_own_box(recogniser):
    three, _, card = _pile()
    near = _quad(403, 103)
    eight = (0.99, parse_card("8h"))
    kept = _keep(recogniser, [three, card, near], {0: SURE, 1: SURE, 2: eight, 3: eight})
    assert {str(r.sighting.card): r.sighting.box for r in kept}["8h"] == card.box


def test_with_no_card_read_surely_at_both_corners_nothing_is_resized(recogniser):
    _, long, card = _pile()
    eight = (0.9, parse_card("8h"))  # below _SURE: not a measure of the card's size
    quads = [long, card]
    regions = [region for quad in quads for region in index_regions(quad.corners)]
    kept = recogniser._keep(FRAME, quads, regions, {0: eight, 1: eight}, 0)
    assert [r.sighting.box for r in kept] == [long.box]
