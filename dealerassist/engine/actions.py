"""Dealer commands as verify/can/do triads, and `apply` (verify, then evolve).

For each action ``x``: ``verify_x(state, ...)`` raises `IllegalActionError` naming the rule,
``can_x(...)`` returns a bool, and ``x(...)`` returns the event (it verifies first). None of
them changes the state: apply the event with `evolve` (or `apply`, which verifies it).
An illegal command therefore never corrupts a hand.
"""

from __future__ import annotations

from collections.abc import Sequence

from dealerassist.cards import UNKNOWN, Card
from dealerassist.engine.betting import LegalActions, legal_actions
from dealerassist.engine.events import (
    BetPlaced,
    BoardDealt,
    BringInPosted,
    Called,
    CardsShown,
    Checked,
    Event,
    Folded,
    HoleCardsDealt,
    Mucked,
    PotAwarded,
    RaisedTo,
    RakeTaken,
)
from dealerassist.engine.openers import has_openers, needs_openers
from dealerassist.engine.state import HandState, Phase, evolve
from dealerassist.errors import IllegalActionError
from dealerassist.games.spec import BettingStructure

__all__ = [
    "apply",
    "bet_or_raise",
    "call",
    "can_bet_or_raise",
    "can_post_bring_in",
    "can_call",
    "can_check",
    "can_fold",
    "check",
    "check_or_call",
    "deal_board",
    "deal_hole",
    "deal_unknown_holes",
    "fold",
    "muck",
    "post_bring_in",
    "show",
    "verify_bet_or_raise",
    "verify_call",
    "verify_bring_in",
    "verify_check",
    "verify_event",
    "verify_fold",
]

# Enum members as module constants: looking a member up on its class goes through the
# enum metaclass (~0.1 us), and the hot paths below test several per event.
_BETTING = Phase.BETTING
_DEALING = Phase.DEALING
_FIXED_LIMIT = BettingStructure.FIXED_LIMIT
_SHOWDOWN = Phase.SHOWDOWN


def _decision(state: HandState, player: int, known: LegalActions | None = None) -> LegalActions:
    legal = known if known is not None else legal_actions(state)
    if legal is None:
        raise IllegalActionError(f"player {player} cannot act: no betting decision is pending",
                                 rule_id="G-ACT")
    if legal.actor != player:
        raise IllegalActionError(
            f"player {player} acted out of turn: player {legal.actor} is to act",
            rule_id="IRR-OUT-OF-TURN",
        )
    return legal


def verify_fold(state: HandState, player: int, *, legal: LegalActions | None = None) -> None:
    """Raise unless ``player`` is the one to act (folding is otherwise always allowed).

    The one exception: in stud the player who must bring in posts it or completes
    (ST-BRINGIN); they cannot fold before.
    """
    legal = _decision(state, player, legal)
    if not legal.can_fold:
        raise IllegalActionError(f"player {player} must post the bring-in or complete",
                                 rule_id="ST-BRINGIN")


def verify_bring_in(state: HandState, player: int, amount: int | None = None, *,
                    legal: LegalActions | None = None) -> None:
    """Raise unless ``player`` must bring in now, with ``amount`` if given (ST-BRINGIN)."""
    legal = _decision(state, player, legal)
    if legal.bring_in is None:
        raise IllegalActionError(f"player {player} has no bring-in to post now",
                                 rule_id="ST-BRINGIN")
    if amount is not None and amount != legal.bring_in:
        raise IllegalActionError(
            f"player {player} brings in {legal.bring_in}, not {amount}", rule_id="ST-BRINGIN")


def can_post_bring_in(state: HandState, player: int) -> bool:
    """Whether ``player`` must (and so may) post the bring-in now."""
    return _can(verify_bring_in, state, player)


def post_bring_in(state: HandState, player: int) -> BringInPosted:
    """Return the event of ``player`` posting the bring-in (ST-BRINGIN).

    To complete instead, use `bet_or_raise` to the small bet (ST-COMPLETE).
    """
    legal = _decision(state, player)
    verify_bring_in(state, player, legal=legal)
    assert legal.bring_in is not None
    return BringInPosted(player, legal.bring_in)


def can_fold(state: HandState, player: int) -> bool:
    """Whether ``player`` may fold now."""
    return _can(verify_fold, state, player)


def fold(state: HandState, player: int) -> Folded:
    """Return the event of ``player`` folding (POT-FOLDED)."""
    verify_fold(state, player)
    return Folded(player)


def verify_check(state: HandState, player: int, *, legal: LegalActions | None = None) -> None:
    """Raise unless ``player`` is to act with nothing to call (G-ACT)."""
    legal = _decision(state, player, legal)
    if not legal.can_check:
        raise IllegalActionError(
            f"player {player} cannot check: {legal.to_call} to call", rule_id="G-ACT"
        )


