"""Drive pokerkit 0.7.7 and the engine through the same random hands and compare them.

pokerkit is a test oracle only. Both are configured alike with the PHH profile
(`phh_profile()`): odd chips to the lowest index, no rake, straddle not acting as the big
blind, fixed-limit cap not lifted heads-up. Where pokerkit's classes differ from that profile
the pokerkit game is adjusted, not the engine:

- pokerkit's FO/8 class bets pot limit: a fixed-limit Omaha hi-lo game is built instead;
- draw games deal to at most 6 (single draw) or 4 players (triple draw, badugi) with small
  discards, so the stub never runs out (pokerkit then reshuffles folded hands and burns
  too; DR-DRAW reshuffles only the discards).

Fixed-limit caps need no adjustment: the PHH profile states pokerkit's count (``cap_bets``
4, ``blind_counts_as_bet`` False: four bets or raises a street, the blinds not counted).

Documented differences are counted, never silently accepted:

- ``departures`` (decisions), two kinds around BET-SHORT-ALLIN. (1) pokerkit treats a
  short all-in raise as a full one when the round's "last raise" is still 0 or smaller than
  the all-in, letting a player who already acted re-raise; the engine says call or fold
  and must name BET-SHORT-ALLIN. (2) When several short all-ins since a player acted add up
  to a full raise, the engine reopens the betting to that player; pokerkit restarts its
  running sum each time it reaches a full raise and can close the betting again after one
  more short all-in; the engine must show that the raises since the player acted reach a
  full raise. Either way the amount to call must agree, and the driver then plays a call or
  a fold, which both allow.
- ``payout_departures`` (hands): pokerkit merges pots that differ only by dead hands before
  splitting odd chips, and halves a hi/lo pot that has no qualifying low (O8-QUALIFY says
  the high hand scoops). Such a hand passes only if `pokerkit_style_stacks`, a model of
  pokerkit's payout applied to the engine's own showdown, gives exactly pokerkit's stacks.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pokerkit as pk
from pokerkit import Mode

from dealerassist.cards import parse_card
from dealerassist.cli.bench_hands import AUTOMATIONS, _FixedLimitOmahaHiLo
from dealerassist.engine import (
    BetPlaced,
    BringInPosted,
    Called,
    CardsDrawn,
    Checked,
    Folded,
    HandSetup,
    HandState,
    Phase,
    RaisedTo,
    Settlement,
    evolve,
    evolve_all,
    legal_actions,
    new_hand,
    settlement,
)
from dealerassist.games import GAMES, BettingStructure, Family
from dealerassist.rules import phh_profile

BOARD = ("NT", "NS", "FT", "PO", "FO/8")
STUD = ("F7S", "F7S/8", "FR")
DRAW = ("N2L1D", "F2L3D", "FB")
VARIANTS = BOARD + STUD + DRAW

@dataclass
class HandConfig:
    """One random hand's parameters, in PHH terms."""

    variant: str
    stacks: tuple[int, ...]
    antes: tuple[int, ...]
    blinds: tuple[int, ...]
    min_bet: int
    small_bet: int
    big_bet: int
    ante_trimming: bool
    bring_in: int = 0


@dataclass
class Outcome:
    """What one compared hand showed."""

    config: HandConfig
    decisions: int = 0
    departures: int = 0
    payout_departures: int = 0
    mismatches: list[str] = field(default_factory=list)
    final_equal: bool = False
    actions: list[str] = field(default_factory=list)  # decisions seen, for debugging


