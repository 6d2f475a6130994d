"""Ruling drills (IRR-*): every catalogue irregularity, varied, one right choice (issue 39)."""

from __future__ import annotations

from collections import Counter

import pytest

from dealerassist.floor.catalogue import rule_catalogue
from dealerassist.trainer import Difficulty, DrillKind, make_drill
from dealerassist.trainer.ruling_drills import SCENARIOS, ruling_for

from . import reading
from .helpers import RULES

SEEDS = range(400)
_OUTCOME = {s.rule_id: s.outcome for s in SCENARIOS}
_AREA = {s.rule_id: s.area for s in SCENARIOS}


def _drills(level: Difficulty):  # type: ignore[no-untyped-def]
    return [make_drill(DrillKind.RULING, seed=seed, difficulty=level, rules=RULES)
            for seed in SEEDS]


@pytest.mark.parametrize("level", list(Difficulty))
def test_the_ruling_follows_from_the_situation_text(level: Difficulty) -> None:
    """The rule read from the situation alone names the one choice marked right."""
    for drill in _drills(level):
        rule = reading.ruling_rule_of(drill)
        assert rule == drill.rule_ids[0], drill.situation[0].en
        ruling = ruling_for(rule, RULES)
        right = [c.letter for c in drill.choices if c.text == ruling]
        assert right == [drill.answer]


@pytest.mark.parametrize("level", list(Difficulty))
def test_defect_39_2_no_two_choices_describe_the_same_ruling(level: Difficulty) -> None:
    """Two misdeals, or two "played as a call", never appear in one drill."""
    for drill in _drills(level):
        outcomes = [_OUTCOME[c.rule_id] for c in drill.choices]
        assert len(set(outcomes)) == 4, (drill.seed, outcomes)
        assert len({c.text.en for c in drill.choices}) == 4
        misdeals = [c for c in drill.choices if "isdeal" in c.text.en.split(";")[0]]
        assert len(misdeals) <= 1 or drill.rule_ids[0] in {"IRR-DR-SHORT", "IRR-BUTTON"}, \
            [c.text.en for c in drill.choices]


def test_defect_39_2_two_hole_cards_exposed_offers_a_single_misdeal() -> None:
    for seed in SEEDS:
        drill = make_drill(DrillKind.RULING, seed=seed, difficulty="beginner", rules=RULES)
        if drill.rule_ids[0] != "IRR-HE-EXPOSE-2":
            continue
        starts = [c.text.en for c in drill.choices if c.text.en.startswith("Misdeal")]
        assert starts == ["Misdeal (more than one hole card exposed)."]


@pytest.mark.parametrize("level", list(Difficulty))
def test_every_IRR_rule_is_drilled_at_every_level_with_varied_situations(
        level: Difficulty) -> None:
    """The rule-ID coverage: all 28 IRR rulings, each with several different situations."""
    catalogue = {e.rule_id for e in rule_catalogue() if e.rule_id.startswith("IRR-")}
    assert len(catalogue) == 28
    texts: dict[str, set[str]] = {}
    for drill in _drills(level):
        texts.setdefault(drill.rule_ids[0], set()).add(drill.situation[0].en)
    assert set(texts) == catalogue, catalogue - set(texts)
    assert all(len(found) >= 3 for found in texts.values()), \
        {rule: len(found) for rule, found in texts.items() if len(found) < 3}


def test_defect_39_7_a_five_card_draw_exposure_says_whether_it_was_among_the_first_two() -> None:
    """IRR-LB-MISDEAL (first or second card) against IRR-DR-EXPOSED (any other card)."""
    seen = Counter()
    for level in Difficulty:
        for drill in _drills(level):
            text = drill.situation[0].en
            if drill.rule_ids[0] == "IRR-DR-EXPOSED":
                assert "not one of the first two" in text
                seen["kept"] += 1
            elif drill.rule_ids[0] == "IRR-LB-MISDEAL" and "exposes the" in text:
                assert "exposes the first card" in text or "exposes the second card" in text
                assert "no player has acted" in text
                seen["misdeal"] += 1
    assert seen["kept"] > 10 and seen["misdeal"] > 3, seen


def test_levels_draw_wrong_choices_closer_to_the_situation() -> None:
    """Advanced wrong choices come from the same part of the game far more than beginner's."""
    share = {}
    for level in Difficulty:
        same = total = 0
        for drill in _drills(level):
            area = _AREA[drill.rule_ids[0]]
            wrong = [c for c in drill.choices if c.letter != drill.answer]
            same += sum(_AREA[c.rule_id] == area for c in wrong)
            total += len(wrong)
        share[level] = same * 100 // total
    assert share[Difficulty.BEGINNER] + 15 <= share[Difficulty.INTERMEDIATE], share
    assert share[Difficulty.INTERMEDIATE] + 15 <= share[Difficulty.ADVANCED], share