def can_check(state: HandState, player: int) -> bool:
    """Whether ``player`` may check now."""
    return _can(verify_check, state, player)


def check(state: HandState, player: int) -> Checked:
    """Return the event of ``player`` checking."""
    verify_check(state, player)
    return Checked(player)


def verify_call(state: HandState, player: int, *, legal: LegalActions | None = None) -> None:
    """Raise unless ``player`` is to act facing a bet (G-ACT)."""
    legal = _decision(state, player, legal)
    if not legal.can_call and legal.to_call:
        raise IllegalActionError(f"player {player} may not just call the blinds: open with a "
                                 "raise or fold", rule_id="LB-STRUCT")
    if not legal.can_call:
        raise IllegalActionError(f"player {player} has nothing to call: check instead",
                                 rule_id="G-ACT")


def can_call(state: HandState, player: int) -> bool:
    """Whether ``player`` may call now."""
    return _can(verify_call, state, player)


def call(state: HandState, player: int) -> Called:
    """Return the event of ``player`` calling (all-in for less when short, G-ALLIN)."""
    legal = _decision(state, player)
    verify_call(state, player)
    return Called(player, legal.to_call)


def check_or_call(state: HandState, player: int) -> Checked | Called:
    """Check when nothing is due, else call (the PHH ``cc`` action)."""
    legal = _decision(state, player)
    return Called(player, legal.to_call) if legal.to_call else Checked(player)


def verify_bet_or_raise(
    state: HandState, player: int, to: int, *, legal: LegalActions | None = None
) -> None:
    """Raise unless ``player`` may bet or raise to a total of ``to`` this round.

    Rule IDs: BET-FL-CAP (capped), BET-SHORT-ALLIN / BET-NO-SELF-RAISE (not reopened),
    BET-NL-MIN / BET-PL-MIN / BET-FL-SIZES (too small), BET-NL-MAX / BET-PL-MAX /
    BET-FL-SIZES (too large), G-ALLIN (nobody left to call, or the call is the stack).
    ``legal`` may pass `legal_actions(state)` when the caller already has it.
    """
    legal = _decision(state, player, legal)
    if legal.min_raise_to is None or legal.max_raise_to is None:
        reasons = {
            "BET-FL-CAP": "the betting is capped: call or fold",
            "BET-SHORT-ALLIN": "a short all-in did not reopen the betting: call or fold",
            "BET-NO-SELF-RAISE": "a player may not re-raise their own raise",
            "G-ALLIN": "nobody is left who could call a raise, or the call takes the stack",
        }
        raise IllegalActionError(
            f"player {player} may not raise: {reasons.get(legal.raise_rule, 'not allowed')}",
            rule_id=legal.raise_rule,
        )
    structure = state.setup.game.structure
    if state.street_index == 0 and state.opened_by < 0 and needs_openers(
        state.setup.game, state.setup.rules
    ):
        hole = state.hole[player]
        if hole and not any(card.is_unknown for card in hole) and not has_openers(hole):
            # JB-OPEN: a known hand without a pair of jacks or better may not open.
            raise IllegalActionError(f"player {player} has no openers (jacks or better)",
                                     rule_id="JB-OPEN")
    if to < legal.min_raise_to:
        rule = {
            BettingStructure.NO_LIMIT: "BET-NL-MIN",
            BettingStructure.POT_LIMIT: "BET-PL-MIN",
            BettingStructure.FIXED_LIMIT: "BET-FL-SIZES",
        }[structure]
        raise IllegalActionError(
            f"player {player}: {'bet' if legal.is_bet else 'raise'} to {to} is below the "
            f"minimum {legal.min_raise_to}",
            rule_id=rule,
        )
    if (
        structure is _FIXED_LIMIT
        and legal.min_raise_to < to < legal.max_raise_to
    ):
        # ST-OPEN-PAIR: the choice is the small or the big bet, nothing in between.
        raise IllegalActionError(
            f"player {player}: {'bet' if legal.is_bet else 'raise'} to {legal.min_raise_to} "
            f"or {legal.max_raise_to}, not {to}", rule_id="ST-OPEN-PAIR")
    if to > legal.max_raise_to:
        rule = {
            BettingStructure.NO_LIMIT: "BET-NL-MAX",
            BettingStructure.POT_LIMIT: "BET-PL-MAX",
            BettingStructure.FIXED_LIMIT: "BET-FL-SIZES",
        }[structure]
        raise IllegalActionError(
            f"player {player}: {'bet' if legal.is_bet else 'raise'} to {to} is above the "
            f"maximum {legal.max_raise_to}",
            rule_id=rule,
        )


def can_bet_or_raise(state: HandState, player: int, to: int) -> bool:
    """Whether ``player`` may bet or raise to ``to`` now."""
    try:
        verify_bet_or_raise(state, player, to)
    except IllegalActionError:
        return False
    return True


