"""Cards whose edge is a line of shadow inside a region of several (`line_hypotheses`).

A card lying on another in a fan shows its long edge over that card as a thin line across
card stock: not on the region's outline, so no outline corner gives that card.
"""

from __future__ import annotations

import cv2
import numpy as np

from dealerassist.vision.card_hypotheses import line_hypotheses
from dealerassist.vision.card_metric import CardMetric
from dealerassist.vision.quads import order_quad

_FELT, _PAPER, _SHADOW = 60, 240, 140
_UNDER = np.array([[100, 50], [170, 50], [170, 150], [100, 150]], np.float32)  # 70 x 100
_ON_TOP = _UNDER + np.array([40, 6], np.float32)  # covers the right part of the one under


def _fan(*, shadow: bool = True) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    gray = np.full((240, 320), _FELT, np.uint8)
    for card in (_UNDER, _ON_TOP):
        cv2.fillConvexPoly(gray, card.astype(np.int32), _PAPER)
    if shadow:  # the top card's left edge over the card under it
        cv2.line(gray, (140, 56), (140, 150), _SHADOW, 1)
    paper = np.where(gray > 100, 255, 0).astype(np.uint8)
    contours, _ = cv2.findContours(paper, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    return gray, paper, max(contours, key=cv2.contourArea)


def test_a_card_lying_on_another_is_found_from_its_edge_across_the_one_under():
    gray, paper, region = _fan()
    found = line_hypotheses(gray, paper, paper, CardMetric.isotropic(100.0), [region])
    assert found
    gaps = [np.abs(order_quad(quad) - _ON_TOP).max() for quad in found]
    assert min(gaps) <= 3.0  # the card on top, its corners within 3 pixels
    # Every hypothesis lies on the region of cards.
    assert all(cv2.pointPolygonTest(region, tuple(map(float, quad.mean(axis=0))), False) > 0
               for quad in found)


def test_without_a_line_inside_nothing_is_proposed():
    gray, paper, region = _fan(shadow=False)
    assert line_hypotheses(gray, paper, paper, CardMetric.isotropic(100.0), [region]) == []


def test_a_region_of_one_card_is_not_searched():
    one = np.full((240, 320), _FELT, np.uint8)
    cv2.fillConvexPoly(one, _ON_TOP.astype(np.int32), _PAPER)
    cv2.line(one, (150, 60), (150, 150), _SHADOW, 1)  # a long stroke printed on the card
    paper = np.where(one > 100, 255, 0).astype(np.uint8)
    contours, _ = cv2.findContours(paper, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    assert line_hypotheses(one, paper, paper, CardMetric.isotropic(100.0), contours) == []


def test_no_metric_no_hypotheses():
    gray, paper, region = _fan()
    assert line_hypotheses(gray, paper, paper, None, [region]) == []
