"""Which readings of a frame are kept: one per index, per outline and per card's own indices.

Why it matters: a card reported where there is none puts a card on the felt or on a back,
and a card read twice raises a false "same card twice" (IRR-DECK) in front of the dealer.
"""

from __future__ import annotations

import numpy as np

from dealerassist.cards import parse_card
from dealerassist.vision.quads import CardQuad, index_regions

FRAME = np.zeros((720, 1280, 3), np.uint8)


def _card(x: float, y: float) -> CardQuad:
    """An upright card outline 96 x 135 pixels with its top-left corner at (x, y)."""
    corners = np.array([[x, y], [x + 96, y], [x + 96, y + 135], [x, y + 135]], np.float32)
    return CardQuad(corners, single=False)


def _keep(recogniser, quads, results):  # type: ignore[no-untyped-def]
    regions = [region for quad in quads for region in index_regions(quad.corners)]
    kept = recogniser._keep(FRAME, quads, regions, results, 0)
    return [(str(r.sighting.card), r.quad.box[0]) for r in kept]


def test_IRR_DECK_a_cards_own_bottom_index_read_by_a_hypothesis_beside_it_is_not_a_second_card(
    recogniser,
):
    jack = _card(1060, 410)
    beside = _card(992, 410)  # a hypothesis over the back to its left, reaching onto the jack
    # Its bottom-right index region lies on the jack's bottom-left corner, where decks with
    # four indices print the jack again.
    _, beside_br = index_regions(beside.corners)
    jack_outline = jack.corners
    assert beside_br[:, 0].min() > jack_outline[:, 0].min()
    results = {0: (1.0, parse_card("Js")), 3: (0.99, parse_card("Js"))}
    assert _keep(recogniser, [jack, beside], results) == [("Js", 1060)]


def test_IRR_DECK_the_same_card_seen_apart_is_still_reported_twice(recogniser):
    # Two jacks of spades apart on the table: a real duplicate, for the IRR-DECK check.
    results = {0: (1.0, parse_card("Js")), 2: (0.99, parse_card("Js"))}
    kept = _keep(recogniser, [_card(1060, 410), _card(300, 100)], results)
    assert sorted(kept) == [("Js", 300), ("Js", 1060)]


def test_another_card_read_on_a_cards_corner_is_kept(recogniser):
    # A different card's index over the jack's corner: a card lying on it, not the jack's own.
    results = {0: (1.0, parse_card("Js")), 3: (0.99, parse_card("Qh"))}
    kept = _keep(recogniser, [_card(1060, 410), _card(992, 410)], results)
    assert sorted(kept) == [("Js", 1060), ("Qh", 992)]