def bet_or_raise(state: HandState, player: int, to: int) -> BetPlaced | RaisedTo:
    """Return the event of ``player`` betting (nothing bet yet) or raising to ``to``."""
    verify_bet_or_raise(state, player, to)
    return BetPlaced(player, to) if max(state.bets) == 0 else RaisedTo(player, to)


def deal_hole(state: HandState, player: int, cards: Sequence[Card]) -> HoleCardsDealt:
    """Return the event of dealing ``cards`` (UNKNOWN allowed) to ``player`` (HE-DEAL)."""
    event = HoleCardsDealt(player, tuple(cards))
    evolve(state, event)  # verifies: raises when it cannot be applied
    return event


def deal_unknown_holes(state: HandState) -> tuple[HoleCardsDealt, ...]:
    """Return the events dealing face-down, unseen cards to every player still owed some.

    The live table's usual deal (HE-DEAL): nobody sees the hole cards until the showdown.
    Apply them in order; an empty tuple when no hole cards are due.
    """
    if state.phase is not _DEALING or not state.due_hole:
        return ()
    count = state.street.hole_count
    return tuple(HoleCardsDealt(player, (UNKNOWN,) * count) for player in state.due_hole)


def deal_board(state: HandState, cards: Sequence[Card]) -> BoardDealt:
    """Return the event of turning ``cards`` on the board (HE-STREETS)."""
    event = BoardDealt(tuple(cards))
    evolve(state, event)
    return event


def show(state: HandState, player: int, cards: Sequence[Card]) -> CardsShown:
    """Return the event of ``player`` tabling ``cards`` (G-SHOW-CLAIM)."""
    event = CardsShown(player, tuple(cards))
    evolve(state, event)
    return event


def muck(state: HandState, player: int) -> Mucked:
    """Return the event of ``player`` mucking at showdown."""
    event = Mucked(player)
    evolve(state, event)
    return event


def verify_event(state: HandState, event: Event, *, legal: LegalActions | None = None) -> None:
    """Raise `IllegalActionError` (with the rule ID) if the rules forbid ``event`` now.

    Events that the rules cannot forbid but that cannot be applied (a card where none is
    due) are caught by `evolve` itself. ``legal`` may pass `legal_actions(state)` when the
    caller already has it.
    """
    verifier = _VERIFIERS.get(type(event))
    if verifier is not None:
        verifier(state, event, legal)


def _verify_fold_event(state: HandState, event: Folded, legal: LegalActions | None) -> None:
    verify_fold(state, event.player, legal=legal)


def _verify_check_event(state: HandState, event: Checked, legal: LegalActions | None) -> None:
    verify_check(state, event.player, legal=legal)


def _verify_call_event(state: HandState, event: Called, legal: LegalActions | None) -> None:
    legal = _decision(state, event.player, legal)
    verify_call(state, event.player, legal=legal)
    if event.amount != legal.to_call:
        raise IllegalActionError(
            f"player {event.player} calls {event.amount}, but the call is {legal.to_call}",
            rule_id="G-ACT",
        )


def _verify_raise_event(state: HandState, event: BetPlaced | RaisedTo,
                        legal: LegalActions | None) -> None:
    verify_bet_or_raise(state, event.player, event.to, legal=legal)


def _verify_bring_in_event(state: HandState, event: BringInPosted,
                           legal: LegalActions | None) -> None:
    verify_bring_in(state, event.player, event.amount, legal=legal)


def _verify_showdown_event(state: HandState, event: CardsShown | Mucked,
                           legal: LegalActions | None) -> None:
    if state.phase is _BETTING:
        raise IllegalActionError("hands are shown after the betting", rule_id="G-SHOW-ORDER")


def _verify_settle_event(state: HandState, event: PotAwarded | RakeTaken,
                         legal: LegalActions | None) -> None:
    if state.phase is not _SHOWDOWN:
        raise IllegalActionError("pots are settled after the showdown", rule_id="POT-AWARD")


# One verifier per event type (a lookup rather than a chain of isinstance tests: a replay
# verifies every action). Dealing events have none: `evolve` itself refuses a card where
# none is due.
_VERIFIERS = {
    Folded: _verify_fold_event,
    Checked: _verify_check_event,
    Called: _verify_call_event,
    BetPlaced: _verify_raise_event,
    RaisedTo: _verify_raise_event,
    BringInPosted: _verify_bring_in_event,
    CardsShown: _verify_showdown_event,
    Mucked: _verify_showdown_event,
    PotAwarded: _verify_settle_event,
    RakeTaken: _verify_settle_event,
}


def apply(state: HandState, event: Event) -> HandState:
    """Verify ``event`` against the rules, then evolve; illegal events leave state untouched."""
    verify_event(state, event)
    return evolve(state, event)


def _can(verify, state: HandState, player: int) -> bool:  # type: ignore[no-untyped-def]
    try:
        verify(state, player)
    except IllegalActionError:
        return False
    return True