def random_config(rng: random.Random, variant: str | None = None) -> HandConfig:
    """A random hand: 2-9 players, unequal (often short) stacks, blinds, antes, straddles."""
    variant = variant or rng.choice(VARIANTS)
    spec = GAMES[variant]
    if spec.family is Family.STUD:
        return _stud_config(rng, variant)
    single = sum(street.draw for street in spec.streets) == 1
    # Draw games: few enough players that the stub never runs out (pokerkit then reshuffles
    # folded hands and burns too, DR-DRAW says only the discards).
    n = (rng.randint(2, 6 if single else 4) if spec.family is Family.DRAW
         else rng.randint(2, 9))
    unit = rng.choice((1, 1, 5, 25))
    sb, bb = unit, 2 * unit
    stacks = []
    for _ in range(n):
        roll = rng.random()
        if roll < 0.35:
            stacks.append(rng.randint(1, 12 * unit))
        elif roll < 0.8:
            stacks.append(rng.randint(1, 60 * unit))
        else:
            stacks.append(rng.randint(1, 400 * unit))
    blinds = [0] * n
    blinds[0], blinds[1] = sb, bb
    if variant == "NT" and n >= 4 and rng.random() < 0.2:
        blinds[2] = 2 * bb  # straddle
    if variant == "NS" and rng.random() < 0.3:
        blinds = [0] * n
        blinds[-1] = bb  # button blind
    antes = [0] * n
    roll = rng.random()
    if roll < 0.25:
        antes = [rng.randint(1, bb)] * n
    elif roll < 0.35:
        antes[1 if n > 2 else 0] = bb  # big-blind ante (raw PHH order)
    fixed = spec.structure is BettingStructure.FIXED_LIMIT
    return HandConfig(
        variant=variant,
        stacks=tuple(stacks),
        antes=tuple(antes),
        blinds=tuple(blinds),
        min_bet=bb,
        small_bet=bb if fixed else 0,
        big_bet=2 * bb if fixed else 0,
        ante_trimming=rng.random() < 0.5,
    )


def _stud_config(rng: random.Random, variant: str) -> HandConfig:
    """A random stud hand: 2-6 players (the deck never runs out), antes, bring-in."""
    n = rng.randint(2, 6)
    unit = rng.choice((1, 1, 5, 25))
    small = 4 * unit
    bring_in = rng.choice((unit, 2 * unit))
    stacks = []
    for _ in range(n):
        roll = rng.random()
        if roll < 0.35:
            stacks.append(rng.randint(1, 12 * small))
        elif roll < 0.8:
            stacks.append(rng.randint(1, 60 * small))
        else:
            stacks.append(rng.randint(1, 400 * small))
    ante = rng.choice((0, unit, unit, 2 * unit))
    return HandConfig(variant=variant, stacks=tuple(stacks), antes=(ante,) * n,
                      blinds=(0,) * n, min_bet=small, small_bet=small, big_bet=2 * small,
                      ante_trimming=rng.random() < 0.5, bring_in=bring_in)


_STUD_CLASSES = {
    "F7S": pk.FixedLimitSevenCardStud,
    "F7S/8": pk.FixedLimitSevenCardStudHighLowSplitEightOrBetter,
    "FR": pk.FixedLimitRazz,
}


_DRAW_CLASSES = {
    "N2L1D": pk.NoLimitDeuceToSevenLowballSingleDraw,
    "F2L3D": pk.FixedLimitDeuceToSevenLowballTripleDraw,
    "FB": pk.FixedLimitBadugi,
}


def _pokerkit_state(config: HandConfig) -> pk.State:
    n = len(config.stacks)
    common = dict(mode=Mode.CASH_GAME)
    v = config.variant
    if v in _DRAW_CLASSES and v == "N2L1D":
        game = pk.NoLimitDeuceToSevenLowballSingleDraw(
            AUTOMATIONS, config.ante_trimming, config.antes, config.blinds, config.min_bet,
            **common)
    elif v in _DRAW_CLASSES:
        game = _DRAW_CLASSES[v](AUTOMATIONS, config.ante_trimming, config.antes,
                                config.blinds, config.small_bet, config.big_bet, **common)
    elif v in _STUD_CLASSES:
        game = _STUD_CLASSES[v](AUTOMATIONS, config.ante_trimming, config.antes,
                                config.bring_in, config.small_bet, config.big_bet, **common)
    elif v == "NT":
        game = pk.NoLimitTexasHoldem(AUTOMATIONS, config.ante_trimming, config.antes,
                                     config.blinds, config.min_bet, **common)
    elif v == "NS":
        game = pk.NoLimitShortDeckHoldem(AUTOMATIONS, config.ante_trimming, config.antes,
                                         config.blinds, config.min_bet, **common)
    elif v == "PO":
        game = pk.PotLimitOmahaHoldem(AUTOMATIONS, config.ante_trimming, config.antes,
                                      config.blinds, config.min_bet, **common)
    elif v == "FT":
        game = pk.FixedLimitTexasHoldem(AUTOMATIONS, config.ante_trimming, config.antes,
                                        config.blinds, config.small_bet, config.big_bet, **common)
    elif v == "FO/8":
        game = _FixedLimitOmahaHiLo(AUTOMATIONS, config.ante_trimming, config.antes,
                                    config.blinds, config.small_bet, config.big_bet, **common)
    else:
        return _any_structure_state(config)
    return game(config.stacks, n)


