"""Stud specifics: which hole cards are up, who brings in, who opens each round.

Pure functions over a game's streets and the players' hole cards, used by `state` (no
import of it, so no cycle):

- ST7-DEAL / ST5-DEAL: a player's hole cards are the concatenation of each street's cards,
  down cards first, then up cards (PHH lists them in that order: ``d dh p1 AcKd5h`` on
  third street is A-K down, 5 up). `up_positions` says which positions are up.
- ST-BRINGIN / RZ-BRINGIN: on the first round the lowest up card (suits c < d < h < s)
  brings in; in razz the highest (aces low, spades first) does (`bring_in_player`).
- ST7-COMMUNITY: when the stub cannot give every player a card (`deck_short`), one
  community card is turned for all.
- RZ-ANNOUNCE: the pairs the dealer announces in razz (`pairs_to_announce`).
- ST-FIRST / RZ-BRINGIN: on later rounds the best (razz: lowest) hand showing acts first,
  ties by position, the player nearest the dealer's left first (index 0 first).

Up cards not yet identified (``??``) do not count; with no up card known at all the first
player (index 0) opens, and the dealer is expected to enter up cards as they are dealt.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from dealerassist.cards import Card
from dealerassist.evaluation.partial import (
    bring_in_player,
    rank_up_cards_high,
    rank_up_cards_low,
)
from dealerassist.games.spec import GameSpec, Opening

__all__ = ["deck_short", "opener", "pairs_to_announce", "up_cards", "up_positions"]

# Enum members as module constants: looking a member up on its class goes through the
# enum metaclass (~0.1 us), and the hot paths below test several per event.
_HIGH_CARD = Opening.HIGH_CARD
_HIGH_HAND = Opening.HIGH_HAND
_LOW_CARD = Opening.LOW_CARD


@cache
def _positions(game: GameSpec) -> tuple[bool, ...]:
    result: list[bool] = []
    for street in game.streets:
        result.extend([False] * street.hole_down)
        result.extend([True] * street.hole_up)
    return tuple(result)


# Replay asks for the up positions of the same few games thousands of times; hashing a
# GameSpec (a deep frozen dataclass) costs more than the answer, so look them up by identity
# (the spec is kept in the entry, so its id cannot be reused while the entry lives).
_POSITIONS_BY_ID: dict[int, tuple[GameSpec, tuple[bool, ...]]] = {}


def up_positions(game: GameSpec) -> tuple[bool, ...]:
    """For each hole-card position once all streets are dealt: True where the card is up."""
    entry = _POSITIONS_BY_ID.get(id(game))
    if entry is None or entry[0] is not game:
        entry = _POSITIONS_BY_ID[id(game)] = (game, _positions(game))
    return entry[1]


_UNKNOWN_CODE = 53
_CARDS = tuple(Card.from_code(code) for code in range(54))  # interned: a code is its card


def up_cards(game: GameSpec, hole: Sequence[Card]) -> tuple[Card, ...]:
    """Return the up cards among ``hole`` (unknown ones left out)."""
    mask = up_positions(game)
    return tuple(card for card, up in zip(hole, mask, strict=False)
                 if up and card.code != _UNKNOWN_CODE)


# Keys of showing hands by the card codes showing, one table per ranking: the same up cards
# come back on every later round of every hand (at most ~300,000 sets of 1 to 4 cards, so
# the tables are bounded). The key itself is the evaluation layer's (`rank_up_cards_*`).
_KEY_CACHE_LIMIT = 400_000
_HIGH_KEYS: dict[tuple[int, ...], tuple[int, ...]] = {}
_LOW_KEYS: dict[tuple[int, ...], tuple[int, ...]] = {}

# For each game (by identity, the spec kept in the entry) and number of hole cards held:
# the positions of the up cards among them.
_UP_INDICES: dict[int, tuple[GameSpec, list[tuple[int, ...]]]] = {}


def _up_indices(game: GameSpec, held: int) -> tuple[int, ...]:
    entry = _UP_INDICES.get(id(game))
    if entry is None or entry[0] is not game:
        mask = _positions(game)
        by_count = [tuple(k for k in range(count) if mask[k]) for count in range(len(mask) + 1)]
        entry = _UP_INDICES[id(game)] = (game, by_count)
    by_count = entry[1]
    if held < len(by_count):
        return by_count[held]
    return by_count[-1]  # more cards than the game deals: the extra ones are not up


def _showing_key(codes: tuple[int, ...], *, high: bool) -> tuple[int, ...]:
    table = _HIGH_KEYS if high else _LOW_KEYS
    key = table.get(codes)
    if key is None:
        cards = [_CARDS[code] for code in codes]
        key = rank_up_cards_high(cards) if high else rank_up_cards_low(cards)
        if len(table) < _KEY_CACHE_LIMIT:
            table[codes] = key
    return key


def opener(game: GameSpec, opening: Opening, holes: Sequence[Sequence[Card]],
           live: Sequence[bool]) -> int:
    """Index of the player who acts first on a stud round (ST-BRINGIN, ST-FIRST, RZ-BRINGIN).

    Args:
        game: the variant.
        opening: the round's `Opening` (not ``POSITION``).
        holes: every player's hole cards.
        live: whether each player is still in the hand (folded players never open).

    """
    # Codes only (a card is its code: cards are interned); Card objects are fetched back only
    # for a set of up cards whose key is not in the table yet.
    candidates: list[int] = []
    codes_shown: list[tuple[int, ...]] = []  # each candidate's known up cards, as codes
    by_count: dict[int, tuple[int, ...]] = {}
    for i, hole in enumerate(holes):
        if not live[i]:
            continue
        held = len(hole)
        indices = by_count.get(held)
        if indices is None:
            indices = by_count[held] = _up_indices(game, held)
        codes = tuple([hole[k].code for k in indices])
        if _UNKNOWN_CODE in codes:
            codes = tuple([code for code in codes if code != _UNKNOWN_CODE])
        if codes:
            candidates.append(i)
            codes_shown.append(codes)
    if not candidates:
        return 0
    if opening is _LOW_CARD or opening is _HIGH_CARD:
        # The first round: each player shows one up card (the last one dealt).
        chosen = bring_in_player([_CARDS[codes[-1]] for codes in codes_shown],
                                 highest=opening is _HIGH_CARD)
        return candidates[chosen]
    table = _HIGH_KEYS if opening is _HIGH_HAND else _LOW_KEYS
    best_index, best_key = -1, ()
    for i, codes in zip(candidates, codes_shown, strict=True):
        key = table.get(codes)
        if key is None:
            key = _showing_key(codes, high=table is _HIGH_KEYS)
        if best_index < 0 or key > best_key:  # strict: ties go to the earlier player (ST-FIRST)
            best_index, best_key = i, key
    return best_index


def deck_short(game: GameSpec, street_index: int, holes: Sequence[Sequence[Card]],
               board_count: int, players: int, *, burns: bool = True) -> bool:
    """Whether the stub holds fewer cards than ``players`` on street ``street_index``.

    Cards out of the stub: every card dealt to anybody (folded hands included), the board,
    and, with ``burns``, one burn before each street that burns, this one included
    (ST7-COMMUNITY). A hand history records no burns (``burns`` False): the community card
    is then dealt only when the cards nobody has seen do not suffice.
    """
    dealt = sum(map(len, holes)) + board_count
    if not burns:
        return game.deck_size - dealt < players
    entry = _BURNS_BY_STREET.get(id(game))
    if entry is None or entry[0] is not game:
        streets = game.streets
        entry = _BURNS_BY_STREET[id(game)] = (game, tuple(
            sum(1 for street in streets[1:index + 1] if street.burn)
            for index in range(len(streets))))
    by_street = entry[1]
    burns = by_street[street_index] if street_index < len(by_street) else by_street[-1]
    return game.deck_size - dealt - burns < players


# Burns before each street, this one included (never the first street's: ST7-COMMUNITY),
# per game by identity (the spec kept in the entry).
_BURNS_BY_STREET: dict[int, tuple[GameSpec, tuple[int, ...]]] = {}


def pairs_to_announce(game: GameSpec, holes: Sequence[Sequence[Card]],
                      live: Sequence[bool]) -> tuple[tuple[int, int], ...]:
    """Razz (RZ-ANNOUNCE): (player, rank) of each pair that shows for the first time.

    A pair among a live player's up cards whose second card is the one just dealt (the
    last up card) is announced; pairs among down cards never are. Ranks are 2..14.
    """
    result = []
    for player, hole in enumerate(holes):
        if not live[player]:
            continue
        ups = [card for card, up in zip(hole, up_positions(game), strict=False)
               if up and not card.is_unknown]
        if len(hole) and up_positions(game)[len(hole) - 1] and len(ups) >= 2:
            last = ups[-1]
            if any(card.rank == last.rank for card in ups[:-1]):
                result.append((player, int(last.rank)))
    return tuple(result)
