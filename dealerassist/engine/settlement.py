"""Settling a hand: rake, then each pot to its best eligible hand(s), hi/lo, odd chips.

- POT-AWARD: each pot goes to the best hand among its eligible players, side pots
  independently; exactly equal hands split (G-TIE).
- O8-SPLIT / O8-QUALIFY: in hi/lo games a pot is halved between the best high and the best
  qualifying low; without a qualifying low among the pot's players the high hand scoops.
  The odd chip between the halves goes to the half the house names (O8-SPLIT-ODD).
- G-ODD-CHIP: pots are split in units of ``odd_chip.unit``; ``FIRST_LEFT_OF_BUTTON`` gives
  the odd units one each to the winners clockwise from the button (index 0 first);
  ``LOWEST_SEAT`` (pokerkit's convention, the PHH profile) gives them all to the winner
  with the lowest index. Chips below one unit go to the first winner.
  ``HIGH_CARD_BY_SUIT`` (stud house option): the odd units go one each to the winners in
  order of their highest card, where a winner's highest card is the highest-ranking known
  card among all the cards dealt to them (down and up cards, ace high in every game) and
  suits break ties spades > hearts > diamonds > clubs, as card rooms do. Cards being unique,
  this orders the winners fully; a winner with no known card comes last (then clockwise).
- RAKE-*: the rake is computed by `RakeRules.rake_for` on the hand total (base ``hand``,
  taken from the main pot first, then the side pots) or on each pot (base ``pot``);
  no flop, no drop.
- G-WIN-FOLD: when all but one player folded, every pot goes to that player unshown.
- JB-PROVE (jacks or better): an opener must show openers to win, even when everyone
  folded to them: until their cards (and split discards) are known, `verify_settle`
  refuses with JB-PROVE. A pot whose only contender is an opener who shows no openers
  goes to nobody: a `PotCarried` event leaves it, unraked, in the pot for the next deal,
  the opener's money staying with the antes as IRR-JB-FALSE rules for a false opener
  (project decision from JB-PROVE and IRR-JB-FALSE; docs/engine.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from dealerassist.engine.events import Event, PotAwarded, PotCarried, PotHalf, RakeTaken
from dealerassist.engine.openers import has_openers, needs_openers
from dealerassist.engine.pots import Pot, pots
from dealerassist.engine.showdown import hand_strengths
from dealerassist.engine.state import HandState, Phase
from dealerassist.errors import IllegalActionError
from dealerassist.games.spec import Family
from dealerassist.records import quick_init
from dealerassist.rules.model import HiLoOddChip, OddChipRule, RakeBase

_UNKNOWN_CODE = 53  # `dealerassist.cards.UNKNOWN`

# Enum members as module constants: looking a member up on its class goes through the
# enum metaclass (~0.1 us), and the hot paths below test several per event.
_COMPLETE = Phase.COMPLETE
_FAMILY_BOARD = Family.BOARD
_FAMILY_STUD = Family.STUD
_HIGH_CARD_BY_SUIT = OddChipRule.HIGH_CARD_BY_SUIT
_LOWEST_SEAT = OddChipRule.LOWEST_SEAT
_SHOWDOWN = Phase.SHOWDOWN
_WHOLE = PotHalf.WHOLE

__all__ = ["PotResult", "Settlement", "can_settle", "settle", "settlement", "split_amount",
           "verify_settle"]


@quick_init
@dataclass(frozen=True, slots=True)
class PotResult:
    """One pot once settled: its chips, rake, who could win it and what each got."""

    amount: int
    eligible: tuple[int, ...]
    rake: int
    awards: tuple[tuple[int, int], ...]
    high_winners: tuple[int, ...]
    low_winners: tuple[int, ...]


@quick_init
@dataclass(frozen=True, slots=True)
class Settlement:
    """The outcome of a hand: every pot, the total rake, and the events that pay it out."""

    pots: tuple[PotResult, ...]
    rake: int
    events: tuple[Event, ...]

    def awards_by_player(self) -> dict[int, int]:
        """Total chips each winner receives (pots only; uncalled bets are already back)."""
        total: dict[int, int] = {}
        for pot in self.pots:
            for player, amount in pot.awards:
                total[player] = total.get(player, 0) + amount
        return total


def split_amount(
    amount: int, winners: tuple[int, ...], *, rule: OddChipRule, unit: int = 1
) -> list[tuple[int, int]]:
    """Split ``amount`` between ``winners`` (in clockwise order from the button), G-ODD-CHIP.

    >>> split_amount(11, (0, 2, 3), rule=OddChipRule.FIRST_LEFT_OF_BUTTON)
    [(0, 4), (2, 4), (3, 3)]
    >>> split_amount(11, (0, 2, 3), rule=OddChipRule.LOWEST_SEAT)
    [(0, 5), (2, 3), (3, 3)]
    """
    if not winners:
        return []
    count = len(winners)
    units, below = divmod(amount, unit)
    base, extra = divmod(units, count)
    shares = [base * unit] * count
    if rule is _LOWEST_SEAT:
        shares[0] += extra * unit
    else:
        for k in range(extra):
            shares[k] += unit
    shares[0] += below
    return [(winners[k], shares[k]) for k in range(count) if shares[k]]


def _by_high_card(state: HandState, winners: tuple[int, ...]) -> tuple[int, ...]:
    """``winners`` ordered by their highest card by suit (G-ODD-CHIP, stud house option).

    A card's code is (rank - 2) * 4 + suit order (c, d, h, s), so the largest code is the
    highest rank with spades > hearts > diamonds > clubs breaking ties.
    """
    def highest(player: int) -> int:
        codes = [card.code for card in state.hole[player] if not card.is_unknown]
        return max(codes, default=-1)

    return tuple(sorted(winners, key=lambda p: (-highest(p), winners.index(p))))


def _split(state: HandState, amount: int, winners: tuple[int, ...], *, rule: OddChipRule,
           unit: int) -> list[tuple[int, int]]:
    """`split_amount`, with ``HIGH_CARD_BY_SUIT`` resolved; shares listed clockwise."""
    if len(winners) == 1:  # one winner takes it all, whatever the rule (the usual case)
        return [(winners[0], amount)] if amount else []
    if rule is not _HIGH_CARD_BY_SUIT:
        return split_amount(amount, winners, rule=rule, unit=unit)
    ordered = _by_high_card(state, winners)
    shares = dict(split_amount(amount, ordered, rule=OddChipRule.FIRST_LEFT_OF_BUTTON,
                               unit=unit))
    return [(p, shares[p]) for p in winners if p in shares]


def verify_settle(state: HandState) -> None:
    """Raise unless the hand can be settled now (betting over, board complete and known)."""
    if state.phase is _COMPLETE:
        raise IllegalActionError("the hand is already settled", rule_id="POT-AWARD")
    if state.phase is not _SHOWDOWN:
        raise IllegalActionError("the hand cannot be settled before the betting and dealing "
                                 "are over", rule_id="POT-AWARD")
    if state.won_by_fold:
        opener = state.opened_by
        if opener >= 0 and state.in_hand == (opener,) and _opener_proof(state) is None:
            raise IllegalActionError(
                f"player {opener} opened: they must show openers to win the pot (show the "
                "hand, with any split openers' discards)", rule_id="JB-PROVE")
        return
    game = state.setup.game
    if len(state.board) < game.board_card_count:
        raise IllegalActionError("the board is not complete", rule_id="HE-STREETS")
    if _UNKNOWN_CODE in [card.code for card in state.board]:
        raise IllegalActionError("a board card is still unknown; enter it first",
                                 rule_id="IRR-DECK")


def _opener_proof(state: HandState) -> bool | None:
    """Whether the jacks-or-better opener showed openers (JB-PROVE, JB-SPLIT).

    True when their known cards (final hand and discards) hold openers, False when every
    one of those cards is known and they do not, None while some are unknown. True when
    the game needs no openers or nobody opened.
    """
    opener = state.opened_by
    if opener < 0 or not needs_openers(state.setup.game, state.setup.rules):
        return True
    proof = state.hole[opener] + (state.discards[opener] if state.discards else ())
    if has_openers(proof):
        return True
    if any(card.is_unknown for card in proof):
        return None
    return False


def can_settle(state: HandState) -> bool:
    """Whether `settle` would succeed."""
    try:
        verify_settle(state)
    except IllegalActionError:
        return False
    return True


def _saw_flop(state: HandState) -> bool:
    if state.setup.game.family is _FAMILY_BOARD:
        return len(state.board) >= 3
    return state.street_index >= 1


def _rakes(state: HandState, hand_pots: tuple[Pot, ...]) -> list[int]:
    rules = state.setup.rules.rake
    result = [0] * len(hand_pots)
    if not rules.enabled or not hand_pots:
        return result
    big_blind = state.setup.nominal_big_blind
    saw_flop = _saw_flop(state)
    if rules.base is RakeBase.POT:
        for k, pot in enumerate(hand_pots):
            result[k] = rules.rake_for(pot_total=pot.amount, big_blind=big_blind,
                                       saw_flop=saw_flop)
        return result
    left = rules.rake_for(pot_total=sum(p.amount for p in hand_pots), big_blind=big_blind,
                          saw_flop=saw_flop)
    for k, pot in enumerate(hand_pots):
        taken = min(left, pot.amount)
        result[k] = taken
        left -= taken
    return result


def _best(strengths: dict[int, int | None], eligible: tuple[int, ...]) -> tuple[int, ...]:
    best: int | None = None
    for i in eligible:
        value = strengths.get(i)
        if value is not None and (best is None or value > best):
            best = value
    if best is None:
        return ()
    return tuple(i for i in eligible if strengths.get(i) == best)


def settlement(state: HandState) -> Settlement:
    """Work out the rake and every award, without changing ``state``.

    Raises:
        IllegalActionError: the hand cannot be settled yet (see `verify_settle`).

    """
    verify_settle(state)
    hand_pots = pots(state)
    rakes = _rakes(state, hand_pots)
    won_by_fold = state.won_by_fold
    proof = _opener_proof(state)
    if won_by_fold and proof is True and len(hand_pots) == 1:
        return _uncontested(hand_pots[0], rakes[0])
    rules = state.setup.rules.odd_chip
    family = state.setup.game.family
    rule = rules.stud if family is _FAMILY_STUD else rules.board
    if rule is _HIGH_CARD_BY_SUIT and family is not _FAMILY_STUD:
        rule = OddChipRule.FIRST_LEFT_OF_BUTTON  # a stud-only option (G-ODD-CHIP)
    game = state.setup.game
    events: list[Event] = []
    results: list[PotResult] = []
    highs = lows = None
    opener = state.opened_by
    # JB-PROVE: an opener whose known cards show no openers cannot win any pot.
    false_opener = opener if proof is False else -1
    if not won_by_fold:
        highs = hand_strengths(state, game.high) if game.high is not None else None
        lows = hand_strengths(state, game.low) if game.low is not None else None
        if highs is not None and opener in highs and proof is not True:
            # JB-PROVE / JB-SPLIT: an opener who cannot show openers (final hand and
            # the discards kept aside) cannot win.
            highs = {i: v for i, v in highs.items() if i != opener}
    for k, pot in enumerate(hand_pots):
        if false_opener >= 0 and pot.eligible == (false_opener,):
            # JB-PROVE: nobody can win this pot in this deal; it stays for the next one
            # (no rake is taken from it here).
            rakes[k] = 0
            events.append(PotCarried(k, pot.amount))
            results.append(PotResult(pot.amount, pot.eligible, 0, (), (), ()))
            continue
        amount = pot.amount - rakes[k]
        if rakes[k]:
            events.append(RakeTaken(k, rakes[k]))
        awards: list[tuple[int, int, PotHalf]] = []
        high_winners: tuple[int, ...] = ()
        low_winners: tuple[int, ...] = ()
        if won_by_fold:
            high_winners = pot.eligible
            awards = [(p, a, PotHalf.WHOLE) for p, a in
                      _split(state, amount, pot.eligible, rule=rule, unit=rules.unit)]
        else:
            if highs is not None:
                high_winners = _best(highs, pot.eligible)
            if lows is not None:
                low_winners = _best(lows, pot.eligible)
            if high_winners and low_winners:
                units, below = divmod(amount, rules.unit)
                low_units = units // 2
                high_units = units - low_units
                if rules.hilo is HiLoOddChip.LOW:
                    high_units, low_units = low_units, high_units
                high_amount = high_units * rules.unit + below
                low_amount = low_units * rules.unit
                awards = [(p, a, PotHalf.HIGH) for p, a in
                          _split(state, high_amount, high_winners, rule=rule,
                                 unit=rules.unit)]
                awards += [(p, a, PotHalf.LOW) for p, a in
                           _split(state, low_amount, low_winners, rule=rule,
                                 unit=rules.unit)]
            else:
                winners = high_winners or low_winners
                if not winners:
                    raise IllegalActionError(
                        f"nobody eligible for pot {k} can be ranked: the players in it must "
                        "show their cards", rule_id="G-SHOW-CLAIM")
                awards = [(p, a, PotHalf.WHOLE) for p, a in
                          _split(state, amount, winners, rule=rule, unit=rules.unit)]
        for player, share, half in awards:
            events.append(PotAwarded(k, player, share, half))
        merged: dict[int, int] = {}
        for player, share, _ in awards:
            merged[player] = merged.get(player, 0) + share
        results.append(PotResult(pot.amount, pot.eligible, rakes[k], tuple(merged.items()),
                                 high_winners, low_winners))
    return Settlement(tuple(results), sum(rakes), tuple(events))


def _uncontested(pot: Pot, rake: int) -> Settlement:
    """`settlement` of one pot left to one player (G-WIN-FOLD), the usual end of a hand.

    What the general loop gives for it (rake first, the rest to the player left, no
    ranking and no split), without its per-pot bookkeeping: most hands end this way.
    """
    winner = pot.eligible[0]
    amount = pot.amount - rake
    events: list[Event] = [RakeTaken(0, rake)] if rake else []
    if amount:
        events.append(PotAwarded(0, winner, amount, _WHOLE))
    awards = ((winner, amount),) if amount else ()
    return Settlement((PotResult(pot.amount, pot.eligible, rake, awards, pot.eligible, ()),),
                      rake, tuple(events))


def settle(state: HandState) -> tuple[Event, ...]:
    """Return the events that pay out the hand (RakeTaken, then PotAwarded), to apply in order."""
    return settlement(state).events
