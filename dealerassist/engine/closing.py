"""The handlers of `evolve` that close a hand: show, muck, rake, award, carry.

Cards shown fill in faces nobody saw (IRR-DECK); the rake and the awards are checked against
what the pots hold (RAKE-RATE, POT-AWARD, POT-FOLDED); a hand is complete once every chip in
the pots is awarded or carried to the next deal (JB-PROVE). JB-KEEP: once a player asked
that the opener keeps the opening hand (`KeepOpenersAsked`), the opener's muck is refused
and the opening hand is shown after the pot is awarded (`OpeningHandShown`).
"""

from __future__ import annotations

from dealerassist.cards import Card
from dealerassist.engine.dealing import _UNKNOWN_CODE, _check_new_cards
from dealerassist.engine.events import (
    CardsShown,
    KeepOpenersAsked,
    Mucked,
    OpeningHandShown,
    PotAwarded,
    PotCarried,
    RakeTaken,
)
from dealerassist.engine.openers import needs_openers
from dealerassist.engine.state import (
    _BETTING,
    _COMPLETE,
    _DEALING,
    _HOLE,
    _PHASE,
    _SEEN,
    _SHOWDOWN,
    _SHOWN,
    _STACKS,
    _WON,
    HandState,
    _fail,
    _new_tuple,
    replace,
)


def _on_show(state: HandState, event: CardsShown) -> HandState:
    player = event.player
    if state.folded[player] or state.mucked[player]:
        raise _fail(f"player {player} is not in the hand and cannot show", "G-SHOW-CLAIM")
    if state.phase is _BETTING or not betting_over(state):
        raise _fail("hands are shown after the betting, not during it", "G-SHOW-ORDER")
    cards = tuple(event.cards)
    held = state.hole[player]
    if cards == held:  # the usual show: the cards dealt (interned: compared by identity)
        return _shown(state, player)
    if len(cards) > len(held):
        raise _fail(f"player {player} holds {len(held)} cards, not {len(cards)}", "G-SHOW-CLAIM")
    # Cards shown replace the faces we did not know; known faces must match.
    new = list(held)
    held_codes = [c.code for c in held]  # cards are interned: a card is its code
    unknown_slots = [k for k, code in enumerate(held_codes) if code == _UNKNOWN_CODE]
    fresh = [c for c in cards if c.code not in held_codes]
    if not fresh:  # every card shown is known already: only the show is new
        return _shown(state, player)
    if len(fresh) > len(unknown_slots):
        raise _fail(f"player {player} shows {len(fresh)} card(s) they were not dealt",
                    "IRR-DECK")
    faces = [c for c in fresh if c.code != _UNKNOWN_CODE]
    recycled = _recycled(state, player, faces) if faces and state.discards else set()
    seen = _check_new_cards(state, [c for c in faces if c not in recycled] if recycled
                            else faces)
    for slot, card in zip(unknown_slots, fresh, strict=False):
        new[slot] = card
    hole = list(state.hole)
    hole[player] = tuple(new)
    shown = list(state.shown)
    shown[player] = True
    values = list(state)
    values[_HOLE] = tuple(hole)
    values[_SHOWN] = tuple(shown)
    values[_SEEN] = seen
    return _new_tuple(HandState, values)


def _shown(state: HandState, player: int) -> HandState:
    """``state`` with ``player``'s hand tabled, the cards shown being those already known."""
    shown = list(state.shown)
    shown[player] = True
    values = list(state)
    values[_SHOWN] = tuple(shown)
    return _new_tuple(HandState, values)


def betting_over(state: HandState) -> bool:
    """Tell whether no betting round is left in the hand: the showdown, or an all-in run-out.

    Hands are shown there (G-SHOW-ORDER: all-in hands are tabled before the run-out);
    between two betting rounds a show is refused, in every family (board, stud, draw).
    """
    return state.phase is _SHOWDOWN or (state.phase is _DEALING and state.runout)


