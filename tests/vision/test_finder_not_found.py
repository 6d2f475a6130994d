"""Cards that no clean outline shows: rounded corners, glare, dark pips.

Four such cases (issue 9), each shown on a drawn region or frame:

- a card's corner is rounded (or nicked by its index's ink in the cut mask), so the
  outline's polygon has a short edge there and no right-angled vertex: the corner where
  the edges on either side meet is searched too (``card_hypotheses._CUT_CORNER``);
- in a patch of glare the card-stock mask merges a row of cards with the lit felt; the
  lifted (top-hat) mask separates them, and a region of it that is not one clean card
  outline is searched for corners (``geometry._LIFTED_REGIONS``);
- large dark pips (a ten of clubs on navy felt) are neither card stock nor far from the
  felt's colour: a hypothesis on such a card would lie less than 90 % on what a card may
  lie on, so the holes inside a region are filled (``geometry._FILLED_SUPPORT``);
- a patch of glare can itself look like one large card (a clean outline of the card stock
  mask); a card lifted off it, lying inside that outline, is not that outline ("already
  found"): a region much smaller than the outline it lies in is searched as a region of
  its own (``geometry._SMALLER_INSIDE``); the patch itself, far larger
  than the frame's clean outlines, is then no card outline (``geometry._HOSTS_DEMOTED``):
  read as one, its "index" was whatever lay in it.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from dealerassist.cards import parse_card
from dealerassist.vision import card_hypotheses, geometry
from dealerassist.vision.card_hypotheses import corner_hypotheses
from dealerassist.vision.card_metric import CardMetric
from dealerassist.vision.designs import HELDOUT_DESIGNS, drawn_decks
from dealerassist.vision.geometry import CardSearch
from dealerassist.vision.synthetic import _paste

_LONG = 80.0  # a card's long side in pixels (isotropic metric)
_SHORT = _LONG * 63 / 88


def _chamfered(x: float, y: float, cut: float) -> np.ndarray:
    """A card's outline (x, y top-left) with each corner cut off ``cut`` pixels each way."""
    w, h = _SHORT, _LONG
    points = [(x + cut, y), (x + w - cut, y), (x + w, y + cut), (x + w, y + h - cut),
              (x + w - cut, y + h), (x + cut, y + h), (x, y + h - cut), (x, y + cut)]
    return np.array(points, np.float32).reshape(-1, 1, 2)


def _card(x: float, y: float) -> np.ndarray:
    return np.array([[x, y], [x + _SHORT, y], [x + _SHORT, y + _LONG], [x, y + _LONG]],
                    np.float32)


def _camera_card(x: float, y: float) -> np.ndarray:
    """A 100x140-pixel card (x, y its top-left corner): its size in a 1280x720 frame."""
    return np.array([[x, y], [x + 100, y], [x + 100, y + 140], [x, y + 140]], np.float32)


def _hits(quads, truth: np.ndarray, tolerance: float = 4.0) -> int:
    """How many quads lie on ``truth`` (any starting corner), every corner within tolerance."""
    count = 0
    for quad in quads:
        quad = np.asarray(quad, np.float32).reshape(4, 2)
        for turn in range(4):
            for way in (quad, quad[::-1]):
                if float(np.abs(np.roll(way, turn, axis=0) - truth).max()) <= tolerance:
                    count += 1
                    break
            else:
                continue
            break
    return count


def _support(contour: np.ndarray) -> np.ndarray:
    support = np.zeros((200, 200), np.uint8)
    cv2.fillPoly(support, [np.round(contour).astype(np.int32)], 255)
    return support


def test_a_card_with_four_rounded_corners_gives_hypotheses_on_the_card():
    contour = _chamfered(50, 40, cut=5.0)  # 5 px of an 80-px card: 0.06 table units
    metric = CardMetric.isotropic(_LONG)
    found = [quad for _, quad in corner_hypotheses(contour, _support(contour), metric)]
    assert _hits(found, _card(50, 40), tolerance=2.0) >= 4  # one from each corner


def test_without_cut_corners_a_rounded_card_gives_no_hypothesis(monkeypatch):
    monkeypatch.setattr(card_hypotheses, "_CUT_CORNER", 0.0)
    contour = _chamfered(50, 40, cut=5.0)
    found = corner_hypotheses(contour, _support(contour), CardMetric.isotropic(_LONG))
    assert found == []


