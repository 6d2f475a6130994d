"""Betting limits at a decision: to call, minimum and maximum raise-to, cap, reopening.

`legal_actions(state)` answers, for the player to act: the amount to call (all-in for less
when short, G-ALLIN), whether they may check, and whether and how much they may bet or
raise, with the rule that forbids it when they may not.

- BET-NL-MIN / BET-PL-MIN: a bet or raise adds at least the last full bet or raise of the
  round and at least the minimum bet (pre-flop the big blind, or the straddle when the
  house treats it as the big blind, BET-STRADDLE).
- BET-NL-MAX: no limit, up to the whole stack. BET-PL-MAX: pot limit, up to the pot after
  calling: ``2 * highest bet - own bet + pots + all bets``.
- BET-FL-SIZES: fixed limit, exactly one bet more (small bet early, big bet late);
  BET-FL-CAP: at most ``cap_bets`` bets a round, the big blind counting as the first
  pre-flop (unless ``blind_counts_as_bet`` is off, the PHH convention), lifted heads-up
  when the house says so.
- BET-SHORT-ALLIN / BET-NO-SELF-RAISE: a player who already acted may raise again only if
  the bets since they acted add up to a full raise.
- An all-in for less than the minimum is always allowed (G-ALLIN): the minimum is then the
  stack.
"""

from __future__ import annotations

from typing import NamedTuple

from dealerassist.engine.openers import needs_openers
from dealerassist.engine.setup import HandSetup
from dealerassist.engine.state import HandState, Phase, bring_in_due, completion_pending
from dealerassist.engine.stud import up_cards
from dealerassist.games.spec import BetSize, BettingStructure, Family, Opening
from dealerassist.rules.model import LowballOpening

__all__ = ["LegalActions", "cap_left", "legal_actions", "must_open_double", "open_pair",
           "opens_double", "raise_allowed", "raise_block"]

# Enum members as module constants: looking a member up on its class goes through the
# enum metaclass (~0.1 us), and the hot paths below test several per event.
_BETTING = Phase.BETTING
_BIG_BET_ROUND = BetSize.BIG
_DOUBLE_BIG_BLIND = LowballOpening.DOUBLE_BIG_BLIND
_FAMILY_DRAW = Family.DRAW
_FAMILY_STUD = Family.STUD
_FIXED_LIMIT = BettingStructure.FIXED_LIMIT
_HIGH_HAND = Opening.HIGH_HAND
_NO_LIMIT = BettingStructure.NO_LIMIT
_POT_LIMIT = BettingStructure.POT_LIMIT


class LegalActions(NamedTuple):
    """What the player to act may do, with every amount a dealer announces.

    A NamedTuple rather than a frozen dataclass, like `HandState` and for the same reason:
    a replay works one out at every bet to verify it, and building a 13-field frozen
    dataclass costs about ten times more than a tuple. It is just as immutable.

    Attributes:
        actor: the player to act.
        to_call: chips to add to call (0 when checking; the stack when all-in for less).
        can_check: nothing to call.
        can_fold: always true for the player to act (folding is never forbidden).
        can_call: there is a bet to call.
        min_raise_to: smallest total bet for a bet or raise; None when none is allowed.
        max_raise_to: largest total bet for a bet or raise; None when none is allowed.
        raises_left: bets and raises left before the cap (fixed limit), None when unlimited.
        reopened: the player may raise because nobody capped or short-raised them out.
        is_bet: a raise here opens the betting (a bet rather than a raise).
        raise_rule: when no raise is allowed, the rule ID that forbids it.
        pot: chips in the pots plus the bets in front of players.
        bring_in: stud, when the player must post the bring-in or complete (ST-BRINGIN,
            ST-COMPLETE): the bring-in they post (their stack if shorter); otherwise None.
            They may then neither fold nor check.

    """

    actor: int
    to_call: int
    can_check: bool
    can_fold: bool
    can_call: bool
    min_raise_to: int | None
    max_raise_to: int | None
    raises_left: int | None
    reopened: bool
    is_bet: bool
    raise_rule: str
    pot: int
    bring_in: int | None = None

    @property
    def can_raise(self) -> bool:
        """Whether a bet or raise is allowed."""
        return self.min_raise_to is not None


def street_min_bet(state: HandState) -> int:
    """Return the smallest bet or raise increment of the round (BET-NL-MIN, BET-FL-SIZES)."""
    setup = state.setup
    if setup.game.structure is _FIXED_LIMIT:
        return setup.big_bet if state.street.bet_size is _BIG_BET_ROUND else setup.small_bet
    if setup.big_bet and state.street.bet_size is _BIG_BET_ROUND:
        return setup.big_bet  # no/pot-limit stud with small and big bets: the big one late
    return setup.min_bet


