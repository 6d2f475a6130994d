"""Showdown: who shows first (G-SHOW-ORDER) and the strength of each hand half.

Strengths come from `dealerassist.evaluation` (greater is better for every evaluator, lows
included); a half a player cannot make (no qualifying low, O8-QUALIFY) is None. A player
whose hole cards are still unknown cannot be ranked: they must show to win (G-SHOW-CLAIM).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from dealerassist.engine.state import HandState
from dealerassist.errors import IllegalActionError
from dealerassist.games.spec import Evaluator
from dealerassist.rules.model import ShowOrder

__all__ = ["hand_strengths", "in_show_order", "missing_cards", "show_order"]


def show_order(state: HandState) -> tuple[int, ...]:
    """Players still in the hand, in the order they show (G-SHOW-ORDER).

    The last bettor or raiser of the final betting round shows first; without a bet, the
    house option decides (default: first active player left of the button); then clockwise.
    """
    n = len(state.stacks)
    start = state.aggressor
    if start < 0:
        order = state.setup.rules.showdown.order_when_no_bet
        start = state.opener if order is ShowOrder.FIRST_TO_ACT else 0
    in_hand = set(state.in_hand)
    return tuple(i for i in ((start + k) % n for k in range(n)) if i in in_hand)


def in_show_order(state: HandState, players: Iterable[int]) -> tuple[int, ...]:
    """Return ``players`` in showing order (G-SHOW-ORDER), any not in the hand last.

    The one source of the order every screen lists hands in (the showdown panel, the
    status line asking for cards, the paid view), so they never disagree.
    """
    wanted = set(players)
    ordered = [i for i in show_order(state) if i in wanted]
    return (*ordered, *sorted(wanted.difference(ordered)))


def _strength_function(kind: Evaluator) -> Callable[[Sequence[int], Sequence[int]], int | None]:
    # Imported here so that the engine's import stays cheap and the evaluators own their code.
    if kind is Evaluator.HIGH:
        from dealerassist.evaluation.high import high_strength

        return lambda hole, board: high_strength(tuple(hole) + tuple(board))
    if kind is Evaluator.SHORT_DECK_HIGH:
        from dealerassist.evaluation.high import short_deck_strength

        return lambda hole, board: short_deck_strength(tuple(hole) + tuple(board))
    if kind is Evaluator.OMAHA_HIGH:
        from dealerassist.evaluation.omaha import omaha_high_strength

        return omaha_high_strength
    if kind is Evaluator.OMAHA_LOW8:
        from dealerassist.evaluation.omaha import omaha_low8_strength

        return lambda hole, board: omaha_low8_strength(hole, board) or None
    if kind is Evaluator.LOW8:
        from dealerassist.evaluation.low_eight import low8_strength

        return lambda hole, board: low8_strength(tuple(hole) + tuple(board)) or None
    if kind is Evaluator.LOW_A5:
        from dealerassist.evaluation.low_ace_five import low_a5_strength

        return lambda hole, board: low_a5_strength(tuple(hole) + tuple(board))
    if kind is Evaluator.LOW_27:
        from dealerassist.evaluation.low_deuce_seven import low_27_strength

        return lambda hole, board: low_27_strength(tuple(hole) + tuple(board))
    from dealerassist.evaluation.badugi import badugi_strength

    return lambda hole, board: badugi_strength(tuple(hole) + tuple(board))


_UNKNOWN = 53  # the code of an unseen card; the joker (52) is a real card (G-DECK)

_CACHE: dict[Evaluator, Callable[[Sequence[int], Sequence[int]], int | None]] = {}


def missing_cards(state: HandState) -> tuple[int, ...]:
    """Players in the hand whose cards are not all known (they cannot be ranked yet)."""
    return tuple(
        i for i in state.in_hand if any(card.code == _UNKNOWN for card in state.hole[i])
    )


def hand_strengths(state: HandState, kind: Evaluator) -> dict[int, int | None]:
    """Strength of each ranked player's hand for one half (None: no such hand).

    Players whose hole cards are unknown are left out (they cannot win without showing).

    Raises:
        IllegalActionError: a board card is still unknown or missing.

    """
    board = tuple([card.code for card in state.board])
    if _UNKNOWN in board:
        raise IllegalActionError("a board card is still unknown; enter it first",
                                 rule_id="IRR-DECK")
    function = _CACHE.get(kind)
    if function is None:
        function = _CACHE[kind] = _strength_function(kind)
    result: dict[int, int | None] = {}
    for i in state.in_hand:
        hole = tuple([card.code for card in state.hole[i]])
        if _UNKNOWN in hole:  # the joker (52) is a card and plays (G-DECK); 53 is unknown
            continue
        result[i] = function(hole, board)
    return result