def _recycled(state: HandState, player: int, faces: list[Card]) -> set[Card]:
    """Return the shown faces that came back from the discards after the stub ran out.

    DR-DRAW: when the stub runs out, the discards (not the burns) are shuffled to finish
    the draw; a replacement dealt face down may then be a card discarded earlier, and it
    is shown as such. Only while fewer unseen cards remain than the faces shown.
    """
    if not state.discards:
        return set()
    # Bit masks of card codes (cards are interned: a card is its code), not sets of Cards:
    # hashing a Card costs more than this whole test in the usual case (nothing came back).
    thrown = 0
    for cards in state.discards:
        for card in cards:
            thrown |= 1 << card.code
    thrown &= ~(1 << _UNKNOWN_CODE)
    if not any(thrown >> c.code & 1 for c in faces):
        return set()  # the usual case: no face shown was ever thrown away
    held = 0
    for cards in state.hole:
        for card in cards:
            held |= 1 << card.code
    back = {c for c in faces if thrown >> c.code & 1 and not held >> c.code & 1}
    if not back:
        return set()
    stub = state.setup.game.deck_size - bin(state.seen & ((1 << 52) - 1)).count("1")
    if stub >= len(faces):
        raise _fail(f"player {player} shows a discarded card while the stub still holds "
                    f"{stub}", "IRR-DECK")
    return back


def _on_muck(state: HandState, event: Mucked) -> HandState:
    player = event.player
    if state.folded[player] or state.mucked[player]:
        raise _fail(f"player {player} is not in the hand", "G-SHOW-CLAIM")
    if state.phase is _BETTING:
        raise _fail("a player mucks at showdown; during the betting it is a fold", "G-ACT")
    if state.phase is not _SHOWDOWN:
        # Between two streets the hand is not at its showdown: a muck there would leave a
        # seat out of the pots yet still in the betting, dealing or drawing order. A player
        # giving up folds when the action reaches them.
        raise _fail("a player mucks at the showdown; cards or betting are still to come: "
                    "fold when the action reaches them", "G-SHOW-CLAIM")
    if len(state.in_hand) <= 1:
        raise _fail(f"player {player} is the last player in the hand", "G-WIN-FOLD")
    if player == state.opened_by and state.keep_asked_by >= 0:
        raise _fail(f"player {player} opened and keeps the opening hand (player "
                    f"{state.keep_asked_by} asked): show it, it is not mucked", "JB-KEEP")
    mucked = list(state.mucked)
    mucked[player] = True
    return replace(state, mucked=tuple(mucked))


def _on_rake(state: HandState, event: RakeTaken) -> HandState:
    if state.phase is not _SHOWDOWN:
        raise _fail("the rake is taken when the hand is settled", "RAKE-RATE")
    if event.amount < 0 or event.amount > state.pot_total:
        raise _fail(f"rake {event.amount} is more than the pots hold", "RAKE-RATE")
    return replace(state, rake=state.rake + event.amount)


def _on_award(state: HandState, event: PotAwarded) -> HandState:
    if state.phase is not _SHOWDOWN:
        raise _fail("pots are awarded once the betting and dealing are over", "POT-AWARD")
    player, amount = event.player, event.amount
    left = state.pot_total - state.carried_on  # what the awards may still take
    if amount < 0 or amount > left:
        raise _fail(f"award {amount} is more than the pots hold", "POT-AWARD")
    if state.folded[player]:
        raise _fail(f"player {player} folded and has no claim to any pot", "POT-FOLDED")
    stacks = list(state.stacks)
    won = list(state.won)
    stacks[player] += amount
    won[player] += amount
    values = list(state)
    values[_STACKS] = tuple(stacks)
    values[_WON] = tuple(won)
    if amount == left:  # every pot awarded
        values[_PHASE] = _COMPLETE
    return _new_tuple(HandState, values)


