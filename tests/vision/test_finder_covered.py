"""Rows of touching cards whose every card was read surely are not searched again.

Why: two or three touching cards also make one clean outline; once each card in it was read
at its own outline, the row's halves and sideways "cards" only cost network reads (and
frame time), while a row with a card not yet read must still be searched.
"""

from __future__ import annotations

import numpy as np

from dealerassist.vision import geometry

SHAPE = (360, 640)


def _outline(x: float, y: float, w: float, h: float) -> tuple[np.ndarray, np.ndarray]:
    quad = np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], np.float32)
    return quad, quad.reshape(-1, 1, 2).astype(np.int32)


CARD_W, CARD_H = 48.0, 67.0


def test_a_row_of_two_cards_both_read_is_left_alone() -> None:
    first, second = _outline(100, 100, CARD_W, CARD_H), _outline(148, 100, CARD_W, CARD_H)
    row = _outline(100, 100, 2 * CARD_W, CARD_H)
    assert geometry._covered([first, second, row], [0, 1], SHAPE) == {2}


def test_a_row_with_a_card_not_read_is_still_searched() -> None:
    first, third = _outline(100, 100, CARD_W, CARD_H), _outline(196, 100, CARD_W, CARD_H)
    row = _outline(100, 100, 3 * CARD_W, CARD_H)  # its middle card has no outline of its own
    assert geometry._covered([first, third, row], [0, 1], SHAPE) == set()


def test_nothing_is_left_alone_before_any_card_is_read() -> None:
    first, second = _outline(100, 100, CARD_W, CARD_H), _outline(148, 100, CARD_W, CARD_H)
    row = _outline(100, 100, 2 * CARD_W, CARD_H)
    assert geometry._covered([first, second, row], [], SHAPE) == set()


def test_an_outline_reaching_past_the_frame_edge_is_measured_inside_it() -> None:
    first, second = _outline(-10, 300, CARD_W, CARD_H), _outline(38, 300, CARD_W, CARD_H)
    row = _outline(-10, 300, 2 * CARD_W, CARD_H)  # past the left and bottom edges
    assert geometry._covered([first, second, row], [0, 1], SHAPE) == {2}
