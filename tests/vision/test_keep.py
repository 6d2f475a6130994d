"""Which readings of a frame are kept: one per index, per outline and per card's own indices.

Why it matters: a card reported where there is none puts a card on the felt or on a back,
and a card read twice raises a false "same card twice" (IRR-DECK) in front of the dealer.
"""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from dealerassist.cards import parse_card
from dealerassist.vision.quads import CardQuad, index_regions, overlap
from dealerassist.vision.recogniser import _blank_outlines, _each_card_once
from dealerassist.vision.sighting import CONFIRM_BELOW, Sighting

FRAME = np.zeros((720, 1280, 3), np.uint8)


def _card(x: float, y: float, *, scale: float = 1.0, single: bool = False) -> CardQuad:
    """An upright card outline 96 x 135 pixels (times scale) with its top-left at (x, y)."""
    w, h = 96 * scale, 135 * scale
    corners = np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], np.float32)
    return CardQuad(corners, single=single)


def _keep(recogniser, quads, results):  # type: ignore[no-untyped-def]
    regions = [region for quad in quads for region in index_regions(quad.corners)]
    kept = recogniser._keep(FRAME, quads, regions, results, _blank_outlines(quads, results),
                            0, None)
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


def _sighting(card: str, confidence: float, x: int) -> Sighting:
    return Sighting(parse_card(card), confidence, (x, 100, 40, 60), "", 0)


def test_IRR_DECK_an_unsure_second_reading_of_a_card_read_elsewhere_is_dropped():
    # A development render (seed 2027, blurred): the three of spades on the table read
    # at 0.85 and a second three of spades at 0.71 (the three of clubs, read nowhere else).
    read = [_sighting("3s", 0.71, 500), _sighting("3s", 0.85, 200), _sighting("9h", 1.0, 800)]
    assert [(str(s.card), s.box[0]) for s in _each_card_once(read)] == [
        ("9h", 800), ("3s", 200)]


def test_IRR_DECK_a_card_read_surely_twice_stays_twice_for_the_dealer():
    read = [_sighting("Js", 0.99, 300), _sighting("Js", 1.0, 1060), _sighting("Js", 0.8, 600)]
    assert sorted(s.box[0] for s in _each_card_once(read)) == [300, 1060]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["As", "Kd", "7c"]),
                          st.floats(0.6, 1.0), st.integers(0, 1200)), max_size=8))
def test_IRR_DECK_each_card_once_keeps_every_sure_reading_and_each_cards_surest(readings):
    read = [_sighting(card, confidence, x) for card, confidence, x in readings]
    kept = _each_card_once(read)
    assert all(s in read for s in kept)
    assert all(s in kept for s in read if s.confidence >= CONFIRM_BELOW)
    for card in {s.card for s in read}:
        of_card = [s for s in kept if s.card == card]
        assert max(s.confidence for s in of_card) == max(
            s.confidence for s in read if s.card == card)
        # a card twice only where every reading of it kept but the surest is sure
        assert sum(s.needs_confirmation for s in of_card) <= 1


def test_another_card_read_on_a_cards_corner_is_kept(recogniser):
    # A different card's index over the jack's corner: a card lying on it, not the jack's own.
    results = {0: (1.0, parse_card("Js")), 3: (0.99, parse_card("Qh"))}
    kept = _keep(recogniser, [_card(1060, 410), _card(992, 410)], results)
    assert sorted(kept) == [("Js", 1060), ("Qh", 992)]


def test_issue_42_one_index_cut_by_two_quads_and_read_as_two_cards_is_one_card(recogniser):
    # A val photo (a five of spades alone on wood, in a 1280x720 frame): an outline over the
    # card reads the five of spades at both corners; a smaller hypothesis shares its
    # top-left corner and reads that same index as the five of clubs at 0.99. One index, one
    # card: reported as a second card, the clubs were a sure wrong card.
    card, smaller = _card(500, 200), _card(500, 200, scale=0.8)
    regions = [region for quad in (card, smaller) for region in index_regions(quad.corners)]
    assert overlap(regions[2], regions[0]) > 0.5 and overlap(regions[2], regions[1]) == 0
    five = parse_card("5s")
    results = {0: (0.999, five), 1: (1.0, five), 2: (0.99, parse_card("5c")), 3: BLANK}
    assert _keep(recogniser, [card, smaller], results) == [("5s", 500)]


def test_issue_42_another_card_read_more_surely_where_a_quad_misread_a_kept_card_is_kept(
        recogniser):
    # A spread row (scripts/vision_stud_rows.py, wood): a hypothesis over the four of
    # diamonds reaches the ace beside it and misreads the ace's index as the four, unsurely;
    # another quad reads that index as the ace, more surely: the ace stays.
    four, reaching, ace = _card(500, 200), _card(560, 200), _card(562, 203)
    results = {0: (1.0, parse_card("4d")), 2: (0.7, parse_card("4d")),
               4: (0.99, parse_card("Ad"))}
    assert sorted(_keep(recogniser, [four, reaching, ace], results)) == [("4d", 500),
                                                                         ("Ad", 562)]


def _with_a_back(inside: CardQuad) -> list[CardQuad]:
    # A card read at both corners (the frame's card size), a back (a clean outline read as
    # "no index" at both corners) and a quad inside the back.
    return [_card(100, 100, single=True), _card(500, 300, single=True), inside]


BLANK = (0.0, None)
ACE = parse_card("Ad")


def test_a_small_card_pictured_on_a_back_is_not_reported(recogniser):
    # Some backs show a fan of aces: a white card shape a quarter of a card's size.
    picture = _card(520, 330, scale=0.5, single=True)
    results = {0: (1.0, parse_card("7c")), 1: (1.0, parse_card("7c")), 2: BLANK, 3: BLANK,
               4: (0.99, ACE), 5: (0.99, ACE)}
    assert _keep(recogniser, _with_a_back(picture), results) == [("7c", 100)]


def test_half_a_card_inside_a_card_sized_blank_outline_is_kept(recogniser):
    # Two cards half on each other can make one card-sized outline with no index at its
    # corners; each card inside it is half its size and real.
    half = CardQuad(np.array([[500, 300], [596, 300], [596, 368], [500, 368]], np.float32),
                    single=False)
    results = {0: (1.0, parse_card("7c")), 1: (1.0, parse_card("7c")), 2: BLANK, 3: BLANK,
               4: (0.99, ACE)}
    assert sorted(_keep(recogniser, _with_a_back(half), results)) == [("7c", 100), ("Ad", 500)]


def test_a_card_inside_a_blank_outline_of_two_cards_is_kept(recogniser):
    # Two cards side by side seen as one shape, its corners not on an index: not a back.
    pair = CardQuad(np.array([[500, 300], [692, 300], [692, 435], [500, 435]], np.float32),
                    single=True)
    inside = _card(520, 330, scale=0.5)
    results = {0: (1.0, parse_card("7c")), 1: (1.0, parse_card("7c")), 2: BLANK, 3: BLANK,
               4: (0.99, ACE)}
    kept = _keep(recogniser, [_card(100, 100, single=True), pair, inside], results)
    assert sorted(kept) == [("7c", 100), ("Ad", 520)]
