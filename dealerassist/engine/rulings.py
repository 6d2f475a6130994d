"""Applying irregularity events and rulings' consequences to a hand's state (IRR-*).

`evolve_ruling(state, event)` applies the events of `dealerassist.engine.ruling_events`;
`evolve(state, event)` applies any event of a hand, the engine's own (sent to
`dealerassist.engine.state.evolve`) or an irregularity one. Like the engine's it is pure and raises
`IllegalActionError` (with a rule ID) when the event cannot be applied, the old state
untouched. Reports record a fact and change no chips (a card seen face up becomes known).
Consequences change the hand exactly as the catalogue says:

- `MisdealDeclared`: the hand is void; every chip put in (antes, blinds, bets, pots) goes
  back to its owner; nothing is won, nothing raked. Chips are conserved.
- `HoleCardReplaced`: a replacement card takes the exposed card's place; the exposed card
  stays dead (it is the burn) (IRR-HE-EXPOSE-OTHER, IRR-DR-DRAW-EXPOSED).
- `BoardCardsReturned` / `StubReshuffled`: cards go back into the stub and may be dealt
  again; `CardSetAside` takes an early turn out of play until then (IRR-TURN-EARLY). The
  burn taken before early cards stays a burn, so `burns` counts it then; with the next
  cards turned without a burn (`BurnSkipped`) the count ends as the table's.
- `BurnSkipped`: the board cards just dealt were turned without a burn.
- `HandKilled`: a dead hand, its ante returned when the ruling says so (IRR-ST-HOLE-UP).

Each consequence has its triad: ``verify_x`` raises, ``can_x`` answers, ``x`` returns the
event (checked against the state, which it never changes).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from dealerassist.cards import Card
from dealerassist.engine.events import BoardDealt, Folded
from dealerassist.engine.ruling_events import (
    ActionAttempted,
    BoardCardsExposed,
    BoardCardsReturned,
    BurnSkipped,
    ButtonMisplaced,
    CardExposed,
    CardSetAside,
    ChipsReturned,
    DealError,
    ExtraCardDealt,
    FalseOpeners,
    FloorOverruled,
    FoldedWithoutBet,
    HandKilled,
    HandSizeWrong,
    HoleCardReplaced,
    MisdealDeclared,
    PlayerAbsent,
    RulingApplied,
    RulingEvent,
    StubReshuffled,
    WrongBringIn,
)
from dealerassist.engine.state import HandState, Phase
from dealerassist.engine.state import evolve as _evolve_engine
from dealerassist.engine.state import replace as _replace
from dealerassist.errors import IllegalActionError

__all__ = [
    "can_apply_ruling",
    "can_deal_board_unburned",
    "can_kill_hand",
    "can_misdeal",
    "can_replace_hole_card",
    "deal_board_unburned",
    "evolve",
    "evolve_ruling",
    "is_void",
    "kill_hand",
    "misdeal",
    "replace_hole_card",
    "verify_apply_ruling",
    "verify_deal_board_unburned",
    "verify_kill_hand",
    "verify_misdeal",
    "verify_replace_hole_card",
]


def _fail(reason: str, rule_id: str) -> IllegalActionError:
    return IllegalActionError(reason, rule_id=rule_id)


def _check_player(state: HandState, player: int, rule_id: str) -> None:
    if not 0 <= player < state.player_count:
        raise _fail(f"there is no player {player} in this hand", rule_id)


def _bit(card: Card) -> int:
    return 1 << card.code if card.code < 52 else 0


def _held(state: HandState) -> int:
    """Mask of the faces in players' hands and on the board."""
    mask = 0
    for hand in state.hole:
        for card in hand:
            mask |= _bit(card)
    for card in state.board:
        mask |= _bit(card)
    return mask


def is_void(state: HandState) -> bool:
    """Tell whether a misdeal voided the hand (every chip returned, nothing won).

    Money carried in from a passed-out deal (JB-NO-OPEN) stays in the pot through a misdeal.
    """
    return (state.phase is Phase.COMPLETE and not any(state.won)
            and state.pot_total == state.setup.carried
            and state.stacks == state.setup.starting_stacks and not state.rake
            and any(state.returned))


# ----- reports -------------------------------------------------------------------------


def _on_exposed(state: HandState, event: CardExposed) -> HandState:
    _check_player(state, event.player, "IRR-HE-EXPOSE-OTHER")
    card = event.card
    if card.is_unknown:
        return state
    hole = state.hole[event.player]
    if card in hole:
        return state
    bit = _bit(card)
    if state.seen & bit:
        raise _fail(f"card {card} is already elsewhere in this hand", "IRR-DECK")
    if any(c.is_unknown for c in hole):
        # The face is now known: it fills the first unknown slot of that hand.
        cards = list(hole)
        cards[cards.index(next(c for c in cards if c.is_unknown))] = card
        holes = list(state.hole)
        holes[event.player] = tuple(cards)
        return _replace(state, hole=tuple(holes), seen=state.seen | bit)
    return state  # exposed while dealing, before the hand's cards were entered


