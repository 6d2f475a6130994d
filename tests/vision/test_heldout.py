"""The shipped model on held-out scenes (seed and drawn designs never used in training).

The full figures per condition and deck come from ``scripts/vision_eval.py`` and
``dealerassist bench``; these tests keep a floor under them so a regression shows.
"""

import pytest

from dealerassist.vision.designs import (
    HELDOUT_CONDITIONS,
    HELDOUT_DESIGNS,
    drawn_decks,
    heldout_scenes,
)
from dealerassist.vision.evaluation import Score, score_frame


def _score(recogniser, per_condition, conditions):
    by_condition = {}
    for condition, _, scene in heldout_scenes(drawn_decks(HELDOUT_DESIGNS),
                                              per_condition=per_condition):
        if condition in conditions:
            score = score_frame(recogniser.recognise(scene.image), scene.cards)
            by_condition.setdefault(condition, Score()).add(score)
    return by_condition


def test_heldout_clean_board_is_read_and_no_back_is_ever_reported(recogniser):
    scores = _score(recogniser, 2, {"clean", "blur"})
    total = Score()
    for score in scores.values():
        total.add(score)
    assert total.readable >= 40
    assert total.backs_reported == 0
    assert total.accuracy >= 0.85, total.misses


@pytest.mark.slow
def test_heldout_accuracy_floor_per_condition(recogniser):
    scores = _score(recogniser, 12, set(HELDOUT_CONDITIONS))
    floors = {"clean": 0.9, "blur": 0.85, "glare": 0.8, "angle": 0.85, "overlap": 0.6, "far": 0.85}
    for condition, score in scores.items():
        assert score.backs_reported == 0, condition
        assert score.accuracy >= floors[condition], (condition, score.to_json())
