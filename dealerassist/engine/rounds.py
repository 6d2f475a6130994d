"""Street changes and betting rounds: what happens between the events of `evolve`.

After the cards of a street (`_after_dealing`), the next street (`_next_street`), the opening
of a betting round with its first actor (HE-FIRST, BET-HEADSUP, ST-FIRST, DR-AFTER), its end
with uncalled bets returned (G-ROUND-END, POT-UNCALLED), run-outs and the way to showdown.
The card, betting and closing handlers call into this module; it calls none of them.
"""

from __future__ import annotations

from itertools import compress
from operator import add, not_
from typing import Any

from dealerassist.engine import stud
from dealerassist.engine.openers import needs_openers
from dealerassist.engine.setup import HandSetup
from dealerassist.engine.state import (
    _ACTED,
    _ACTORS,
    _AGGRESSOR,
    _ANTES_ONLY,
    _BETS,
    _BETTING,
    _BY_POSITION,
    _CALL_FLOOR,
    _COMMITTED,
    _COMPLETE,
    _DEAD_ANTES,
    _DEALING,
    _DUE_BOARD,
    _DUE_DRAW,
    _DUE_HOLE,
    _FAMILY_DRAW,
    _FIXED_LIMIT,
    _LAST_FULL,
    _OPENER,
    _PHASE,
    _RAISE_COUNT,
    _RAKE,
    _RETURNED,
    _RUNOUT,
    _SHOWDOWN,
    _STACKS,
    _STREET_INDEX,
    _WON,
    HandState,
    _new_tuple,
)
from dealerassist.games.spec import GameSpec
from dealerassist.rules.model import FirstAfterDraw

_AFTER_OPENER = FirstAfterDraw.OPENER
_AFTER_POSITION = FirstAfterDraw.POSITION


def _after_dealing(state: HandState) -> HandState:
    if state.due_hole or state.due_board or state.due_draw:
        return state
    if state.runout or not state.setup.game.streets[state.street_index].betting:
        return _next_street(state)
    return _begin_betting(state)


def _next_street(state: HandState, values: list[Any] | None = None) -> HandState:
    """Return the state waiting for the next street's cards, or the showdown after the last.

    ``values``, when given, is ``state`` as a list with changes that this function does
    not read (`_end_betting`: the bets collected), so the new state is built once.
    """
    if values is None:
        values = list(state)
    streets = state.setup.game.streets
    if state.street_index + 1 >= len(streets):
        return _showdown_of(values)
    index = state.street_index + 1
    street = streets[index]
    hole_count = street.hole_down + street.hole_up  # Street.hole_count, no property call
    due_hole = state.in_hand if hole_count else ()
    due_board = street.board
    if street.draw and not due_hole:
        # LB-DEAL / DR-DRAW: every player still in discards and draws, in order.
        values[_PHASE] = _DEALING
        values[_STREET_INDEX] = index
        values[_DUE_HOLE] = ()
        values[_DUE_BOARD] = 0
        values[_ACTORS] = ()
        values[_DUE_DRAW] = state.in_hand
        return _new_tuple(HandState, values)
    if due_hole and hole_count == 1 and stud.deck_short(
        state.setup.game, index, state.hole, len(state.board), len(due_hole),
        burns=state.setup.stub_burns,
    ):
        # ST7-COMMUNITY: too few cards for every player: one community card for all.
        due_hole, due_board = (), 1
    values[_PHASE] = _DEALING
    values[_STREET_INDEX] = index
    values[_DUE_HOLE] = due_hole
    values[_DUE_BOARD] = due_board
    values[_ACTORS] = ()
    state = _new_tuple(HandState, values)
    if not due_hole and not due_board:
        return _after_dealing(state)
    return state


