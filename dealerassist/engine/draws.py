"""Draw games at the table: announcing the number (DR-CHANGE) and the five-card draw (DR-DRAW-MAX).

The facts are two events of `dealerassist.engine.events`: `DrawDeclared(player, count)`, the
number a player announces (optional: a draw entered without it is final as entered), and
`CardsDrawn`. `evolve` keeps the bookkeeping (`HandState.draw_declared`, ``draw_owed``,
``draw_burn``); this module gives the verify/can/do triads the session and a replay use,
and `five_card_plan`, what the dealer does with a draw of five:

- DR-CHANGE: a player may change the number until a card (the burn included) has been
  pulled for them, or the next player in the draw has announced their own number; after
  that a change is refused with rule ID DR-CHANGE and the state is untouched.
- DR-DRAW-MAX: at most four cards in a row. A draw of five gets four at once and the fifth
  after every other player has drawn; the last player to draw gets four, a burn, then the
  fifth. ``draw`` of five returns the first part (five discarded, four received); the
  fifth is ``fifth_card`` once it is due. Five received at once by a player who is not the
  last to draw is refused (`verify_draw`), though `evolve` applies it as recorded so a
  replay can flag it.
- DR-DRAW, the stub runs out: `reshuffle` shuffles the discards of every player but the
  one being served into a new stub (`DiscardsReshuffled`); `draw_stub` counts the stub.
  Refused while the stub can still give the player served the cards due.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum, unique

from dealerassist.cards import Card
from dealerassist.engine.dealing import draw_stub
from dealerassist.engine.events import CardsDrawn, DiscardsReshuffled, DrawDeclared
from dealerassist.engine.state import HandState, Phase, evolve
from dealerassist.errors import IllegalActionError

__all__ = [
    "MAX_IN_A_ROW",
    "FivePlan",
    "can_declare",
    "can_draw",
    "can_fifth_card",
    "can_reshuffle",
    "declare",
    "declared",
    "draw",
    "draw_stub",
    "drawing_order",
    "fifth_card",
    "fifth_due",
    "five_card_plan",
    "next_to_declare",
    "reshuffle",
    "verify_declare",
    "verify_draw",
    "verify_fifth_card",
    "verify_reshuffle",
]

MAX_IN_A_ROW = 4
"""DR-DRAW-MAX: the most cards a player gets in a row."""


@unique
class FivePlan(StrEnum):
    """How a draw of five is dealt (DR-DRAW-MAX)."""

    AFTER_EVERYONE = "after_everyone"  # four now, the fifth after every other player
    LAST_BURN = "last_burn"  # the last to draw: four, a burn, then the fifth


def drawing_order(state: HandState) -> tuple[int, ...]:
    """Return the players still to get their first cards on this draw, in order."""
    return tuple(p for p in state.due_draw if p not in state.draw_owed)


def declared(state: HandState, player: int) -> int | None:
    """Return the number ``player`` announced for this draw, or None (DR-CHANGE)."""
    if not state.draw_declared or state.draw_declared[player] < 0:
        return None
    return state.draw_declared[player]


def next_to_declare(state: HandState) -> int | None:
    """Return the first player in the draw who has not announced a number, or None."""
    for player in drawing_order(state):
        if declared(state, player) is None:
            return player
    return None


def fifth_due(state: HandState) -> int | None:
    """Return the player whose deferred fifth card is due now (DR-DRAW-MAX), or None."""
    if state.phase is Phase.DEALING and state.due_draw and state.due_draw[0] in state.draw_owed:
        return state.due_draw[0]
    return None


def five_card_plan(state: HandState, player: int) -> FivePlan:
    """Return how a draw of five by ``player`` is dealt now (DR-DRAW-MAX)."""
    order = drawing_order(state)
    if state.draw_burn == player or (player in order and order[-1] == player):
        return FivePlan.LAST_BURN
    return FivePlan.AFTER_EVERYONE


# ----- DR-CHANGE -----------------------------------------------------------------------


def verify_declare(state: HandState, player: int, count: int) -> None:
    """Raise `IllegalActionError` unless ``player`` may announce (or change to) ``count``.

    Rule IDs: DR-CHANGE (a card was pulled for the player, or the next player announced
    their number), IRR-OUT-OF-TURN (an earlier player has not announced yet), DR-DRAW (no
    draw is due, more cards than held).
    """
    evolve(state, DrawDeclared(player, count))


def can_declare(state: HandState, player: int, count: int) -> bool:
    """Tell whether `verify_declare` passes."""
    return _passes(verify_declare, state, player, count)


def declare(state: HandState, player: int, count: int) -> DrawDeclared:
    """Return the announcement event (verified first; the state is not changed)."""
    verify_declare(state, player, count)
    return DrawDeclared(player, count)


# ----- DR-DRAW-MAX ---------------------------------------------------------------------


def verify_draw(state: HandState, player: int, discarded: Sequence[Card],
                received: Sequence[Card]) -> None:
    """Raise `IllegalActionError` unless this draw may be dealt now.

    Besides what `evolve` refuses (turn, cards held, the announced number: DR-CHANGE),
    five received at once is refused with DR-DRAW-MAX unless the player is the last to
    draw: four now, the fifth after every other player has drawn.
    """
    if len(received) > MAX_IN_A_ROW and state.due_draw and state.due_draw[0] == player \
            and five_card_plan(state, player) is not FivePlan.LAST_BURN:
        raise IllegalActionError(
            f"player {player} draws {len(received)}: deal {MAX_IN_A_ROW} now and the rest "
            "after every other player has drawn", rule_id="DR-DRAW-MAX")
    evolve(state, CardsDrawn(player, tuple(discarded), tuple(received)))


def can_draw(state: HandState, player: int, discarded: Sequence[Card],
             received: Sequence[Card]) -> bool:
    """Tell whether `verify_draw` passes."""
    return _passes(verify_draw, state, player, discarded, received)


def draw(state: HandState, player: int, discarded: Sequence[Card],
         received: Sequence[Card]) -> CardsDrawn:
    """Return the draw event, the first part of a draw of five when it is one.

    Give five discards and only the first four cards received for a draw of five; the
    fifth comes with `fifth_card` (DR-DRAW-MAX).
    """
    verify_draw(state, player, discarded, received)
    return CardsDrawn(player, tuple(discarded), tuple(received))


def verify_fifth_card(state: HandState, player: int, card: Card) -> None:
    """Raise `IllegalActionError` (DR-DRAW-MAX) unless ``player``'s fifth card is due now."""
    if player not in state.draw_owed:
        raise IllegalActionError(f"player {player} is owed no card on this draw",
                                 rule_id="DR-DRAW-MAX")
    evolve(state, CardsDrawn(player, (), (card,)))


