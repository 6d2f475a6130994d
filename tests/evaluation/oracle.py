"""Differential harness: our evaluators against pokerkit's hands (test oracle only).

For each evaluator, random hands are rated by both libraries. Sorting the sample by our
strength, pokerkit's key must be non-decreasing along it and equal exactly where ours is
equal; by transitivity that proves the two orders agree on every pair of the sample. The
category and the ranks of the five cards that play are compared too.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pokerkit
from pokerkit.state import _HighHandOpeningLookup, _LowHandOpeningLookup

from dealerassist.cards import Card
from dealerassist.evaluation import (
    HandCategory,
    HandValue,
    badugi_strength,
    bring_in_player,
    evaluate_badugi,
    evaluate_high,
    evaluate_low8,
    evaluate_low_27,
    evaluate_low_a5,
    evaluate_omaha_high,
    evaluate_omaha_low8,
    evaluate_short_deck_high,
    high_strength,
    low8_strength,
    low_27_strength,
    low_a5_strength,
    omaha_high_strength,
    omaha_low8_strength,
    rank_up_cards_high,
    rank_up_cards_low,
    short_deck_strength,
)

PK_CARD = [next(iter(pokerkit.Card.parse(str(Card.from_code(code))))) for code in range(52)]
CARDS = [Card.from_code(code) for code in range(52)]

LABEL = {
    pokerkit.Label.HIGH_CARD: HandCategory.HIGH_CARD,
    pokerkit.Label.ONE_PAIR: HandCategory.PAIR,
    pokerkit.Label.TWO_PAIR: HandCategory.TWO_PAIR,
    pokerkit.Label.THREE_OF_A_KIND: HandCategory.THREE_OF_A_KIND,
    pokerkit.Label.STRAIGHT: HandCategory.STRAIGHT,
    pokerkit.Label.FLUSH: HandCategory.FLUSH,
    pokerkit.Label.FULL_HOUSE: HandCategory.FULL_HOUSE,
    pokerkit.Label.FOUR_OF_A_KIND: HandCategory.FOUR_OF_A_KIND,
    pokerkit.Label.STRAIGHT_FLUSH: HandCategory.STRAIGHT_FLUSH,
}

FULL_DECK = list(range(52))
SHORT_DECK = list(range(16, 52))
LOW_HEAVY_DECK = [code for code in range(52) if code >> 2 <= 7 or code >> 2 == 12]  # A, 2-9


@dataclass
class Report:
    """Outcome of one differential run."""

    name: str
    hands: int = 0
    rated: int = 0
    disagreements: list[str] = field(default_factory=list)

    def fail(self, message: str) -> None:
        """Record one disagreement (the first few are kept in full)."""
        if len(self.disagreements) < 20:
            self.disagreements.append(message)
        else:
            self.disagreements.append("...")


def _pk_key(hand: pokerkit.Hand | None) -> int | None:
    if hand is None:
        return None
    return -hand.entry.index if hand.low else hand.entry.index


def _text(codes: Sequence[int]) -> str:
    return "".join(str(CARDS[code]) for code in codes)


def _ranks(cards: Sequence[object], *, pk: bool = False) -> Counter[str]:
    return Counter((repr(card) if pk else str(card))[0] for card in cards)


@dataclass(frozen=True)
class Case:
    """One evaluator under test."""

    name: str
    draw: Callable[[random.Random], tuple[tuple[int, ...], ...]]
    fast: Callable[..., int]
    value: Callable[..., HandValue | None]
    oracle: Callable[..., pokerkit.Hand | None]
    compare_category: bool = True


def _deal(deck: list[int], sizes: Sequence[int]) -> Callable[[random.Random], tuple]:
    def draw(rng: random.Random) -> tuple[tuple[int, ...], ...]:
        cards = rng.sample(deck, sum(sizes))
        parts, start = [], 0
        for size in sizes:
            parts.append(tuple(cards[start : start + size]))
            start += size
        return tuple(parts)

    return draw


def _one_of(*draws: Callable[[random.Random], tuple]) -> Callable[[random.Random], tuple]:
    return lambda rng: rng.choice(draws)(rng)


def _pk(cls: type, *, or_none: bool = False) -> Callable[..., pokerkit.Hand | None]:
    make = cls.from_game_or_none if or_none else cls.from_game

    def oracle(cards: tuple[int, ...], board: tuple[int, ...] = ()) -> pokerkit.Hand | None:
        return make([PK_CARD[code] for code in cards], [PK_CARD[code] for code in board])

    return oracle


def _sizes(deck: list[int]) -> Callable[[random.Random], tuple]:
    return _one_of(*(_deal(deck, (size,)) for size in (5, 6, 7)))


def _omaha_sizes(deck: list[int]) -> Callable[[random.Random], tuple]:
    return _one_of(*(_deal(deck, (hole, board)) for hole in (4, 5, 6) for board in (3, 4, 5)))


CASES = {
    case.name: case
    for case in (
        Case(
            "high", _sizes(FULL_DECK), high_strength, evaluate_high, _pk(pokerkit.StandardHighHand)
        ),
        Case(
            "short_deck_high",
            _sizes(SHORT_DECK),
            short_deck_strength,
            evaluate_short_deck_high,
            _pk(pokerkit.ShortDeckHoldemHand),
        ),
        Case(
            "omaha_high",
            _omaha_sizes(FULL_DECK),
            omaha_high_strength,
            evaluate_omaha_high,
            _pk(pokerkit.OmahaHoldemHand),
        ),
        Case(
            "omaha_low8",
            _one_of(_omaha_sizes(FULL_DECK), _omaha_sizes(LOW_HEAVY_DECK)),
            omaha_low8_strength,
            evaluate_omaha_low8,
            _pk(pokerkit.OmahaEightOrBetterLowHand, or_none=True),
        ),
        Case(
            "low8",
            _one_of(_sizes(FULL_DECK), _sizes(LOW_HEAVY_DECK)),
            low8_strength,
            evaluate_low8,
            _pk(pokerkit.EightOrBetterLowHand, or_none=True),
        ),
        Case(
            "low_a5",
            _one_of(_sizes(FULL_DECK), _sizes(LOW_HEAVY_DECK)),
            low_a5_strength,
            evaluate_low_a5,
            _pk(pokerkit.RegularLowHand),
        ),
        Case(
            "low_27",
            _sizes(FULL_DECK),
            low_27_strength,
            evaluate_low_27,
            _pk(pokerkit.StandardLowHand),
        ),
        Case(
            "badugi",
            _deal(FULL_DECK, (4,)),
            badugi_strength,
            evaluate_badugi,
            _pk(pokerkit.BadugiHand),
            compare_category=False,
        ),
    )
}


def run(name: str, *, hands: int, seed: int, values: bool = True) -> Report:
    """Rate ``hands`` random hands with ours and pokerkit's evaluator ``name``.

    With ``values`` the full `HandValue` path is checked too (its strength equals the fast
    path, its category matches pokerkit's label, its cards have pokerkit's ranks).
    """
    case = CASES[name]
    rng = random.Random(seed)
    report = Report(name)
    rows: list[tuple[int, int | None, tuple]] = []
    for _ in range(hands):
        parts = case.draw(rng)
        codes = [[CARDS[code] for code in part] for part in parts]
        fast = case.fast(*parts)
        pk_hand = case.oracle(*parts)
        rows.append((fast or 0, _pk_key(pk_hand), parts))
        if (not fast) != (pk_hand is None):
            report.fail(f"{name} {[_text(p) for p in parts]}: ours {fast}, pokerkit {pk_hand}")
        if not values:
            continue
        value = case.value(*codes)
        if (value.strength if value else 0) != (fast or 0):
            report.fail(f"{name} {[_text(p) for p in parts]}: value {value} != fast {fast}")
        if value is None or pk_hand is None:
            continue
        if case.compare_category and value.category != LABEL[pk_hand.entry.label]:
            report.fail(f"{name} {[_text(p) for p in parts]}: {value.category!r} vs {pk_hand}")
        if _ranks(value.cards) != _ranks(pk_hand.cards, pk=True):
            report.fail(f"{name} {[_text(p) for p in parts]}: cards {value.cards} vs {pk_hand}")
    report.hands = hands
    report.rated = sum(1 for row in rows if row[1] is not None)
    _compare_orders(report, rows)
    return report


def _compare_orders(report: Report, rows: list[tuple[int, int | None, tuple]]) -> None:
    ranked = sorted((row for row in rows if row[1] is not None), key=lambda row: row[0])
    for before, after in zip(ranked, ranked[1:], strict=False):
        ours_equal = before[0] == after[0]
        theirs_equal = before[1] == after[1]
        if ours_equal != theirs_equal or (not ours_equal and before[1] > after[1]):
            report.fail(
                f"{report.name} order: {[_text(p) for p in before[2]]} ({before[0]}) vs "
                f"{[_text(p) for p in after[2]]} ({after[0]})"
            )


def run_up_cards(*, hands: int, seed: int) -> Report:
    """Stud up cards, 1 to 4 of them, against pokerkit's stud opening lookups."""
    rng = random.Random(seed)
    report = Report("up_cards")
    high_lookup, low_lookup = _HighHandOpeningLookup(), _LowHandOpeningLookup()
    for low in (False, True):
        rows = []
        for _ in range(hands):
            codes = tuple(rng.sample(FULL_DECK, rng.randint(1, 4)))
            cards = [CARDS[code] for code in codes]
            pk_cards = [PK_CARD[code] for code in codes]
            if low:
                ours = rank_up_cards_low(cards)
                theirs = -low_lookup.get_entry(pk_cards).index
            else:
                ours = rank_up_cards_high(cards)
                theirs = high_lookup.get_entry(pk_cards).index
            rows.append((ours, theirs, (codes,)))
        _compare_orders(report, rows)
    report.hands = 2 * hands
    return report


