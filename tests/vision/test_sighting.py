import pytest

from dealerassist.cards import JOKER, UNKNOWN, parse_card
from dealerassist.vision.sighting import CONFIRM_BELOW, Sighting


def test_sighting_is_frozen_and_serialises_to_the_cli_shape():
    sighting = Sighting(parse_card("Ah"), 0.97, (10, 20, 30, 40), "board", 5)
    assert sighting.to_json() == {
        "card": "Ah",
        "confidence": 0.97,
        "box": [10, 20, 30, 40],
        "zone": "board",
    }
    with pytest.raises(AttributeError):
        sighting.confidence = 0.5  # type: ignore[misc]


@pytest.mark.parametrize("card", [JOKER, UNKNOWN])
def test_sighting_refuses_non_face_cards(card):
    with pytest.raises(ValueError, match="face card"):
        Sighting(card, 0.9, (0, 0, 1, 1))


@pytest.mark.parametrize("confidence", [-0.1, 1.01])
def test_sighting_refuses_confidence_outside_0_1(confidence):
    with pytest.raises(ValueError, match="outside 0..1"):
        Sighting(parse_card("2c"), confidence, (0, 0, 1, 1))


def test_low_confidence_sighting_needs_the_dealer_to_confirm():
    assert Sighting(parse_card("2c"), CONFIRM_BELOW - 0.01, (0, 0, 1, 1)).needs_confirmation
    assert not Sighting(parse_card("2c"), CONFIRM_BELOW, (0, 0, 1, 1)).needs_confirmation
