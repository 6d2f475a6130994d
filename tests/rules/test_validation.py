"""One test per kind of problem a rules file can have, each checking the reported line."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from dealerassist.errors import RulesFileError
from dealerassist.rules import (
    Problem,
    RulesFileErrors,
    load_rules,
    parse_rules_text,
    validate_rules_file,
    validate_rules_text,
)
from dealerassist.rules.model import UnderRaiseRuling


def problems_of(text: str) -> list[Problem]:
    return validate_rules_text(textwrap.dedent(text).lstrip("\n"), "house.yaml")


def only(text: str) -> Problem:
    found = problems_of(text)
    assert len(found) == 1, found
    return found[0]


def test_a_minimal_file_gets_every_default() -> None:
    rules = parse_rules_text("schema_version: 1\nirregularities: {underraise: call}\n")
    assert rules.irregularities.underraise is UnderRaiseRuling.CALL
    assert rules.rake.percent == 5 and rules.presets == ()


def test_unknown_key_with_did_you_mean_and_its_line() -> None:
    problem = only("""
        schema_version: 1
        rake:
          enabled: true
          percnt: 4
    """)
    assert (problem.line, problem.path) == (4, "house.yaml")
    assert "unknown key 'rake.percnt'" in problem.message
    assert "did you mean 'percent'" in problem.message
    assert str(problem).startswith("house.yaml:4: ")


def test_unknown_section_with_did_you_mean() -> None:
    problem = only("""
        schema_version: 1
        straddles:
          allowed: true
    """)
    assert problem.line == 2 and "did you mean 'straddle'" in problem.message


def test_wrong_type_whole_number() -> None:
    problem = only("""
        schema_version: 1
        odd_chip:
          unit: one
    """)
    assert problem.line == 3 and "odd_chip.unit must be a whole number" in problem.message


def test_wrong_type_a_float_is_not_a_chip_count() -> None:
    problem = only("""
        schema_version: 1
        odd_chip:
          unit: 2.5
    """)
    assert problem.line == 3 and "whole number" in problem.message


def test_wrong_type_boolean() -> None:
    problem = only("""
        schema_version: 1
        straddle:
          allowed: sometimes
    """)
    assert problem.line == 3 and "true or false" in problem.message


def test_wrong_choice_lists_the_options_and_suggests() -> None:
    problem = only("""
        schema_version: 1
        irregularities:
          out_of_turn: not_binding
          underraise: minimum_rise
    """)
    assert problem.line == 4
    assert "minimum_raise" in problem.message and "did you mean 'minimum_raise'" in problem.message


def test_wrong_type_section_is_not_a_mapping() -> None:
    problem = only("""
        schema_version: 1
        rake: 5
    """)
    assert problem.line == 2 and "rake must be a mapping" in problem.message


def test_wrong_type_list_expected() -> None:
    problem = only("""
        schema_version: 1
        presets: NLHE
    """)
    assert problem.line == 2 and "presets must be a list" in problem.message


def test_big_blind_below_small_blind_points_at_big_blind() -> None:
    problem = only("""
        schema_version: 1
        presets:
          - name: NLHE 5/2
            game: NT
            small_blind: 5
            big_blind: 2
    """)
    assert problem.line == 6 and "big_blind 2 is below the small_blind 5" in problem.message


def test_BET_FL_CAP_a_cap_of_zero() -> None:
    problem = only("""
        schema_version: 1
        fixed_limit:
          cap_bets:
            board: 4
            stud: 0
    """)
    assert problem.line == 5 and "a cap of 0 bets is impossible" in problem.message


def test_RAKE_RATE_a_rake_over_100_percent() -> None:
    problem = only("""
        schema_version: 1
        rake:
          percent: 100.01
    """)
    assert problem.line == 3 and "rake.percent must be at most 100" in problem.message


def test_rake_percent_accepts_a_percent_sign_and_refuses_infinity() -> None:
    assert parse_rules_text("schema_version: 1\nrake: {percent: '4.5%'}\n").rake.percent == (
        parse_rules_text("schema_version: 1\nrake: {percent: 4.5}\n").rake.percent)
    assert only("schema_version: 1\nrake:\n  percent: .inf\n").line == 3


def test_a_preset_naming_an_unknown_game() -> None:
    problem = only("""
        schema_version: 1
        presets:
          - name: Hold'em
            game: NLHE
            small_blind: 1
            big_blind: 2
    """)
    assert problem.line == 4 and "unknown game 'NLHE'" in problem.message


def test_a_preset_naming_an_unknown_schedule() -> None:
    problem = only("""
        schema_version: 1
        schedules:
          - name: Turbo
            levels:
              - {small_blind: 10, big_blind: 20, hands: 10}
        presets:
          - name: SNG
            game: NT
            starting_stack: 1500
            schedule: Turbo2
    """)
    assert problem.line == 10 and "did you mean 'Turbo'" in problem.message


def test_two_presets_with_one_name() -> None:
    problem = only("""
        schema_version: 1
        presets:
          - {name: A, game: NT, small_blind: 1, big_blind: 2}
          - {name: A, game: PO, small_blind: 1, big_blind: 2}
    """)
    assert problem.line == 4 and "two presets are named 'A'" in problem.message


def test_a_fixed_limit_preset_without_its_bets() -> None:
    problem = only("""
        schema_version: 1
        presets:
          - name: Limit
            game: FT
            small_blind: 5
            big_blind: 10
    """)
    assert problem.line == 2 + 1 and "fixed limit" in problem.message


def test_a_stud_preset_without_a_bring_in() -> None:
    problem = only("""
        schema_version: 1
        presets:
          - name: Stud
            game: F7S
            ante: 1
            small_bet: 10
            big_bet: 20
    """)
    assert problem.line == 3 and "bring_in must be at least 1" in problem.message


def test_more_seats_than_the_game_allows() -> None:
    problem = only("""
        schema_version: 1
        presets:
          - name: Razz
            game: FR
            ante: 1
            bring_in: 2
            small_bet: 4
            big_bet: 8
            max_seats: 10
    """)
    assert problem.line == 9 and "seats at most 8" in problem.message


def test_a_missing_required_key() -> None:
    problem = only("""
        schema_version: 1
        presets:
          - name: No game
            small_blind: 1
            big_blind: 2
    """)
    assert problem.line == 3 and "game is missing" in problem.message


def test_a_key_given_twice() -> None:
    problem = only("""
        schema_version: 1
        rake:
          percent: 5
          percent: 10
    """)
    assert problem.line == 4 and "given twice (first on line 3)" in problem.message


def test_a_negative_amount() -> None:
    problem = only("""
        schema_version: 1
        rake:
          cap: -1
    """)
    assert problem.line == 3 and "at least 0" in problem.message


def test_a_level_without_a_length() -> None:
    problem = only("""
        schema_version: 1
        schedules:
          - name: S
            levels:
              - {small_blind: 10, big_blind: 20}
    """)
    assert problem.line == 5 and "minutes or hands" in problem.message


def test_a_joker_for_an_unknown_game() -> None:
    problem = only("""
        schema_version: 1
        deck:
          joker_games: [F5D, XYZ]
    """)
    assert problem.line == 3 and "unknown game 'XYZ'" in problem.message


def test_schema_version_missing() -> None:
    problem = only("rake:\n  percent: 5\n")
    assert problem.line == 1 and "schema_version is missing" in problem.message


def test_schema_version_newer_than_the_program() -> None:
    problem = only("rake: {percent: 5}\nschema_version: 7\n")
    assert problem.line == 2 and "newer than this program" in problem.message


def test_yaml_syntax_error_line() -> None:
    problem = only("schema_version: 1\nrake:\n  percent: [5\n  cap: 3\n")
    assert problem.line in (3, 4) and problem.message.startswith("not valid YAML")


def test_tab_indentation_is_a_syntax_error_with_its_line() -> None:
    problem = only("schema_version: 1\nrake:\n\tpercent: 5\n")
    assert problem.line == 3 and "not valid YAML" in problem.message


def test_aliases_are_refused_at_the_key_line() -> None:
    problem = only("schema_version: 1\nrake: &r {percent: 5}\nstraddle: *r\n")
    assert problem.line == 3 and "aliases" in problem.message


def test_python_object_tags_are_not_constructed() -> None:
    found = problems_of("schema_version: 1\nrake:\n  percent: !!python/object:os.system ls\n")
    assert found and found[0].line == 3


def test_empty_file_and_a_file_that_is_not_a_mapping() -> None:
    assert "empty" in only("").message
    assert only("# only a comment\n").line == 1
    assert "must be a mapping of sections" in only("- a\n- b\n").message


def test_every_problem_of_the_file_in_one_run() -> None:
    found = problems_of("""
        schema_version: 1
        odd_chip:
          unti: 1
        fixed_limit:
          cap_bets: {board: 0}
        rake:
          percent: 150
          no_flop_no_drop: maybe
        table:
          button: stuck
        presets:
          - {name: X, game: NTT, small_blind: 1, big_blind: 2}
    """)
    assert [p.line for p in found] == [3, 5, 7, 8, 10, 12]


def test_cross_section_problems_are_reported_beside_the_others() -> None:
    found = problems_of("""
        schema_version: 1
        straddle:
          allowed: maybe
        presets:
          - {name: A, game: NT, small_blind: 1, big_blind: x}
          - {name: B, game: NT, small_blind: 1, big_blind: 2, schedule: Turbo,
             starting_stack: 100}
          - {name: B, game: PO, small_blind: 1, big_blind: 2}
    """)
    assert [(p.line, p.message.split(":")[0]) for p in found] == [
        (3, "straddle.allowed must be true or false, not 'maybe'"),
        (5, "presets[0].big_blind must be a whole number, not 'x'"),
        (6, "preset 'B' names an unknown schedule 'Turbo'"),
        (8, "two presets are named 'B'"),
    ]


def test_no_spurious_problem_from_a_field_that_failed() -> None:
    # small_blind failed to read: no "big_blind below small_blind", no "blinds missing".
    found = problems_of("""
        schema_version: 1
        presets:
          - {name: A, game: NT, small_blind: five, big_blind: 2}
          - {name: C, small_blind: 1, big_blind: 2}
    """)
    assert [p.line for p in found] == [3, 4]
    assert "game is missing" in found[1].message


def test_load_rules_raises_all_problems_and_reports_them_like_check_rules(tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
    path.write_text("schema_version: 1\nrake:\n  percent: 101\n  cap: x\n", "utf-8")
    with pytest.raises(RulesFileErrors) as caught:
        load_rules(path)
    error = caught.value
    assert isinstance(error, RulesFileError)
    assert (error.path, error.line) == (str(path), 3)
    assert [p.line for p in error.problems] == [3, 4]
    assert error.report() == "\n".join(str(p) for p in validate_rules_file(path))
    assert str(error) == error.report()  # what the command line prints: every problem


def test_unreadable_files(tmp_path: Path) -> None:
    missing = validate_rules_file(tmp_path / "nope.yaml")
    assert missing[0].line == 1 and "no such file" in missing[0].message
    folder = validate_rules_file(tmp_path)
    assert "folder" in folder[0].message
    latin = tmp_path / "latin.yaml"
    latin.write_bytes(b"schema_version: 1\n# caf\xe9\n")
    assert validate_rules_file(latin)[0].line == 2
    bom = tmp_path / "bom.yaml"
    bom.write_bytes("\ufeffschema_version: 1\n".encode())
    assert validate_rules_file(bom) == []
