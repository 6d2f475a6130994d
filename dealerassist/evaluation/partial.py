"""Stud up cards: who shows the best hand, and who brings in (ST-BRINGIN, ST-FIRST, RZ-BRINGIN).

One to four up cards rank by pairs, trips and quads only: straights and flushes do not
count. Keys are tuples, greater = better showing hand; ties are broken by position by the
caller (ST-FIRST: the first player from the dealer's left acts first; RZ-BRINGIN the
same). The key holds the category, the number of cards, then the ranks by group, which
orders hands exactly as pokerkit's stud openings do.
"""

from __future__ import annotations

from collections.abc import Sequence

from dealerassist.cards import Card
from dealerassist.errors import InvalidCardError

__all__ = ["bring_in_player", "rank_up_cards_high", "rank_up_cards_low"]

# 1 to 4 cards: high card < pair < two pair < three of a kind < four of a kind.
_CATEGORY = {(1,): 0, (2,): 1, (2, 2): 2, (3,): 3, (4,): 4}


def _key(cards: Sequence[Card], *, ace_low: bool, what: str) -> tuple[int, ...]:
    if not 1 <= len(cards) <= 4:
        raise InvalidCardError(f"{what} takes 1 to 4 up cards, got {len(cards)}")
    codes = []
    for card in cards:
        if not isinstance(card, Card) or card.code >= 52:
            raise InvalidCardError(f"{what}: {card!r} is not a face-up card")
        codes.append(card.code)
    return _key_of_codes(codes, ace_low=ace_low)


def _key_of_codes(codes: Sequence[int], *, ace_low: bool) -> tuple[int, ...]:
    """Return the key of 1 to 4 face codes: category, count, then the ranks by group.

    Ranks are read from the codes (no Rank members built): stud openers rank the up cards
    of every player on every round.
    """
    counts: dict[int, int] = {}
    for code in codes:
        rank = code // 4 + 2
        if ace_low and rank == 14:
            rank = 1  # Rank.low_value
        counts[rank] = counts.get(rank, 0) + 1
    groups = sorted([(count, rank) for rank, count in counts.items()], reverse=True)
    shape = tuple([count for count, _ in groups if count > 1]) or (1,)
    return (_CATEGORY[shape], len(codes), *[rank for _, rank in groups])


def rank_up_cards_high(cards: Sequence[Card]) -> tuple[int, ...]:
    """Return a comparable key of 1 to 4 up cards, greater = better high hand showing (ST-FIRST).

    Raises:
        InvalidCardError: Not 1 to 4 face cards.

    """
    return _key(cards, ace_low=False, what="rank_up_cards_high")


def rank_up_cards_low(cards: Sequence[Card]) -> tuple[int, ...]:
    """Return a comparable key of 1 to 4 razz up cards, greater = better (lower) hand.

    RZ-BRINGIN: on later rounds the lowest hand showing acts first.

    Aces are low; pairs count against the hand.

    Raises:
        InvalidCardError: Not 1 to 4 face cards.

    """
    return tuple(-part for part in _key(cards, ace_low=True, what="rank_up_cards_low"))


def bring_in_player(up_cards: Sequence[Card], *, highest: bool = False) -> int:
    """Index of the player who brings in, given each player's first up card.

    By default the lowest card brings in, aces high, equal ranks broken by suit, clubs
    lowest then diamonds, hearts, spades (ST-BRINGIN). With ``highest`` (razz,
    RZ-BRINGIN) the highest card brings in, aces low, and equal ranks are broken the other
    way: the highest suit (spades) brings in. The seed reads "la carte la plus haute par
    couleur" (highest card, by suit); pokerkit's razz does the same (max of rank, suit).
    The position tie-break of RZ-BRINGIN is for the lowest hand on later rounds.

    Raises:
        InvalidCardError: No cards, or a card that is not a face card.

    """
    if not up_cards:
        raise InvalidCardError("bring_in_player needs at least one up card")
    # Keys from the card codes ((rank - 2) * 4 + suit order): the same (rank, suit order)
    # pairs as Rank/Suit would give, without building enum members for every card.
    keys = []
    for card in up_cards:
        if not isinstance(card, Card) or card.code >= 52:
            raise InvalidCardError(f"bring_in_player: {card!r} is not a face-up card")
        rank = card.code // 4 + 2
        if highest and rank == 14:
            rank = 1  # aces low in razz (Rank.low_value)
        keys.append((rank, card.code % 4))
    chosen = max(keys) if highest else min(keys)
    return keys.index(chosen)