def cap_left(state: HandState) -> int | None:
    """Bets and raises left this round before the cap (BET-FL-CAP); None if unlimited."""
    setup = state.setup
    if setup.game.structure is not _FIXED_LIMIT:
        return None
    return _fixed_cap_left(state, setup)


def _fixed_cap_left(state: HandState, setup: HandSetup) -> int | None:
    """`cap_left` of a fixed-limit hand (BET-FL-CAP)."""
    fixed = setup.rules.fixed_limit
    entry = _CAPS.get((id(fixed), setup.game.family))
    if entry is None or entry[0] is not fixed:
        family = setup.family
        entry = _CAPS[(id(fixed), setup.game.family)] = (
            fixed, fixed.cap_for(family, players_in_hand=3), fixed.cap_for(family,
                                                                             players_in_hand=2))
    # FixedLimitRules.cap_for depends on the players in the hand only through "heads-up".
    cap = entry[2] if state.folded.count(False) <= 2 else entry[1]
    if cap is None:
        return None
    if state.street_index == 0 and fixed.blind_counts_as_bet and any(setup.blinds):
        cap -= 1  # pre-flop the big blind is the opening bet (BET-FL-CAP)
    left = cap - state.raise_count
    return left if left > 0 else 0


# Fixed-limit caps by house rules (identity, the rules kept in the entry) and family: the
# cap with more than two players in the hand, and heads-up (BET-FL-CAP).
_CAPS: dict[tuple[int, object], tuple[object, int | None, int | None]] = {}


def raise_block(state: HandState, player: int) -> str:
    """Return the rule ID that forbids ``player`` (the actor) to bet or raise, or "" if none."""
    return _raise_block(state, player, state.max_bet, cap_left(state))


def _raise_block(state: HandState, player: int, top: int, left: int | None) -> str:
    """`raise_block` given the bet to match and the bets left before the cap."""
    if left is not None and left <= 0:
        return "BET-FL-CAP"
    bets = state.bets
    stacks = state.stacks
    if stacks[player] <= top - bets[player]:
        return "G-ALLIN"  # calling takes the whole stack
    acted = state.acted[player]
    if acted >= 0 and top - acted < state.last_full:
        # BET-NO-SELF-RAISE / BET-SHORT-ALLIN: only a full raise by someone else since the
        # player acted reopens the betting to them; here the raises since were short.
        return "BET-SHORT-ALLIN"
    folded = state.folded
    for i in range(len(bets)):
        if i != player and not folded[i] and stacks[i] + bets[i] > top:
            return ""
    return "G-ALLIN"  # everyone else is all-in: nobody can call a raise


def legal_actions(state: HandState) -> LegalActions | None:
    """Return the choices of the player to act, or None when no betting decision is pending.

    Called at every decision of a replay (to verify the action), so each figure is worked
    out once, here, from local values (the public helpers `cap_left`, `raise_block`,
    `street_min_bet` give the same answers one at a time).
    """
    if state.phase is not _BETTING or not state.actors:
        return None
    player = state.actors[0]
    setup = state.setup
    game = setup.game
    structure = game.structure
    bets = state.bets
    highest = max(bets)
    top = highest if highest >= state.call_floor else state.call_floor
    own = bets[player]
    stack = state.stacks[player]
    to_call = min(stack, top - own)
    pot = sum(state.committed) + state.dead_antes + sum(bets)
    left = _fixed_cap_left(state, setup) if structure is _FIXED_LIMIT else None
    rule, min_to, max_to = _raise_range(state, setup, player, top, left, pot)
    bring_in = min(stack, setup.bring_in) if setup.bring_in and bring_in_due(state) else None
    return _new_tuple(LegalActions, (
        player,  # actor
        to_call,  # to_call
        to_call == 0 and bring_in is None,  # can_check
        bring_in is None,  # can_fold
        # can_call (LB-STRUCT only applies before the draw):
        to_call > 0 and not (state.street_index == 0 and must_open_double(state, player)),
        min_to,  # min_raise_to
        max_to,  # max_raise_to
        left,  # raises_left
        rule not in ("BET-SHORT-ALLIN", "BET-NO-SELF-RAISE"),  # reopened
        highest == 0,  # is_bet
        rule,  # raise_rule
        pot,  # pot
        bring_in,  # bring_in
    ))