def _record(state: HandState, event: object) -> HandState:
    player = getattr(event, "player", -1)
    if player != -1:
        _check_player(state, player, "IRR-DECK")
    for name in ("true_player",):
        other = getattr(event, name, None)
        if other is not None:
            _check_player(state, other, "IRR-ST-WRONG-LOW")
    if state.phase is Phase.COMPLETE and not isinstance(event, FloorOverruled) and not (
            # JB-KEEP: the flag of an opening hand shown after the pot is ruled then.
            isinstance(event, RulingApplied) and state.opening_shown):
        raise _fail("the hand is over: nothing can be reported on it", "G-ACT")
    return state


# ----- consequences --------------------------------------------------------------------


def _on_misdeal(state: HandState, event: MisdealDeclared) -> HandState:
    verify_misdeal(state)
    start = state.setup.starting_stacks
    n = state.player_count
    returned = tuple(state.returned[i] + start[i] - state.stacks[i] for i in range(n))
    return _replace(
        state, phase=Phase.COMPLETE, stacks=tuple(start), bets=(0,) * n, committed=(0,) * n,
        dead_antes=state.setup.carried,  # money carried in waits for the redeal
        returned=returned, actors=(), due_hole=(), due_board=0, runout=False,
    )


def _on_replaced(state: HandState, event: HoleCardReplaced) -> HandState:
    player = event.player
    _check_player(state, player, event.rule_id)
    if state.folded[player] or state.mucked[player]:
        raise _fail(f"player {player} is out of the hand", event.rule_id)
    hole = list(state.hole[player])
    if event.old not in hole:
        raise _fail(f"player {player} does not hold {event.old}", event.rule_id)
    seen = state.seen
    new_bit = _bit(event.new)
    if new_bit and seen & new_bit:
        raise _fail(f"card {event.new} was already seen in this hand", "IRR-DECK")
    hole[hole.index(event.old)] = event.new
    holes = list(state.hole)
    holes[player] = tuple(hole)
    # The old card stays in the seen mask: it is dead (the burn), never dealt again.
    return _replace(state, hole=tuple(holes), seen=seen | new_bit)


def _on_returned(state: HandState, event: BoardCardsReturned | StubReshuffled) -> HandState:
    held = _held(state)
    seen = state.seen
    for card in event.cards:
        bit = _bit(card)
        if held & bit:
            raise _fail(f"card {card} is in play and cannot go back into the stub",
                        event.rule_id)
        seen &= ~bit
    # BoardCardsReturned: the burn taken before the early or extra cards stays a burn.
    burns = state.burns + (1 if isinstance(event, BoardCardsReturned) else 0)
    return _replace(state, seen=seen, burns=burns)


def _on_set_aside(state: HandState, event: CardSetAside) -> HandState:
    bit = _bit(event.card)
    if state.phase is Phase.COMPLETE:
        raise _fail("the hand is over", event.rule_id)
    if bit and state.seen & bit:
        raise _fail(f"card {event.card} was already seen in this hand", "IRR-DECK")
    # The burn taken before the early turn stays a burn (the turn's own burn comes next).
    return _replace(state, seen=state.seen | bit, burns=state.burns + 1)


def _on_burn_skipped(state: HandState, event: BurnSkipped) -> HandState:
    if state.burns <= 0 or not state.board:
        raise _fail("no burn to take back: no board card was dealt with a burn",
                    event.rule_id)
    return _replace(state, burns=state.burns - 1)


def _on_killed(state: HandState, event: HandKilled) -> HandState:
    verify_kill_hand(state, event.player, rule_id=event.rule_id)
    player = event.player
    if state.actor == player:
        state = _evolve_engine(state, Folded(player))
    else:
        from dealerassist.engine.rounds import (  # one hand's rules
            _after_dealing,
            _end_betting,
            _to_showdown,
        )

        folded = list(state.folded)
        folded[player] = True
        actors = tuple(i for i in state.actors if i != player)
        due = tuple(i for i in state.due_hole if i != player)
        draws = tuple(i for i in state.due_draw if i != player)  # a dead hand draws no more
        state = _replace(state, folded=tuple(folded), actors=actors, due_hole=due,
                         due_draw=draws)
        if state.folded.count(False) <= 1 or (state.phase is Phase.BETTING and not actors):
            if state.phase is Phase.SHOWDOWN:
                state = _to_showdown(state)
            else:
                state = _end_betting(state)
        elif state.phase is Phase.DEALING:
            # The dead hand was the last one owed cards or a draw: the deal is over, the
            # betting (or the next street) starts as after the last card (IRR-DR-FOUL,
            # IRR-ST-HOLE-UP during the deal).
            state = _after_dealing(state)
    if event.ante_returned:
        ante = state.antes_paid[player]
        stacks = list(state.stacks)
        returned = list(state.returned)
        committed = list(state.committed)
        antes = list(state.antes_paid)
        stacks[player] += ante
        returned[player] += ante
        antes[player] = 0
        dead = state.dead_antes
        if dead >= ante:
            dead -= ante
        else:
            committed[player] -= ante
        state = _replace(state, stacks=tuple(stacks), returned=tuple(returned),
                                    committed=tuple(committed), antes_paid=tuple(antes),
                                    dead_antes=dead)
    return state