# Every game at every structure (HE-LIMITS): pokerkit's `State` takes any deal with any
# betting structure. Per game without its structure letter: the deck, the hand types and
# the kind of deal (board with N hole cards, seven- or five-card stud, single or triple
# draw with N cards).
_BODY_DEALS = {
    "T": (pk.Deck.STANDARD, (pk.StandardHighHand,), "board", 2),
    "S": (pk.Deck.SHORT_DECK_HOLDEM, (pk.ShortDeckHoldemHand,), "board", 2),
    "O": (pk.Deck.STANDARD, (pk.OmahaHoldemHand,), "board", 4),
    "O/8": (pk.Deck.STANDARD, (pk.OmahaHoldemHand, pk.OmahaEightOrBetterLowHand), "board", 4),
    "7S": (pk.Deck.STANDARD, (pk.StandardHighHand,), "stud7", 0),
    "7S/8": (pk.Deck.STANDARD, (pk.StandardHighHand, pk.EightOrBetterLowHand), "stud7", 0),
    "R": (pk.Deck.REGULAR, (pk.RegularLowHand,), "stud7", 0),
    "5S": (pk.Deck.STANDARD, (pk.StandardHighHand,), "stud5", 0),
    "2L1D": (pk.Deck.STANDARD, (pk.StandardLowHand,), "draw1", 5),
    "2L3D": (pk.Deck.STANDARD, (pk.StandardLowHand,), "draw3", 5),
    "A5L1D": (pk.Deck.REGULAR, (pk.RegularLowHand,), "draw1", 5),
    "A5L3D": (pk.Deck.REGULAR, (pk.RegularLowHand,), "draw3", 5),
    "B": (pk.Deck.REGULAR, (pk.BadugiHand,), "draw3", 4),
    "5D": (pk.Deck.STANDARD, (pk.StandardHighHand,), "draw1", 5),
}

#: Every game pokerkit can play, at every structure: (F, P, N) x the games above.
ALL_STRUCTURES = tuple(letter + body for body in _BODY_DEALS for letter in "FPN")

_STRUCTURE = {"F": pk.BettingStructure.FIXED_LIMIT, "P": pk.BettingStructure.POT_LIMIT,
              "N": pk.BettingStructure.NO_LIMIT}


def _any_structure_state(config: HandConfig) -> pk.State:
    """A pokerkit `State` for any game at any structure, built from its streets."""
    letter, body = config.variant[0], config.variant[1:]
    deck, hand_types, kind, hole = _BODY_DEALS[body]
    fixed = letter == "F"
    cap = 4 if fixed else None  # the PHH profile's fixed-limit count, pokerkit's own
    small = config.small_bet if config.small_bet else config.min_bet
    big = config.big_bet if config.big_bet else config.min_bet
    position, low = pk.Opening.POSITION, "R" in body
    first = pk.Opening.HIGH_CARD if low else pk.Opening.LOW_CARD
    later = pk.Opening.LOW_HAND if low else pk.Opening.HIGH_HAND
    if kind == "board":
        streets = (pk.Street(False, (False,) * hole, 0, False, position, small, cap),
                   pk.Street(True, (), 3, False, position, small, cap),
                   pk.Street(True, (), 1, False, position, big, cap),
                   pk.Street(True, (), 1, False, position, big, cap))
    elif kind == "stud7":
        streets = (pk.Street(False, (False, False, True), 0, False, first, small, cap),
                   pk.Street(True, (True,), 0, False, later, small, cap),
                   pk.Street(True, (True,), 0, False, later, big, cap),
                   pk.Street(True, (True,), 0, False, later, big, cap),
                   pk.Street(True, (False,), 0, False, later, big, cap))
    elif kind == "stud5":
        streets = (pk.Street(False, (False, True), 0, False, first, small, cap),
                   pk.Street(True, (True,), 0, False, later, small, cap),
                   pk.Street(True, (True,), 0, False, later, big, cap),
                   pk.Street(True, (True,), 0, False, later, big, cap))
    elif kind == "draw1":
        streets = (pk.Street(False, (False,) * hole, 0, False, position, small, cap),
                   pk.Street(True, (), 0, True, position, big, cap))
    else:
        streets = (pk.Street(False, (False,) * hole, 0, False, position, small, cap),
                   pk.Street(True, (), 0, True, position, small, cap),
                   pk.Street(True, (), 0, True, position, big, cap),
                   pk.Street(True, (), 0, True, position, big, cap))
    return pk.State(AUTOMATIONS, deck, hand_types, streets, _STRUCTURE[letter],
                    config.ante_trimming, config.antes, config.blinds, config.bring_in,
                    config.stacks, len(config.stacks), mode=Mode.CASH_GAME)


