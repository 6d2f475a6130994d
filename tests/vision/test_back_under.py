"""A hypothesis's corner read surely survives a face that leans to a back (`_BACK_UNDER`).

Why (issue 9, piles): a hypothesis put on a card half under a back, or half on the felt
beside it, has a face that is half back pattern or felt, and the face network reads "no
card's face" at 0.4-0.7. The face's witness multiplies the chance that an index shows by
the chance that the face is a card's (`card_body.witness`), so a corner read as the five of
spades at 1.00 at both framings came out as "no index" and the card was lost (seeds 9797
and 2029, art-gm-paris and tigullio-international fans). On a hypothesis (not a clean
outline: a clean outline with a back's face is a back) a corner read at least
``_BACK_UNDER`` surely keeps its own reading, as a proposal for the dealer.
Measured: +22 cards on the ten development sets, no false report more.
"""

from __future__ import annotations

import numpy as np

from dealerassist.cards import parse_card
from dealerassist.vision import recogniser as recogniser_module
from dealerassist.vision.card_body import GROUPS, NO_FACE
from dealerassist.vision.recogniser import _DISPUTED, _read_pairs, _witnessed

from .test_fusion import _corner


def _half_back(no_face: float) -> tuple[np.ndarray, np.ndarray]:
    """A hypothesis's face, half a back: "no card's face" at ``no_face``, spades likeliest."""
    groups = np.full(GROUPS, (1 - no_face) / (GROUPS - 1))
    groups[NO_FACE] = no_face
    return groups, np.array([0.2, 0.03, 0.02, 0.75])


def test_a_sure_corner_on_a_hypothesis_half_on_a_back_stays_its_card_as_a_proposal():
    five = _corner("5s", 0.999, 0.999)
    blank = _corner(None, 0.0)  # the other corner, under the back
    readings = _read_pairs({0: five, 1: blank}, [0], {0: _half_back(0.63)})
    confidence, card = readings[0]
    assert card is parse_card("5s")
    assert confidence == _DISPUTED  # the face doubts it: the dealer confirms
    assert readings[1] == (0.0, None)  # the blank corner stays blank


def test_without_the_rule_the_same_face_wipes_the_corner_out(monkeypatch):
    monkeypatch.setattr(recogniser_module, "_BACK_UNDER", None)
    five = _corner("5s", 0.999, 0.999)
    readings = _read_pairs({0: five, 1: _corner(None, 0.0)}, [0], {0: _half_back(0.63)})
    assert readings[0] == (0.0, None)


def test_a_lone_sure_corner_is_kept_too():
    readings = _read_pairs({2: _corner("4d", 0.999, 0.999)}, [2], {2: _half_back(0.7)})
    assert readings[2] == (_DISPUTED, parse_card("4d"))


def test_an_unsure_corner_is_still_wiped_out_by_a_back():
    # 0.9 x 0.97: below _BACK_UNDER, the face's doubt decides, as before. (Two corners
    # agreeing are fused first: two such corners make a sure card, which is kept.)
    readings = _read_pairs({0: _corner("Th", 0.9), 1: _corner(None, 0.0)}, [0],
                           {0: _half_back(0.9)})
    assert readings[0] == readings[1] == (0.0, None)
    both = _read_pairs({0: _corner("Th", 0.9), 1: _corner("Th", 0.9)}, [0], {0: _half_back(0.9)})
    assert both[0] == both[1] == (_DISPUTED, parse_card("Th"))


def test_a_clean_outline_with_a_backs_face_is_a_back_however_sure_its_corners():
    # A back that pictures cards (Debian's nicu decks) read on its own outline: no card.
    ace = _corner("As", 0.999, 0.999)
    readings = _read_pairs({0: ace, 1: ace}, [0], {0: _half_back(0.99)}, whole=True)
    assert readings[0] == readings[1] == (0.0, None)


def test_the_rule_keeps_only_what_the_back_wiped_and_leaves_the_face_s_other_evidence():
    five = _corner("5s", 0.999, 0.999)
    faced, _, overruled = _witnessed(five[0][None], five[1][None], [_half_back(0.3)])
    # A face mostly a card's face leaves the corner a card: nothing to keep, nothing capped.
    assert faced[0].argmax() != recogniser_module.NO_INDEX
    assert not overruled[0]
