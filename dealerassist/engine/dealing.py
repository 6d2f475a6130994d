"""The card handlers of `evolve`: hole cards, board cards, draws, and cards identified late.

Each checks that the cards are due and not seen before (IRR-DECK, G-DECK), records them by
position on a copy of the state, and hands over to `engine.rounds` once the street is dealt.
Part of `engine.state`'s fold: see there how the handler modules are put together.
"""

from __future__ import annotations

from collections.abc import Sequence

from dealerassist.cards import Card
from dealerassist.engine.events import (
    BoardCardIdentified,
    BoardDealt,
    CardsDrawn,
    DiscardsReshuffled,
    DrawDeclared,
    HoleCardsDealt,
)
from dealerassist.engine.rounds import _after_dealing
from dealerassist.engine.state import (
    _BOARD,
    _BURNS,
    _DEALING,
    _DISCARDS,
    _DRAW_BURN,
    _DRAW_DECLARED,
    _DRAW_OWED,
    _DUE_BOARD,
    _DUE_DRAW,
    _DUE_HOLE,
    _HOLE,
    _SEEN,
    HandState,
    _fail,
    _new_tuple,
    replace,
)


def _on_hole(state: HandState, event: HoleCardsDealt) -> HandState:
    player = event.player
    due = state.due_hole
    if state.phase is not _DEALING or player not in due:
        raise _fail(f"no hole cards are due to player {player} now", "HE-DEAL")
    cards = tuple(event.cards)
    count = state.setup.game.streets[state.street_index].hole_count
    if len(cards) != count:
        raise _fail(f"player {player} must receive {count} cards here, not {len(cards)}",
                    "HE-DEAL")
    seen = _check_new_cards(state, cards)
    hole = list(state.hole)
    hole[player] = hole[player] + cards
    due = due[1:] if due[0] == player else tuple(i for i in due if i != player)
    values = list(state)
    values[_HOLE] = tuple(hole)
    values[_DUE_HOLE] = due
    values[_SEEN] = seen
    state = _new_tuple(HandState, values)
    if due:
        return state  # more hole cards due on this street (what _after_dealing would say)
    return _after_dealing(state)


def deal_in_turn(state: HandState, events: Sequence[HoleCardsDealt]) -> HandState:
    """Return the state after the hole cards ``events``, applied in order: `evolve` folded.

    The same checks, in the same order, and the same state as applying each event with
    `evolve` (`_on_hole`), but the state is built once for the run of events, not once
    per player: a replay deals each street as such a run (one event per player). An
    event that cannot be applied raises `IllegalActionError` as `evolve` would and
    nothing is applied (the caller may then apply them one by one to find which).
    """
    if len(events) == 1:
        return _on_hole(state, events[0])
    if state.phase is not _DEALING:
        raise _fail(f"no hole cards are due to player {events[0].player} now", "HE-DEAL")
    due = state.due_hole
    count = state.setup.game.streets[state.street_index].hole_count
    hole = list(state.hole)
    dealt: list[Card] = []
    for event in events:
        player = event.player
        if player not in due:
            raise _fail(f"no hole cards are due to player {player} now", "HE-DEAL")
        cards = tuple(event.cards)
        if len(cards) != count:
            raise _fail(f"player {player} must receive {count} cards here, not {len(cards)}",
                        "HE-DEAL")
        dealt.extend(cards)
        hole[player] = hole[player] + cards
        due = due[1:] if due[0] == player else tuple(i for i in due if i != player)
    # One check over every card of the run: a card dealt twice within it is caught as a
    # card already seen, as when each event is applied in turn (IRR-DECK).
    seen = _check_new_cards(state, dealt)
    values = list(state)
    values[_HOLE] = tuple(hole)
    values[_DUE_HOLE] = due
    values[_SEEN] = seen
    state = _new_tuple(HandState, values)
    if due:
        return state
    return _after_dealing(state)


