"""A card's two indices read together (`corner_pairs.paired`), and in the recogniser.

Why it matters: the corner reader reads each index alone, and a small or blurred index is
often read unsure; a card whose two indices each read it at 0.4 or 0.6 was reported at
best as a proposal, or not at all. Two cards' indices must never be merged into a third
card (a rank from one and a suit from the other: on a val photo of issue 42, an eight of
diamonds and a nine of spades made a sure eight of spades).
"""

from __future__ import annotations

import numpy as np
import pytest

from dealerassist.cards import parse_card
from dealerassist.vision.corner_pairs import paired
from dealerassist.vision.corners import RANKS, SUITS, CornerReading
from dealerassist.vision.recogniser import Recogniser

INDEPENDENCE = 0.75
FRAME = np.zeros((720, 1280, 3), np.uint8)


def _reading(centre: tuple[float, float], turn: float, ranks: dict[str, float],
             suits: dict[str, float], found: float = 0.6, side: float = 20.0) -> CornerReading:
    rank_p = np.full(14, 1e-3)
    for rank, p in ranks.items():
        rank_p[RANKS.index(rank)] = p
    rank_p /= rank_p.sum()
    suit_p = np.full(4, 1e-4)
    for suit, p in suits.items():
        suit_p[SUITS.index(suit)] = p
    suit_p /= suit_p.sum()
    rank, suit = int(rank_p[:-1].argmax()), int(suit_p.argmax())
    return CornerReading(parse_card(RANKS[rank] + SUITS[suit]), float(rank_p[rank] * suit_p[suit]),
                         found, (centre[0] - side / 2, centre[1] - side / 2, side, side), turn,
                         tuple(rank_p.tolist()), tuple(suit_p.tolist()))


def _card(turn: float, first: tuple[dict[str, float], dict[str, float]],
          second: tuple[dict[str, float], dict[str, float]], at: tuple[float, float] = (300, 200),
          along: float = 50.0, boxes: float = 3.5, found: float = 0.6, twist: float = 0.0,
          ) -> list[CornerReading]:
    """A card lying at ``turn``: its top index at ``at``, the other along its diagonal.

    ``along``: degrees below the top index's right; ``boxes``: how far, in index boxes;
    ``twist``: degrees the other index stands off half a turn.
    """
    right = np.array([np.cos(turn), np.sin(turn)])
    down = np.array([-np.sin(turn), np.cos(turn)])
    step = boxes * 20.0 * (np.cos(np.radians(along)) * right + np.sin(np.radians(along)) * down)
    other = np.array(at, np.float64) + step
    return [_reading(at, turn, *first, found=found),
            _reading((float(other[0]), float(other[1])), turn + np.pi + np.radians(twist),
                     *second, found=found)]


@pytest.mark.parametrize("turn", [0.0, 1.0, np.pi / 2, 3.0, 5.5])
def test_issue_42_a_cards_two_unsure_indices_read_together_are_sure(turn):
    # Each index reads a six of diamonds at 0.62, one doubting an eight, the other a five.
    pair = _card(turn, ({"6": 0.6, "8": 0.35}, {"d": 0.95}), ({"6": 0.6, "5": 0.35}, {"d": 0.95}))
    assert all(0.6 < r.probability < 0.65 for r in pair)
    read = paired(pair, independence=INDEPENDENCE)
    assert [(str(r.card), r.indices) for r in read] == [("6d", 2)]
    assert read[0].probability > 0.97
    x, y, w, h = read[0].box  # the box holds both indices
    for index in pair:
        cx, cy = index.box[0] + index.box[2] / 2, index.box[1] + index.box[3] / 2
        assert x <= cx <= x + w and y <= cy <= y + h


@pytest.mark.parametrize(("along", "boxes"), [
    (-30.0, 3.5),  # above its right: another card's index, not this card's other
    (130.0, 3.5),  # below its left
    (50.0, 1.0),  # too near: one index seen twice
    (50.0, 9.0),  # too far for one card
])
def test_issue_42_indices_not_where_a_cards_other_index_lies_stay_apart(along, boxes):
    pair = _card(1.0, ({"6": 0.6, "8": 0.35}, {"d": 0.95}), ({"6": 0.6, "5": 0.35}, {"d": 0.95}),
                 along=along, boxes=boxes)
    assert paired(pair, independence=INDEPENDENCE) == pair


