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

The handlers are in `engine.dealing` (cards, draws), `engine.wagers` (betting) and
`engine.closing` (show, muck, rake, award, carry), which call `engine.rounds` (streets,
rounds, showdown). They import the names below directly (globals, no attribute lookups on
the hot path); this module imports the handlers back at its end to build the table, a plain
cycle that works because the package `__init__` always imports `engine.state` first.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum, unique
from operator import sub
from typing import Any, NamedTuple

from dealerassist.cards import Card
from dealerassist.engine.events import (
    BetPlaced,
    BoardCardIdentified,
    BoardDealt,
    BringInPosted,
    Called,
    CardsDrawn,
    CardsShown,
    Checked,
    DiscardsReshuffled,
    DrawDeclared,
    Event,
    Folded,
    HoleCardsDealt,
    KeepOpenersAsked,
    Mucked,
    OpeningHandShown,
    PotAwarded,
    PotCarried,
    RaisedTo,
    RakeTaken,
)
from dealerassist.engine.setup import HandSetup
from dealerassist.errors import IllegalActionError
from dealerassist.games.spec import BettingStructure, Family, ForcedBets, Opening, Street

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
        reshuffled: draw games: how many of each player's discards went back into the
            stub (`DiscardsReshuffled`, DR-DRAW); () before any reshuffle.
        keep_asked_by: jacks or better: the player who asked that the opener keeps the
            opening hand (`KeepOpenersAsked`, JB-KEEP), -1 if nobody.
        opening_shown: the opener showed the opening hand after the pot was awarded, or
            threw it away unshown (`OpeningHandShown`, JB-KEEP).
        opening_hand: the cards of that show; () before it, or when thrown away unshown.

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
    reshuffled: tuple[int, ...] = ()
    keep_asked_by: int = -1
    opening_shown: bool = False
    opening_hand: tuple[Card, ...] = ()

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
        mucked = self.mucked
        if True not in mucked:  # nobody mucks before the showdown: only the folds count
            return tuple([i for i, folded in enumerate(self.folded) if not folded])
        return tuple([i for i, (folded, out) in enumerate(zip(self.folded, mucked,
                                                              strict=True))
                      if not folded and not out])

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
_RAKE = _INDEX["rake"]
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
    if any(setup.antes):
        antes = list(map(min, setup.antes, starting))  # a short stack posts what it has
        stacks = list(map(sub, starting, antes))
    else:  # no antes (blind games): nothing to take from the stacks
        antes = list(setup.antes)
        stacks = list(starting)
    # A blind is limited by the stack less the ante actually posted (an ante returned by
    # trimming comes back after the blinds are posted, as in PHH's reference).
    blinds = list(map(min, setup.blinds, stacks))
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
    if setup.posts:  # BET-NEW-PLAYER: a live big blind posted out of position
        blinds = [min(blinds[i] + setup.posts[i], starting[i] - antes[i]) for i in range(n)]
    if any(blinds):
        stacks = list(map(sub, stacks, blinds))
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


# ----- the handler table (imported last: see the module docstring) ----------------------

from dealerassist.engine.closing import (  # noqa: E402
    _on_award,
    _on_carry,
    _on_keep_asked,
    _on_muck,
    _on_opening_shown,
    _on_rake,
    _on_show,
)
from dealerassist.engine.dealing import (  # noqa: E402
    _on_board,
    _on_declare,
    _on_draw,
    _on_hole,
    _on_identify,
    _on_reshuffle,
)
from dealerassist.engine.rounds import _begin_betting  # noqa: E402
from dealerassist.engine.wagers import (  # noqa: E402
    _on_bring_in,
    _on_call,
    _on_check,
    _on_fold,
    _on_raise,
    bring_in_due,
    completion_pending,
)

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
    DiscardsReshuffled: _on_reshuffle,
    CardsShown: _on_show,
    Mucked: _on_muck,
    RakeTaken: _on_rake,
    PotAwarded: _on_award,
    PotCarried: _on_carry,
    KeepOpenersAsked: _on_keep_asked,
    OpeningHandShown: _on_opening_shown,
}