def test_a_deep_notch_is_not_taken_for_a_corner():
    contour = _chamfered(50, 40, cut=14.0)  # 14 px each way: an edge of 0.25 table units
    found = corner_hypotheses(contour, _support(contour), CardMetric.isotropic(_LONG))
    assert found == []


def test_right_angled_corners_give_the_same_hypotheses_with_or_without_cut_corners(
        monkeypatch):
    contour = _card(50, 40).reshape(-1, 1, 2)
    metric = CardMetric.isotropic(_LONG)
    with_cut = corner_hypotheses(contour, _support(contour), metric)
    monkeypatch.setattr(card_hypotheses, "_CUT_CORNER", 0.0)
    without = corner_hypotheses(contour, _support(contour), metric)
    assert len(with_cut) == len(without) >= 4  # one at each corner at least
    for (score_a, quad_a), (score_b, quad_b) in zip(with_cut, without, strict=True):
        assert score_a == score_b
        assert np.array_equal(quad_a, quad_b)


def _glare_frame() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A 640x360 frame: green felt, a lit patch of grey felt, three cards in it.

    One card lies alone (a clean outline of the lifted mask: the frame's card metric); two
    touch, one lower than the other (an L-shaped region, not one card).
    """
    frame = np.empty((360, 640, 3), np.uint8)
    frame[:] = (40, 110, 30)
    cv2.ellipse(frame, (400, 180), (200, 150), 0, 0, 360, (175, 180, 178), -1)
    alone, first, second = _card(240, 120), _card(380, 130), _card(380 + _SHORT, 175)
    for card in (alone, first, second):
        cv2.fillPoly(frame, [np.round(card).astype(np.int32)], (252, 252, 252))
    return frame, first, second


@pytest.mark.parametrize("lifted", [True, False])
def test_cards_touching_in_glare_get_a_hypothesis_from_the_lifted_mask(monkeypatch, lifted):
    monkeypatch.setattr(geometry, "_LIFTED_REGIONS", lifted)
    frame, first, second = _glare_frame()
    search = CardSearch(frame)
    # The card-stock mask merges both cards with the lit felt around them.
    assert search.mask[100, 300] and search.mask[140, 390] and search.mask[200, 450]
    # The card alone is the only clean outline, read surely as one card.
    assert len(search.singles) == 1
    hypotheses = [quad.corners for quad in search.hypotheses(settled=[0])]
    hits = _hits(hypotheses, first, tolerance=5.0) + _hits(hypotheses, second, tolerance=5.0)
    if lifted:
        assert _hits(hypotheses, first, tolerance=5.0) >= 1
        assert _hits(hypotheses, second, tolerance=5.0) >= 1
    else:
        assert hits == 0


def test_a_lifted_region_repeating_a_searched_one_is_not_searched_twice():
    region = _card(10, 10).reshape(-1, 1, 2)
    moved = region + np.float32(2.0)
    far = region + np.float32(60.0)
    assert geometry._repeats(moved, [region])
    assert not geometry._repeats(far, [region])
    assert not geometry._repeats(region, [])


def test_cards_touching_in_a_patch_of_glare_are_each_read(recogniser):
    """Three cards of a held-out design in a lit patch of grey felt, two of them touching.

    No clean outline is either touching card: the card-stock mask merges both with the
    lit felt. The recogniser reads both, and the card alone.
    """
    deck = drawn_decks(HELDOUT_DESIGNS[:1])[0]
    frame = np.empty((720, 1280, 3), np.uint8)
    frame[:] = (40, 110, 30)
    cv2.ellipse(frame, (700, 360), (380, 280), 0, 0, 360, (175, 180, 178), -1)
    labels = np.zeros((720, 1280), np.int32)
    spots = [("As", _camera_card(420, 260)), ("Kd", _camera_card(700, 240)),
             ("7c", _camera_card(800, 330))]
    for number, (code, corners) in enumerate(spots, start=1):
        _paste(frame, labels, deck.face(parse_card(code)), corners, number)
    singles = [quad.corners for quad in CardSearch(frame).singles]
    assert _hits(singles, spots[1][1], tolerance=6.0) == _hits(singles, spots[2][1], 6.0) == 0
    assert sorted(str(s.card) for s in recogniser.recognise(frame)) == ["7c", "As", "Kd"]


def _pips_frame() -> tuple[np.ndarray, np.ndarray]:
    """Navy felt, a card alone, and two cards touching; one has large black pips.

    Black ink on navy felt is neither card stock nor far from the felt's colour: the pips
    are holes in what a hypothesis may lie on.
    """
    frame = np.empty((360, 640, 3), np.uint8)
    frame[:] = (60, 35, 30)
    pips, other = _card(300, 130), _card(300 + _SHORT, 175)
    for card in (_card(100, 100), pips, other):
        cv2.fillPoly(frame, [np.round(card).astype(np.int32)], (250, 250, 250))
    for column in (310, 331):
        for row in (142, 165, 188):
            cv2.rectangle(frame, (column, row), (column + 14, row + 16), (0, 0, 0), -1)
    return frame, pips


@pytest.mark.parametrize("filled", [True, False])
def test_a_card_with_large_dark_pips_lying_against_another_gets_a_hypothesis(
        monkeypatch, filled):
    monkeypatch.setattr(geometry, "_FILLED_SUPPORT", filled)
    frame, pips = _pips_frame()
    search = CardSearch(frame)
    assert len(search.singles) == 1  # the card alone
    hypotheses = [quad.corners for quad in search.hypotheses(settled=[0])]
    assert (_hits(hypotheses, pips, tolerance=5.0) >= 1) == filled


def test_holes_inside_a_region_are_filled_and_the_felt_around_it_is_not():
    mask = np.zeros((100, 100), np.uint8)
    mask[20:80, 20:80] = 255
    mask[40:60, 40:60] = 0
    regions, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    filled = geometry._filled(mask.copy(), [regions, regions])  # twice: no cancelling
    assert filled[50, 50] == 255 and filled[10, 10] == 0 and filled[20:80, 20:80].all()


def _lit_patch_frame() -> tuple[np.ndarray, np.ndarray]:
    """Green felt with a card-shaped patch of glare, a card lying inside it."""
    frame = np.empty((360, 640, 3), np.uint8)
    frame[:] = (40, 110, 30)
    cv2.rectangle(frame, (200, 40), (400, 320), (178, 180, 176), -1)  # 1.4 times as tall
    card = _card(260, 140)
    cv2.fillPoly(frame, [np.round(card).astype(np.int32)], (252, 252, 252))
    return frame, card


@pytest.mark.parametrize("smaller", [0.6, 0.0])
def test_a_card_in_a_card_shaped_patch_of_glare_is_a_clean_outline_of_its_own(
        monkeypatch, smaller):
    monkeypatch.setattr(geometry, "_SMALLER_INSIDE", smaller)
    frame, card = _lit_patch_frame()
    search = CardSearch(frame)
    patch = np.array([[200, 40], [400, 40], [400, 320], [200, 320]], np.float32)
    assert _hits([quad.corners for quad in search.singles], patch, tolerance=4.0) == 1
    found = _hits([quad.corners for quad in search.singles], card, tolerance=3.0)
    assert found == (1 if smaller else 0)


@pytest.mark.parametrize("demoted", [2.5, 0.0])
def test_a_patch_of_glare_holding_a_card_is_no_card_outline_once_cards_show_its_size(
        monkeypatch, demoted):
    monkeypatch.setattr(geometry, "_HOSTS_DEMOTED", demoted)
    frame = np.empty((360, 640, 3), np.uint8)
    frame[:] = (40, 110, 30)
    cv2.rectangle(frame, (200, 40), (400, 320), (150, 152, 148), -1)
    card = _card(260, 140)
    cv2.fillPoly(frame, [np.round(card).astype(np.int32)], (252, 252, 252))
    # Two shaded cards on the felt: a card's size (lifted off the felt as much as the card
    # in the patch is lifted off the patch).
    others = [_card(60, 60), _card(480, 60)]
    for other in others:
        cv2.fillPoly(frame, [np.round(other).astype(np.int32)], (165, 165, 165))
    search = CardSearch(frame)
    singles = [quad.corners for quad in search.singles]
    patch = np.array([[200, 40], [400, 40], [400, 320], [200, 320]], np.float32)
    assert _hits(singles, patch, tolerance=4.0) == (0 if demoted else 1)
    for one in (card, *others):
        assert _hits(singles, one, tolerance=3.0) == 1
    # Demoted, the patch is searched as a region (its corners), not read as a card.
    assert any(cv2.boundingRect(region)[2:] == (201, 281) for region in search._merged) == (
        bool(demoted))