def _opener_first(setup: HandSetup) -> bool:
    """Whether the opener acts first after the draw (DR-AFTER, ``draw.first_after_draw``)."""
    rule = setup.rules.draw.first_after_draw
    if rule is _AFTER_POSITION:
        return False
    return rule is _AFTER_OPENER or not any(setup.blinds)


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
        opener = stud.opener(setup.game, opening, state.hole, list(map(not_, folded)))
    elif street.draw and state.opened_by >= 0 and _opener_first(setup):
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
    live = sorted(compress(map(add, bets, stacks), map(not_, folded)))  # the players' chips
    second = live[-2] if len(live) > 1 else 0
    order = _ORDER.get((n, opener)) or _ORDER.setdefault((n, opener),
                                                         (opener, *_after(n, opener)))
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


def _end_betting(state: HandState, values: list[Any] | None = None) -> HandState:
    """Close the betting round: uncalled bets back, the rest into the pots (G-ROUND-END).

    ``values``, when given, is ``state`` as a list (the caller's copy, built just before),
    which this function changes to build the next state.
    """
    n = len(state.stacks)
    folded = state.folded
    active = folded.count(False)  # players still in
    runout = state.runout
    if not runout and active > 1 and \
            not _draws_after(state.setup.game)[state.street_index]:
        # At most one of them with chips left: the rest of the hand is dealt out.
        if sum(map(bool, compress(state.stacks, map(not_, folded)))) <= 1:
            runout = True
    bets = state.bets
    # POT-UNCALLED: the part of a bet nobody matched goes back (also when all others
    # folded, G-WIN-FOLD); the rest goes into the pots.
    cutoff = sorted(bets)[-2]
    held = -1
    if active == 1 and folded.index(False) == state.opened_by and state.street_index == 0 and \
            needs_openers(state.setup.game, state.setup.rules):
        # JB-PROVE / IRR-JB-FALSE: everyone folded to the opener before the draw. The opener
        # must still show openers to win; a false opener's first bet stays with the antes,
        # so it is not returned as uncalled (a proven opener wins it back with the pot).
        held = state.opened_by
    if values is None:
        values = list(state)
    top = max(bets)
    if top == 0:
        pass  # checked around: no bet to collect or return
    elif held < 0 and top == cutoff:
        # Every bet called (the usual end of a round): nothing goes back.
        values[_COMMITTED] = tuple(map(add, state.committed, bets))
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
    # The next state is built once, from ``values``: the showdown, a passed-out deal or
    # the next street (none of which reads the fields changed above from ``state``).
    if active == 1:
        return _showdown_of(values)
    if state.street_index == 0 and state.opened_by < 0 and \
            needs_openers(state.setup.game, state.setup.rules) and state.setup.game.has_draws:
        # JB-NO-OPEN: nobody opened: the deal is passed out, the antes stay in the pot.
        values[_PHASE] = _COMPLETE
        return _new_tuple(HandState, values)
    return _next_street(state, values)


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
_ORDER: dict[tuple[int, int], tuple[int, ...]] = {}  # the same with the player first


def _after(n: int, player: int) -> tuple[int, ...]:
    """Return the other players of an ``n``-handed hand in order of play after ``player``."""
    order = _AFTER.get((n, player))
    if order is None:
        order = _AFTER[(n, player)] = (*range(player + 1, n), *range(player))
    return order


def _to_showdown(state: HandState) -> HandState:
    return _showdown_of(list(state))


def _showdown_of(values: list[Any]) -> HandState:
    """Return the state ``values`` stand for with the betting over (G-ROUND-END).

    The showdown, or complete when the pots are empty (every bet returned: nothing to
    settle); ``pot_total`` is worked out from the values.
    """
    pot = sum(values[_COMMITTED]) + values[_DEAD_ANTES] - sum(values[_WON]) - values[_RAKE]
    values[_PHASE] = _SHOWDOWN if pot else _COMPLETE
    values[_ACTORS] = ()
    return _new_tuple(HandState, values)  # type: ignore[no-any-return]


def _pop(state: HandState, values: list[Any]) -> HandState:
    """Build the state from ``values`` (a changed copy of ``state``) with the actor done.

    The round ends when nobody is left to act or all but one player folded.
    """
    actors = state.actors[1:]
    values[_ACTORS] = actors
    state = _new_tuple(HandState, values)
    if not actors or state.folded.count(False) <= 1:
        return _end_betting(state, values)
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
