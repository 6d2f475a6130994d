"""The shipped catalogue (English and French), the house's options, and search."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from dealerassist.floor import house_options, rule_catalogue, search
from dealerassist.rules import default_rules
from dealerassist.rules.model import OddChipRule

SPEC = Path("/work/shared/spec/rules-catalogue.md")
PACKAGE = Path(__file__).resolve().parents[2] / "dealerassist" / "floor"


@pytest.mark.skipif(not SPEC.exists(), reason="the shared spec is not mounted")
def test_shipped_english_catalogue_is_the_specs() -> None:
    assert (PACKAGE / "catalogue_en.md").read_text("utf-8") == SPEC.read_text("utf-8")


def test_every_rule_has_a_french_text_and_every_irregularity_a_ruling() -> None:
    entries = rule_catalogue()
    assert len(entries) == 120
    assert len({e.rule_id for e in entries}) == 120
    for entry in entries:
        assert entry.text_fr and entry.text_fr != entry.text_en, entry.rule_id
        assert re.search(r"\[(0\d\d|std)\]", entry.text_en + entry.ruling_en), entry.rule_id
        if entry.rule_id.startswith("IRR-"):
            assert entry.ruling_en and entry.ruling_fr, entry.rule_id
    # the sources cited stay the same in the translation
    for entry in entries:
        cited = re.findall(r"\[(?:0\d\d|std)\]", entry.text_en + entry.ruling_en)
        assert cited == re.findall(r"\[(?:0\d\d|std)\]", entry.text_fr + entry.ruling_fr), \
            entry.rule_id


def test_every_option_in_rules_yaml_cites_a_catalogue_rule() -> None:
    known = {e.rule_id for e in rule_catalogue()}
    options = house_options(default_rules())
    assert set(options) <= known
    assert {"G-ODD-CHIP", "BET-FL-CAP", "RAKE-RATE", "IRR-UNDERRAISE"} <= set(options)


def test_house_option_values_are_the_houses() -> None:
    rules = default_rules()
    house = dataclasses.replace(rules, odd_chip=dataclasses.replace(
        rules.odd_chip, board=OddChipRule.LOWEST_SEAT, unit=5))
    values = {o.path: o.value for o in house_options(house)["G-ODD-CHIP"]}
    assert values["odd_chip.board"] == "lowest_seat" and values["odd_chip.unit"] == "5"
    caps = {o.path: o.value for o in house_options(rules)["BET-FL-CAP"]}
    assert caps["fixed_limit.cap_bets"] == "board: 4, draw: 5, stud: 4"


@pytest.mark.parametrize(("query", "first"), [
    ("BET-PL-MAX", "BET-PL-MAX"),
    ("bet-nl", "BET-NL-MIN"),
    ("relance minimale", "BET-PL-MIN"),
    ("jeton impair", "G-ODD-CHIP"),
    ("ODD CHIP", "G-ODD-CHIP"),
    ("plus basse carte bring-in", "ST-BRINGIN"),
    ("mise non suivie", "POT-UNCALLED"),
    ("debut", "G-TABLE-STAKES"),  # accents ignored: "début"
    ("rake cap", "RAKE-RATE"),
    ("pot limit", "BET-PL-MAX"),
    ("side pot", "POT-MAIN-SIDE"),
    ("heads-up", "BET-HEADSUP"),
    ("fausse donne", "IRR-HE-EXPOSE-FIRST2"),
])
def test_search_finds_rules_in_english_and_french(query: str, first: str) -> None:
    found = [e.rule_id for e in search(query)]
    assert found and found[0] == first, found[:5]


def test_words_spelling_an_id_rank_its_rules_first() -> None:
    assert {e.rule_id for e in search("bring in")[:2]} == {"ST-BRINGIN", "RZ-BRINGIN"}


def test_search_needs_every_word_and_empty_lists_all() -> None:
    assert search("flop zebra") == ()
    assert len(search("  ")) == 120
    misdeals = {e.rule_id for e in search("fausse donne")}
    assert {"IRR-HE-EXPOSE-FIRST2", "IRR-LB-MISDEAL", "IRR-HE-EXTRA-2"} <= misdeals
