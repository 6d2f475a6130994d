"""A four-colour deck's suits read from the index's ink (`ink`, `Recogniser._four_colour`).

Why (issue 9): a far or blurred four-colour club was read as a spade, a spade as a club,
a diamond as a club (seeds 2029/2030: a green king of clubs read as the king of spades, the
black jacks of spades of two far frames read as clubs), though the ink says which at any
distance: clubs green, diamonds blue, spades black, hearts red. Green or blue ink is never
a two-colour deck's; black ink makes a club a spade only in a frame known to be a
four-colour deck's (cards read as a club on green ink, or as a
diamond on blue ink, more of them than clubs on black or diamonds on red ink). A
two-colour club must never become a spade.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealerassist.cards import parse_card
from dealerassist.vision import recogniser as recogniser_module
from dealerassist.vision.ink import Ink, ink_colours
from dealerassist.vision.quads import CardQuad, index_regions

BLACK, RED = (25, 25, 25), (30, 30, 200)  # BGR, as the renderer's decks print them
GREEN, BLUE = (40, 130, 20), (190, 90, 10)  # the four-colour deck's clubs and diamonds
PAPER = (235, 240, 240)
FELT = (40, 110, 30)


def _patch(ink: tuple[int, int, int] | None, *, paper=PAPER, felt_rows: int = 0) -> np.ndarray:
    """A 56x28 index patch: paper, a blob of ink in its middle, felt along its top edge."""
    patch = np.full((56, 28, 3), paper, np.uint8)
    if ink is not None:
        patch[14:42, 8:20] = ink
    patch[:felt_rows] = FELT
    return patch


@pytest.mark.parametrize(("ink", "expected"), [
    (BLACK, Ink.BLACK), (RED, Ink.RED), (GREEN, Ink.GREEN), (BLUE, Ink.BLUE), (None, Ink.UNKNOWN),
])
def test_the_inks_colour_is_measured_against_its_paper(ink, expected):
    assert ink_colours(_patch(ink)[None]) == [expected]


def test_a_colour_cast_on_the_paper_is_not_taken_for_ink():
    # Yellow lamp light: paper and ink both tinted; black ink stays black.
    lamp = np.array([0.62, 0.95, 1.0])
    patch = (_patch(BLACK).astype(np.float32) * lamp).astype(np.uint8)
    assert ink_colours(patch[None]) == [Ink.BLACK]


@settings(max_examples=200, deadline=None)
@given(cast=st.tuples(*[st.floats(0.55, 1.0)] * 3), ink=st.sampled_from(
    [(BLACK, Ink.BLACK), (RED, Ink.RED), (GREEN, Ink.GREEN), (BLUE, Ink.BLUE)]))
def test_any_lamp_colour_leaves_the_inks_colour(cast, ink):
    # The light's colour multiplies paper and ink alike; measured against the paper, the
    # ink keeps its colour (a dim or tinted lamp must not turn black ink green).
    colour, expected = ink
    patch = (_patch(colour).astype(np.float32) * np.array(cast)).round().astype(np.uint8)
    assert ink_colours(patch[None]) == [expected]


def test_felt_along_the_patchs_edge_is_not_the_ink():
    # A region a few pixels off its card shows felt along its edge (seed 2030, a seven of
    # diamonds' corner over green felt was measured green before the edges were left out).
    assert ink_colours(_patch(BLACK, felt_rows=6)[None]) == [Ink.BLACK]
    assert ink_colours(_patch(RED, felt_rows=6)[None]) == [Ink.RED]


def test_no_patch_no_colour():
    assert ink_colours(np.zeros((0, 56, 28, 3), np.uint8)) == []


# --- the recogniser's rule ---------------------------------------------------------------


def _table(cards: list[tuple[str, tuple[int, int, int]]]) -> tuple[np.ndarray, list, dict]:
    """A felt frame with one card per entry (its reading, its index's ink), left to right."""
    frame = np.full((720, 1280, 3), FELT, np.uint8)
    quads, results = [], {}
    for k, (card, ink) in enumerate(cards):
        x, y = 100 + 150 * k, 200
        corners = np.array([[x, y], [x + 96, y], [x + 96, y + 135], [x, y + 135]], np.float32)
        cv2.fillConvexPoly(frame, corners.astype(np.int32), PAPER)
        for region in index_regions(corners):
            centre = region.mean(axis=0)
            blob = centre + 0.4 * (region - centre)
            cv2.fillConvexPoly(frame, np.round(blob).astype(np.int32), ink)
        quads.append(CardQuad(corners, single=True))
        confidence = 0.99 if card.endswith("!") else 0.9
        results[2 * k] = results[2 * k + 1] = (confidence, parse_card(card.rstrip("!")))
    return frame, quads, results


def _read(recogniser, cards) -> dict[str, float]:  # type: ignore[no-untyped-def]
    frame, quads, results = _table(cards)
    regions = [region for quad in quads for region in index_regions(quad.corners)]
    kept = recogniser._keep(frame, quads, regions, results, 0)
    return {str(reading.sighting.card): round(reading.sighting.confidence, 3) for reading in kept}


def test_a_black_club_in_a_four_colour_deck_is_a_spade_to_confirm(recogniser):
    # A club on green and a diamond on blue ink against one club on black: four colours.
    read = _read(recogniser, [("8c", GREEN), ("4d", BLUE), ("Jc", BLACK), ("4h", RED)])
    assert read == {"8c": 0.9, "4d": 0.9, "Js": 0.85, "4h": 0.9}


def test_a_black_club_in_a_two_colour_deck_stays_a_club(recogniser):
    read = _read(recogniser, [("8c", BLACK), ("Jc", BLACK), ("4d", RED), ("5h", RED)])
    assert read == {"8c": 0.9, "Jc": 0.9, "4d": 0.9, "5h": 0.9}


def test_green_or_blue_ink_read_as_a_spade_is_a_club_or_a_diamond_in_any_frame(recogniser):
    read = _read(recogniser, [("Ks", GREEN), ("7s", BLUE), ("9s", BLACK), ("5h", RED)])
    assert read == {"Kc": 0.85, "7d": 0.85, "9s": 0.9, "5h": 0.9}


def test_irr_deck_an_ink_change_never_makes_one_card_seen_twice(recogniser):
    # The seven of clubs on blue ink would be the seven of diamonds, read already (from
    # the seven of spades on blue ink): it keeps its suit rather than raise a false
    # "same card twice" (IRR-DECK).
    read = _read(recogniser, [("7s", BLUE), ("7c", BLUE), ("9s", BLACK)])
    assert read == {"7d": 0.85, "7c": 0.9, "9s": 0.9}


def test_one_green_club_among_black_ones_is_no_four_colour_deck(recogniser):
    # In a pile a region can lie half on green felt or on a neighbour (seeds 8686, 6464):
    # one club on green ink against two on black is a two-colour deck; nothing changes.
    read = _read(recogniser, [("8c", GREEN), ("Jc", BLACK), ("4c", BLACK), ("5d", RED)])
    assert read == {"8c": 0.9, "Jc": 0.9, "4c": 0.9, "5d": 0.9}


def test_a_diamond_on_red_ink_stays_a_diamond(recogniser):
    # A four-colour heart is red, but in a pile the region read can show a heart beside
    # the diamond read: a right diamond turned heart on seed 8686. Red ink decides nothing.
    read = _read(recogniser, [("Qd", BLUE), ("8c", GREEN), ("3d", RED)])
    assert read == {"Qd": 0.9, "8c": 0.9, "3d": 0.9}


def test_a_sure_reading_the_ink_changes_is_capped_to_a_proposal(recogniser):
    read = _read(recogniser, [("8c!", GREEN), ("5d!", BLUE), ("Jc!", BLACK)])
    assert read == {"8c": 0.99, "5d": 0.99, "Js": 0.85}


def test_without_the_rule_the_network_reading_stands(recogniser, monkeypatch):
    monkeypatch.setattr(recogniser_module, "_FOUR_COLOUR", None)
    read = _read(recogniser, [("8c", GREEN), ("Jc", BLACK), ("Ks", GREEN)])
    assert read == {"8c": 0.9, "Jc": 0.9, "Ks": 0.9}
