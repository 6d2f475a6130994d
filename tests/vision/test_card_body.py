"""The card face as a third witness: its evidence joins the corner indices' (`card_body`)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealerassist.cards import parse_card
from dealerassist.errors import RecognitionError
from dealerassist.vision import recogniser as reader
from dealerassist.vision.card_body import (
    BODY_H,
    BODY_W,
    COURT,
    DEFAULT_BODY_PATH,
    GROUPS,
    NO_FACE,
    BodyClassifier,
    confine,
    confine_suit,
    extract_bodies,
    group_of_rank_class,
    number_card,
    support,
    witness,
)
from dealerassist.vision.model import NO_INDEX, best_card
from dealerassist.vision.recogniser import (
    _DISPUTED,
    _FACE_COURTS,
    _FACE_DOUBTS,
    _FACE_SUIT,
    _FACE_SURE,
    _TEN_DOUBTS,
    _agree_surely,
    _read_pairs,
)

from .test_fusion import _corner

_SUIT_CLASS = {"c": 0, "d": 1, "h": 2, "s": 3}


def _face(group: int, suit: str, share: float = 0.9) -> tuple[np.ndarray, np.ndarray]:
    groups = np.full(GROUPS, (1 - share) / (GROUPS - 1))
    groups[group] = share
    suits = np.full(4, (1 - share) / 3)
    suits[_SUIT_CLASS[suit]] = share
    return groups, suits


def _witnessed(corner, face, weight=0.5):
    rank, suit = witness(corner[0][None], corner[1][None], face[0][None], face[1][None],
                         weight=weight)
    return rank[0], suit[0]


def test_groups_cover_each_rank_once_and_never_split_the_courts():
    groups = [group_of_rank_class(k) for k in range(13)]  # 2..A
    assert groups[:9] == list(range(1, 10))  # two .. ten
    assert groups[9:12] == [COURT] * 3  # J Q K: one group, the face never picks a court
    assert groups[12] == 0  # ace


def test_a_court_face_turns_a_thin_queen_read_as_a_ten_into_a_queen():
    # The index: a ten at 0.6, the queen runner-up (a frame line read as the "1" of "10").
    corner = _corner("Th", 0.6, runner_up="Q")
    assert best_card(*corner)[1] is parse_card("Th")
    _, card = best_card(*_witnessed(corner, _face(COURT, "h")))
    assert card is parse_card("Qh")


def test_a_face_of_pips_turns_a_blurred_club_read_as_a_spade_into_a_club():
    corner = _corner("7s", 0.95, suit_share=0.6)  # the runner-up suits share 0.4
    corner[1][_SUIT_CLASS["c"]] += 0.3
    corner[1][_SUIT_CLASS["d"]] = corner[1][_SUIT_CLASS["h"]] = 0.0
    corner = (corner[0], corner[1] / corner[1].sum())
    assert best_card(*corner)[1] is parse_card("7s")
    _, card = best_card(*_witnessed(corner, _face(6, "c")))
    assert card is parse_card("7c")


def test_weight_zero_leaves_the_index_alone():
    corner = _corner("Th", 0.6, runner_up="Q", blank=0.1)
    rank, suit = _witnessed(corner, _face(COURT, "s", 0.99), weight=0.0)
    assert np.allclose(rank, corner[0]) and np.allclose(suit, corner[1])


def test_the_face_never_chooses_between_courts():
    rank = np.zeros(14)
    rank[[9, 10, 11]] = 0.3  # J, Q, K alike
    rank[NO_INDEX] = 0.1
    out, _ = _witnessed((rank, np.full(4, 0.25)), _face(COURT, "h", 0.999), weight=1.0)
    assert np.allclose(out[[9, 10, 11]], out[9])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.floats(0.001, 1.0), min_size=14, max_size=14),
       st.lists(st.floats(0.001, 1.0), min_size=4, max_size=4),
       st.lists(st.floats(0.001, 1.0), min_size=GROUPS, max_size=GROUPS),
       st.lists(st.floats(0.001, 1.0), min_size=4, max_size=4),
       st.floats(0.0, 1.0))
def test_witness_keeps_distributions_and_never_makes_an_index_likelier(
        rank, suit, group, body_suit, weight):
    rank, suit = np.array(rank) / sum(rank), np.array(suit) / sum(suit)
    group, body_suit = np.array(group) / sum(group), np.array(body_suit) / sum(body_suit)
    out_rank, out_suit = witness(rank[None], suit[None], group[None], body_suit[None],
                                 weight=weight)
    assert np.isclose(out_rank.sum(), 1.0) and np.isclose(out_suit.sum(), 1.0)
    assert out_rank[0, NO_INDEX] >= rank[NO_INDEX] - 1e-12  # the face never says "an index"
    expected = 1 - (1 - rank[NO_INDEX]) * (1 - group[NO_FACE]) ** weight
    assert np.isclose(out_rank[0, NO_INDEX], expected)


def test_a_back_under_a_hypothesis_blanks_the_corner_read_on_it():
    corner = _corner("Th", 0.7, runner_up="Q", blank=0.05)
    assert best_card(*corner)[1] is parse_card("Th")
    assert best_card(*_witnessed(corner, _face(NO_FACE, "h", 0.99), weight=1.0))[1] is None
    faced = _read_pairs({0: corner, 1: corner}, [0], {0: _face(NO_FACE, "h", 0.99)})
    assert faced[0][1] is None and faced[1][1] is None


def test_a_face_that_is_surely_a_face_barely_changes_how_surely_an_index_shows():
    corner = _corner("7c", 0.9, blank=0.05)
    rank, _ = _witnessed(corner, _face(6, "c", 0.999), weight=1.0)
    assert abs(rank[NO_INDEX] - corner[0][NO_INDEX]) < 0.001


def test_read_pairs_adds_the_face_to_fused_corners_and_to_a_lone_corner():
    ten = _corner("Th", 0.6, runner_up="Q")
    probs = {0: ten, 1: ten, 2: ten}  # outline 0: two corners; outline 1: one corner read
    plain = _read_pairs(probs, [0, 2])
    assert {plain[n][1] for n in (0, 1, 2)} == {parse_card("Th")}
    faced = _read_pairs(probs, [0, 2], {0: _face(COURT, "h"), 2: _face(COURT, "h")})
    assert {faced[n][1] for n in (0, 1, 2)} == {parse_card("Qh")}


def test_read_pairs_never_turns_a_blank_corner_into_a_card():
    blank = _corner("Th", 0.3, runner_up="Q", blank=0.5)  # "no index" is its best class
    assert best_card(*blank)[1] is None
    faced = _read_pairs({2: blank}, [2], {2: _face(COURT, "h", 0.999)})
    assert faced[2][1] is None


# --- a whole card's face sure of its group confines the rank ---------------------------


def test_a_sure_court_face_overrules_two_corners_sure_of_a_ten_and_asks_the_dealer():
    # A framed court: the frame's line beside a "Q" read as "10" at both corners, surely
    # enough that multiplying in the face alone leaves it a ten.
    ten = _corner("Th", 0.97, runner_up="Q")
    face = _face(COURT, "h", 0.95)
    whole = _read_pairs({0: ten, 1: ten}, [0], {0: face}, whole=True)
    assert whole[0][1] is whole[1][1] is parse_card("Qh")  # the index's likeliest court
    assert whole[0][0] <= _DISPUTED  # overruled: a proposal the dealer confirms


def test_a_sure_face_overrules_a_lone_corner_too():
    ten = _corner("Th", 0.97, runner_up="K")
    whole = _read_pairs({2: ten}, [2], {2: _face(COURT, "h", 0.95)}, whole=True)
    assert whole[2][1] is parse_card("Kh") and whole[2][0] <= _DISPUTED


def test_a_face_agreeing_with_the_corners_leaves_them_sure():
    queen = _corner("Qh", 0.97, runner_up="K")
    whole = _read_pairs({0: queen, 1: queen}, [0], {0: _face(COURT, "h", 0.95)}, whole=True)
    assert whole[0][1] is parse_card("Qh") and whole[0][0] > 0.95


def test_a_face_below_the_sure_share_only_witnesses():
    ten = _corner("Th", 0.97, runner_up="Q")
    face = _face(COURT, "h", _FACE_SURE - 0.05)
    assert (_read_pairs({0: ten, 1: ten}, [0], {0: face}, whole=True)
            == _read_pairs({0: ten, 1: ten}, [0], {0: face}))


def test_a_back_face_never_confines_and_a_blank_corner_stays_blank():
    rank, suit = _corner("Th", 0.3, runner_up="Q", blank=0.5)
    out, overruled = confine(rank[None], _face(NO_FACE, "h", 0.99)[0][None], sure=0.7)
    assert np.allclose(out[0], rank) and not overruled[0]
    faced = _read_pairs({2: (rank, suit)}, [2], {2: _face(COURT, "h", 0.999)}, whole=True)
    assert faced[2][1] is None


def test_a_sure_face_decides_a_dispute_between_two_corners_it_overrules_both():
    # A far card: one corner read as a ten, the other as a queen; the face counts eight pips.
    ten, queen = _corner("Td", 0.97, runner_up="8"), _corner("Qd", 0.9, runner_up="8")
    face = _face(7, "d", 0.99)
    disputed = _read_pairs({0: ten, 1: queen}, [0], {0: face})
    assert {disputed[0][1], disputed[1][1]} == {parse_card("Td"), parse_card("Qd")}
    whole = _read_pairs({0: ten, 1: queen}, [0], {0: face}, whole=True)
    assert whole[0][1] is whole[1][1] is parse_card("8d")
    assert 0.6 <= whole[0][0] <= _DISPUTED  # proposed, for the dealer to confirm


def test_a_face_of_pips_sure_of_clubs_overrules_corners_sure_of_spades():
    # Under blur a club's index sign is a spade's blob; the seven clubs on the face are not.
    spade = _corner("7s", 0.98, suit_share=0.97)
    face = _face(6, "c", 0.95)
    assert _read_pairs({0: spade, 1: spade}, [0], {0: face})[0][1] is parse_card("7s")
    whole = _read_pairs({0: spade, 1: spade}, [0], {0: face}, whole=True)
    assert whole[0][1] is whole[1][1] is parse_card("7c") and whole[0][0] <= _DISPUTED


def test_a_court_face_never_gives_the_suit():
    spade = _corner("Ks", 0.98, suit_share=0.97)
    whole = _read_pairs({0: spade, 1: spade}, [0], {0: _face(COURT, "c", 0.99)}, whole=True)
    assert whole[0][1] is parse_card("Ks") and whole[0][0] > _DISPUTED  # not overruled


def test_a_face_unsure_of_its_suit_leaves_the_suit_to_the_corners():
    suits, overruled = confine_suit(
        np.array([[0.05, 0.05, 0.05, 0.85]]), _face(6, "c", 0.95)[0][None],
        np.array([[_FACE_SUIT - 0.05, 0.0, 0.0, 1.05 - _FACE_SUIT]]), sure_group=_FACE_SURE,
        sure_suit=_FACE_SUIT)
    assert np.allclose(suits[0], [0.05, 0.05, 0.05, 0.85]) and not overruled[0]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.floats(0.001, 1.0), min_size=14, max_size=14),
       st.integers(0, NO_FACE), st.floats(0.0, 1.0))
def test_confine_keeps_the_chance_of_an_index_and_only_the_faces_group(rank, group, share):
    rank = np.array(rank) / sum(rank)
    groups = np.full(GROUPS, (1 - share) / (GROUPS - 1))
    groups[group] = share
    out, overruled = confine(rank[None], groups[None], sure=0.7)
    assert np.isclose(out[0].sum(), 1.0) and np.isclose(out[0, NO_INDEX], rank[NO_INDEX])
    if groups.max() < 0.7 or groups.argmax() == NO_FACE:
        assert np.allclose(out[0], rank) and not overruled[0]
        return
    kept = [k for k in range(13) if group_of_rank_class(k) == groups.argmax()]
    assert all(out[0, k] == 0 for k in range(13) if k not in kept)
    assert overruled[0] == (int(rank[:13].argmax()) not in kept)


def test_missing_face_model_is_a_clear_error(tmp_path):
    with pytest.raises(RecognitionError, match="card face model is missing"):
        BodyClassifier(tmp_path / "none.onnx")


def test_extract_bodies_warps_the_card_upright():
    frame = np.full((200, 300, 3), 30, np.uint8)
    frame[50:150, 100:170] = 255  # a white card, 70 x 100
    bodies = extract_bodies(frame, [np.array([[100, 50], [170, 50], [170, 150], [100, 150]],
                                             np.float32)])
    assert bodies.shape == (1, BODY_H, BODY_W, 2)
    assert bodies[0, 2:-2, 2:-2, 0].min() > 200  # all card, no felt


def test_the_shipped_face_model_loads_and_reads_drawn_faces():
    from dealerassist.vision.designs import TRAIN_DESIGNS
    from dealerassist.vision.faces import draw_face

    classifier = BodyClassifier(DEFAULT_BODY_PATH)
    cards = [parse_card(text) for text in ("7c", "3d", "Th", "As", "Qs", "9c")]
    design = TRAIN_DESIGNS[0]
    faces = [draw_face(card, design) for card in cards]
    corners = [np.array([[0, 0], [f.shape[1], 0], [f.shape[1], f.shape[0]], [0, f.shape[0]]],
                        np.float32) for f in faces]
    bodies = np.concatenate([extract_bodies(face, [quad]) for face, quad in zip(faces, corners,
                                                                                 strict=True)])
    groups, suits = classifier.predict(bodies)
    assert groups.argmax(axis=1).tolist() == [6, 2, 9, 0, COURT, 8]
    assert suits.argmax(axis=1).tolist() == [0, 1, 2, 3, 3, 0]


def test_a_dispute_between_a_ten_and_a_queen_keeps_the_queen_on_a_face_of_pictures():
    # Corner 0 reads a ten surely, corner 1 a queen a little less surely: a dispute. The
    # face leans to pictures without being sure of them.
    ten, queen = _corner("Th", 0.8, runner_up="9"), _corner("Qh", 0.7, runner_up="K")
    plain = _read_pairs({0: ten, 1: queen}, [0])
    assert plain[0][1] is parse_card("Th") and plain[1][0] == 0.0  # the surer corner stays
    faced = _read_pairs({0: ten, 1: queen}, [0], {0: _face(COURT, "h", 0.6)})
    assert faced[1][1] is parse_card("Qh") and faced[0][0] == 0.0
    assert faced[1][0] <= 0.85  # still a dispute: the dealer confirms


def test_a_hypothesis_face_sure_of_a_court_fuses_a_ten_and_a_queen_in_dispute(monkeypatch):
    # A thin queen read as a ten at one corner and as a queen at the other, on a
    # hypothesis: settled, the queen alone stayed, too unsure to be proposed at all.
    ten, queen = _corner("Th", 0.6, runner_up="Q"), _corner("Qh", 0.58, runner_up="T")
    monkeypatch.setattr(reader, "_HYP_DISPUTES", False)
    settled = _read_pairs({0: ten, 1: queen}, [0], {0: _face(COURT, "h")})
    assert settled[0][0] == 0.0 and settled[1][0] < 0.6
    monkeypatch.setattr(reader, "_HYP_DISPUTES", True)
    fused = _read_pairs({0: ten, 1: queen}, [0], {0: _face(COURT, "h")})
    assert fused[0][1] is fused[1][1] is parse_card("Qh")
    assert 0.6 <= fused[0][0] == fused[1][0] <= _DISPUTED  # proposed: the dealer confirms


def test_a_hypothesis_face_sure_of_a_court_never_decides_a_dispute_of_a_number_card():
    # In a pile a hypothesis's face can show the picture of the court beside it.
    four, jack = _corner("4d", 0.6, runner_up="A"), _corner("Jd", 0.58, runner_up="T")
    settled = _read_pairs({0: four, 1: jack}, [0], {0: _face(COURT, "d")})
    assert settled[0][0] == 0.0 or settled[1][0] == 0.0


def test_a_hypothesis_face_sure_of_pips_never_decides_a_dispute():
    ten, queen = _corner("Th", 0.62, runner_up="9"), _corner("Qh", 0.55, runner_up="K")
    settled = _read_pairs({0: ten, 1: queen}, [0], {0: _face(8, "h", 0.95)})  # nine pips
    assert settled[0][0] == 0.0 or settled[1][0] == 0.0


def test_support_is_above_one_where_the_face_speaks_for_the_card():
    groups, suits = _face(6, "c")  # a seven of clubs' face
    seven = support(groups, suits, parse_card("7c"))
    assert seven > 1.0
    assert seven > 5 * support(groups, suits, parse_card("7s"))  # the wrong suit
    assert seven > 5 * support(groups, suits, parse_card("8c"))  # the wrong count of pips
    assert support(groups, suits, parse_card("8s")) < 1.0  # neither


class _ScriptedFaces:
    """A face classifier that answers one scripted face for every card it is shown."""

    def __init__(self, face):
        self.face, self.shown = face, 0

    def predict(self, bodies):
        self.shown += len(bodies)
        return (np.repeat(self.face[0][None], len(bodies), axis=0),
                np.repeat(self.face[1][None], len(bodies), axis=0))


def _scripted_reader(face, corner):
    from .test_fusion import _ScriptedRecogniser

    reader = _ScriptedRecogniser(lambda region: corner)  # the second look sees the same
    reader.body = _ScriptedFaces(face)
    reader._body_helper = None  # one copy: no second thread in a unit test
    return reader


def _outline(x: float) -> np.ndarray:
    return np.array([[x, 0], [x + 60, 0], [x + 60, 90], [x, 90]], np.float32)


def test_the_reader_reads_the_face_of_an_unsure_outline_and_follows_it():
    ten = _corner("Th", 0.6, runner_up="Q")
    reader = _scripted_reader(_face(COURT, "h"), ten)
    frame = np.full((100, 200, 3), 200, np.uint8)
    readings = reader._judge(frame, [_outline(0)[:1].repeat(4, 0)] * 2, {0: ten, 1: ten},
                             outlines=[_outline(0)])
    assert reader.body.shown == 1
    assert readings[0][1] is parse_card("Qh") and readings[1][1] is parse_card("Qh")


def test_the_reader_skips_the_face_where_both_corners_read_one_card_surely():
    rank, suit = np.full(14, 1e-6), np.full(4, 1e-6)
    rank[5], suit[_SUIT_CLASS["c"]] = 1.0, 1.0  # a seven of clubs, all but certain
    sure = (rank / rank.sum(), suit / suit.sum())
    reader = _scripted_reader(_face(COURT, "h"), sure)
    frame = np.full((100, 200, 3), 200, np.uint8)
    readings = reader._judge(frame, [_outline(0)[:1].repeat(4, 0)] * 2, {0: sure, 1: sure},
                             outlines=[_outline(0)])
    assert reader.body.shown == 0  # speed: two sure corners agreeing need no third witness
    assert readings[0][1] is parse_card("7c")


def test_a_broken_face_model_is_a_clear_error(tmp_path):
    broken = tmp_path / "face.onnx"
    broken.write_bytes(b"not a network")
    with pytest.raises(RecognitionError, match="face.onnx: the card face model cannot be loaded"):
        BodyClassifier(broken)


def test_a_hypothesis_read_as_a_nine_whose_face_is_surely_a_court_is_a_proposal():
    # A hypothesis's face may be part of another card: it confines nothing, but a face
    # this sure of a court makes a card read there one the dealer confirms.
    nine = _corner("9h", 0.999, 0.999, runner_up="Q")
    face = _face(COURT, "h", 0.95)
    for corners, first in (({0: nine, 1: nine}, 0), ({2: nine}, 2)):  # fused, or one corner
        confidence, card = _read_pairs(corners, [first], {first: face})[first]
        assert card is parse_card("9h") and confidence <= _DISPUTED


def test_a_hypothesis_whose_face_agrees_or_is_unsure_stays_sure():
    ten = _corner("Th", 0.999, 0.999, runner_up="Q")
    tens = group_of_rank_class(8)  # rank classes 0..12 are 2..A
    leaning = _face(tens, "h", 0.95)  # sure of hearts; a ten 0.55, a court just below 0.5
    leaning[0][:] = 0.05 / (GROUPS - 2)
    leaning[0][tens], leaning[0][COURT] = 0.55, _TEN_DOUBTS - 0.1
    for face in (_face(tens, "h", 0.95), leaning):
        confidence, card = _read_pairs({0: ten, 1: ten}, [0], {0: face})[0]
        assert card is parse_card("Th") and confidence > 0.95
    nine = _corner("9h", 0.999, 0.999, runner_up="Q")
    confidence, card = _read_pairs({0: nine, 1: nine}, [0],
                                   {0: _face(COURT, "h", _FACE_DOUBTS - 0.15)})[0]
    assert card is parse_card("9h") and confidence > 0.95


@pytest.mark.parametrize("whole", [False, True])
def test_a_ten_whose_face_leans_to_a_court_is_a_proposal(monkeypatch, whole):
    # Both corners sure of the ten of hearts (a framed queen's "Q" beside its frame line),
    # the face 0.6 a court: below what confines or doubts any other card, but a ten is
    # the index network's one sure confusion with a court.
    monkeypatch.setattr(reader, "_FACE_COURTS", None)
    ten = _corner("Th", 0.999, 0.999, runner_up="Q")
    face = _face(COURT, "h", 0.6)
    confidence, card = _read_pairs({0: ten, 1: ten}, [0], {0: face}, whole=whole)[0]
    assert card is parse_card("Th") and confidence <= _DISPUTED
    monkeypatch.setattr(reader, "_TEN_DOUBTS", None)
    confidence, card = _read_pairs({0: ten, 1: ten}, [0], {0: face}, whole=whole)[0]
    assert card is parse_card("Th") and confidence > 0.95


@pytest.mark.parametrize("whole", [False, True])
def test_a_ten_whose_face_leans_to_a_court_is_read_as_the_court_after_it(whole):
    # tigullio-international's thin "Q" is the "0" of a "10": the corners' runner-up
    # among the courts is the card; the face never says which court, so it is a proposal.
    ten = _corner("Th", 0.999, 0.999, runner_up="Q")
    confidence, card = _read_pairs({0: ten, 1: ten}, [0], {0: _face(COURT, "h", 0.6)},
                                   whole=whole)[0]
    assert card is parse_card("Qh") and 0.6 <= confidence <= _DISPUTED
    # One corner read (the other under a card): the same.
    confidence, card = _read_pairs({0: ten}, [0], {0: _face(COURT, "h", 0.6)}, whole=whole)[0]
    assert card is parse_card("Qh") and 0.6 <= confidence <= _DISPUTED


def test_a_hypothesis_face_needs_more_of_a_court_than_a_clean_outline_face():
    # A hypothesis's face may show part of another card (a court in a fan over a ten).
    ten = _corner("Th", 0.999, 0.999, runner_up="Q")
    face = _face(COURT, "h", (_FACE_COURTS[0] + _FACE_COURTS[1]) / 2)
    assert _read_pairs({0: ten, 1: ten}, [0], {0: face}, whole=True)[0][1] is parse_card("Qh")
    assert _read_pairs({0: ten, 1: ten}, [0], {0: face}, whole=False)[0][1] is parse_card("Th")


@pytest.mark.parametrize("whole", [False, True])
def test_a_ten_whose_face_shows_pips_stays_a_sure_ten(whole):
    ten = _corner("Th", 0.999, 0.999, runner_up="Q")
    faces = _face(9, "h", 0.98)  # group 9: ten pips
    faces[0][COURT] = 0.01
    confidence, card = _read_pairs({0: ten, 1: ten}, [0], {0: faces}, whole=whole)[0]
    assert card is parse_card("Th") and confidence > 0.95


def test_the_face_of_a_ten_is_read_even_where_both_corners_are_sure_of_it():
    # Two corners sure of one card skip the face (speed), but not for a ten: a court's
    # letter beside its frame's line is read as the ten's "10".
    def sure(rank_class: int) -> tuple[np.ndarray, np.ndarray]:
        rank, suit = np.full(14, 1e-7), np.full(4, 1e-7)
        rank[rank_class], suit[_SUIT_CLASS["h"]] = 1.0, 1.0
        return rank / rank.sum(), suit / suit.sum()

    ten, nine = sure(8), sure(7)  # rank classes 0..12 are 2..A
    assert not _agree_surely({0: ten, 1: ten}, 0)
    assert _agree_surely({0: nine, 1: nine}, 0)


def test_a_number_card_on_a_clean_outline_whose_face_leans_to_a_court_is_that_court():
    # A blurred queen's index read as a nine: on a clean outline the whole card is in view,
    # and no number card's face leans to a court (at most 0.02 on 4,312 of them).
    nine = _corner("9h", 0.999, 0.999, runner_up="Q")
    face = _face(COURT, "h", (_FACE_COURTS[0] + _FACE_SURE) / 2)  # below what confines
    confidence, card = _read_pairs({0: nine, 1: nine}, [0], {0: face}, whole=True)[0]
    assert card is parse_card("Qh") and 0.6 <= confidence <= _DISPUTED
    # A hypothesis's face may be another card's: a nine stays a nine there.
    confidence, card = _read_pairs({0: nine, 1: nine}, [0], {0: face}, whole=False)[0]
    assert card is parse_card("9h") and confidence > 0.95


def _sure_face(group: int, suit: int, *, group_share: float = 0.97, suit_share: float = 0.97):
    group_p = np.full(GROUPS, (1 - group_share) / (GROUPS - 1))
    group_p[group] = group_share
    suit_p = np.full(4, (1 - suit_share) / 3)
    suit_p[suit] = suit_share
    return group_p, suit_p


@pytest.mark.parametrize(("group", "suit", "card"), [
    (0, 2, "Ah"), (1, 1, "2d"), (8, 0, "9c"), (9, 3, "Ts"),
])
def test_a_face_sure_of_a_number_group_and_suit_names_the_card(group, suit, card):
    assert number_card(*_sure_face(group, suit), sure=(0.95, 0.95)) is parse_card(card)


def test_a_courts_face_or_a_face_unsure_names_no_number_card():
    assert number_card(*_sure_face(COURT, 0), sure=(0.95, 0.95)) is None  # J, Q or K: unknown
    assert number_card(*_sure_face(7, 0, group_share=0.9), sure=(0.95, 0.95)) is None
    assert number_card(*_sure_face(7, 0, suit_share=0.9), sure=(0.95, 0.95)) is None
