"""Every IRR rule of the catalogue has a ruling in both languages and a scenario test."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dealerassist.cards import UNKNOWN
from dealerassist.engine import ruling_events as irr
from dealerassist.engine.ruling_events import RULING_EVENTS
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
    samples = [
        irr.CardExposed(1, card("Ah"), nth=3), irr.CardExposed(0, UNKNOWN, by_dealer=False),
        irr.ActionAttempted(2, irr.ActionKind.RAISE, 30), irr.ExtraCardDealt(1, 2),
        irr.BoardCardsExposed((card("Ks"), card("2c"))), irr.PlayerAbsent(2),
        irr.ButtonMisplaced("seat 4"), irr.DealError(irr.DealErrorKind.OUT_OF_SEQUENCE),
        irr.HandSizeWrong(1, 6, after_draw=True), irr.FalseOpeners(0, all_in=True),
        irr.WrongBringIn(0, 2), irr.FoldedWithoutBet(1),
        irr.RulingApplied("3:IRR-DECK", "IRR-DECK"),
        irr.FloorOverruled("3:IRR-DECK", "misread"), irr.MisdealDeclared("IRR-HE-EXPOSE-2"),
        irr.HoleCardReplaced(0, card("Kd"), card("2c")),
        irr.BoardCardsReturned((card("Ah"),), "IRR-FLOP-EARLY"), irr.CardSetAside(card("Qh")),
        irr.StubReshuffled((card("Qh"),)), irr.BurnSkipped("IRR-TURN-EARLY"),
        irr.HandKilled(1, "IRR-DR-FOUL", ante_returned=True),
        irr.ChipsReturned(0, 10, "IRR-ST-WRONG-LOW"),
    ]
    assert {type(e) for e in samples} == set(RULING_EVENTS)
    for event in samples:
        encoded = codec.encode(event)
        assert codec.decode(encoded.type, encoded.class_version, encoded.payload) == event