def _on_carry(state: HandState, event: PotCarried) -> HandState:
    if state.phase is not _SHOWDOWN:
        raise _fail("a pot is carried over when the hand is settled", "JB-PROVE")
    if event.amount <= 0 or event.amount > state.pot_total - state.carried_on:
        raise _fail(f"cannot carry {event.amount}: the pots hold "
                    f"{state.pot_total - state.carried_on}", "JB-PROVE")
    state = replace(state, carried_on=state.carried_on + event.amount)
    if state.pot_total == state.carried_on:
        state = replace(state, phase=_COMPLETE)
    return state


def _on_keep_asked(state: HandState, event: KeepOpenersAsked) -> HandState:
    """JB-KEEP: a player of the hand asks that the opener keeps the opening hand."""
    player, opener = event.player, state.opened_by
    if not needs_openers(state.setup.game, state.setup.rules):
        raise _fail("only a game with openers (jacks or better) has an opening hand to keep",
                    "JB-KEEP")
    if not 0 <= player < len(state.stacks):
        raise _fail(f"there is no player {player} in this hand", "JB-KEEP")
    if opener < 0:
        raise _fail("nobody has opened: there is no opening hand to keep", "JB-KEEP")
    if player == opener:
        raise _fail(f"player {player} is the opener: another player asks", "JB-KEEP")
    if state.keep_asked_by >= 0:
        raise _fail(f"player {state.keep_asked_by} asked already", "JB-KEEP")
    if state.phase is _COMPLETE:
        raise _fail("the pot is awarded: it is too late to ask", "JB-KEEP")
    if state.folded[opener] or state.mucked[opener]:
        raise _fail(f"player {opener}, the opener, threw the hand away already", "JB-KEEP")
    return replace(state, keep_asked_by=player)


def _on_opening_shown(state: HandState, event: OpeningHandShown) -> HandState:
    """JB-KEEP: after the pot is awarded the opener shows the opening hand (or threw it away).

    The hand shown is the one held when opening: as many cards as the first deal, none
    held by another player or on the board; of the final hand's cards it holds exactly
    those the opener kept (as many as the final hand less the cards drawn), and every
    known discard.
    """
    player, opener = event.player, state.opened_by
    if state.keep_asked_by < 0:
        raise _fail("nobody asked that the opener keeps the opening hand", "JB-KEEP")
    if player != opener:
        raise _fail(f"player {player} did not open: player {opener} shows the opening hand",
                    "JB-KEEP")
    if state.opening_shown:
        raise _fail("the opening hand was shown already", "JB-KEEP")
    if state.phase is not _COMPLETE:
        raise _fail("the opening hand is shown after the pot is awarded", "JB-KEEP")
    cards = tuple(event.cards)
    if cards:
        _check_opening_hand(state, opener, cards)
    return replace(state, opening_shown=True, opening_hand=cards)


def _check_opening_hand(state: HandState, opener: int, cards: tuple[Card, ...]) -> None:
    size = state.setup.game.streets[0].hole_count
    if len(cards) != size:
        raise _fail(f"the opening hand is {size} cards, not {len(cards)}", "JB-KEEP")
    codes = [card.code for card in cards]
    if _UNKNOWN_CODE in codes:
        raise _fail("name every card of the opening hand", "JB-KEEP")
    if len(set(codes)) != len(codes):
        raise _fail("a card of the opening hand is named twice", "IRR-DECK")
    for other, held in enumerate(state.hole):
        if other != opener and any(card in cards for card in held):
            raise _fail(f"player {other} holds a card of that opening hand", "IRR-DECK")
    if any(card in cards for card in state.board):
        raise _fail("a card of that opening hand is on the board", "IRR-DECK")
    thrown = state.discards[opener] if state.discards else ()
    missing = [card for card in thrown if not card.is_unknown and card not in cards]
    if missing:
        raise _fail(f"player {opener} discarded {missing[0]}: it was in the opening hand",
                    "JB-KEEP")
    final = state.hole[opener]
    kept = size - len(thrown)
    both = sum(1 for card in final if card in cards)
    if both > kept or (both < kept and not any(card.is_unknown for card in final)):
        raise _fail(f"player {opener} drew {len(thrown)}: the opening hand holds {kept} of "
                    f"the final hand's cards, not {both}", "JB-KEEP")