def _card(card: pk.Card):  # type: ignore[no-untyped-def]
    return parse_card(f"{card.rank.value}{card.suit.value}")


def _sync_cards(mine: HandState, theirs: pk.State,
                draws: dict[int, list] | None = None) -> HandState:
    """Feed the engine the cards pokerkit dealt (read from its operation log).

    ``draws`` maps each player to the discards the driver made in pokerkit on this draw
    street, in order, with the count of replacement cards the engine already took.
    """
    holes: dict[int, list] = {}
    board: list = []
    for operation in theirs.operations:
        if isinstance(operation, pk.HoleDealing):
            holes.setdefault(operation.player_index, []).extend(operation.cards)
        elif isinstance(operation, pk.BoardDealing):
            board.extend(operation.cards)
    while mine.phase is Phase.DEALING:
        if mine.due_draw:
            player = mine.due_draw[0]
            if draws is None or player not in draws or not draws[player][0]:
                break
            discarded = draws[player][0].pop(0)
            start = mine.setup.game.streets[0].hole_count + draws[player][1]
            received = tuple(_card(c) for c in holes.get(player, [])[start:start + len(discarded)])
            if len(received) < len(discarded):
                draws[player][0].insert(0, discarded)
                break
            draws[player][1] += len(discarded)
            mine = evolve(mine, CardsDrawn(player, discarded, received))
        elif mine.due_hole:
            player = mine.due_hole[0]
            have = len(mine.hole[player])
            count = mine.street.hole_count
            cards = tuple(_card(c) for c in holes.get(player, [])[have:have + count])
            mine = evolve(mine, _hole_event(player, cards))
        else:
            fresh = board[len(mine.board):len(mine.board) + mine.due_board]
            if not fresh:
                break
            mine = evolve(mine, _board_event(tuple(_card(c) for c in fresh)))
    return mine


def _hole_event(player, cards):  # type: ignore[no-untyped-def]
    from dealerassist.engine import HoleCardsDealt

    return HoleCardsDealt(player, cards)


def _board_event(cards):  # type: ignore[no-untyped-def]
    from dealerassist.engine import BoardDealt

    return BoardDealt(cards)