def _on_wrong_bring_in(state: HandState, event: WrongBringIn) -> HandState:
    """IRR-ST-WRONG-LOW: the wrong player's chips go from their stack into the pot."""
    state = _record(state, event)
    amount, player = event.amount, event.player
    if not amount:
        return state
    if state.phase is Phase.COMPLETE:
        raise _fail("the hand is over", "IRR-ST-WRONG-LOW")
    if state.folded[player]:
        raise _fail(f"player {player} folded: no chips of theirs to put out",
                    "IRR-ST-WRONG-LOW")
    if amount < 0 or amount > state.stacks[player]:
        raise _fail(f"player {player} has {state.stacks[player]} behind, not {amount}",
                    "IRR-ST-WRONG-LOW")
    stacks = list(state.stacks)
    committed = list(state.committed)
    stacks[player] -= amount
    committed[player] += amount
    return _replace(state, stacks=tuple(stacks), committed=tuple(committed))


def _on_chips_returned(state: HandState, event: ChipsReturned) -> HandState:
    player = event.player
    _check_player(state, player, event.rule_id)
    if state.phase is Phase.COMPLETE:
        raise _fail("the hand is over", event.rule_id)
    bets = list(state.bets)
    committed = list(state.committed)
    # Antes are not bets: with ante trimming they sit in ``committed``, otherwise dead money.
    in_pots = committed[player] - (state.antes_paid[player] if state.setup.ante_trimming else 0)
    if event.amount < 0 or event.amount > bets[player] + in_pots:
        raise _fail(f"player {player} has {bets[player] + in_pots} in play, not {event.amount}",
                    event.rule_id)
    from_bet = min(event.amount, bets[player])
    bets[player] -= from_bet
    committed[player] -= event.amount - from_bet
    stacks = list(state.stacks)
    returned = list(state.returned)
    stacks[player] += event.amount
    returned[player] += event.amount
    return _replace(state, bets=tuple(bets), committed=tuple(committed), stacks=tuple(stacks),
                    returned=tuple(returned))


_HANDLERS: dict[type, Callable[[HandState, object], HandState]] = {
    CardExposed: _on_exposed,  # type: ignore[dict-item]
    ActionAttempted: _record,
    ExtraCardDealt: _record,
    BoardCardsExposed: _record,
    PlayerAbsent: _record,
    ButtonMisplaced: _record,
    DealError: _record,
    HandSizeWrong: _record,
    FalseOpeners: _record,
    WrongBringIn: _on_wrong_bring_in,  # type: ignore[dict-item]
    FoldedWithoutBet: _record,
    RulingApplied: _record,
    FloorOverruled: _record,
    MisdealDeclared: _on_misdeal,  # type: ignore[dict-item]
    HoleCardReplaced: _on_replaced,  # type: ignore[dict-item]
    BoardCardsReturned: _on_returned,  # type: ignore[dict-item]
    StubReshuffled: _on_returned,  # type: ignore[dict-item]
    CardSetAside: _on_set_aside,  # type: ignore[dict-item]
    BurnSkipped: _on_burn_skipped,  # type: ignore[dict-item]
    HandKilled: _on_killed,  # type: ignore[dict-item]
    ChipsReturned: _on_chips_returned,  # type: ignore[dict-item]
}


def evolve_ruling(state: HandState, event: RulingEvent) -> HandState:
    """Return the state after an irregularity event; ``state`` itself is never changed.

    Raises:
        IllegalActionError: the event is no irregularity event, or cannot be applied now.

    """
    handler = _HANDLERS.get(type(event))
    if handler is None:
        raise IllegalActionError(f"the engine cannot apply {type(event).__name__} yet")
    return handler(state, event)


def evolve(state: HandState, event: object) -> HandState:
    """Return the state after any hand event: an engine event or an irregularity event.

    Raises:
        IllegalActionError: the event cannot be applied now (state untouched).

    """
    handler = _HANDLERS.get(type(event))
    if handler is None:
        return _evolve_engine(state, event)  # type: ignore[arg-type]
    return handler(state, event)