def _on_board(state: HandState, event: BoardDealt) -> HandState:
    if state.phase is not _DEALING or state.due_board == 0:
        raise _fail("no board card is due now", "HE-STREETS")
    if state.due_hole:
        raise _fail(f"hole cards are still due to player {state.due_hole[0]}", "HE-DEAL")
    count = len(event.cards)
    if count == 0 or count > state.due_board:
        raise _fail(f"{state.due_board} board card(s) due here, not {count}", "HE-STREETS")
    seen = _check_new_cards(state, event.cards)
    street = state.setup.game.streets[state.street_index]
    values = list(state)
    if state.due_board == street.board and street.burn:
        values[_BURNS] = state.burns + 1
    values[_BOARD] = state.board + tuple(event.cards)
    values[_DUE_BOARD] = state.due_board - count
    values[_SEEN] = seen
    return _after_dealing(_new_tuple(HandState, values))


def _on_declare(state: HandState, event: DrawDeclared) -> HandState:
    """Record the number of cards a player announces, or a change of it (DR-CHANGE)."""
    player = event.player
    due = state.due_draw
    if state.phase is not _DEALING or not due:
        raise _fail(f"no draw is due from player {player} now", "DR-DRAW")
    declared = state.draw_declared or (-1,) * len(state.stacks)
    if player not in due or player in state.draw_owed:
        if 0 <= player < len(state.stacks) and not state.folded[player]:
            # DR-CHANGE: a card was pulled for this player; the number is final.
            raise _fail(f"player {player} has been dealt cards on this draw: the number "
                        "can no longer change", "DR-CHANGE")
        raise _fail(f"player {player} is not in the draw", "DR-DRAW")
    if not 0 <= event.count <= len(state.hole[player]):
        raise _fail(f"player {player} holds {len(state.hole[player])} cards: "
                    f"{event.count} cannot be drawn", "DR-DRAW")
    order = [p for p in due if p not in state.draw_owed]
    at = order.index(player)
    if declared[player] >= 0:
        if at + 1 < len(order) and declared[order[at + 1]] >= 0:
            # DR-CHANGE: the next player acted on their own number.
            raise _fail(f"player {order[at + 1]} has declared after player {player}: the "
                        "number can no longer change", "DR-CHANGE")
    elif any(declared[p] < 0 for p in order[:at]):
        first = next(p for p in order if declared[p] < 0)
        raise _fail(f"player {first} declares before player {player}", "IRR-OUT-OF-TURN")
    changed = list(declared)
    changed[player] = event.count
    return replace(state, draw_declared=tuple(changed))


def draw_stub(state: HandState) -> int:
    """Return how many cards the stub of a draw game holds now (DR-DRAW).

    The deck less every card dealt (discards and folded hands included, faces known or
    not), the board, the burn before each draw so far, every other burn (DR-DRAW-MAX),
    plus the discards shuffled back by `DiscardsReshuffled`.
    """
    streets = state.setup.game.streets
    burnt = sum(1 for street in streets[1:state.street_index + 1] if street.draw)
    dealt = sum(map(len, state.hole)) + sum(map(len, state.discards)) + len(state.board)
    return state.setup.game.deck_size - dealt - burnt - state.burns + sum(state.reshuffled)


def _on_reshuffle(state: HandState, event: DiscardsReshuffled) -> HandState:
    """Shuffle the discards of every player but the one served into a new stub (DR-DRAW).

    Allowed only while a draw is due and the stub cannot give ``event.player`` the cards
    due: the number announced (DR-CHANGE), the fifth of a draw of five (DR-DRAW-MAX), or
    as many as the player holds when no number was announced. The discards returned stay
    in ``discards`` (JB-SPLIT) and their faces leave ``seen``: they may be dealt again.
    """
    player = event.player
    due = state.due_draw
    if state.phase is not _DEALING or not due:
        raise _fail("no draw is due now: the discards are reshuffled only during a draw",
                    "DR-DRAW")
    if player != due[0]:
        raise _fail(f"player {player} is not the player being served", "DR-DRAW")
    if player in state.draw_owed:
        need = 1
    else:
        announced = state.draw_declared[player] if state.draw_declared else -1
        need = announced if announced >= 0 else len(state.hole[player])
    stub = draw_stub(state)
    if stub >= need:
        raise _fail(f"the stub still holds {stub} card(s): no reshuffle before it runs out",
                    "DR-DRAW")
    thrown = state.discards or ((),) * len(state.hole)
    back = list(state.reshuffled or (0,) * len(state.hole))
    seen = state.seen
    returned = 0
    for other, cards in enumerate(thrown):
        if other == player:
            continue  # never the served player's own discards
        for card in cards[back[other]:]:
            if card.code < 52:
                seen &= ~(1 << card.code)
            returned += 1
        back[other] = len(cards)
    if not returned:
        raise _fail("no discards to reshuffle: the stub cannot supply this draw", "DR-DRAW")
    return replace(state, seen=seen, reshuffled=tuple(back))