@pytest.mark.parametrize(("along", "twist"), [
    (80.0, 45.0),  # each sees the other where a card's other index lies, but not half a
    # turn apart: two cards
    (84.0, -30.0),  # half a turn apart, but the other does not see this one at its lower
    # right: two cards
])
def test_issue_42_indices_that_are_not_one_cards_two_stay_apart(along, twist):
    pair = _card(1.0, ({"6": 0.6, "8": 0.35}, {"d": 0.95}), ({"6": 0.6, "5": 0.35}, {"d": 0.95}),
                 along=along, twist=twist)
    assert paired(pair, independence=INDEPENDENCE) == pair
    assert len(paired(_card(1.0, ({"6": 0.6, "8": 0.35}, {"d": 0.95}),
                            ({"6": 0.6, "5": 0.35}, {"d": 0.95}), along=along),
                      independence=INDEPENDENCE)) == 1  # untwisted, one card


def test_issue_42_two_indices_standing_the_same_way_are_two_cards():
    # A row of cards dealt alike: each index has the next card's beside it, the same way up.
    first, second = _card(0.4, ({"K": 0.6, "Q": 0.3}, {"s": 0.95}),
                          ({"K": 0.6, "Q": 0.3}, {"s": 0.95}))
    second = _reading((second.box[0] + 10, second.box[1] + 10), first.turn,
                      {"K": 0.6, "Q": 0.3}, {"s": 0.95})
    assert paired([first, second], independence=INDEPENDENCE) == [first, second]


def test_issue_42_two_cards_indices_in_a_cards_place_are_not_read_as_a_third_card():
    # An eight of diamonds and a nine of spades, one half turned beside the other: their
    # indices lie as one card's would, and read together they would make an eight of spades.
    pair = _card(0.5, ({"8": 0.95}, {"d": 0.97}), ({"9": 0.9}, {"s": 0.95}))
    assert [str(r.card) for r in pair] == ["8d", "9s"]
    assert paired(pair, independence=INDEPENDENCE) == pair


def test_issue_42_two_indices_never_read_together_as_a_card_neither_read():
    # The eight of diamonds doubting a nine of spades, the nine of spades doubting an eight
    # of diamonds: one card, but read together they would make the nine of diamonds.
    pair = _card(0.5, ({"8": 0.5, "9": 0.49}, {"d": 0.6, "s": 0.4}),
                 ({"9": 0.55, "8": 0.44}, {"s": 0.55, "d": 0.45}))
    assert [str(r.card) for r in pair] == ["8d", "9s"]
    assert paired(pair, independence=INDEPENDENCE) == pair


def test_issue_42_an_index_sure_of_a_wrong_suit_does_not_make_the_pair_sure():
    # One index reads the two of clubs, the other the two of hearts, and is sure it is no
    # club: together they are one card (the rank agrees), its suit in doubt.
    pair = _card(0.5, ({"2": 0.99}, {"c": 0.8, "h": 0.2}), ({"2": 0.99}, {"h": 0.75, "d": 0.25}))
    read = paired(pair, independence=INDEPENDENCE)
    assert [(str(r.card), r.indices) for r in read] == [("2h", 2)]
    assert read[0].probability < 0.95


class _FakeCorners:
    """The corner networks: no outline index to judge, the corners ``found``."""

    def __init__(self, found: list[CornerReading]) -> None:
        self.found = found

    def look(self, frame: np.ndarray, *, fine: bool = False, alone: bool = False) -> None:
        return None

    def opinions(self, frame, regions):  # type: ignore[no-untyped-def]
        return []

    def read(self, frame, *, skip=(), least=0.2, seen=None, recut=False):  # type: ignore[no-untyped-def]
        return [c for c in self.found if c.found >= least]


def test_issue_42_a_card_read_unsure_at_both_indices_is_reported(recogniser: Recogniser,
                                                                monkeypatch):
    # Each index reads the queen of hearts at 0.42: under the 0.5 from which one corner
    # counts, so alone neither reports a card.
    pair = _card(0.3, ({"Q": 0.5, "J": 0.45}, {"h": 0.85, "d": 0.15}),
                 ({"Q": 0.5, "K": 0.45}, {"h": 0.85, "d": 0.15}), at=(600, 300), found=0.9)
    assert all(0.4 < r.probability < 0.5 for r in pair)
    monkeypatch.setattr(recogniser, "readings", lambda frame, frame_index=0, **_: [])
    monkeypatch.setattr(recogniser, "corners", _FakeCorners(pair))
    read = recogniser.recognise(FRAME)
    assert [str(s.card) for s in read] == ["Qh"]
    assert read[0].confidence >= 0.9