# ----- triads --------------------------------------------------------------------------


def verify_apply_ruling(state: HandState, events: Iterable[object]) -> None:
    """Raise `IllegalActionError` unless every event applies in order (state untouched)."""
    for event in events:
        state = evolve(state, event)  # type: ignore[arg-type]


def can_apply_ruling(state: HandState, events: Iterable[object]) -> bool:
    """Tell whether `verify_apply_ruling` passes."""
    try:
        verify_apply_ruling(state, events)
    except IllegalActionError:
        return False
    return True


def verify_misdeal(state: HandState) -> None:
    """Raise unless the hand may be declared a misdeal (it is not settled yet)."""
    if state.phase is Phase.COMPLETE or any(state.won) or state.rake:
        raise _fail("the hand is settled: it can no longer be a misdeal", "G-ACT")


def can_misdeal(state: HandState) -> bool:
    """Tell whether `verify_misdeal` passes."""
    try:
        verify_misdeal(state)
    except IllegalActionError:
        return False
    return True


def misdeal(state: HandState, rule_id: str) -> MisdealDeclared:
    """Return the misdeal event of ``rule_id`` (checked)."""
    verify_misdeal(state)
    return MisdealDeclared(rule_id)


def verify_kill_hand(state: HandState, player: int, *, rule_id: str) -> None:
    """Raise unless ``player``'s hand may be declared dead now."""
    _check_player(state, player, rule_id)
    if state.phase is Phase.COMPLETE:
        raise _fail("the hand is over", rule_id)
    if state.folded[player] or state.mucked[player]:
        raise _fail(f"player {player} is already out of the hand", rule_id)
    if state.in_hand == (player,):
        # The last live hand wins what is in the pot: killing it would leave nobody to
        # award it to.
        raise _fail(f"player {player} holds the last live hand: it cannot be killed", rule_id)


def can_kill_hand(state: HandState, player: int, *, rule_id: str) -> bool:
    """Tell whether `verify_kill_hand` passes."""
    try:
        verify_kill_hand(state, player, rule_id=rule_id)
    except IllegalActionError:
        return False
    return True


def kill_hand(state: HandState, player: int, *, rule_id: str,
              ante_returned: bool = False) -> HandKilled:
    """Return the event killing ``player``'s hand (checked)."""
    verify_kill_hand(state, player, rule_id=rule_id)
    return HandKilled(player, rule_id, ante_returned)


def verify_replace_hole_card(state: HandState, *, player: int, old: Card, new: Card,
                             rule_id: str = "IRR-HE-EXPOSE-OTHER") -> None:
    """Raise unless ``old`` in ``player``'s hand may be replaced by ``new``."""
    _on_replaced(state, HoleCardReplaced(player, old, new, rule_id))


def can_replace_hole_card(state: HandState, *, player: int, old: Card, new: Card,
                          rule_id: str = "IRR-HE-EXPOSE-OTHER") -> bool:
    """Tell whether `verify_replace_hole_card` passes."""
    try:
        verify_replace_hole_card(state, player=player, old=old, new=new, rule_id=rule_id)
    except IllegalActionError:
        return False
    return True


def replace_hole_card(state: HandState, *, player: int, old: Card, new: Card,
                      rule_id: str = "IRR-HE-EXPOSE-OTHER") -> HoleCardReplaced:
    """Return the event replacing an exposed hole card (checked)."""
    verify_replace_hole_card(state, player=player, old=old, new=new, rule_id=rule_id)
    return HoleCardReplaced(player, old, new, rule_id)


def _unburned(cards: tuple[Card, ...], rule_id: str) -> tuple[BoardDealt, BurnSkipped]:
    return BoardDealt(tuple(cards)), BurnSkipped(rule_id)


def verify_deal_board_unburned(state: HandState, cards: tuple[Card, ...], *,
                               rule_id: str) -> None:
    """Raise unless ``cards`` may be turned now (without a burn)."""
    verify_apply_ruling(state, _unburned(cards, rule_id))


def can_deal_board_unburned(state: HandState, cards: tuple[Card, ...], *,
                            rule_id: str) -> bool:
    """Tell whether `verify_deal_board_unburned` passes."""
    try:
        verify_deal_board_unburned(state, cards, rule_id=rule_id)
    except IllegalActionError:
        return False
    return True


def deal_board_unburned(state: HandState, cards: tuple[Card, ...], *,
                        rule_id: str) -> tuple[BoardDealt, BurnSkipped]:
    """Return the events turning ``cards`` without a burn (checked)."""
    verify_deal_board_unburned(state, cards, rule_id=rule_id)
    return _unburned(cards, rule_id)
