"""Cards: parsing, printing, the deck (G-DECK) and clear errors on bad text."""

import pickle
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dealerassist.cards import (
    JOKER,
    UNKNOWN,
    Card,
    Deck,
    Rank,
    Suit,
    format_cards,
    parse_card,
    parse_cards,
    standard_deck,
)
from dealerassist.errors import InvalidCardError


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("Ah", Rank.ACE, Suit.HEARTS),
        ("ah", Rank.ACE, Suit.HEARTS),
        ("Td", Rank.TEN, Suit.DIAMONDS),
        ("10d", Rank.TEN, Suit.DIAMONDS),
        ("2c", Rank.TWO, Suit.CLUBS),
        ("K♠", Rank.KING, Suit.SPADES),
        (" qS ", Rank.QUEEN, Suit.SPADES),
    ],
)
def test_parse_card_reads_every_accepted_spelling(text, rank, suit):
    card = parse_card(text)
    assert (card.rank, card.suit) == (rank, suit)
    assert card is Card.of(rank, suit)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [("Xz", "unknown rank"), ("Az", "unknown suit 'z'"), ("", "empty"), ("11h", "unknown rank")],
)
def test_parse_card_names_the_bad_text(text, fragment):
    with pytest.raises(ValueError, match=fragment):
        parse_card(text)


def test_parse_cards_accepts_runs_separators_and_mixed_items():
    assert format_cards(parse_cards("AhTd 10c,2s")) == "Ah Td Tc 2s"
    assert parse_cards(["Ah", parse_card("Kd")]) == (parse_card("Ah"), parse_card("Kd"))


def test_IRR_DECK_duplicate_card_is_rejected_by_name():
    with pytest.raises(InvalidCardError, match="duplicate card Ah"):
        parse_cards("Ah Kd ah")


def test_unknown_cards_may_repeat_and_have_no_rank():
    cards = parse_cards("????")
    assert cards == (UNKNOWN, UNKNOWN)
    with pytest.raises(InvalidCardError):
        _ = UNKNOWN.rank


def test_G_DECK_52_distinct_faces_and_optional_joker():
    deck = standard_deck()
    assert len(set(deck)) == 52
    assert {card.suit for card in deck} == set(Suit)
    assert JOKER not in deck
    assert standard_deck(joker_count=1)[-1] is JOKER
    assert str(JOKER) == "Jk" and parse_card("joker") is JOKER


def test_suit_order_is_the_bring_in_order_clubs_lowest():
    assert [suit.order for suit in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)] == [
        0,
        1,
        2,
        3,
    ]


def test_deck_draw_is_pure_and_refuses_overdraw():
    deck = Deck.standard().shuffled(random.Random(7))
    top, rest = deck.draw(5)
    assert len(deck) == 52 and len(rest) == 47
    assert set(top).isdisjoint(rest.cards)
    with pytest.raises(InvalidCardError, match="only 47 left"):
        rest.draw(48)


@given(st.integers(min_value=0, max_value=53))
def test_text_round_trip_and_pickle_keep_identity(code):
    card = Card.from_code(code)
    assert parse_cards(str(card))[0] is card
    assert pickle.loads(pickle.dumps(card)) is card
