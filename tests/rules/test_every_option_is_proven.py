"""Guard: every option of `HouseRules` has a test proving the behaviour it changes.

Issue 4 asks that each house option be shown changing what a consumer does, not only that
it parses. This module walks every leaf field of the model (sections, presets, schedules
and their levels, rake bands, each family of ``fixed_limit.cap_bets``) and checks that each
one is in `PROVEN` (the tests that drive its consumer with the default and a changed value)
or in `NO_CONSUMER` (no code reads it yet: listed in docs/rules.md, with what is missing).
An option added to the model later without either fails here.

Tests are named as ``path/to/test_module.py::test_name`` and looked up by import (they are
not imported into this module, so pytest does not collect them twice).
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import typing
from pathlib import Path

import pytest

from dealerassist.rules.model import FamilyCaps, GameFamily, HouseRules

ROOT = Path(__file__).resolve().parents[2]

_BEHAVIOUR = "tests/rules/test_options_behaviour.py::"
_CONSUMERS = "tests/rules/test_options_consumers.py::"
_SCREEN = "tests/session/test_player_screen.py::"
_LEVEL_MARKS = ("tests/rules/test_trainer_options.py::"
                "test_trainer_pass_mark_per_level_null_then_85_75_90")

PROVEN: dict[str, tuple[str, ...]] = {
    "schema_version": (
        "tests/rules/test_migrations.py::test_a_version_0_document_is_upgraded_before_validation",
        "tests/rules/test_migrations.py::"
        "test_without_a_migration_an_old_version_is_a_problem_not_a_guess",
    ),
    # odd chips (G-ODD-CHIP, O8-SPLIT-ODD)
    "odd_chip.unit": (_BEHAVIOUR + "test_G_ODD_CHIP_unit_splits_in_chips_of_the_house_unit",),
    "odd_chip.board": (
        _BEHAVIOUR + "test_G_ODD_CHIP_board_two_odd_chips_one_each_from_the_button_then_all_to_"
        "lowest_seat",
    ),
    "odd_chip.stud": (_CONSUMERS + "test_G_ODD_CHIP_stud_first_left_of_button_then_lowest_seat",
                      _CONSUMERS + "test_G_ODD_CHIP_stud_high_card_by_suit"),
    "odd_chip.hilo": (
        _BEHAVIOUR + "test_O8_SPLIT_ODD_odd_chip_to_the_high_half_then_the_low_half",
    ),
    # fixed limit (BET-FL-CAP, BET-SHORT-ALLIN, ST-OPEN-PAIR)
    "fixed_limit.cap_bets.board": (_BEHAVIOUR + "test_BET_FL_CAP_cap_bets_board_4_then_5",),
    "fixed_limit.cap_bets.stud": (_CONSUMERS + "test_ST_CAP_BET_FL_CAP_stud_cap_bets_4_then_3",),
    "fixed_limit.cap_bets.draw": (_CONSUMERS + "test_DR_CAP_BET_FL_CAP_draw_cap_bets_5_then_3",),
    "fixed_limit.cap_lifted_heads_up": (
        _BEHAVIOUR + "test_BET_FL_CAP_cap_lifted_heads_up_then_kept",
    ),
    "fixed_limit.half_bet_allin_reopens": (
        _BEHAVIOUR + "test_BET_SHORT_ALLIN_half_bet_allin_reopens_then_not",
    ),
    "fixed_limit.blind_counts_as_bet": (
        _CONSUMERS + "test_BET_FL_CAP_blind_counts_as_bet_true_then_false",
        "tests/engine/test_reported_defects.py::"
        "test_BET_FL_CAP_blind_counts_as_bet_option_changes_the_preflop_cap",
    ),
    "fixed_limit.open_pair_big_bet": (
        "tests/engine/test_stud.py::test_ST_OPEN_PAIR_any_player_may_bet_small_or_big_on_fourth_"
        "street",
        "tests/engine/test_stud.py::test_ST_OPEN_PAIR_off_in_the_phh_profile_small_bet_only",
    ),
    # straddles (BET-STRADDLE)
    "straddle.allowed": (
        _CONSUMERS + "test_BET_STRADDLE_allowed_false_refuses_a_straddle_then_true_plays_it",
    ),
    "straddle.acts_as_big_blind": (
        _BEHAVIOUR + "test_BET_STRADDLE_straddle_acts_as_big_blind_min_raise_to_8_then_6",
    ),
    "straddle.max_straddles": (
        _CONSUMERS + "test_BET_STRADDLE_max_straddles_1_refuses_a_second_then_2_plays_it",
    ),
    # showdown (G-SHOW-ORDER)
    "showdown.order_when_no_bet": (
        _CONSUMERS + "test_G_SHOW_ORDER_stud_first_left_of_button_then_first_to_act",
    ),
    # rake (RAKE-SHARE, RAKE-RATE, RAKE-NFND)
    "rake.enabled": (_BEHAVIOUR + "test_RAKE_SHARE_enabled_false_takes_no_rake",),
    "rake.percent": (_BEHAVIOUR + "test_RAKE_RATE_percent_rounding_step_cap_and_caps_by_stakes",),
    "rake.rounding_step": (
        _BEHAVIOUR + "test_RAKE_RATE_percent_rounding_step_cap_and_caps_by_stakes",
    ),
    "rake.cap": (_BEHAVIOUR + "test_RAKE_RATE_percent_rounding_step_cap_and_caps_by_stakes",),
    "rake.caps_by_stakes[].max_big_blind": (
        _BEHAVIOUR + "test_RAKE_RATE_percent_rounding_step_cap_and_caps_by_stakes",
    ),
    "rake.caps_by_stakes[].cap": (
        _BEHAVIOUR + "test_RAKE_RATE_percent_rounding_step_cap_and_caps_by_stakes",
    ),
    "rake.no_flop_no_drop": (_BEHAVIOUR + "test_RAKE_NFND_no_flop_no_drop_then_raked_preflop",),
    "rake.base": (_BEHAVIOUR + "test_RAKE_RATE_base_hand_caps_the_hand_base_pot_caps_each_pot",),
    # deck, lowball, draw (G-DECK, LB-STRUCT, DR-OPENERS)
    "deck.joker_games": (
        _CONSUMERS + "test_G_DECK_joker_games_refuse_the_joker_then_the_bug_makes_the_wheel",
    ),
    "deck.index_letters": (
        "tests/vision/test_corners.py::"
        "test_G_DECK_index_letters_french_courts_are_read_only_in_a_french_house",
        "tests/vision/test_cli_recognize.py::"
        "test_G_DECK_recognize_reads_the_house_letters_from_rules",
    ),
    "lowball.opening": (
        _CONSUMERS + "test_LB_STRUCT_opening_call_big_blind_then_double_big_blind",
    ),
    "draw.openers": (_CONSUMERS + "test_DR_OPENERS_any_then_jacks_or_better",),
    "draw.jacks_ante_limit": (_CONSUMERS + "test_JB_NO_OPEN_jacks_ante_limit_3_then_2",),
    "draw.first_after_draw": (
        _CONSUMERS + "test_DR_AFTER_first_after_draw_opener_without_blinds_then_opener_then_"
        "position",),
    # irregularities (IRR-*)
    "irregularities.out_of_turn": (
        _CONSUMERS + "test_IRR_OUT_OF_TURN_binding_unless_action_changes_then_not_binding",
    ),
    "irregularities.underraise": (
        _CONSUMERS + "test_IRR_UNDERRAISE_half_rule_then_call_then_minimum_raise",
    ),
    "irregularities.tournament_exposed_low_misdeal": (
        _CONSUMERS + "test_IRR_ST_HOLE_UP_tournament_exposed_low_misdeal_then_play_on",
    ),
    # table (BET-NEW-PLAYER, G-BUTTON)
    "table.new_player": (
        _BEHAVIOUR + "test_BET_NEW_PLAYER_post_or_wait_must_post_wait_for_big_blind",
    ),
    "table.button": (_BEHAVIOUR + "test_G_BUTTON_moving_button_then_dead_button",),
    "table.max_players": (_BEHAVIOUR + "test_ST7_DEAL_table_max_players_stud_eight_then_seven",),
    # trainer
    "trainer.pass_mark_percent": (_CONSUMERS + "test_trainer_pass_mark_percent_80_then_85",),
    "trainer.question_count": (_CONSUMERS + "test_trainer_question_count_20_then_5",),
    # the players' screen (BET-PL-MAX, G-ACT, TRN-LEVELS)
    "player_screen.pot": (_SCREEN + "test_BET_PL_MAX_player_screen_pot_pot_limit_then_always_"
                          "then_never",),
    "player_screen.to_call": (_SCREEN + "test_G_ACT_player_screen_to_call_true_then_false",),
    "player_screen.clock": (_SCREEN + "test_TRN_LEVELS_player_screen_clock_true_then_false",),
    "trainer.pass_mark_beginner": (_LEVEL_MARKS,),
    "trainer.pass_mark_intermediate": (_LEVEL_MARKS,),
    "trainer.pass_mark_advanced": (_LEVEL_MARKS,),
    # schedules (TRN-LEVELS)
    "schedules[].name": (_CONSUMERS + "test_TRN_LEVELS_schedule_slow_then_fast",),
    "schedules[].levels[].small_blind": (_CONSUMERS + "test_TRN_LEVELS_schedule_slow_then_fast",),
    "schedules[].levels[].big_blind": (_CONSUMERS + "test_TRN_LEVELS_schedule_slow_then_fast",),
    "schedules[].levels[].ante": (_CONSUMERS + "test_TRN_LEVELS_schedule_slow_then_fast",),
    "schedules[].levels[].minutes": (_CONSUMERS + "test_TRN_LEVELS_level_minutes_10_then_15",),
    "schedules[].levels[].hands": (_CONSUMERS + "test_TRN_LEVELS_level_hands_1_then_3",),
    "schedules[].levels[].is_break": (
        _CONSUMERS + "test_TRN_LEVELS_level_is_break_false_then_true",
    ),
    # presets
    "presets[].name": (_BEHAVIOUR + "test_presets_stakes_from_the_file_are_the_blinds_posted",),
    "presets[].game": (_BEHAVIOUR + "test_presets_stakes_from_the_file_are_the_blinds_posted",),
    "presets[].small_blind": (
        _BEHAVIOUR + "test_presets_stakes_from_the_file_are_the_blinds_posted",
    ),
    "presets[].big_blind": (
        _BEHAVIOUR + "test_presets_stakes_from_the_file_are_the_blinds_posted",
    ),
    "presets[].small_bet": (
        _CONSUMERS + "test_BET_FORCED_ST_BRINGIN_ST_LIMITS_stud_preset_ante_bring_in_and_bets",
        _CONSUMERS + "test_DR_LIMITS_draw_preset_small_bet_and_big_bet",
    ),
    "presets[].big_bet": (
        _CONSUMERS + "test_BET_FORCED_ST_BRINGIN_ST_LIMITS_stud_preset_ante_bring_in_and_bets",
        _CONSUMERS + "test_DR_LIMITS_draw_preset_small_bet_and_big_bet",
    ),
    "presets[].ante": (
        _CONSUMERS + "test_BET_FORCED_ST_BRINGIN_ST_LIMITS_stud_preset_ante_bring_in_and_bets",
    ),
    "presets[].bring_in": (
        _CONSUMERS + "test_BET_FORCED_ST_BRINGIN_ST_LIMITS_stud_preset_ante_bring_in_and_bets",
    ),
    "presets[].max_seats": (_CONSUMERS + "test_preset_max_seats_6_then_9",),
    "presets[].starting_stack": (_CONSUMERS + "test_TRN_START_starting_stack_500_then_1500",),
    "presets[].schedule": (_CONSUMERS + "test_TRN_LEVELS_schedule_slow_then_fast",),
    "presets[].hand_limit": (_CONSUMERS + "test_TRN_MODES_hand_limit_none_then_2",),
    "presets[].rake": (_CONSUMERS + "test_RAKE_SHARE_preset_rake_true_then_false",),
    "presets[].straddle": (
        _CONSUMERS + "test_BET_STRADDLE_preset_straddle_0_then_4_is_posted_and_acts_as_big_blind",
    ),
    "presets[].openers": (
        _CONSUMERS
        + "test_DR_OPENERS_preset_openers_none_then_jacks_or_better_over_the_house_any",
    ),
}

# Options no code reads yet: no test can show a behaviour change, so none is faked. Each is
# listed in docs/rules.md ("still without a consumer") with what its consumer needs.
NO_CONSUMER: dict[str, str] = {}


def _leaves(cls: type, prefix: str = "") -> list[str]:
    """Every leaf option path of a model class (presets[], schedules[] by their fields)."""
    hints = typing.get_type_hints(cls)
    paths: list[str] = []
    for item in dataclasses.fields(cls):
        path = prefix + item.name
        kind = hints[item.name]
        args = typing.get_args(kind)
        if dataclasses.is_dataclass(kind):
            paths += _leaves(kind, path + ".")  # type: ignore[arg-type]
        elif kind is FamilyCaps:
            paths += [f"{path}.{family.value}" for family in GameFamily]
        elif typing.get_origin(kind) is tuple and args and dataclasses.is_dataclass(args[0]):
            paths += _leaves(args[0], path + "[].")
        else:
            paths.append(path)
    return paths


LEAVES = _leaves(HouseRules)


def _resolve(reference: str) -> object:
    file, _, name = reference.partition("::")
    module = importlib.import_module(file.removesuffix(".py").replace("/", "."))
    return getattr(module, name, None)


def test_the_walk_finds_nested_and_listed_options() -> None:
    # A walk that found nothing would make the guard pass vacuously.
    assert len(LEAVES) == len(set(LEAVES)) >= 50
    for path in (
        "fixed_limit.cap_bets.stud",
        "rake.caps_by_stakes[].cap",
        "schedules[].levels[].is_break",
        "presets[].openers",
        "trainer.question_count",
    ):
        assert path in LEAVES


def _unproven(leaves: list[str]) -> list[str]:
    return [path for path in leaves if path not in PROVEN and path not in NO_CONSUMER]


def test_every_option_has_a_behaviour_test_or_is_a_documented_gap() -> None:
    assert _unproven(LEAVES) == [], f"options without a behaviour test: {_unproven(LEAVES)}"
    assert set(PROVEN) & set(NO_CONSUMER) == set()
    stale = sorted((set(PROVEN) | set(NO_CONSUMER)) - set(LEAVES))
    assert stale == [], f"registered paths that are no option of HouseRules: {stale}"


@dataclasses.dataclass(frozen=True)
class _NewSection:
    fold_penalty: int = 0


@dataclasses.dataclass(frozen=True)
class _HouseRulesLater(HouseRules):
    later: _NewSection = dataclasses.field(default_factory=_NewSection)


def test_an_option_added_later_without_a_test_is_caught() -> None:
    assert _unproven(_leaves(_HouseRulesLater)) == ["later.fold_penalty"]


@pytest.mark.parametrize("path", sorted(PROVEN))
def test_each_registered_proof_exists_and_is_a_test(path: str) -> None:
    assert PROVEN[path], path
    for reference in PROVEN[path]:
        if reference.startswith("tests/vision/"):  # the headless job has no OpenCV
            pytest.importorskip("cv2")
        function = _resolve(reference)
        assert inspect.isfunction(function), f"{path}: no test {reference}"
        assert function.__name__.startswith("test_"), reference
        marks = [mark.name for mark in getattr(function, "pytestmark", [])]
        assert "xfail" not in marks and "skip" not in marks, f"{reference} proves nothing"


def test_each_gap_is_documented_in_docs_rules_md() -> None:
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    gaps = text.split("still without a consumer", 1)
    assert len(gaps) == 2, "docs/rules.md lost its list of options without a consumer"
    for path in NO_CONSUMER:
        assert f"`{path}`" in gaps[1], f"{path} is not listed in docs/rules.md"
