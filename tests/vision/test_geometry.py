import numpy as np

from dealerassist.cards import parse_cards
from dealerassist.vision.designs import HELDOUT_DESIGNS, drawn_decks
from dealerassist.vision.geometry import find_card_quads, index_regions, order_quad
from dealerassist.vision.synthetic import render_board


def test_order_quad_starts_with_a_short_side_and_turns_clockwise():
    quad = order_quad(np.array([[100, 140], [0, 0], [100, 0], [0, 140]], np.float32))
    assert quad.tolist() == [[0, 0], [100, 0], [100, 140], [0, 140]]
    lying = order_quad(np.array([[0, 0], [140, 0], [140, 100], [0, 100]], np.float32))
    assert np.linalg.norm(lying[1] - lying[0]) == 100  # short side first


def test_index_regions_are_the_top_left_and_the_turned_bottom_right_corner():
    corners = np.array([[0, 0], [100, 0], [100, 140], [0, 140]], np.float32)
    top_left, bottom_right = index_regions(corners)
    assert np.allclose(top_left[0], (0, 0))
    assert np.allclose(bottom_right[0], (100, 140))  # read upside down
    assert np.allclose(top_left[2], (24, 50.4), atol=0.01)


def test_each_card_of_a_board_is_found_once_as_a_clean_outline():
    deck = drawn_decks(HELDOUT_DESIGNS)[0]
    image = render_board(parse_cards("Ah Kd 7c Ts 2h"), deck=deck, seed=1, backs=0)
    quads = [q for q in find_card_quads(image) if q.single]
    assert len(quads) == 5
    widths = sorted(round(q.box[2]) for q in quads)
    assert widths[0] > 95 and widths[-1] < 110  # 0.08 x 1280 = 102 px