def play_hand(rng: random.Random, config: HandConfig) -> Outcome:
    """Play one random hand on both engines, comparing every decision and the end."""
    rules = phh_profile()
    theirs = _pokerkit_state(config)
    setup = HandSetup.from_phh_fields(
        game=GAMES[config.variant], stacks=config.stacks, antes=config.antes,
        blinds_or_straddles=config.blinds, min_bet=config.min_bet, small_bet=config.small_bet,
        big_bet=config.big_bet, ante_trimming=config.ante_trimming, rules=rules,
        bring_in=config.bring_in,
    )
    mine = _sync_cards(new_hand(setup), theirs)
    outcome = Outcome(config)
    guard = 0
    draws: dict[int, list] = {}
    spec = GAMES[config.variant]
    draw_rounds = sum(street.draw for street in spec.streets)
    most = 3 if draw_rounds == 1 else 2 if draw_rounds else 0
    while theirs.status:
        guard += 1
        if guard > 500:
            outcome.mismatches.append("hand did not end")
            return outcome
        drawer = theirs.stand_patter_or_discarder_index
        if drawer is not None:
            # DR-DRAW: the same player draws next on both; a random discard of 0..most.
            # pokerkit deals the replacements once everyone has discarded: skip the
            # engine's players whose discard is already waiting for its cards.
            waiting = [p for p in mine.due_draw if not (p in draws and draws[p][0])]
            if mine.phase is not Phase.DEALING or not waiting or waiting[0] != drawer:
                outcome.mismatches.append(f"draw: pokerkit p{drawer}, engine "
                                          f"{mine.due_draw} ({mine.phase})")
                return outcome
            hand = list(theirs.hole_cards[drawer])
            discards = rng.sample(hand, rng.randint(0, min(most, len(hand))))
            theirs.stand_pat_or_discard(discards)
            entry = draws.setdefault(drawer, [[], 0])
            entry[0].append(tuple(_card(c) for c in discards))
            outcome.actions.append(f"p{drawer} draws {len(discards)}")
            mine = _sync_cards(mine, theirs, draws)
            continue
        if theirs.actor_index is None:
            break
        legal = legal_actions(mine)
        actor = theirs.actor_index
        if theirs.can_post_bring_in():
            # ST-BRINGIN / ST-COMPLETE: the same player, the same bring-in and completion.
            outcome.decisions += 1
            pk_bring = theirs.effective_bring_in_amount
            pk_min = theirs.min_completion_betting_or_raising_to_amount
            pk_max = theirs.max_completion_betting_or_raising_to_amount
            if legal is None or (legal.actor, legal.bring_in, legal.min_raise_to,
                                 legal.max_raise_to) != (actor, pk_bring, pk_min, pk_max):
                outcome.mismatches.append(
                    f"bring-in: pokerkit p{actor} {pk_bring} ({pk_min}, {pk_max}) engine "
                    f"{legal}")
                return outcome
            outcome.actions.append(f"p{actor} bring-in {pk_bring} or complete {pk_min}")
            if pk_min is not None and rng.random() < 0.3:
                theirs.complete_bet_or_raise_to(pk_min)
                event: object = BetPlaced(actor, pk_min)
            else:
                theirs.post_bring_in()
                event = BringInPosted(actor, pk_bring)
            mine = _sync_cards(evolve(mine, event), theirs, draws)
            continue
        pk_call = theirs.checking_or_calling_amount
        pk_min = theirs.min_completion_betting_or_raising_to_amount
        pk_max = theirs.max_completion_betting_or_raising_to_amount
        outcome.decisions += 1
        if legal is None or legal.actor != actor:
            outcome.mismatches.append(
                f"actor: pokerkit {actor}, engine {None if legal is None else legal.actor}")
            return outcome
        allowed_raise = pk_min is not None and legal.min_raise_to is not None
        if (legal.to_call, legal.min_raise_to, legal.max_raise_to) != (pk_call, pk_min, pk_max):
            if (
                legal.min_raise_to is None
                and pk_min is not None
                and legal.raise_rule == "BET-SHORT-ALLIN"
                and legal.to_call == pk_call
            ):
                outcome.departures += 1
            elif (
                pk_min is None
                and legal.min_raise_to is not None
                and legal.to_call == pk_call
                and mine.acted[actor] >= 0
                and max(mine.bets) - mine.acted[actor] >= mine.last_full
            ):
                # Short all-ins since this player acted add up to a full raise: reopened.
                # pokerkit forgets the all-ins before its running sum last reached a full
                # raise, so a later short all-in closes the betting again for it.
                outcome.departures += 1
            else:
                outcome.mismatches.append(
                    f"decision {outcome.decisions} p{actor}: pokerkit "
                    f"({pk_call}, {pk_min}, {pk_max}) engine "
                    f"({legal.to_call}, {legal.min_raise_to}, {legal.max_raise_to}, "
                    f"{legal.raise_rule})")
                return outcome
        outcome.actions.append(
            f"p{actor} call {pk_call} min {pk_min} max {pk_max} street {mine.street_index}")
        roll = rng.random()
        if legal.to_call and roll < 0.15:
            theirs.fold()
            event = Folded(actor)
        elif allowed_raise and roll > 0.55:
            low, high = legal.min_raise_to, legal.max_raise_to
            pick = rng.random()
            to = low if pick < 0.4 else high if pick < 0.7 else rng.randint(low, high)
            theirs.complete_bet_or_raise_to(to)
            event = BetPlaced(actor, to) if max(mine.bets) == 0 else RaisedTo(actor, to)
        else:
            theirs.check_or_call()
            event = Called(actor, legal.to_call) if legal.to_call else Checked(actor)
        mine = _sync_cards(evolve(mine, event), theirs, draws)
    if theirs.status:
        outcome.mismatches.append("pokerkit stopped before the end")
        return outcome
    if mine.phase not in (Phase.SHOWDOWN, Phase.COMPLETE):
        outcome.mismatches.append(f"engine not at showdown but {mine.phase}")
        return outcome
    result = settlement(mine) if mine.phase is Phase.SHOWDOWN else None
    if result is not None:
        mine = evolve_all(mine, result.events)
    final = tuple(theirs.stacks)
    outcome.final_equal = mine.stacks == final and mine.is_complete
    if (
        not outcome.final_equal
        and result is not None
        and pokerkit_style_stacks(mine, result) == final
    ):
        outcome.payout_departures += 1
    elif not outcome.final_equal:
        outcome.mismatches.append(f"final stacks: pokerkit {final}, engine {mine.stacks}")
    if mine.total_chips != sum(config.stacks):
        outcome.mismatches.append("chips not conserved")
    return outcome