def _on_draw(state: HandState, event: CardsDrawn) -> HandState:
    """Apply a draw: the player discards and receives as many cards (LB-DEAL; pat: none).

    DR-DRAW-MAX: up to four cards in a row; a draw of five gets four (the player moves to
    the end of ``due_draw``, in ``draw_owed``) and the fifth once every other player has
    drawn, after a burn when that player is the last to draw; the fifth is refused before
    that. Five received at once is applied as recorded (`engine.draws.verify_draw` refuses
    it unless the player is the last to draw). DR-CHANGE: a draw must match the number the
    player announced (`DrawDeclared`), if any.
    """
    player = event.player
    if state.phase is not _DEALING or not state.due_draw:
        raise _fail(f"no draw is due from player {player} now", "DR-DRAW")
    owed = player in state.draw_owed
    if state.due_draw[0] != player:
        if owed:
            raise _fail(f"player {player}'s fifth card comes after every other player has "
                        "drawn", "DR-DRAW-MAX")
        raise _fail(f"player {state.due_draw[0]} draws before player {player}",
                    "IRR-OUT-OF-TURN")
    discarded, received = tuple(event.discarded), tuple(event.received)
    partial = False
    if owed:
        want = sum(s.hole_count for s in state.setup.game.streets[:state.street_index + 1])
        want -= len(state.hole[player])
        if discarded or len(received) != want:
            raise _fail(f"player {player} is owed {want} card(s) to finish the draw, "
                        "nothing discarded", "DR-DRAW-MAX")
    else:
        declared = state.draw_declared[player] if state.draw_declared else -1
        if declared >= 0 and declared != len(discarded):
            raise _fail(f"player {player} asked for {declared} card(s), not "
                        f"{len(discarded)}: enter the change first", "DR-CHANGE")
        if len(discarded) > 4 and len(received) == 4:
            partial = True  # DR-DRAW-MAX: four now, the rest after everyone else
        elif len(discarded) != len(received):
            raise _fail(f"player {player} discards {len(discarded)} card(s) but receives "
                        f"{len(received)}", "DR-DRAW")
        # Five received at once is applied as recorded (a replay flags it: engine.draws).
    held = list(state.hole[player])
    # Cards are interned, so a card is its code: compare codes (ints), not Card objects.
    codes = [c.code for c in held]
    for card in discarded:
        code = card.code
        if code != _UNKNOWN_CODE and code in codes:
            at = codes.index(code)
        elif _UNKNOWN_CODE in codes:  # a discard from a hand we did not see
            at = codes.index(_UNKNOWN_CODE)
        else:
            raise _fail(f"player {player} does not hold {card}", "DR-DRAW")
        del held[at]
        del codes[at]
    # The stub may run out: then the discards (not the burns) are shuffled to finish the
    # draw, so a card discarded earlier may come again (DR-DRAW).
    seen = state.seen
    recycled = 0
    for card in received:
        code = card.code
        if code < 52 and seen >> code & 1 and card not in state.hole[player] and \
                not any(card in h for h in state.hole):
            recycled |= 1 << code
    fresh = received
    if recycled:
        fresh = tuple(c for c in received if c.code >= 52 or not recycled >> c.code & 1)
        # The stub: the deck less every card seen, the burn before each draw so far (the
        # dealer's, and pokerkit's in a hand history) and the burns before fifth cards.
        streets = state.setup.game.streets
        burnt = sum(1 for street in streets[1:state.street_index + 1] if street.draw)
        stub = state.setup.game.deck_size - bin(seen & _FACES).count("1") - burnt - state.burns
        if stub >= len(received):
            raise _fail(f"player {player} receives a discarded card while the stub still "
                        f"holds {stub}", "IRR-DECK")
    seen = _check_new_cards(state, fresh)
    hole = list(state.hole)
    hole[player] = tuple(held) + received
    thrown = list(state.discards or ((),) * len(state.hole))
    thrown[player] = thrown[player] + discarded
    due_draw, draw_owed, burn, burns = state.due_draw[1:], state.draw_owed, state.draw_burn, \
        state.burns
    # Players still to draw after this one, not counting fifth cards owed (DR-DRAW-MAX).
    rest = [p for p in state.due_draw[1:] if p not in state.draw_owed] \
        if partial or len(received) > 4 else []
    if partial:
        due_draw, draw_owed = due_draw + (player,), draw_owed + (player,)
        burn = burn if rest else player  # the last to draw: four, a burn, then the fifth
    elif owed:
        draw_owed = tuple(p for p in draw_owed if p != player)
        if burn == player:
            burn, burns = -1, burns + 1
    elif len(received) > 4 and not rest:
        burns += 1  # the last to draw got four, a burn, then the fifth, in one go
    declared = state.draw_declared
    if declared and not partial:  # this draw is done: the announcement is spent
        declared = declared[:player] + (-1,) + declared[player + 1:]
        declared = declared if any(d >= 0 for d in declared) else ()
    values = list(state)
    values[_HOLE] = tuple(hole)
    values[_SEEN] = seen
    values[_DISCARDS] = tuple(thrown)
    values[_DUE_DRAW] = due_draw
    values[_DRAW_OWED] = draw_owed
    values[_DRAW_BURN] = burn
    values[_BURNS] = burns
    values[_DRAW_DECLARED] = declared
    state = _new_tuple(HandState, values)
    if due_draw:
        return state  # more players to draw on this street (what _after_dealing would say)
    return _after_dealing(state)