_AUTOMATIONS = (
    pokerkit.Automation.ANTE_POSTING,
    pokerkit.Automation.BET_COLLECTION,
    pokerkit.Automation.BLIND_OR_STRADDLE_POSTING,
    pokerkit.Automation.CARD_BURNING,
    pokerkit.Automation.HAND_KILLING,
    pokerkit.Automation.CHIPS_PUSHING,
    pokerkit.Automation.CHIPS_PULLING,
)


def pokerkit_bring_in(up_cards: Sequence[int], *, razz: bool) -> int:
    """The player pokerkit asks to act first on third street (the bring-in)."""
    game = pokerkit.FixedLimitRazz if razz else pokerkit.FixedLimitSevenCardStud
    state = game.create_state(_AUTOMATIONS, True, 1, 2, 4, 8, 200, len(up_cards))
    for _ in range(2):
        for _player in up_cards:
            state.deal_hole("??")
    for code in up_cards:
        state.deal_hole([PK_CARD[code]])
    return state.actor_index


def run_bring_in(*, deals: int, seed: int) -> Report:
    """Bring-in choice, stud and razz, against real pokerkit game states (2 to 8 players)."""
    rng = random.Random(seed)
    report = Report("bring_in")
    for _ in range(deals):
        up = rng.sample(FULL_DECK, rng.randint(2, 8))
        for razz in (False, True):
            ours = bring_in_player([CARDS[code] for code in up], highest=razz)
            theirs = pokerkit_bring_in(up, razz=razz)
            if ours != theirs:
                game = "razz" if razz else "stud"
                report.fail(f"{game} {_text(up)}: ours {ours}, pokerkit {theirs}")
    report.hands = 2 * deals
    return report
