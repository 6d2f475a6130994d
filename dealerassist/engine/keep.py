"""JB-KEEP: the opener keeps the opening hand and shows it after the pot is awarded.

Any player of a jacks-or-better hand (a game with openers, JB-OPEN / DR-OPENERS) may ask,
once someone has opened and before the pot is awarded, that the opener keeps the opening
hand (`KeepOpenersAsked`). While the request stands the opener's muck is refused (a fold
stays allowed: the cards are kept aside, not mucked); after the pot is awarded the opener
shows the opening hand (`OpeningHandShown`), or throws it away unshown (empty cards).
`opening_holds_openers` then says whether it held jacks or better (JB-PROVE, JB-SPLIT).

Each step has its triad: ``verify_x`` raises `IllegalActionError` (rule JB-KEEP, IRR-DECK
for a card seen elsewhere), ``can_x`` answers, ``x`` returns the event; none changes the
state.
"""

from __future__ import annotations

from collections.abc import Sequence

from dealerassist.cards import Card
from dealerassist.engine.events import KeepOpenersAsked, OpeningHandShown
from dealerassist.engine.openers import has_openers
from dealerassist.engine.state import HandState, Phase, evolve
from dealerassist.errors import IllegalActionError

__all__ = [
    "ask_keep",
    "can_ask_keep",
    "can_show_opening",
    "keep_standing",
    "known_opening_hand",
    "opening_holds_openers",
    "opening_show_due",
    "show_opening",
    "verify_ask_keep",
    "verify_show_opening",
]


def verify_ask_keep(state: HandState, player: int) -> None:
    """Raise unless ``player`` may ask that the opener keeps the opening hand now."""
    evolve(state, KeepOpenersAsked(player))


def can_ask_keep(state: HandState, player: int) -> bool:
    """Tell whether `verify_ask_keep` passes."""
    try:
        verify_ask_keep(state, player)
    except IllegalActionError:
        return False
    return True


def ask_keep(state: HandState, player: int) -> KeepOpenersAsked:
    """Return the request (verified first; the state is not changed)."""
    verify_ask_keep(state, player)
    return KeepOpenersAsked(player)


def verify_show_opening(state: HandState, player: int, cards: Sequence[Card]) -> None:
    """Raise unless ``player`` may show ``cards`` as the opening hand now (empty: unshown)."""
    evolve(state, OpeningHandShown(player, tuple(cards)))


def can_show_opening(state: HandState, player: int, cards: Sequence[Card]) -> bool:
    """Tell whether `verify_show_opening` passes."""
    try:
        verify_show_opening(state, player, cards)
    except IllegalActionError:
        return False
    return True


def show_opening(state: HandState, player: int, cards: Sequence[Card]) -> OpeningHandShown:
    """Return the after-pot show (verified first; the state is not changed)."""
    verify_show_opening(state, player, cards)
    return OpeningHandShown(player, tuple(cards))


def keep_standing(state: HandState) -> bool:
    """Whether a request to keep the opening hand stands and the hand is not shown yet."""
    return state.keep_asked_by >= 0 and not state.opening_shown


def opening_show_due(state: HandState) -> bool:
    """Whether the pot is awarded and the opening hand kept must now be shown."""
    return keep_standing(state) and state.phase is Phase.COMPLETE


def known_opening_hand(state: HandState) -> tuple[Card, ...] | None:
    """Return the opening hand when the hand already shows it: no draw, every card known."""
    opener = state.opened_by
    if opener < 0 or (state.discards and state.discards[opener]):
        return None
    hand = state.hole[opener]
    if len(hand) != state.setup.game.streets[0].hole_count or any(c.is_unknown for c in hand):
        return None
    return hand


def opening_holds_openers(state: HandState) -> bool | None:
    """Tell whether the opening hand shown after the pot held openers; None before the show.

    False when the opener threw it away unshown.
    """
    if not state.opening_shown:
        return None
    return bool(state.opening_hand) and has_openers(state.opening_hand)