def pokerkit_style_stacks(state: HandState, result: Settlement) -> tuple[int, ...]:
    """Final stacks if ``state`` were paid out the way pokerkit 0.7.7 does it.

    pokerkit first kills every hand that cannot win anything, then rebuilds the pots with
    the survivors only, so pots whose players differ only by dead hands merge and their odd
    chip is split once on the sum (the engine keeps each side pot apart, POT-AWARD); and in
    hi/lo it halves every pot as soon as anyone has a low, a pot without a qualifying low
    among its players giving its low half to all its surviving players (the engine lets the
    high hand scoop, O8-QUALIFY). Odd chips go to the lowest index, high half first.
    """
    from dealerassist.engine.showdown import hand_strengths

    game = state.setup.game
    stacks = list(state.stacks)
    for pot in result.pots:
        for player, amount in pot.awards:
            stacks[player] -= amount
    highs = hand_strengths(state, game.high) if game.high else {}
    lows = hand_strengths(state, game.low) if game.low else {}
    survivors = set()
    for pot in result.pots:
        survivors.update(pot.high_winners)
        survivors.update(pot.low_winners)
    merged: list[list] = []
    for pot in result.pots:
        eligible = tuple(i for i in pot.eligible if i in survivors)
        if merged and merged[-1][1] == eligible:
            merged[-1][0] += pot.amount
        else:
            merged.append([pot.amount, eligible])
    any_low = any(v is not None for v in lows.values())

    def best(values: dict, eligible: tuple[int, ...]) -> list[int]:
        top = max((values.get(i) for i in eligible if values.get(i) is not None), default=None)
        return [i for i in eligible if values.get(i) == top]

    def pay(amount: int, winners: list[int]) -> None:
        if not winners:
            return
        share, rest = divmod(amount, len(winners))
        for i in winners:
            stacks[i] += share
        stacks[winners[0]] += rest

    for amount, eligible in merged:
        if state.won_by_fold:
            pay(amount, list(eligible))
        elif game.high and game.low and any_low:
            low_half = amount // 2
            pay(amount - low_half, best(highs, eligible))
            pay(low_half, best(lows, eligible))
        else:
            pay(amount, best(highs or lows, eligible))
    return tuple(stacks)


def run_many(count: int, *, seed: int,
             variants: tuple[str, ...] = BOARD) -> tuple[list[Outcome], dict[str, int]]:
    """Play ``count`` random hands (``variants`` in turn) and sum up."""
    rng = random.Random(seed)
    random.seed(seed)  # pokerkit shuffles its deck with the global generator
    outcomes = []
    for k in range(count):
        config = random_config(rng, variants[k % len(variants)])
        outcomes.append(play_hand(rng, config))
    totals = {
        "hands": len(outcomes),
        "decisions": sum(o.decisions for o in outcomes),
        "departures": sum(o.departures for o in outcomes),
        "payout_departures": sum(o.payout_departures for o in outcomes),
        "final_equal": sum(o.final_equal for o in outcomes),
        "mismatched_hands": sum(1 for o in outcomes if o.mismatches),
    }
    for variant in variants:
        totals[f"hands_{variant}"] = sum(1 for o in outcomes if o.config.variant == variant)
    return outcomes, totals