def _raise_range(state: HandState, setup: HandSetup, player: int, top: int, left: int | None,
                 pot: int) -> tuple[str, int | None, int | None]:
    """Return the raise figures of `legal_actions`: (rule that forbids one, min to, max to).

    ``top`` is the bet to match, ``left`` the bets left before the cap (None: no cap),
    ``pot`` the pots and bets in front (read by pot limit only; -1: not worked out yet).
    The single definition of a raise's limits, shared by `legal_actions` and `raise_allowed`.
    """
    rule = _raise_block(state, player, top, left)
    if rule:
        return rule, None, None
    game = setup.game
    structure = game.structure
    own = state.bets[player]
    all_in = state.stacks[player] + own
    if structure is _FIXED_LIMIT:
        step = setup.big_bet if state.street.bet_size is _BIG_BET_ROUND else setup.small_bet
    elif setup.big_bet and state.street.bet_size is _BIG_BET_ROUND:
        # No/pot limit with a small and a big bet (stud, PHH ``small_bet``/``big_bet``): the
        # smallest bet of a big-bet street is the big bet, as the game's streets say.
        step = setup.big_bet
    else:
        step = setup.min_bet
    if state.street_index == 1 and game.family is _FAMILY_STUD and open_pair(state) \
            and state.last_full < setup.big_bet:
        # ST-OPEN-PAIR: the small or the big bet, until someone makes a big bet.
        return "", min(all_in, top + max(state.last_full, step)), min(all_in, top + setup.big_bet)
    if setup.bring_in > 0 and completion_pending(state):
        # ST-COMPLETE: completing the bring-in makes the bet a full small bet.
        min_to = min(all_in, max(top + 1, step))
    else:
        min_to = min(all_in, top + max(state.last_full, step))
    if structure is _NO_LIMIT:
        return "", min_to, all_in
    if structure is _POT_LIMIT:
        if pot < 0:
            pot = sum(state.committed) + state.dead_antes + sum(state.bets)
        return "", min_to, min(all_in, max(min_to, 2 * top - own + pot))
    return "", min_to, min_to


def raise_allowed(state: HandState, player: int, to: int) -> bool:
    """Whether the player to act, ``player``, may bet or raise to ``to``: no `LegalActions`.

    True exactly when `actions.verify_bet_or_raise` accepts it, but for a jacks-or-better
    opening bet (JB-OPEN, worked out there only): then False, and the caller verifies it
    the plain way. For a replay, which checks every recorded bet and raise: the same
    figures as `legal_actions` (`_raise_range`) without what a bet does not need (the
    call, the bring-in, the pot outside pot limit). ``player`` must be ``actors[0]`` of a
    betting round (the caller's check: this function does not repeat it).
    """
    setup = state.setup
    if state.street_index == 0 and state.opened_by < 0 and needs_openers(setup.game,
                                                                          setup.rules):
        return False
    highest = max(state.bets)
    top = highest if highest >= state.call_floor else state.call_floor
    fixed = setup.game.structure is _FIXED_LIMIT
    left = _fixed_cap_left(state, setup) if fixed else None
    rule, min_to, max_to = _raise_range(state, setup, player, top, left, -1)
    if rule:
        return False
    assert min_to is not None and max_to is not None
    if to < min_to or to > max_to:
        return False
    # Fixed limit: the one bet, or with ST-OPEN-PAIR the small or the big bet, not between.
    return not (fixed and min_to < to < max_to)


_new_tuple = tuple.__new__  # builds a LegalActions from its fields in order, no keywords


def must_open_double(state: HandState, player: int) -> bool:
    """Whether ``player`` may not just call the blinds (LB-STRUCT, LB-OPEN).

    House option ``lowball.opening: double_big_blind``: before the draw nobody may call
    the blinds alone; the first voluntary bet is a raise (at least double the big blind).
    """
    return (
        state.street_index == 0
        and state.raise_count == 0
        and opens_double(state.setup)
        and state.bets[player] < max(state.bets)
    )


def opens_double(setup: HandSetup) -> bool:
    """Whether a hand of this setup opens with a double big blind (LB-STRUCT, LB-OPEN).

    A lowball draw game with blinds under the house option: the part of
    `must_open_double` that the hand's setup decides, for a caller that asks it once.
    """
    game = setup.game
    return (
        game.family is _FAMILY_DRAW
        and game.high is None
        and setup.rules.lowball.opening is _DOUBLE_BIG_BLIND
        and any(setup.blinds)
    )


def open_pair(state: HandState) -> bool:
    """Whether an open pair shows on 4th street under the house's ST-OPEN-PAIR option.

    Fixed-limit stud high games only (RZ-NO-PAIR-LIMIT: never in razz, whose later rounds
    open on the lowest hand); a pair among any live player's two up cards.
    """
    setup = state.setup
    game = setup.game
    if (
        state.street_index != 1
        or game.family is not _FAMILY_STUD
        or game.structure is not _FIXED_LIMIT
        or not setup.rules.fixed_limit.open_pair_big_bet
        or state.street.opening is not _HIGH_HAND
    ):
        return False
    for i in state.in_hand:
        ranks = [card.rank for card in up_cards(game, state.hole[i])]
        if len(ranks) != len(set(ranks)):
            return True
    return False