def _on_identify(state: HandState, event: BoardCardIdentified) -> HandState:
    position = event.position
    if not 0 <= position < len(state.board) or not state.board[position].is_unknown:
        raise _fail(f"board position {position} holds no unknown card", "IRR-DECK")
    seen = _check_new_cards(state, (event.card,))
    board = list(state.board)
    board[position] = event.card
    return replace(state, board=tuple(board), seen=seen)


_UNKNOWN_CODE = 53  # `dealerassist.cards.UNKNOWN`: a card whose face nobody has seen
_DECK_MASKS: dict[tuple[int, ...], int] = {}
# The deck mask of each game by identity (the spec kept in the entry so its id stays its
# own): hashing the ranks tuple on every card dealt costs more than the check itself.
_DECK_BY_GAME: dict[int, tuple[object, int]] = {}
_FACES = (1 << 52) - 1


def _check_new_cards(state: HandState, cards: tuple[Card, ...] | list[Card]) -> int:
    """Return the new mask of seen cards, refusing a card already seen or not in the deck.

    IRR-DECK: a face already seen in this hand cannot be dealt again; G-DECK: it must be in
    the game's deck.
    """
    seen = state.seen
    game = state.setup.game
    entry = _DECK_BY_GAME.get(id(game))
    if entry is None or entry[0] is not game:
        ranks = game.deck_ranks
        deck = _DECK_MASKS.get(ranks)
        if deck is None:
            deck = _DECK_MASKS[ranks] = sum(1 << ((r - 2) * 4 + s) for r in ranks
                                            for s in range(4))
        entry = _DECK_BY_GAME[id(game)] = (game, deck)
    deck = entry[1]
    for card in cards:
        code = card.code
        if code >= 52:
            if code == 52:
                # G-DECK: one joker (the bug) where the house plays it in this game.
                if state.setup.game.code not in state.setup.rules.deck.joker_games:
                    raise _fail("a joker is not part of this game's deck", "G-DECK")
                if seen >> 52 & 1:
                    raise _fail("the joker was already dealt in this hand", "IRR-DECK")
                seen |= 1 << 52
            continue
        bit = 1 << code
        if seen & bit:
            raise _fail(f"card {card} was already dealt in this hand", "IRR-DECK")
        if not deck & bit:
            raise _fail(f"card {card} is not in this game's deck", "G-DECK")
        seen |= bit
    return seen