def can_fifth_card(state: HandState, player: int, card: Card) -> bool:
    """Tell whether `verify_fifth_card` passes."""
    return _passes(verify_fifth_card, state, player, card)


def fifth_card(state: HandState, player: int, card: Card) -> CardsDrawn:
    """Return the event of the deferred fifth card: nothing discarded, one received."""
    verify_fifth_card(state, player, card)
    return CardsDrawn(player, (), (card,))


# ----- DR-DRAW: the stub runs out -----------------------------------------------------------


def verify_reshuffle(state: HandState, player: int) -> None:
    """Raise `IllegalActionError` (DR-DRAW) unless the discards may be reshuffled now.

    Only during a draw, for the player being served, once the stub cannot give them the
    cards due, and when another player's discards exist to shuffle.
    """
    evolve(state, DiscardsReshuffled(player))


def can_reshuffle(state: HandState, player: int) -> bool:
    """Tell whether `verify_reshuffle` passes."""
    return _passes(verify_reshuffle, state, player)


def reshuffle(state: HandState, player: int) -> DiscardsReshuffled:
    """Return the reshuffle event (verified first; the state is not changed)."""
    verify_reshuffle(state, player)
    return DiscardsReshuffled(player)


def _passes(verify, *args) -> bool:  # type: ignore[no-untyped-def]
    try:
        verify(*args)
    except IllegalActionError:
        return False
    return True
