"""The state of one hand (`HandState`, frozen) and `evolve(state, event)`: state is a fold.

`new_hand(setup)` posts the forced bets (antes, then blinds and straddles: BET-FORCED) and
waits for the hole cards. `evolve` applies one event and returns a new state; it never
mutates its input, so an event that cannot be applied at all (a player out of the hand,
more chips than the stack, a card on an empty street) raises `IllegalActionError` and the
caller keeps the old state. Whether an action is *allowed* by the rules is the job of
`dealerassist.engine.actions` (verify/can); `evolve` applies what happened, as recorded,
so a replay can apply a rule-breaking action and flag it (design: "Hand histories").

Round bookkeeping follows the catalogue and matches pokerkit where they agree:
the first actor (HE-FIRST, BET-HEADSUP), the order of play, the end of a round (G-ROUND-END),
uncalled bets returned at the end of each round (POT-UNCALLED), and all-in run-outs.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum, unique
from typing import Any, NamedTuple

from dealerassist.cards import Card
from dealerassist.engine import stud
from dealerassist.engine.events import (
    BetPlaced,
    BoardCardIdentified,
    BoardDealt,
    BringInPosted,
    Called,
    CardsDrawn,
    CardsShown,
    Checked,
    DrawDeclared,
    Event,
    Folded,
    HoleCardsDealt,
    Mucked,
    PotAwarded,
    PotCarried,
    RaisedTo,
    RakeTaken,
)
from dealerassist.engine.openers import needs_openers
from dealerassist.engine.setup import HandSetup
from dealerassist.errors import IllegalActionError
from dealerassist.games.spec import BettingStructure, Family, ForcedBets, GameSpec, Opening, Street

__all__ = ["HandState", "Phase", "bring_in_due", "completion_pending", "evolve", "evolve_all",
           "evolver", "new_hand"]


@unique
class Phase(StrEnum):
    """Where the hand is."""

    DEALING = "dealing"  # cards of the current street are due (hole or board)
    BETTING = "betting"  # a betting round is open; ``actors[0]`` is to act
    SHOWDOWN = "showdown"  # betting is over; hands are shown, then the pots are settled
    COMPLETE = "complete"  # every pot awarded


class HandState(NamedTuple):
    """One hand at one moment, immutable. Read it; change it only through `evolve`.

    A NamedTuple rather than a frozen dataclass, on purpose: `evolve` builds a new state
    several times per event, and copying a tuple is about five times cheaper than building
    a 28-field frozen dataclass, which is what makes replay several times faster than
    pokerkit (design: speed target). It is just as immutable; compare states with ``==``.

    Per-player tuples are indexed in PHH order (0 = first left of the button).

    Attributes:
        setup: the hand's fixed parameters.
        phase: where the hand is.
        street_index: index into ``setup.game.streets`` of the current street.
        stacks: chips behind each player.
        bets: chips in front of each player this round (not yet in the pots).
        committed: chips each player has in the pots (collected bets, live antes).
        dead_antes: dead money in the main pot: the antes (no ante trimming) and what
            ``setup.carried`` brought in from an earlier deal.
        antes_paid: the ante each player actually posted.
        blinds_paid: the blind or straddle each player actually posted.
        folded: players who folded (POT-FOLDED).
        mucked: players who threw their hand away at showdown.
        shown: players who tabled their hand.
        hole: each player's hole cards (UNKNOWN where not seen).
        board: community cards (UNKNOWN until identified).
        burns: cards burnt so far (HE-STREETS).
        due_hole: players still owed hole cards on this street, in dealing order.
        due_board: board cards still owed on this street.
        actors: betting order from the player to act (``actors[0]``) on.
        acted: the bet level each player matched when they last acted this round; -1 if not
            yet (used for BET-SHORT-ALLIN and BET-NO-SELF-RAISE).
        last_full: size of the last full bet or raise this round (BET-NL-MIN).
        raise_count: bets and raises made this round (BET-FL-CAP).
        aggressor: last bettor or raiser of the latest betting round, -1 if none
            (G-SHOW-ORDER).
        opener: first player to act on the latest betting round.
        runout: betting is over because at most one player has chips (all-in run-out).
        returned: uncalled chips given back to each player (POT-UNCALLED).
        won: chips each player received from the pots.
        rake: chips the house took (RAKE-RATE).
        reopened: players to whom a half-bet all-in reopened the betting (BET-SHORT-ALLIN).
        seen: bit mask of the card codes seen in this hand (IRR-DECK).
        due_draw: draw games: players still to discard and draw on this street, in order
            (LB-DEAL, DR-DRAW: from the first player left of the button).
        opened_by: the player who made the first voluntary bet of the hand, -1 if none
            (DR-AFTER: in antes-only draw games they act first after the draw).
        discards: draw games: the cards each player discarded (JB-SPLIT), () before any.
        call_floor: the least a call must reach this round beyond the bets in front
            (DR-ANTE-ONLY: after an all-in opening bet short of the full bet in an antes-only
            draw game, callers still put in the full opening bet); 0 otherwise.
        carried_on: chips of pots settled to nobody (`PotCarried`, JB-PROVE): they stay in
            ``pot_total`` for the table to carry into the next deal.
        draw_declared: draw games: the number of cards each player announced for this
            draw (`DrawDeclared`, DR-CHANGE), -1 if none; () before any announcement.
        draw_owed: draw games: players whose draw of five got four cards and waits for the
            fifth (DR-DRAW-MAX); they are moved to the end of ``due_draw``.
        draw_burn: the player, last to draw, whose fifth card comes after a burn
            (DR-DRAW-MAX); -1 if none.

    """

    setup: HandSetup
    phase: Phase
    street_index: int
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    committed: tuple[int, ...]
    dead_antes: int
    antes_paid: tuple[int, ...]
    blinds_paid: tuple[int, ...]
    folded: tuple[bool, ...]
    mucked: tuple[bool, ...]
    shown: tuple[bool, ...]
    hole: tuple[tuple[Card, ...], ...]
    board: tuple[Card, ...]
    burns: int
    due_hole: tuple[int, ...]
    due_board: int
    actors: tuple[int, ...]
    acted: tuple[int, ...]
    last_full: int
    raise_count: int
    aggressor: int
    opener: int
    runout: bool
    returned: tuple[int, ...]
    won: tuple[int, ...]
    rake: int
    seen: int = 0
    due_draw: tuple[int, ...] = ()
    opened_by: int = -1
    discards: tuple[tuple[Card, ...], ...] = ()
    call_floor: int = 0
    carried_on: int = 0
    draw_declared: tuple[int, ...] = ()
    draw_owed: tuple[int, ...] = ()
    draw_burn: int = -1

    # ----- derived views -------------------------------------------------------------------

    @property
    def player_count(self) -> int:
        """Players dealt in."""
        return len(self.stacks)

    @property
    def street(self) -> Street:
        """The current street."""
        return self.setup.game.streets[self.street_index]

    @property
    def actor(self) -> int | None:
        """The player to act, or None when no betting decision is pending."""
        if self.phase is _BETTING and self.actors:
            return self.actors[0]
        return None

    @property
    def in_hand(self) -> tuple[int, ...]:
        """Players still holding a claim to a pot (not folded, not mucked)."""
        return tuple([i for i, (folded, mucked) in enumerate(zip(self.folded, self.mucked,
                                                                 strict=True))
                      if not folded and not mucked])

    @property
    def is_complete(self) -> bool:
        """True once every pot has been awarded."""
        return self.phase is _COMPLETE

    @property
    def won_by_fold(self) -> bool:
        """True when all but one player folded (G-WIN-FOLD)."""
        return self.folded.count(False) == 1

    @property
    def passed_out(self) -> bool:
        """True when nobody opened a jacks-or-better deal (JB-NO-OPEN).

        The hand is over and its antes stay in the pot for the next deal (the table
        carries them).
        """
        return self.phase is _COMPLETE and self.pot_total > 0 and not any(self.won)

    @property
    def carry_forward(self) -> int:
        """Chips the table carries into the next deal once the hand is over.

        The antes of a passed-out deal (JB-NO-OPEN), pots nobody could win (`PotCarried`,
        JB-PROVE), money carried in before a misdeal; pass it as ``HandSetup.carried``.
        """
        return self.pot_total if self.phase is _COMPLETE else 0

    @property
    def total_chips(self) -> int:
        """Stacks + bets + pots + rake: constant through the hand (chips are conserved)."""
        return sum(self.stacks) + sum(self.bets) + self.pot_total + self.rake

    @property
    def pot_total(self) -> int:
        """Chips in the pots, not counting bets still in front of the players."""
        return sum(self.committed) + self.dead_antes - sum(self.won) - self.rake

    @property
    def max_bet(self) -> int:
        """The bet to match this round: the highest bet in front, or ``call_floor``."""
        top = max(self.bets)
        return top if top >= self.call_floor else self.call_floor


_INDEX = {name: index for index, name in enumerate(HandState._fields)}
_new_tuple = tuple.__new__

# Enum members as module constants: looking a member up on its class goes through the
# enum metaclass (~0.1 us), and the hot paths below test several per event.
_ANTES_ONLY = ForcedBets.ANTES_ONLY
_BETTING = Phase.BETTING
_BRING_IN = ForcedBets.BRING_IN
_BY_POSITION = Opening.POSITION
_COMPLETE = Phase.COMPLETE
_DEALING = Phase.DEALING
_FAMILY_DRAW = Family.DRAW
_FIXED_LIMIT = BettingStructure.FIXED_LIMIT
_SHOWDOWN = Phase.SHOWDOWN


def replace(state: HandState, **changes: Any) -> HandState:
    """Return a copy of ``state`` with some fields changed (a fast ``_replace``)."""
    values = list(state)
    for name, value in changes.items():
        values[_INDEX[name]] = value
    return _new_tuple(HandState, values)  # type: ignore[no-any-return]


# The hottest handlers (a betting action, a hole card) copy the state as a list, set a few
# fields by position and build the tuple once: no keyword dict, no name lookups.
_STACKS = _INDEX["stacks"]
_BETS = _INDEX["bets"]
_FOLDED = _INDEX["folded"]
_HOLE = _INDEX["hole"]
_DUE_HOLE = _INDEX["due_hole"]
_ACTORS = _INDEX["actors"]
_ACTED = _INDEX["acted"]
_SEEN = _INDEX["seen"]
_PHASE = _INDEX["phase"]
_COMMITTED = _INDEX["committed"]
_RETURNED = _INDEX["returned"]
_RUNOUT = _INDEX["runout"]
_LAST_FULL = _INDEX["last_full"]
_RAISE_COUNT = _INDEX["raise_count"]
_AGGRESSOR = _INDEX["aggressor"]
_OPENER = _INDEX["opener"]
_OPENED_BY = _INDEX["opened_by"]
_CALL_FLOOR = _INDEX["call_floor"]
_BURNS = _INDEX["burns"]
_BOARD = _INDEX["board"]
_DUE_BOARD = _INDEX["due_board"]
_STREET_INDEX = _INDEX["street_index"]
_WON = _INDEX["won"]
_DISCARDS = _INDEX["discards"]
_DUE_DRAW = _INDEX["due_draw"]
_DRAW_OWED = _INDEX["draw_owed"]
_DRAW_BURN = _INDEX["draw_burn"]
_DRAW_DECLARED = _INDEX["draw_declared"]


# Every field of a new hand that does not depend on the setup: the defaults, and the start
# of a hand (street 0, no board, nobody to act yet, no aggressor, opener 0, no run-out,
# no rake). `new_hand` fills in the rest.
_NEW_HAND_TEMPLATE: tuple[Any, ...] = tuple(
    {"street_index": 0, "board": (), "burns": 0, "actors": (), "last_full": 0,
     "raise_count": 0, "aggressor": -1, "opener": 0, "runout": False, "rake": 0,
     }.get(name, HandState._field_defaults.get(name))
    for name in HandState._fields
)
_SETUP = _INDEX["setup"]
_DEAD_ANTES = _INDEX["dead_antes"]
_ANTES_PAID = _INDEX["antes_paid"]
_BLINDS_PAID = _INDEX["blinds_paid"]
_MUCKED = _INDEX["mucked"]
_SHOWN = _INDEX["shown"]


# ----- construction --------------------------------------------------------------------


def new_hand(setup: HandSetup) -> HandState:
    """Return the hand after its forced bets, waiting for the first street's cards (BET-FORCED).

    Antes are posted first, then blinds and straddles; a player short of chips posts what
    they have and is all-in (G-ALLIN). With ``setup.ante_trimming`` an ante above every
    other ante is returned (PHH); otherwise antes are dead money in the main pot.

    Raises:
        IllegalActionError: the variant's streets need a part of the engine not built yet
            (draw rounds).

    """
    game = setup.game
    starting = setup.starting_stacks
    n = len(starting)
    antes = [ante if ante < stack else stack
             for ante, stack in zip(setup.antes, starting, strict=True)]
    stacks = [stack - ante for stack, ante in zip(starting, antes, strict=True)]
    returned = [0] * n
    committed = [0] * n
    dead = setup.carried  # JB-NO-OPEN / IRR-JB-FALSE: money carried from an earlier deal
    if setup.ante_trimming:
        cutoff = sorted(antes)[-2]
        for i in range(n):
            over = antes[i] - cutoff
            if over > 0:
                stacks[i] += over
                returned[i] += over
                committed[i] = cutoff
            else:
                committed[i] = antes[i]
    else:
        dead += sum(antes)
    # A blind is limited by the stack less the ante actually posted (an ante returned by
    # trimming comes back after the blinds are posted, as in PHH's reference).
    blinds = [min(blind, stack - ante)
              for blind, stack, ante in zip(setup.blinds, starting, antes, strict=True)]
    if setup.posts:  # BET-NEW-PLAYER: a live big blind posted out of position
        blinds = [min(blinds[i] + setup.posts[i], starting[i] - antes[i]) for i in range(n)]
    if any(blinds):
        stacks = [stack - blind for stack, blind in zip(stacks, blinds, strict=True)]
    first = game.streets[0]
    # Built by position from a template of the defaults (this runs once per hand replayed).
    values = list(_NEW_HAND_TEMPLATE)
    values[_SETUP] = setup
    values[_PHASE] = _DEALING
    values[_STACKS] = tuple(stacks)
    values[_BETS] = values[_BLINDS_PAID] = tuple(blinds)
    values[_COMMITTED] = tuple(committed)
    values[_DEAD_ANTES] = dead
    values[_ANTES_PAID] = tuple(antes)
    values[_FOLDED] = values[_MUCKED] = values[_SHOWN] = (False,) * n
    values[_HOLE] = ((),) * n
    values[_DUE_HOLE] = tuple(range(n)) if first.hole_count else ()
    values[_DUE_BOARD] = first.board
    values[_ACTED] = (-1,) * n
    values[_RETURNED] = tuple(returned)
    values[_WON] = (0,) * n
    state = _new_tuple(HandState, values)
    if not state.due_hole and not state.due_board:
        return _begin_betting(state)
    return state


# ----- evolve --------------------------------------------------------------------------


def evolve(state: HandState, event: Event) -> HandState:
    """Return the state after ``event``; ``state`` itself is never changed.

    Raises:
        IllegalActionError: the event cannot be applied at all (wrong phase, a player who
            is not the one to act, more chips than the stack, a card where none is due).

    """
    handler = _HANDLERS.get(type(event))
    if handler is None:
        raise IllegalActionError(f"the engine cannot apply {type(event).__name__} yet")
    return handler(state, event)


def evolver(event_type: type) -> Callable[[HandState, Any], HandState]:
    """Return the function `evolve` applies events of ``event_type`` with.

    For a caller that applies many events of a type it knows, such as a replay: calling it
    is `evolve` without the lookup (same checks, same result, same errors).

    Raises:
        IllegalActionError: the engine cannot apply events of that type.

    """
    handler = _HANDLERS.get(event_type)
    if handler is None:
        raise IllegalActionError(f"the engine cannot apply {event_type.__name__} yet")
    return handler


def evolve_all(state: HandState, events: list[Event] | tuple[Event, ...]) -> HandState:
    """Fold `evolve` over several events."""
    for event in events:
        state = evolve(state, event)
    return state


def _fail(reason: str, rule_id: str = "") -> IllegalActionError:
    return IllegalActionError(reason, rule_id=rule_id)


def _require_actor(state: HandState, player: int) -> None:
    actors = state.actors
    if actors and actors[0] == player and state.phase is _BETTING:
        return
    if state.phase is not _BETTING or not state.actors:
        raise _fail(f"player {player} cannot act: no betting round is open", "G-ACT")
    if state.actors[0] != player:
        raise _fail(
            f"player {player} acted out of turn: player {state.actors[0]} is to act",
            "IRR-OUT-OF-TURN",
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
        stub = state.setup.game.deck_size - bin(seen & _FACES).count("1")
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


def _after_dealing(state: HandState) -> HandState:
    if state.due_hole or state.due_board or state.due_draw:
        return state
    if state.runout or not state.setup.game.streets[state.street_index].betting:
        return _next_street(state)
    return _begin_betting(state)


def _next_street(state: HandState) -> HandState:
    streets = state.setup.game.streets
    if state.street_index + 1 >= len(streets):
        return _to_showdown(state)
    index = state.street_index + 1
    street = streets[index]
    due_hole = tuple(state.in_hand) if street.hole_count else ()
    due_board = street.board
    if street.draw and not due_hole:
        # LB-DEAL / DR-DRAW: every player still in discards and draws, in order.
        values = list(state)
        values[_PHASE] = _DEALING
        values[_STREET_INDEX] = index
        values[_DUE_HOLE] = ()
        values[_DUE_BOARD] = 0
        values[_ACTORS] = ()
        values[_DUE_DRAW] = state.in_hand
        return _new_tuple(HandState, values)
    if due_hole and street.hole_count == 1 and stud.deck_short(
        state.setup.game, index, state.hole, len(state.board), len(due_hole)
    ):
        # ST7-COMMUNITY: too few cards for every player: one community card for all.
        due_hole, due_board = (), 1
    values = list(state)
    values[_PHASE] = _DEALING
    values[_STREET_INDEX] = index
    values[_DUE_HOLE] = due_hole
    values[_DUE_BOARD] = due_board
    values[_ACTORS] = ()
    state = _new_tuple(HandState, values)
    if not due_hole and not due_board:
        return _after_dealing(state)
    return state


def _begin_betting(state: HandState) -> HandState:
    n = len(state.stacks)
    bets = state.bets
    stacks = state.stacks
    folded = state.folded
    # HE-FIRST / BET-HEADSUP: the player after the highest blind or straddle opens; on later
    # rounds (no bets) the first player left of the button (index 0).
    setup = state.setup
    blinds = setup.blinds
    opener = 0
    street = setup.game.streets[state.street_index]
    opening = street.opening
    if opening is not _BY_POSITION:
        # ST-BRINGIN / RZ-BRINGIN on the first round, ST-FIRST on later rounds.
        opener = stud.opener(setup.game, opening, state.hole, [not f for f in folded])
    elif street.draw and state.opened_by >= 0 and setup.game.forced is _ANTES_ONLY:
        # DR-AFTER: after the draw the opener acts first (the next player clockwise still in
        # with chips if the opener folded or is all-in: the filter below skips them).
        opener = state.opened_by
    elif any(bets):
        nominal = setup.big_blind
        if nominal and state.street_index == 0 and nominal in blinds and max(blinds) == nominal:
            # HE-FIRST with BET-NEW-PLAYER: a new player's live big blind may be among the
            # blinds (the table posts it there); the real big blind is the first poster of
            # the big blind clockwise from the button, and action starts left of it.
            opener = (blinds.index(nominal) + 1) % n
        else:
            # The player after the highest blind or straddle actually posted (pokerkit's
            # rule, the last of equal posts); no blinds: the first player left of the button.
            best, top = 0, -1
            for i in range(n):
                value = bets[i] if blinds[i] else 0
                if value >= top:
                    best, top = i, value
            opener = (best + 1) % n
    live = sorted([bet + stack for bet, stack, out in zip(bets, stacks, folded, strict=True)
                   if not out])
    second = live[-2] if len(live) > 1 else 0
    order = (opener, *_after(n, opener))
    # A player with no chips, or with nothing left to play for (every opponent already
    # covered: no effective stack), has no decision to make this round.
    actors = [i for i in order if not folded[i] and stacks[i] and second > bets[i]]
    last_full = 0
    if state.street_index == 0 and any(blinds):
        # BET-NL-MIN: pre-flop the big blind is the opening bet; with a straddle acting as the
        # big blind (BET-STRADDLE) the straddle is.
        last_full = setup.nominal_big_blind
        if setup.rules.straddle.acts_as_big_blind:
            last_full = max(last_full, max(blinds))
    values = list(state)
    values[_PHASE] = _BETTING
    values[_ACTORS] = tuple(actors)
    values[_ACTED] = (-1,) * n
    values[_LAST_FULL] = last_full
    values[_RAISE_COUNT] = 0
    values[_AGGRESSOR] = -1
    values[_OPENER] = opener
    values[_CALL_FLOOR] = 0
    state = _new_tuple(HandState, values)
    active = folded.count(False)
    if (
        not actors
        or active <= 1
        or (len(actors) == 1 and bets[actors[0]] >= max(bets))
    ):
        return _end_betting(state)
    return state


def _end_betting(state: HandState) -> HandState:
    n = len(state.stacks)
    folded = state.folded
    active = [i for i in range(n) if not folded[i]]
    runout = state.runout
    if len(active) > 1 and not _draws_after(state.setup.game)[state.street_index]:
        if sum(1 for i in active if state.stacks[i]) <= 1:
            runout = True
    bets = state.bets
    # POT-UNCALLED: the part of a bet nobody matched goes back (also when all others
    # folded, G-WIN-FOLD); the rest goes into the pots.
    cutoff = sorted(bets)[-2]
    held = -1
    if len(active) == 1 and active[0] == state.opened_by and state.street_index == 0 and \
            needs_openers(state.setup.game, state.setup.rules):
        # JB-PROVE / IRR-JB-FALSE: everyone folded to the opener before the draw. The opener
        # must still show openers to win; a false opener's first bet stays with the antes,
        # so it is not returned as uncalled (a proven opener wins it back with the pot).
        held = state.opened_by
    values = list(state)
    if held < 0 and max(bets) == cutoff:
        # Every bet called (the usual end of a round): nothing goes back.
        values[_COMMITTED] = tuple([c + b for c, b in zip(state.committed, bets, strict=True)])
    else:
        stacks = list(state.stacks)
        committed = list(state.committed)
        returned = list(state.returned)
        for i in range(n):
            bet = bets[i]
            if i == held:
                keep = max(cutoff, min(bet, _opening_bet(state)))
                stacks[i] += bet - keep
                returned[i] += bet - keep
                bet = keep
            elif bet > cutoff:
                stacks[i] += bet - cutoff
                returned[i] += bet - cutoff
                bet = cutoff
            committed[i] += bet
        values[_STACKS] = tuple(stacks)
        values[_COMMITTED] = tuple(committed)
        values[_RETURNED] = tuple(returned)
    values[_BETS] = (0,) * n
    values[_ACTORS] = ()
    values[_RUNOUT] = runout
    state = _new_tuple(HandState, values)
    if len(active) == 1:
        return _to_showdown(state)
    if state.street_index == 0 and state.opened_by < 0 and state.setup.game.has_draws and \
            needs_openers(state.setup.game, state.setup.rules):
        # JB-NO-OPEN: nobody opened: the deal is passed out, the antes stay in the pot.
        return replace(state, phase=_COMPLETE, actors=())
    return _next_street(state)


# For each game (by identity, the spec kept in the entry): for each street index, whether a
# draw comes on a later street (then an all-in does not mean a run-out: cards still change).
_DRAWS_AFTER: dict[int, tuple[object, tuple[bool, ...]]] = {}


def _draws_after(game: GameSpec) -> tuple[bool, ...]:
    entry = _DRAWS_AFTER.get(id(game))
    if entry is None or entry[0] is not game:
        streets = game.streets
        flags = tuple(any(s.draw for s in streets[k + 1:]) for k in range(len(streets)))
        entry = _DRAWS_AFTER[id(game)] = (game, flags)
    return entry[1]


_AFTER: dict[tuple[int, int], tuple[int, ...]] = {}


def _after(n: int, player: int) -> tuple[int, ...]:
    """Return the other players of an ``n``-handed hand in order of play after ``player``."""
    order = _AFTER.get((n, player))
    if order is None:
        order = _AFTER[(n, player)] = (*range(player + 1, n), *range(player))
    return order


def _to_showdown(state: HandState) -> HandState:
    # With nothing in the pots (every bet returned) there is nothing to settle.
    phase = _SHOWDOWN if state.pot_total else _COMPLETE
    return replace(state, phase=phase, actors=())


def _pop(state: HandState, values: list[Any]) -> HandState:
    """Build the state from ``values`` (a changed copy of ``state``) with the actor done.

    The round ends when nobody is left to act or all but one player folded.
    """
    actors = state.actors[1:]
    values[_ACTORS] = actors
    state = _new_tuple(HandState, values)
    if not actors or state.folded.count(False) <= 1:
        return _end_betting(state)
    return state


def bring_in_due(state: HandState) -> bool:
    """Whether the player to act must post the bring-in or complete (ST-BRINGIN)."""
    setup = state.setup
    return (
        setup.bring_in > 0
        and state.street_index == 0
        and state.phase is _BETTING
        and setup.game.forced is _BRING_IN
        and state.raise_count == 0
        and not any(state.bets)
    )


def completion_pending(state: HandState) -> bool:
    """Whether the next bet on this round is the completion of the bring-in (ST-COMPLETE)."""
    setup = state.setup
    return (
        setup.bring_in > 0
        and state.street_index == 0
        and setup.game.forced is _BRING_IN
        and state.raise_count == 0
    )


def _refuse_before_bring_in(state: HandState, player: int) -> None:
    if state.setup.bring_in > 0 and bring_in_due(state):
        raise _fail(f"player {player} must post the bring-in or complete", "ST-BRINGIN")


def _on_bring_in(state: HandState, event: BringInPosted) -> HandState:
    player = event.player
    _require_actor(state, player)
    if not bring_in_due(state):
        raise _fail(f"no bring-in is due from player {player} now", "ST-BRINGIN")
    amount = event.amount
    stacks = list(state.stacks)
    if amount <= 0 or amount > stacks[player]:
        raise _fail(f"player {player} cannot bring in {amount} with {stacks[player]} behind",
                    "ST-BRINGIN")
    bets = list(state.bets)
    stacks[player] -= amount
    bets[player] += amount
    acted = list(state.acted)
    acted[player] = amount
    # The bring-in is a forced bet, not a bet: it neither counts toward the cap nor sets
    # the raise size (ST-COMPLETE).
    values = list(state)
    values[_STACKS] = tuple(stacks)
    values[_BETS] = tuple(bets)
    values[_ACTED] = tuple(acted)
    return _pop(state, values)


def _on_fold(state: HandState, event: Folded) -> HandState:
    player = event.player
    _require_actor(state, player)
    if state.setup.bring_in:
        _refuse_before_bring_in(state, player)
    folded = list(state.folded)
    folded[player] = True
    free = state.bets[player] >= state.max_bet
    values = list(state)
    values[_FOLDED] = tuple(folded)
    state = _pop(state, values)
    if free and state.phase is _BETTING and len(state.actors) == 1:
        # G-ROUND-END: a fold with a check available is binding (a live-table fact pokerkit
        # refuses). If it leaves one player with chips, facing no bet, with everyone else
        # still in all-in, that player has nobody to bet against: the round is over without
        # asking them, so no pot is left to players who all folded (see POT-ABANDONED).
        last = state.actors[0]
        stacks, bets, folds = state.stacks, state.bets, state.folded
        if bets[last] >= state.max_bet and not any(
            stacks[i] for i in range(len(stacks)) if i != last and not folds[i]
        ):
            return _end_betting(state)
    return state


def _call(state: HandState, player: int) -> HandState:
    stacks = list(state.stacks)
    bets = list(state.bets)
    top = max(bets)  # HandState.max_bet, without the property call (every call or check)
    if top < state.call_floor:
        top = state.call_floor
    amount = min(stacks[player], top - bets[player])
    stacks[player] -= amount
    bets[player] += amount
    acted = list(state.acted)
    acted[player] = top
    values = list(state)
    values[_STACKS] = tuple(stacks)
    values[_BETS] = tuple(bets)
    values[_ACTED] = tuple(acted)
    return _pop(state, values)


def _on_check(state: HandState, event: Checked) -> HandState:
    _require_actor(state, event.player)
    if state.setup.bring_in:
        _refuse_before_bring_in(state, event.player)
    if state.bets[event.player] < state.max_bet:
        raise _fail(f"player {event.player} cannot check: there is a bet to call", "G-ACT")
    return _call(state, event.player)


def _on_call(state: HandState, event: Called) -> HandState:
    _require_actor(state, event.player)
    if state.setup.bring_in:
        _refuse_before_bring_in(state, event.player)
    return _call(state, event.player)


def _on_raise(state: HandState, event: BetPlaced | RaisedTo) -> HandState:
    player = event.player
    _require_actor(state, player)
    to = event.to
    bets = list(state.bets)
    stacks = list(state.stacks)
    top = max(bets)  # HandState.max_bet, without the property call (every bet or raise)
    if top < state.call_floor:
        top = state.call_floor
    if to <= top:
        raise _fail(f"a bet or raise must go above {top}, not to {to}", "G-ACT")
    delta = to - bets[player]
    if delta > stacks[player]:
        raise _fail(
            f"player {player} cannot put {delta} more in: only {stacks[player]} behind",
            "BET-NL-MAX",
        )
    increment = to - top
    bets[player] = to
    stacks[player] -= delta
    n = len(bets)
    folded = state.folded
    actors = tuple([i for i in _after(n, player) if not folded[i] and stacks[i]])
    acted = list(state.acted)
    acted[player] = to
    setup = state.setup
    if (
        stacks[player] == 0
        and setup.game.structure is _FIXED_LIMIT
        and setup.rules.fixed_limit.half_bet_allin_reopens
        and increment < state.last_full
        and 2 * increment >= _bet_size(state)
    ):
        # BET-SHORT-ALLIN (house option): an all-in of at least half a bet reopens.
        acted = [-1 if i != player else to for i in range(n)]
    last_full = max(state.last_full, increment)
    floor = state.call_floor
    if top == 0 and stacks[player] == 0 and _ante_only_round(state):
        full = _bet_size(state) if setup.game.structure is _FIXED_LIMIT \
            else setup.min_bet
        if to < full:
            # DR-ANTE-ONLY: an all-in opener short of the opening bet plays for what they
            # put in (POT-MAIN-SIDE), but callers must still put in the full opening bet;
            # a raise goes a full bet above it.
            floor = full
            last_full = max(last_full, full)
    values = list(state)
    values[_BETS] = tuple(bets)
    values[_STACKS] = tuple(stacks)
    values[_ACTORS] = actors
    values[_ACTED] = tuple(acted)
    values[_LAST_FULL] = last_full
    values[_RAISE_COUNT] = state.raise_count + 1
    values[_AGGRESSOR] = player
    if state.opened_by < 0:
        values[_OPENED_BY] = player
    values[_CALL_FLOOR] = floor
    state = _new_tuple(HandState, values)
    if not actors:
        return _end_betting(state)
    return state


def _ante_only_round(state: HandState) -> bool:
    """Whether this is the round before the draw of an antes-only draw game (DR-ANTE-ONLY)."""
    game = state.setup.game
    return (game.family is _FAMILY_DRAW and game.forced is _ANTES_ONLY
            and state.street_index == 0)


def _opening_bet(state: HandState) -> int:
    """Return the opening bet of the round: the fixed-limit bet, else the minimum bet."""
    if state.setup.game.structure is _FIXED_LIMIT:
        return _bet_size(state)
    return state.setup.min_bet


def _bet_size(state: HandState) -> int:
    """Return the fixed-limit bet size of the current round (BET-FL-SIZES)."""
    setup = state.setup
    if state.street.bet_size.value == "big":
        return setup.big_bet
    return setup.small_bet


def _on_show(state: HandState, event: CardsShown) -> HandState:
    player = event.player
    if state.folded[player] or state.mucked[player]:
        raise _fail(f"player {player} is not in the hand and cannot show", "G-SHOW-CLAIM")
    if state.phase is _BETTING:
        raise _fail("hands are shown after the betting, not during it", "G-SHOW-ORDER")
    cards = tuple(event.cards)
    held = state.hole[player]
    if len(cards) > len(held):
        raise _fail(f"player {player} holds {len(held)} cards, not {len(cards)}", "G-SHOW-CLAIM")
    # Cards shown replace the faces we did not know; known faces must match.
    new = list(held)
    held_codes = [c.code for c in held]  # cards are interned: a card is its code
    unknown_slots = [k for k, code in enumerate(held_codes) if code == _UNKNOWN_CODE]
    fresh = [c for c in cards if c.code not in held_codes]
    if len(fresh) > len(unknown_slots):
        raise _fail(f"player {player} shows {len(fresh)} card(s) they were not dealt",
                    "IRR-DECK")
    seen = _check_new_cards(state, [c for c in fresh if c.code != _UNKNOWN_CODE])
    for slot, card in zip(unknown_slots, fresh, strict=False):
        new[slot] = card
    hole = list(state.hole)
    hole[player] = tuple(new)
    shown = list(state.shown)
    shown[player] = True
    return replace(state, hole=tuple(hole), shown=tuple(shown), seen=seen)


def _on_muck(state: HandState, event: Mucked) -> HandState:
    player = event.player
    if state.folded[player] or state.mucked[player]:
        raise _fail(f"player {player} is not in the hand", "G-SHOW-CLAIM")
    if state.phase is _BETTING:
        raise _fail("a player mucks at showdown; during the betting it is a fold", "G-ACT")
    if len(state.in_hand) <= 1:
        raise _fail(f"player {player} is the last player in the hand", "G-WIN-FOLD")
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
    if event.amount < 0 or event.amount > state.pot_total - state.carried_on:
        raise _fail(f"award {event.amount} is more than the pots hold", "POT-AWARD")
    if state.folded[event.player]:
        raise _fail(f"player {event.player} folded and has no claim to any pot", "POT-FOLDED")
    stacks = list(state.stacks)
    won = list(state.won)
    stacks[event.player] += event.amount
    won[event.player] += event.amount
    values = list(state)
    values[_STACKS] = tuple(stacks)
    values[_WON] = tuple(won)
    if state.pot_total - event.amount == state.carried_on:  # every pot awarded
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


_HANDLERS = {
    HoleCardsDealt: _on_hole,
    BoardDealt: _on_board,
    BoardCardIdentified: _on_identify,
    Folded: _on_fold,
    Checked: _on_check,
    Called: _on_call,
    BetPlaced: _on_raise,
    RaisedTo: _on_raise,
    BringInPosted: _on_bring_in,
    CardsDrawn: _on_draw,
    DrawDeclared: _on_declare,
    CardsShown: _on_show,
    Mucked: _on_muck,
    RakeTaken: _on_rake,
    PotAwarded: _on_award,
    PotCarried: _on_carry,
}
