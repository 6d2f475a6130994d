from __future__ import annotations

import json
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum, unique
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dealerassist.cards import Card, parse_card, parse_cards
from dealerassist.errors import JournalError
from dealerassist.journal.codec import EventCodec


@unique
class Street(StrEnum):
    PREFLOP = "preflop"
    FLOP = "flop"


@dataclass(frozen=True)
class Seat:
    number: int
    name: str


@dataclass(frozen=True)
class Dealt:
    seat: int
    cards: tuple[Card, ...]
    street: Street
    board: Card | None = None


@dataclass(frozen=True)
class Raised:
    seat: int
    to: int
    share: Fraction = Fraction(0)
    rate: Decimal = Decimal("0")


@dataclass(frozen=True)
class Wrapped:
    inner: object
    seats: tuple[Seat, ...]
    stacks: dict[int, int]
    note: str | None


def codec() -> EventCodec:
    registry = EventCodec()
    for cls in (Dealt, Raised, Wrapped):
        registry.register(cls)
    return registry


def roundtrip(registry: EventCodec, event: object) -> object:
    encoded = registry.encode(event)
    return registry.decode(encoded.type, encoded.class_version, encoded.payload)


def test_cards_are_text_and_chips_are_json_integers() -> None:
    registry = codec()
    encoded = registry.encode(Dealt(seat=3, cards=parse_cards("Ah Td"), street=Street.FLOP))
    assert encoded.type == "Dealt"
    assert encoded.class_version == 1
    assert json.loads(encoded.payload) == {
        "seat": 3,
        "cards": ["Ah", "Td"],
        "street": "flop",
        "board": None,
    }


def test_roundtrip_of_nested_and_polymorphic_fields() -> None:
    registry = codec()
    event = Wrapped(
        inner=Raised(seat=2, to=180, share=Fraction(1, 3), rate=Decimal("0.05")),
        seats=(Seat(1, "Alice"), Seat(4, "Bruno")),
        stacks={1: 1500, 4: 980},
        note=None,
    )
    back = roundtrip(registry, event)
    assert back == event
    assert isinstance(back.inner, Raised)  # type: ignore[attr-defined]
    assert back.stacks[4] == 980  # type: ignore[attr-defined]


def test_optional_card_roundtrips() -> None:
    registry = codec()
    event = Dealt(seat=1, cards=(), street=Street.PREFLOP, board=parse_card("7c"))
    assert roundtrip(registry, event) == event


def test_a_float_is_never_journaled() -> None:
    registry = codec()
    with pytest.raises(JournalError, match="float"):
        registry.encode(Raised(seat=1, to=10.5))  # type: ignore[arg-type]


def test_a_float_in_a_stored_payload_is_refused() -> None:
    with pytest.raises(JournalError, match="float"):
        codec().decode("Raised", 1, '{"seat": 1, "to": 10.5}')


def test_wrong_json_types_name_the_field() -> None:
    with pytest.raises(JournalError, match=r"Raised\.to: expected an integer"):
        codec().decode("Raised", 1, '{"seat": 1, "to": "ten"}')
    with pytest.raises(JournalError, match=r"Dealt\.cards"):
        codec().decode("Dealt", 1, '{"seat": 1, "cards": ["Zz"], "street": "flop"}')
    with pytest.raises(JournalError, match="missing"):
        codec().decode("Raised", 1, '{"seat": 1}')
    with pytest.raises(JournalError, match="not valid JSON"):
        codec().decode("Raised", 1, "{")


def test_unknown_type_and_newer_version_are_refused() -> None:
    with pytest.raises(JournalError, match="unknown event type 'Teleported'"):
        codec().decode("Teleported", 1, "{}")
    with pytest.raises(JournalError, match="newer"):
        codec().decode("Raised", 2, '{"seat": 1, "to": 3}')


def test_unregistered_or_unfrozen_classes_are_refused() -> None:
    with pytest.raises(JournalError, match="not a registered"):
        codec().encode(Seat(1, "A"))
    with pytest.raises(JournalError, match="frozen"):
        EventCodec().register(type("Loose", (), {}))


def test_a_name_cannot_be_taken_twice() -> None:
    registry = codec()
    with pytest.raises(JournalError, match="already used"):
        registry.register(Seat, type_name="Dealt")


def test_upcasters_bring_old_payloads_up_to_date_in_a_chain() -> None:
    registry = EventCodec()
    registry.register(Raised, class_version=3)

    @registry.upcaster("Raised", 1)
    def rename_amount(payload):  # type: ignore[no-untyped-def]
        payload["to"] = payload.pop("amount")
        return payload

    @registry.upcaster("Raised", 2)
    def seat_from_zero_to_one(payload):  # type: ignore[no-untyped-def]
        payload["seat"] += 1
        return payload

    assert registry.decode("Raised", 1, '{"seat": 0, "amount": 60}') == Raised(seat=1, to=60)
    assert registry.decode("Raised", 2, '{"seat": 0, "to": 60}') == Raised(seat=1, to=60)
    assert registry.encode(Raised(seat=1, to=60)).class_version == 3


def test_missing_upcaster_is_an_error() -> None:
    registry = EventCodec()
    registry.register(Raised, class_version=2)
    with pytest.raises(JournalError, match="no upcaster for Raised from version 1"):
        registry.decode("Raised", 1, '{"seat": 0, "to": 60}')


cards = st.lists(st.integers(0, 51), unique=True, max_size=7).map(
    lambda codes: tuple(Card.from_code(c) for c in codes)
)


@given(
    seat=st.integers(-(2**62), 2**62),
    hand=cards,
    street=st.sampled_from(list(Street)),
    board=st.one_of(st.none(), st.integers(0, 53).map(Card.from_code)),
)
def test_any_event_roundtrips_exactly(seat: int, hand, street, board) -> None:  # type: ignore[no-untyped-def]
    event = Dealt(seat=seat, cards=hand, street=street, board=board)
    assert roundtrip(codec(), event) == event
