"""A blank hypothesis's corner is also cut where its long side finds a card's edge aside.

Why (issue 9, piles): a hypothesis covering a card in a pile often lies a sixth to a third of
its width beside it, the card's own long side lying on another card (white on white: a faint
step of shade, either way). The tenth-of-a-width cuts (`recogniser._BESIDE`) do not reach
that far; the strongest straight edge across the long side does (`edge_snap.edges_across`,
0.05-0.35 of the width aside, at least 10 grey levels, at most 4 such cuts a frame, what
they read kept from 0.98). On the seven development sets: +7 cards, the same false reports.
"""

from __future__ import annotations

import numpy as np
import pytest

from dealerassist.cards import parse_card
from dealerassist.vision import recogniser as recogniser_module
from dealerassist.vision.edge_snap import edges_across
from dealerassist.vision.geometry import CardSearch
from dealerassist.vision.quads import CardQuad, index_regions
from dealerassist.vision.recogniser import read_image

from .conftest import FIXTURES

# The king of diamonds of board_five.png, as its clean outline is found (read at 1.0).
KING = np.array([[261, 163], [318, 163], [318, 242], [261, 242]], np.float32)


def _white_on_white(step: int, edge_x: int) -> np.ndarray:
    """Card stock (200) with a second card (200 + step) from column ``edge_x`` on."""
    gray = np.full((300, 400), 200, np.uint8)
    gray[:, edge_x:] = 200 + step
    return gray


def _search(gray: np.ndarray) -> np.ndarray:
    # A side from (130, 40) down to (130, 240); the card 100 pixels wide, to the right.
    return edges_across(gray, np.array([[130, 40]]), np.array([[130, 240]]),
                        np.array([[230, 40]]), reach=0.35, near=0.05, least=10.0)


# A sharp step gives the same strength over the few offsets whose two samples straddle it;
# the first is taken: within 0.03 of the width (a pixel and a half here).
def test_a_faint_white_on_white_edge_a_third_of_a_width_aside_is_found():
    assert _search(_white_on_white(15, 100))[0] == pytest.approx(-0.30, abs=0.03)


def test_an_edge_either_way_and_either_polarity_is_found():
    assert _search(_white_on_white(-15, 160))[0] == pytest.approx(0.30, abs=0.03)
    assert _search(_white_on_white(12, 155))[0] == pytest.approx(0.25, abs=0.03)


@pytest.mark.parametrize(("step", "edge_x", "why"), [
    (6, 100, "too faint: paper's shading"),
    (15, 132, "where the side lies already (nearer than 0.05)"),
    (15, 80, "beyond the reach (0.5 of the width)"),
    (0, 100, "no edge at all"),
])
def test_no_edge_is_a_nan(step, edge_x, why):
    assert np.isnan(_search(_white_on_white(step, edge_x))[0]), why


def test_ink_at_a_few_points_along_the_side_is_not_an_edge():
    # An index's strokes cross a few of the twelve points; the median step ignores them.
    gray = _white_on_white(0, 0)
    gray[45:70, 105:112] = 40  # a rank's bar beside the side, at 4 of the 12 points
    assert np.isnan(_search(gray)[0])


def _read_off(recogniser, share: float, blankness=None):
    frame = read_image(FIXTURES / "board_five.png")
    off = CardQuad((KING + np.float32(share) * (KING[1] - KING[0])).astype(np.float32),
                   single=False)
    quads, regions = [off], list(index_regions(off.corners))
    results = {0: (0.0, None), 1: (0.0, None)}
    recogniser._read_beside(frame, CardSearch(frame), quads, regions, results,
                            blankness or {0: 0.9, 1: 0.9})
    return quads, {results[n][1] for n in results if results[n][1] is not None}


def test_a_hypothesis_a_quarter_of_a_width_off_is_read_on_the_card_s_edge(recogniser):
    # The tenth cuts land 0.15 and 0.35 off the king: half its index at best.
    quads, cards = _read_off(recogniser, 0.25)
    assert cards == {parse_card("Kd")}
    assert len(quads) == 7  # four tenth cuts, one edge cut a corner


def test_switched_off_the_tenth_cuts_alone_miss_it(recogniser, monkeypatch):
    monkeypatch.setattr(recogniser_module, "_BESIDE_EDGES", False)
    quads, cards = _read_off(recogniser, 0.25)
    assert cards == set() and len(quads) == 5


def test_an_edge_cut_read_below_its_floor_counts_for_nothing(recogniser, monkeypatch):
    monkeypatch.setattr(recogniser_module, "_EDGE_KEEP", 1.01)
    _, cards = _read_off(recogniser, 0.25)
    assert cards == set()


def test_a_corner_surely_blank_is_not_cut_onto_an_edge(recogniser):
    quads, cards = _read_off(recogniser, 0.25, {0: 0.9995, 1: 0.9999})
    assert len(quads) == 1 and cards == set()


def test_at_most_four_edge_cuts_a_frame(recogniser):
    # A large pile's cost stays bounded: past the first four found, no edge is given.
    frame = read_image(FIXTURES / "board_five.png")
    off = (KING + np.float32(0.25) * (KING[1] - KING[0])).astype(np.float32)
    offsets = recogniser._edges_aside(CardSearch(frame), [off] * 6, [0] * 6)
    assert np.isfinite(offsets[:4]).all() and np.isnan(offsets[4:]).all()
    assert offsets[0] == pytest.approx(-0.25, abs=0.02)


def _beside_calls(recogniser, monkeypatch):
    calls = []
    read_beside = type(recogniser)._read_beside

    def spy(self, frame, search, quads, regions, results, blankness, **options):
        calls.append((len(quads), options, dict(blankness)))
        return read_beside(self, frame, search, quads, regions, results, blankness, **options)

    monkeypatch.setattr(type(recogniser), "_read_beside", spy)
    recogniser.trace(read_image(FIXTURES / "angle.png"))
    return calls


def test_the_residual_s_hypotheses_are_cut_onto_an_edge_alone(recogniser, monkeypatch):
    # angle.png's remainder past its cards gives two hypotheses (`_read_residual`): their
    # corners' "no index" is kept, and those giving no card are cut onto an edge (+4 cards
    # on the seven development sets), never a tenth aside (no card more there).
    calls = _beside_calls(recogniser, monkeypatch)
    assert len(calls) == 2
    (first, first_options, _), (count, options, blankness) = calls
    assert first_options == {}
    since = options["since"]
    assert options == {"since": since, "tenth": False} and first <= since < count
    # (a corner not on card stock is not read, and has none)
    assert any(n in blankness for n in range(2 * since, 2 * count))


def test_switched_off_the_residual_s_hypotheses_are_not_cut(recogniser, monkeypatch):
    monkeypatch.setattr(recogniser_module, "_RESIDUAL_EDGES", False)
    calls = _beside_calls(recogniser, monkeypatch)
    assert len(calls) == 1 and calls[0][1] == {}
