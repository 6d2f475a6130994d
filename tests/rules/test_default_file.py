"""The shipped rules.yaml: identical copies, catalogue defaults, comments with rule IDs."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from dealerassist.rules import default_rules, load_rules, phh_profile, validate_rules_file
from dealerassist.rules.model import GameFamily, HouseRules, OddChipRule
from dealerassist.rules.profiles import default_rules_text

REPO = Path(__file__).resolve().parents[2]
TOP_LEVEL = REPO / "rules.yaml"
CATALOGUE = Path("/work/shared/spec/rules-catalogue.md")


def test_top_level_rules_yaml_is_identical_to_the_packaged_copy() -> None:
    assert TOP_LEVEL.read_text("utf-8") == default_rules_text(), (
        "copy rules.yaml to dealerassist/rules/default_rules.yaml (they must stay identical)"
    )


def test_shipped_file_is_valid_and_loads() -> None:
    assert validate_rules_file(TOP_LEVEL) == []
    assert load_rules(TOP_LEVEL) == default_rules()


def test_shipped_file_states_the_catalogue_defaults() -> None:
    shipped = default_rules()
    catalogue = HouseRules()
    for item in dataclasses.fields(HouseRules):
        if item.name in ("schedules", "presets"):
            continue
        assert getattr(shipped, item.name) == getattr(catalogue, item.name), item.name


def _leaf_options(cls: type, prefix: str = "") -> list[tuple[str, str]]:
    """(dotted option, rule ID) for every house option of the model."""
    result = []
    for item in dataclasses.fields(cls):
        if item.name in ("schedules", "presets", "schema_version"):
            continue
        default = (item.default_factory() if item.default_factory is not dataclasses.MISSING
                   else item.default)
        if dataclasses.is_dataclass(default):
            result.extend(_leaf_options(type(default), f"{prefix}{item.name}."))
        else:
            result.append((f"{prefix}{item.name}", item.metadata.get("rule", "")))
    return result


def test_every_option_is_in_the_file_with_a_comment_citing_its_rule_id() -> None:
    lines = TOP_LEVEL.read_text("utf-8").splitlines()
    options = _leaf_options(HouseRules)
    assert len(options) >= 25
    for dotted, rule_id in options:
        section, key = dotted.split(".")
        start = next(i for i, line in enumerate(lines) if line == f"{section}:")
        index = next(i for i in range(start + 1, len(lines))
                     if re.match(rf"\s+{re.escape(key)}:", lines[i]))
        comment = []
        j = index - 1
        while j > start and lines[j].strip().startswith("#"):
            comment.append(lines[j])
            j -= 1
        assert comment, f"{dotted} has no comment"
        if rule_id:
            assert rule_id in " ".join(comment), f"{dotted}: comment does not cite {rule_id}"


def test_every_rule_id_the_model_cites_exists_in_the_catalogue() -> None:
    if not CATALOGUE.exists():
        pytest.skip("the shared rules catalogue is not available here")
    ids = set(re.findall(r"^\| ([A-Z0-9-]+) \|", CATALOGUE.read_text("utf-8"), re.MULTILINE))
    for dotted, rule_id in _leaf_options(HouseRules):
        assert not rule_id or rule_id in ids, f"{dotted}: {rule_id} is not in the catalogue"


@pytest.mark.parametrize("name", [
    "NLHE 1/2", "Limit Hold'em 10/20", "PLO 1/2", "Stud 15/30 ante 2 bring-in 5", "Razz",
    "2-7 Triple Draw 10/20", "Jacks or Better", "Sit & Go 1500",
])
def test_shipped_presets_named_in_the_issue(name: str) -> None:
    assert default_rules().preset(name).name == name


def test_shipped_presets_stakes() -> None:
    rules = default_rules()
    stud = rules.preset("Stud 15/30 ante 2 bring-in 5")
    assert (stud.game, stud.ante, stud.bring_in, stud.small_bet, stud.big_bet) == (
        "F7S", 2, 5, 15, 30)
    limit = rules.preset("Limit Hold'em 10/20")
    assert (limit.game, limit.small_blind, limit.big_blind, limit.small_bet, limit.big_bet) == (
        "FT", 5, 10, 10, 20)
    sng = rules.preset("Sit & Go 1500")
    assert sng.starting_stack == 1500 and sng.rake is False
    levels = rules.schedule(sng.schedule or "").levels
    assert (levels[0].small_blind, levels[0].big_blind) == (10, 20)
    assert all(a.big_blind <= b.big_blind for a, b in zip(
        [lv for lv in levels if not lv.is_break], [lv for lv in levels if not lv.is_break][1:],
        strict=False))


def test_phh_profile_follows_pokerkit_conventions() -> None:
    profile = phh_profile()
    assert all(profile.fixed_limit.cap_bets[family] == 4 for family in GameFamily)
    assert profile.fixed_limit.blind_counts_as_bet is False
    assert profile.fixed_limit.cap_lifted_heads_up is False
    assert profile.fixed_limit.half_bet_allin_reopens is False
    assert profile.odd_chip.board is OddChipRule.LOWEST_SEAT
    assert profile.odd_chip.stud is OddChipRule.LOWEST_SEAT
    assert profile.rake.enabled is False
    assert profile.straddle.acts_as_big_blind is False
    assert profile.rake.rake_for(pot_total=1000, big_blind=2, saw_flop=True) == 0


def test_docs_rules_md_describes_every_option() -> None:
    text = (REPO / "docs" / "rules.md").read_text("utf-8")
    for dotted, _ in _leaf_options(HouseRules):
        assert f"`{dotted}`" in text, dotted


def test_DR_OPENERS_preset_override_and_house_default() -> None:
    from dealerassist.rules.model import DrawOpeners

    rules = default_rules()
    assert rules.openers_for(rules.preset("Jacks or Better")) is DrawOpeners.JACKS_OR_BETTER
    assert rules.openers_for(rules.preset("NLHE 1/2")) is DrawOpeners.ANY
