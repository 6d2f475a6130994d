"""describe(): the hand in words, English and French."""

from __future__ import annotations

import pytest

from dealerassist.evaluation import (
    describe,
    evaluate_badugi,
    evaluate_high,
    evaluate_low8,
    evaluate_low_27,
    evaluate_low_a5,
)

HIGH = [
    ("As Ks Qs Js Ts", "Royal flush", "Quinte flush royale"),
    ("9h 8h 7h 6h 5h", "Straight flush, nine high", "Quinte flush hauteur 9"),
    ("Qc Qd Qh Qs 2c", "Four queens", "Carré de Dames"),
    ("Kc Kd Kh 7c 7d", "Kings full of sevens", "Full, les Rois par les 7"),
    ("Ac Ad Ah Jc Jd", "Aces full of jacks", "Full, les As par les Valets"),
    ("Ah Qh 9h 5h 3h", "Flush, ace high", "Couleur hauteur As"),
    ("5s 4d 3c 2h Ad", "Straight, five high", "Quinte hauteur 5"),
    ("6c 6d 6h Ks 2c", "Three sixes", "Brelan de 6"),
    ("Ac Ad Kh Ks Qc", "Two pair, aces and kings", "Double paire, les As et les Rois"),
    ("Tc Td 5h 4s 3c", "Pair of tens", "Paire de 10"),
    ("Ac Ad 5h 4s 3c", "Pair of aces", "Paire d'As"),
    ("Kc Jd 9h 6s 3c", "King high", "Hauteur Roi"),
    ("Jk Ac Ad Ah As", "Five aces", "Cinq As"),
]


@pytest.mark.parametrize(("cards", "english", "french"), HIGH)
def test_describe_high_hands_in_english_and_french(cards: str, english: str, french: str) -> None:
    value = evaluate_high(cards)
    assert describe(value) == english
    assert describe(value, "fr") == french


def test_describe_lows_list_the_cards_from_the_top() -> None:
    assert describe(evaluate_low_a5("Ac 2d 3h 4s 6c")) == "6-4-3-2-A low"
    assert describe(evaluate_low_a5("Ac 2d 3h 4s 6c"), "fr") == "Low 6-4-3-2-A"
    assert describe(evaluate_low_a5("Ac Ad 3h 4s 6c")) == "Pair of aces"
    assert describe(evaluate_low8("8c 2d 3h 4s 6c")) == "8-6-4-3-2 low"
    assert describe(evaluate_low_27("7c 5d 4h 3s 2c")) == "7-5-4-3-2 low"
    assert describe(evaluate_low_27("7h 5h 4h 3h 2h")) == "Flush, seven high"
    assert describe(evaluate_badugi("Kc 2d 3h 4h"), "fr") == "3 cartes K-3-2"
    assert describe(evaluate_badugi("Kc 2d 3h 4h")) == "3-card K-3-2"


def test_describe_refuses_an_unknown_language() -> None:
    with pytest.raises(ValueError, match="unknown language 'de'"):
        describe(evaluate_high("Kc Jd 9h 6s 3c"), "de")
