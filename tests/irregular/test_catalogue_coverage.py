"""Every IRR rule of the catalogue has a ruling in both languages and a scenario test."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dealerassist.engine.ruling_events import RULING_EVENTS, DealError, DealErrorKind
from dealerassist.irregular.texts import RULINGS, ruling_text
from dealerassist.journal.codec import EventCodec
from dealerassist.rules.model import HouseRules, IrregularityRules, OutOfTurnRuling

from .helpers import card

CATALOGUE = Path(__file__).resolve().parents[2] / "shared" / "spec" / "rules-catalogue.md"
if not CATALOGUE.exists():
    CATALOGUE = Path("/work/shared/spec/rules-catalogue.md")


def _catalogue_ids() -> set[str]:
    text = CATALOGUE.read_text(encoding="utf-8")
    return set(re.findall(r"^\| (IRR-[A-Z0-9-]+) \|", text, flags=re.MULTILINE))


@pytest.mark.skipif(not CATALOGUE.exists(), reason="the shared spec is not checked out")
def test_every_IRR_rule_of_the_catalogue_has_a_ruling() -> None:
    ids = _catalogue_ids()
    assert len(ids) == 28
    assert set(RULINGS) == ids


@pytest.mark.skipif(not CATALOGUE.exists(), reason="the shared spec is not checked out")
def test_every_IRR_rule_has_a_scenario_test_named_after_it() -> None:
    names = ""
    for path in Path(__file__).parent.glob("test_*.py"):
        names += "\n".join(re.findall(r"^def (test_\w+)", path.read_text(), re.MULTILINE))
    missing = [rule for rule in sorted(_catalogue_ids())
               if f"test_{rule.replace('-', '_')}_" not in names]
    assert missing == []


def test_rulings_have_both_languages_and_steps() -> None:
    for rule_id, text in RULINGS.items():
        assert text.rule_en and text.rule_fr, rule_id
        assert text.steps_en and len(text.steps_en) == len(text.steps_fr), rule_id
        assert text.rule_en != text.rule_fr, rule_id


def test_IRR_OUT_OF_TURN_steps_follow_the_house_option() -> None:
    house = HouseRules(irregularities=IrregularityRules(out_of_turn=OutOfTurnRuling.NOT_BINDING))
    assert "not binding" in ruling_text("IRR-OUT-OF-TURN", rules=house).steps_en[1]
    assert "binding if" in ruling_text("IRR-OUT-OF-TURN").steps_en[1]


def test_ruling_events_round_trip_through_the_journal_codec() -> None:
    codec = EventCodec()
    for cls in RULING_EVENTS:
        codec.register(cls)
    from dealerassist.engine.ruling_events import CardExposed, HoleCardReplaced

    for event in (CardExposed(1, card("Ah"), nth=3), DealError(DealErrorKind.OUT_OF_SEQUENCE),
                  HoleCardReplaced(0, card("Kd"), card("2c"))):
        encoded = codec.encode(event)
        assert codec.decode(encoded.type, encoded.class_version, encoded.payload) == event
