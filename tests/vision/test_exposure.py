"""Issue 42: a frame's paper is made white before it is read: a lamp's cast off, a dim frame
raised (`vision.exposure`)."""

import itertools

import cv2
import numpy as np
import pytest

import dealerassist.vision.exposure as exposure
from dealerassist.vision.designs import HELDOUT_DESIGNS, drawn_decks, heldout_scenes
from dealerassist.vision.evaluation import Score, score_frame
from dealerassist.vision.exposure import exposed, paper_colour


def _dimmed(image: np.ndarray, gain: float) -> np.ndarray:
    """The frame as a camera exposing ``gain`` of its light takes it."""
    return cv2.LUT(image, np.clip(np.arange(256) * gain, 0, 255).round().astype(np.uint8))


def test_a_lit_frame_is_read_as_it_is():
    rng = np.random.default_rng(1)
    frame = np.full((120, 160, 3), (30, 100, 40), np.uint8)  # felt
    frame[20:100, 40:95] = (236, 238, 241)  # a card's paper, white to 2 %
    noisy = np.clip(frame + rng.normal(0, 2, frame.shape), 0, 255).astype(np.uint8)
    assert paper_colour(noisy).min() >= 236
    assert exposed(noisy) is noisy


def test_a_dim_frames_paper_is_brought_near_white_its_colours_ratios_kept():
    frame = np.full((200, 300, 3), (20, 60, 25), np.uint8)  # felt
    frame[50:150, 100:170] = (90, 90, 90)  # a card's paper under a dim lamp
    frame[60:80, 105:115] = (30, 30, 80)  # its red index
    out = exposed(frame)
    assert paper_colour(frame).tolist() == [90, 90, 90]
    assert out[100, 130].tolist() == [230, 230, 230]
    assert out[70, 110].tolist() == [77, 77, 204]  # 230 / 90 times each channel
    assert out.dtype == np.uint8 and out.shape == frame.shape


def test_issue_42_a_warm_lamps_cast_is_taken_off_the_paper_and_the_ink_alike():
    frame = np.full((200, 300, 3), (20, 60, 25), np.uint8)
    frame[50:150, 100:170] = (170, 205, 230)  # paper under a tungsten lamp: B < G < R
    frame[60:80, 105:115] = (40, 45, 50)  # black ink, a little warm too
    out = exposed(frame)
    assert out[100, 130].tolist() == [230, 230, 230]  # each channel's own gain
    assert out[70, 110].tolist() == [54, 50, 50]  # the ink grey again, darker than any red


def test_a_frame_with_no_white_in_it_is_not_greyed():
    frame = np.full((100, 100, 3), (40, 110, 210), np.uint8)  # orange wood, no paper
    out = exposed(frame)
    assert out[0, 0].tolist() == [60, 165, 210]  # each channel raised 1.5 times at most


def test_a_black_frame_is_left_black():
    frame = np.zeros((50, 50, 3), np.uint8)
    assert exposed(frame) is frame


@pytest.fixture(scope="module")
def clean_scenes():
    scenes = heldout_scenes(drawn_decks(HELDOUT_DESIGNS), per_condition=3)
    return [scene for _, _, scene in itertools.islice(scenes, 6)]  # "clean", both designs


def _score(recogniser, scenes, gain: float, cast=(1.0, 1.0, 1.0)) -> Score:
    """The scenes read dimmed to ``gain`` of their light, each channel (B, G, R) by ``cast``."""
    total = Score()
    for scene in scenes:
        tinted = np.clip(scene.image * np.array(cast, np.float32), 0, 255).astype(np.uint8)
        total.add(score_frame(recogniser.recognise(_dimmed(tinted, gain)), scene.cards))
    return total


def test_issue_42_a_dim_frame_is_read_as_a_lit_one(recogniser, clean_scenes, monkeypatch):
    # Six held-out scenes, 42 face-up cards, taken with 0.3 of their light: the paper
    # lies at a grey of some 75.
    lit = _score(recogniser, clean_scenes, 1.0)
    dim = _score(recogniser, clean_scenes, 0.3)
    assert lit.read_right >= 41  # 42 measured
    assert dim.read_right >= 41  # 42 measured
    assert dim.false_reports == 0 and dim.backs_reported == 0
    monkeypatch.setattr(exposure, "_DIM", 0)  # not raised (the paper still greyed)
    unexposed = _score(recogniser, clean_scenes, 0.3)
    assert unexposed.read_right <= 38  # 35 measured, and 2 false reports


def test_a_frame_with_no_paper_is_not_raised_into_its_noise():
    rng = np.random.default_rng(3)
    night = np.clip(rng.normal(12, 3, (120, 160, 3)), 0, 255).astype(np.uint8)  # empty felt
    out = exposed(night)
    assert out.astype(float).mean() <= 4 * night.astype(float).mean() + 1


def test_issue_42_a_cool_lamps_cast_is_taken_off_before_the_cards_are_read(
        recogniser, clean_scenes, monkeypatch):
    # The same six scenes under a cool lamp (red 0.6, green 0.85): read as tinted, the red
    # suits' ink lies near the paper's redness and 14 false reports come (2 sure).
    cool = (1.0, 0.85, 0.6)
    balanced = _score(recogniser, clean_scenes, 1.0, cool)
    assert balanced.read_right >= 41  # 42 measured
    assert balanced.false_reports == 0
    monkeypatch.setattr(exposure, "_CAST", 1.0)  # no channel raised: the cast stays
    tinted = _score(recogniser, clean_scenes, 1.0, cool)
    assert tinted.read_right <= 32 and tinted.false_reports >= 8  # 26 and 14 measured
