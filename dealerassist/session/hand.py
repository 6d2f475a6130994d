"""The session's bridge to the hand engine: table terms in, engine events out.

- `hand_started` turns a `HandPlan` into the engine's setup, in PHH player order (index 0
  first left of the button, the button last; heads-up the big blind is index 0): blinds
  and entry posts are live blinds, a missed small blind made up on return is dead money
  (posted as an ante, BET-NEW-PLAYER).
- `after` deals the hole cards face down (``??``) at the start of the hand: the dealer
  enters what is seen at showdown with ``show``.
- `decide` maps a betting or dealing command to engine events, checked against the
  engine's limits (`legal_actions`), each refusal carrying its rule ID; when the hand can
  be settled (every pot awardable) the settlement events and `HandFinished` follow in the
  same command group, so one ``undo`` takes them all back.
- Payouts confirmed by the dealer (``TableSession(confirm_payouts=True)``, the console):
  `held_for_payout` keeps a showdown's settlement out of the command that made it due;
  the hand waits with `payout_due` true until the dealer's `Pay` (``pay``), whose events
  are `payout_events`: exactly the settlement the presenter showed, then `HandFinished`.
  A hand won by folds (G-WIN-FOLD) is never held.
- Stud (ST7-DEAL, ST5-DEAL): the down cards are dealt face down (``??``) by the session;
  each street's up cards are entered by the dealer with ``up SEAT CARD ...`` (`DealUp`),
  since they decide who brings in (ST-BRINGIN, RZ-BRINGIN) and who opens later rounds
  (ST-FIRST). A street of down cards only (7th street) is dealt at once. ``c`` by the
  player who must bring in posts the bring-in; ``b`` to the small bet completes
  (ST-COMPLETE).
- Draw games (DR-DRAW, LB-DEAL): ``draw N`` is the draw of the player due to draw (N cards
  discarded and received, face down; ``pat`` or ``draw 0`` stands pat), in order.
  DR-CHANGE: ``ask N`` records the number the next player announces (`DrawDeclared`),
  ``change SEAT N`` a change of it, refused once a card was pulled for that player or the
  next player announced; ``draw N`` after a different announcement is the change and the
  deal in one line. DR-DRAW-MAX: ``draw 5`` deals four (five discarded); the fifth waits
  until every other player has drawn and is dealt with ``fifth`` (after a burn for the
  last player to draw). When the stub runs out a draw is refused (DR-DRAW) until
  ``reshuffle``: the discards of every player but the one served make a new stub
  (`DiscardsReshuffled`).
- DR-RAP: ``rap`` is a check with nothing to call, pat when the player is due to draw;
  refused facing a bet.
- JB-KEEP: ``keep SEAT`` (`KeepOpeners`): a player of a jacks-or-better hand asks that the
  opener keeps the opening hand. The opener's ``muck`` is then refused; after the pot is
  awarded the hand waits (no `HandFinished`) for ``show OPENER CARDS``, the five cards
  held when opening (`OpeningHandShown`; ``muck OPENER`` there: thrown away unshown),
  shown at once when the hand already shows them (no draw, every card known). A hand
  holding openers finishes the hand; one without them (or none shown) raises a flag
  (`irregular.detectors`, JB-PROVE or JB-KEEP) and the hand finishes once the dealer
  confirms or the floor overrules it.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from dealerassist.cards import UNKNOWN, Card
from dealerassist.engine import draws as engine_draws
from dealerassist.engine import events as engine_events
from dealerassist.engine import keep as engine_keep
from dealerassist.engine.actions import apply as engine_apply
from dealerassist.engine.betting import LegalActions, legal_actions
from dealerassist.engine.ruling_events import RULING_EVENTS, BoardCardsExposed, MisdealDeclared
from dealerassist.engine.rulings import evolve as evolve_any
from dealerassist.engine.rulings import is_void
from dealerassist.engine.settlement import can_settle, settle
from dealerassist.engine.setup import HandSetup
from dealerassist.engine.showdown import missing_cards
from dealerassist.engine.state import HandState, Phase, evolve, new_hand
from dealerassist.errors import IllegalActionError
from dealerassist.games.catalogue import game as game_spec
from dealerassist.games.spec import BettingStructure, Family
from dealerassist.rules.model import HouseRules
from dealerassist.session.commands import (
    AllIn,
    Bet,
    Board,
    Call,
    ChangeDraw,
    Check,
    Command,
    DealUp,
    DeclareDraw,
    Draw,
    FifthCard,
    Fold,
    KeepOpeners,
    Muck,
    RaiseTo,
    Rap,
    Reshuffle,
    Show,
)
from dealerassist.session.events import GameSelected, HandFinished, HandStarted
from dealerassist.session.table import HandPlan, PostKind, TableState

__all__ = [
    "ENGINE_EVENTS",
    "DealUp",
    "Draw",
    "after",
    "apply",
    "decide",
    "hand_started",
    "held_for_payout",
    "is_hand_event",
    "is_void",
    "legal",
    "misdealt",
    "payout_due",
    "payout_events",
    "player_of_seat",
    "start",
]


def payout_due(state: HandState) -> bool:
    """Tell whether a showdown can be paid now: every pot awardable, nothing paid yet.

    False for a hand won by folds (G-WIN-FOLD: pushed at once) and for a voided hand.
    """
    return (
        state.phase is Phase.SHOWDOWN
        and not state.won_by_fold
        and not is_void(state)
        and not missing_cards(state)
        and can_settle(state)
    )


def payout_events(hand: Any) -> list[Any]:
    """Return the events of ``pay``: the settlement (rake, each pot) then `HandFinished`.

    Raises:
        IllegalActionError: there is nothing to pay now (POT-AWARD).

    """
    state: HandState = hand.engine_state
    if not payout_due(state):
        if state.phase is Phase.SHOWDOWN and missing_cards(state):
            seats = ", ".join(str(hand.started.seats[i]) for i in missing_cards(state))
            raise IllegalActionError(
                f"nothing to pay yet: enter the cards of seat(s) {seats} (show SEAT CARDS) "
                "or muck SEAT", rule_id="POT-AWARD")
        raise IllegalActionError("nothing to pay: the hand is not at a settled showdown",
                                 rule_id="POT-AWARD")
    return _closing_events(state, hand.started)


def held_for_payout(hand: Any, events: list[Any]) -> list[Any]:
    """Return ``events`` without the showdown settlement they end with, if any.

    The events are replayed on the hand's engine state; from the point where a showdown
    becomes payable, the settlement events and `HandFinished` are left for ``pay``. A hand
    won by folds keeps its settlement (G-WIN-FOLD).
    """
    state: HandState = hand.engine_state
    for k, event in enumerate(events):
        if isinstance(event, HandFinished):
            break
        if payout_due(state) and isinstance(
            event, (engine_events.RakeTaken, engine_events.PotAwarded)
        ):
            return events[:k]
        state = apply(state, event)
    return events


ENGINE_EVENTS: tuple[type, ...] = tuple(
    getattr(engine_events, name)
    for name in engine_events.__all__
    if isinstance(getattr(engine_events, name), type)
    and hasattr(getattr(engine_events, name), "__dataclass_fields__")
) + tuple(RULING_EVENTS)  # irregularities and rulings (docs/irregularities.md)


def is_hand_event(event: object) -> bool:
    """Tell whether ``event`` is one of the engine's hand events."""
    return type(event) in ENGINE_EVENTS


def hand_started(
    *, hand_id: int, game: GameSelected, plan: HandPlan, table: TableState, rules: HouseRules,
    carried: int = 0, ante: bool = True,
) -> HandStarted:
    """Return the `HandStarted` event of ``plan``; raise if the engine cannot deal it.

    Args:
        hand_id: Number of the hand at this table.
        game: The game and stakes in force.
        plan: Button, blinds and seats dealt.
        table: The table before the hand (names, stacks).
        rules: The house rules in force.
        carried: Dead money carried in from the last deal (JB-NO-OPEN, IRR-JB-FALSE).
        ante: False once ``draw.jacks_ante_limit`` consecutive deals were passed out: the
            carried pot plays on without new antes (JB-NO-OPEN).

    """
    seats = plan.seats
    index = {seat: i for i, seat in enumerate(seats)}
    blinds = [0] * len(seats)
    antes = [game.ante if ante else 0] * len(seats)
    for post in plan.posts:
        i = index[post.seat]
        if post.kind is PostKind.DEAD_SMALL:
            antes[i] += post.amount  # dead money: in the pot, not part of the bet
        else:
            blinds[i] = max(blinds[i], post.amount)
    if game.straddle and len(seats) > 2 and game.big_blind:
        # BET-STRADDLE: the preset's straddle is a live blind posted by the first player
        # after the big blind (PHH index 2), never heads-up. HouseRules refuses a preset
        # straddle when straddle.allowed is false, so the house allows it here.
        blinds[2] = max(blinds[2], game.straddle)
    names = []
    stacks = []
    for seat in seats:
        player = table.player(seat)
        if player is None:  # pragma: no cover - plan_hand only deals seated players
            raise IllegalActionError(f"seat {seat} is empty")
        names.append(player.name)
        stacks.append(player.stack)
    fixed = game_spec(game.game).structure is BettingStructure.FIXED_LIMIT
    small_bet = game.small_bet or (game.big_blind if fixed else 0)
    started = HandStarted(
        hand_id=hand_id,
        game=game.game,
        plan=plan,
        names=tuple(names),
        starting_stacks=tuple(stacks),
        antes=tuple(antes),
        blinds=tuple(blinds),
        # No/pot-limit stud and ante-only draw have no big blind: they bet the small bet.
        min_bet=small_bet if fixed else (game.big_blind or game.small_bet),
        small_bet=small_bet,
        big_bet=game.big_bet or 2 * small_bet,
        bring_in=game.bring_in,
        big_blind=game.big_blind,
        raked=game.raked,
        openers=game.openers,
        carried=carried,
    )
    start(started, rules=rules)  # the engine refuses what it cannot deal, before journaling
    return started


def setup_of(started: HandStarted, *, rules: HouseRules) -> HandSetup:
    """Return the engine's setup for a started hand."""
    if not started.raked and rules.rake.enabled:
        # RAKE-SHARE: this game is not raked (e.g. a tournament preset with rake: false).
        rules = dataclasses.replace(rules, rake=dataclasses.replace(rules.rake, enabled=False))
    if started.openers and started.openers != rules.draw.openers.value:
        # DR-OPENERS: the preset's own openers (HouseRules.openers_for) win over draw.openers.
        openers = type(rules.draw.openers)(started.openers)
        rules = dataclasses.replace(rules, draw=dataclasses.replace(rules.draw, openers=openers))
    try:
        return HandSetup(
            game=game_spec(started.game),
            starting_stacks=started.starting_stacks,
            antes=started.antes,
            blinds=started.blinds,
            min_bet=started.min_bet,
            small_bet=started.small_bet,
            big_bet=started.big_bet,
            bring_in=started.bring_in,
            rules=rules,
            big_blind=started.big_blind,
            carried=started.carried,  # JB-NO-OPEN / IRR-JB-FALSE: dead money from the last deal
        )
    except ValueError as error:
        raise IllegalActionError(f"cannot deal this hand: {error}") from error


def misdealt(state: HandState, events: tuple[Any, ...]) -> bool:
    """Tell whether the hand was voided by a misdeal, money carried in or not.

    `is_void` wants an empty pot, but a misdeal leaves the money carried in from an earlier
    deal in the pot for the redeal (JB-NO-OPEN); the `MisdealDeclared` event says it.
    """
    if is_void(state):
        return True
    return (state.phase is Phase.COMPLETE and not any(state.won) and not state.rake
            and any(isinstance(event, MisdealDeclared) for event in events))


def start(started: HandStarted, *, rules: HouseRules) -> HandState:
    """Return the engine state at the start of the hand (forced bets posted)."""
    return new_hand(setup_of(started, rules=rules))


def apply(state: HandState, event: Any) -> HandState:
    """Return the engine state after a hand event (irregularity events included)."""
    return evolve_any(state, event)


def after(started: HandStarted, *, rules: HouseRules) -> list[Any]:
    """Return the events that follow a hand's start: hole cards dealt face down (HE-DEAL)."""
    return _down_cards(start(started, rules=rules))


def _down_cards(state: HandState) -> list[Any]:
    """Deal face down (``??``) what is due, unless the street has up cards (the dealer's)."""
    events: list[Any] = []
    while state.phase is Phase.DEALING and state.due_hole and not state.street.hole_up:
        player = state.due_hole[0]
        event = engine_events.HoleCardsDealt(
            player=player, cards=(UNKNOWN,) * state.street.hole_count
        )
        events.append(event)
        state = evolve(state, event)
    return events


def player_of_seat(started: HandStarted, seat: int) -> int:
    """Return the PHH player index of ``seat``; raise if the seat is not in the hand."""
    try:
        return started.seats.index(seat)
    except ValueError:
        dealt = ", ".join(str(s) for s in started.seats)
        raise IllegalActionError(f"seat {seat} is not in this hand (dealt: {dealt})") from None


def legal(state: HandState) -> LegalActions | None:
    """Return the choices of the player to act, or None."""
    return legal_actions(state)


def decide(hand: Any, command: Command, *, rules: HouseRules) -> list[Any]:
    """Return the checked engine events of ``command``, then any settlement it makes due."""
    from dealerassist.session import reports  # the reports build on this module

    if isinstance(command, (reports.Report, reports.ConfirmRuling, reports.OverruleFlag)):
        return reports.decide_report(hand, command, rules=rules)
    started: HandStarted = hand.started
    state: HandState = hand.engine_state
    if isinstance(command, Rap):
        command = _rap_meaning(state)
    try:
        events = _action_events(state, started, command)
        if isinstance(command, Board):
            # Burned or not, as the rulings in force say (e.g. no burn after an early flop).
            events = reports.board_events(hand, command.cards, rules=rules)
        for event in events:
            state = _checked(state, event)
        events, state = _with_due_rulings(hand, events, state, rules=rules)
        dealt = _down_cards(state)  # ST7-DEAL: 7th street's down card, face down
        for event in dealt:
            state = _checked(state, event)
        events += dealt
    except IllegalActionError as error:
        if isinstance(command, Board) and error.rule_id == "IRR-DECK":
            return _duplicate_board(hand, command)
        raise _in_seats(error, started) from None
    return events + _closing_events(state, started)


def _duplicate_board(hand: Any, command: Board) -> list[Any]:
    """Return the report of board cards typed that are already in the hand (IRR-DECK).

    The card was turned at the table (or typed wrong): nothing is dealt, the cards due
    stay due, and the report raises the IRR-DECK flag with its ruling (check the card,
    call the floor if the deck holds it twice), as ``early`` does for such a card.
    """
    report = BoardCardsExposed(cards=command.cards)
    evolve_any(hand.engine_state, report)  # raises, nothing journaled, if it cannot apply
    return [report]


def _with_due_rulings(hand: Any, events: list[Any], state: HandState, *,
                      rules: HouseRules) -> tuple[list[Any], HandState]:
    """Append what confirmed rulings make due once the action moves on.

    IRR-OUT-OF-TURN: an out-of-turn action confirmed as binding is applied when the action
    reaches that player unchanged; IRR-ST-ABSENT: an absent player's hand is killed when
    the betting reaches the seat. One due event can make the next one due (two binding
    actions in a row), so this repeats, at most once per seat.
    """
    from dealerassist.irregular import due_events

    events = list(events)
    for _ in range(len(hand.started.seats)):
        due = due_events(state.setup, [*hand.events, *events], rules=rules)
        if not due:
            break
        for event in due:
            state = _checked(state, event)
            events.append(event)
    return events, state


def _in_seats(error: IllegalActionError, started: HandStarted) -> IllegalActionError:
    """Return ``error`` with the engine's PHH player indices named as seats for the dealer."""

    def seat(match: re.Match[str]) -> str:
        index = int(match.group(1))
        if 0 <= index < len(started.seats):
            return _seat_name(started, index)
        return match.group(0)

    reason = re.sub(r"\bplayer (\d+)", seat, error.reason)
    return IllegalActionError(reason, rule_id=error.rule_id)


def _checked(state: HandState, event: Any) -> HandState:
    # The engine is the authority: verify against the rules, then apply; a refusal raises
    # IllegalActionError with its rule ID and the session's state is untouched.
    if type(event) in RULING_EVENTS:
        return evolve_any(state, event)
    return engine_apply(state, event)


def _closing_events(state: HandState, started: HandStarted) -> list[Any]:
    """Settle once every pot can be awarded; then the hand is finished."""
    if state.passed_out and not is_void(state):
        # JB-NO-OPEN: nobody opened; the antes stay in the pot, carried to the next deal.
        return [HandFinished(hand_id=started.hand_id, final_stacks=state.stacks, rake=0)]
    if state.phase is Phase.COMPLETE and state.keep_asked_by >= 0 and not is_void(state):
        return _after_pot(state, started)
    if state.phase is not Phase.SHOWDOWN:
        return []
    if not state.won_by_fold and missing_cards(state):
        return []
    if not can_settle(state):
        return []
    events = list(settle(state))
    for event in events:
        state = evolve(state, event)
    if state.keep_asked_by >= 0:
        return events + _after_pot(state, started)
    events.append(HandFinished(hand_id=started.hand_id, final_stacks=state.stacks, rake=state.rake))
    return events


def _after_pot(state: HandState, started: HandStarted, *, ruled: bool = False) -> list[Any]:
    """JB-KEEP: the pot is awarded; the hand finishes once the opening hand kept is shown.

    Shown at once when the hand already shows it (no draw, every card known). One without
    openers (or none shown) finishes the hand only once its flag is ``ruled`` (confirmed
    or overruled).
    """
    events: list[Any] = []
    if engine_keep.opening_show_due(state):
        known = engine_keep.known_opening_hand(state)
        if known is None:
            return []  # waiting for ``show OPENER CARDS``
        event = engine_keep.show_opening(state, state.opened_by, known)
        events.append(event)
        state = evolve(state, event)
    if not engine_keep.opening_holds_openers(state) and not ruled:
        return events  # the flag waits for the dealer's confirm or the floor's overrule
    events.append(HandFinished(hand_id=started.hand_id, final_stacks=state.stacks,
                               rake=state.rake))
    return events


def _seat_name(started: HandStarted, player: int) -> str:
    return f"seat {started.seats[player]} ({started.names[player]})"


def _up_events(state: HandState, started: HandStarted, command: DealUp) -> list[Any]:
    street = state.street
    if state.phase is not Phase.DEALING or not state.due_hole or not street.hole_up:
        raise IllegalActionError("no up cards are due now", rule_id="ST7-DEAL")
    events = []
    named = [seat for seat, _ in command.cards]
    twice = sorted({seat for seat in named if named.count(seat) > 1})
    if twice:
        raise IllegalActionError(f"seat {twice[0]} is named twice: one up card per seat",
                                 rule_id="ST7-DEAL")
    for seat, cards in command.cards:
        player = player_of_seat(started, seat)
        if player not in state.due_hole:
            raise IllegalActionError(f"seat {seat} has no card due now (folded, or dealt "
                                     "already this street)", rule_id="ST7-DEAL")
        if len(cards) != street.hole_up:
            raise IllegalActionError(
                f"seat {seat} gets {street.hole_up} up card(s) this street, not {len(cards)}",
                rule_id="ST7-DEAL")
        events.append(engine_events.HoleCardsDealt(
            player=player, cards=(UNKNOWN,) * street.hole_down + tuple(cards)))
    return events


def _shown_hand(state: HandState, player: int, cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """Return the whole hand shown: in stud the dealer may enter only the down cards.

    ST7-DEAL: the up cards are known already; when exactly as many cards are entered as
    the player holds face down (unknown), they fill the down positions in order.
    """
    hole = state.hole[player]
    unknown = [k for k, card in enumerate(hole) if card.is_unknown]
    if state.setup.game.family is not Family.STUD or len(cards) == len(hole):
        return cards
    if len(cards) != len(unknown):
        raise IllegalActionError(
            f"player {player} shows {len(cards)} card(s): enter the {len(unknown)} down "
            f"card(s), or all {len(hole)}", rule_id="ST7-DEAL")
    filled = list(hole)
    for k, card in zip(unknown, cards, strict=True):
        filled[k] = card
    return tuple(filled)


def _draw_due(state: HandState) -> None:
    if state.phase is not Phase.DEALING or not state.due_draw:
        raise IllegalActionError("no draw is due now", rule_id="DR-DRAW")


def _draw_events(state: HandState, started: HandStarted, command: Draw) -> list[Any]:
    _draw_due(state)
    owed = engine_draws.fifth_due(state)
    if owed is not None:
        raise IllegalActionError(f"{_seat_name(started, owed)}'s fifth card is due: fifth "
                                 "(burn one first if the message says so)",
                                 rule_id="DR-DRAW-MAX")
    player = state.due_draw[0]
    held = len(state.hole[player])
    if command.count > held:
        raise IllegalActionError(f"{_seat_name(started, player)} holds {held} cards: draw "
                                 f"at most {held}", rule_id="DR-DRAW")
    events: list[Any] = []
    announced = engine_draws.declared(state, player)
    if announced is not None and announced != command.count:
        # DR-CHANGE: a draw of another number than announced is a change, refused by the
        # engine once the next player has announced theirs.
        events.append(engine_events.DrawDeclared(player=player, count=command.count))
    # DR-DRAW-MAX: four in a row at most; the rest comes with ``fifth`` after everyone.
    received = (UNKNOWN,) * min(command.count, engine_draws.MAX_IN_A_ROW)
    _stub_serves(state, len(received))
    events.append(engine_events.CardsDrawn(player=player, discarded=(UNKNOWN,) * command.count,
                                           received=received))
    return events


def _declare_events(state: HandState, started: HandStarted, command: Any) -> list[Any]:
    _draw_due(state)
    if isinstance(command, ChangeDraw):
        player = player_of_seat(started, command.seat)
    else:
        player = engine_draws.next_to_declare(state)
        if player is None:
            raise IllegalActionError("every player still to draw has announced: change SEAT "
                                     "N to change a number", rule_id="DR-CHANGE")
    return [engine_events.DrawDeclared(player=player, count=command.count)]


def _fifth_events(state: HandState, started: HandStarted) -> list[Any]:
    _draw_due(state)
    player = engine_draws.fifth_due(state)
    if player is None:
        owed = [p for p in state.draw_owed if p in state.due_draw]  # a dead hand: none
        if owed:
            waiting = _seat_name(started, owed[0])
            raise IllegalActionError(f"{waiting}'s fifth card comes after every other player "
                                     "has drawn", rule_id="DR-DRAW-MAX")
        raise IllegalActionError("no fifth card is owed: only a draw of five defers one",
                                 rule_id="DR-DRAW-MAX")
    _stub_serves(state, 1)
    return [engine_events.CardsDrawn(player=player, discarded=(), received=(UNKNOWN,))]


def _stub_serves(state: HandState, count: int) -> None:
    """Refuse a draw of ``count`` cards the stub no longer holds: reshuffle first (DR-DRAW)."""
    stub = engine_draws.draw_stub(state)
    if stub < count:
        raise IllegalActionError(f"the stub holds {stub} card(s): reshuffle (the others' "
                                 "discards) before dealing the rest", rule_id="DR-DRAW")


def _reshuffle_events(state: HandState) -> list[Any]:
    _draw_due(state)
    player = state.due_draw[0]
    return [engine_draws.reshuffle(state, player)]


def _rap_meaning(state: HandState) -> Command:
    """Return what a rap on the table means now: a check, or pat when due to draw (DR-RAP)."""
    if state.phase is Phase.DEALING and state.due_draw:
        if engine_draws.fifth_due(state) is not None:
            raise IllegalActionError("a fifth card is due: a rap is neither a check nor pat "
                                     "here (fifth)", rule_id="DR-RAP")
        return Draw(count=0)
    choices = legal_actions(state)
    if choices is None:
        raise IllegalActionError("nobody is to act or draw: a rap means nothing now",
                                 rule_id="DR-RAP")
    if not choices.can_check:
        raise IllegalActionError(f"facing a bet ({choices.to_call} to call) a rap is not a "
                                 "check: call, raise or fold", rule_id="DR-RAP")
    return Check()


def _action_events(state: HandState, started: HandStarted, command: Any) -> list[Any]:
    if isinstance(command, DealUp):
        return _up_events(state, started, command)
    if isinstance(command, Draw):
        return _draw_events(state, started, command)
    if isinstance(command, (DeclareDraw, ChangeDraw)):
        return _declare_events(state, started, command)
    if isinstance(command, FifthCard):
        return _fifth_events(state, started)
    if isinstance(command, Reshuffle):
        return _reshuffle_events(state)
    if isinstance(command, Board):
        return _board_events(state, command)
    if isinstance(command, KeepOpeners):
        return [engine_keep.ask_keep(state, player_of_seat(started, command.seat))]
    if isinstance(command, (Show, Muck)) and engine_keep.opening_show_due(state):
        # JB-KEEP: the pot is awarded; the opener shows the opening hand kept (or throws
        # it away unshown: flagged).
        player = player_of_seat(started, command.seat)
        cards = command.cards if isinstance(command, Show) else ()
        return [engine_keep.show_opening(state, player, cards)]
    if isinstance(command, Show):
        player = player_of_seat(started, command.seat)
        return [engine_events.CardsShown(player=player,
                                         cards=_shown_hand(state, player, command.cards))]
    if isinstance(command, Muck):
        return [engine_events.Mucked(player=player_of_seat(started, command.seat))]
    choices = legal_actions(state)
    if choices is None:
        raise IllegalActionError(_why_nobody_acts(state), rule_id="G-ACT")
    player = choices.actor
    who = _seat_name(started, player)
    if isinstance(command, Fold):
        return [engine_events.Folded(player=player)]
    if choices.bring_in is not None and isinstance(command, (Check, Call)):
        # ST-BRINGIN: the player with the low (razz: high) card posts the bring-in; to
        # complete instead, bet the small bet (ST-COMPLETE).
        return [engine_events.BringInPosted(player=player, amount=choices.bring_in)]
    if isinstance(command, Check):
        if not choices.can_check:
            raise IllegalActionError(
                f"{who} cannot check: {choices.to_call} to call (c), raise (r) or fold (f)",
                rule_id="G-ACT",
            )
        return [engine_events.Checked(player=player)]
    if isinstance(command, Call):
        if choices.can_check:
            return [engine_events.Checked(player=player)]  # nothing to call: a check
        return [engine_events.Called(player=player, amount=choices.to_call)]
    own = state.bets[player]
    all_in_to = own + state.stacks[player]
    if isinstance(command, AllIn):
        if all_in_to <= state.max_bet or not choices.can_raise:
            if choices.can_check:
                return [engine_events.Checked(player=player)]
            return [engine_events.Called(player=player, amount=choices.to_call)]
        # Limit and pot limit: a stack over the maximum bets or raises the largest legal
        # amount (BET-FL-SIZES, BET-PL-MAX), as `allin` promises.
        amount = min(all_in_to, choices.max_raise_to) if choices.max_raise_to is not None \
            else all_in_to
    elif isinstance(command, (Bet, RaiseTo)):
        amount = command.amount
    else:  # pragma: no cover - every command type is handled above or by the table
        raise IllegalActionError(f"{type(command).__name__} is not a hand action")
    _verify_raise_to(state, choices, amount=amount, who=who, all_in_to=all_in_to)
    if choices.is_bet:
        return [engine_events.BetPlaced(player=player, to=amount)]
    return [engine_events.RaisedTo(player=player, to=amount)]


def _verify_raise_to(
    state: HandState, choices: LegalActions, *, amount: int, who: str, all_in_to: int
) -> None:
    word = "bet" if choices.is_bet else "raise"
    if choices.min_raise_to is None or choices.max_raise_to is None:
        rule = choices.raise_rule or "G-ACT"
        reason = {
            "BET-FL-CAP": "the betting is capped",
            "BET-SHORT-ALLIN": "the short all-in did not reopen the betting",
            "BET-NO-SELF-RAISE": "nobody raised since their last raise",
            "G-ALLIN": "nobody left can call a raise, or the call takes the whole stack",
        }.get(rule, "no raise is allowed now")
        raise IllegalActionError(f"{who} cannot {word}: {reason}; call or fold", rule_id=rule)
    structure = state.setup.game.structure
    if amount > all_in_to:
        raise IllegalActionError(
            f"{who} has {all_in_to} in all: {word} to at most {all_in_to} (allin)",
            rule_id="G-TABLE-STAKES",
        )
    if amount <= state.max_bet:
        raise IllegalActionError(
            f"{word} to {amount} is not above the current bet {state.max_bet}; "
            f"call (c) or {word} to at least {choices.min_raise_to}",
            rule_id="BET-NL-MIN"
            if structure is not BettingStructure.FIXED_LIMIT
            else "BET-FL-SIZES",
        )
    if amount > choices.max_raise_to:
        rule = {
            BettingStructure.POT_LIMIT: "BET-PL-MAX",
            BettingStructure.FIXED_LIMIT: "BET-FL-SIZES",
        }.get(structure, "BET-NL-MAX")
        raise IllegalActionError(
            f"{word} to {amount} is over the maximum: {choices.max_raise_to}", rule_id=rule
        )
    if amount < choices.min_raise_to and amount != all_in_to:
        rule = "BET-FL-SIZES" if structure is BettingStructure.FIXED_LIMIT else "BET-NL-MIN"
        # The all-in alternative is named only where it is a legal amount: in limit games a
        # stack over the maximum goes all-in by steps, not at once.
        allin = f", or all-in to {all_in_to}" if all_in_to <= choices.max_raise_to else ""
        raise IllegalActionError(
            f"{word} to {amount} is under the minimum: {word} to at least "
            f"{choices.min_raise_to}{allin}",
            rule_id=rule,
        )


_BOARD_STREETS = {"flop": 1, "turn": 2, "river": 3}


def _board_events(state: HandState, command: Board) -> list[Any]:
    if state.phase is Phase.BETTING:
        raise IllegalActionError(
            f"the betting round is not over: deal the {command.street} after it "
            "(IRR-FLOP-EARLY/IRR-TURN-EARLY)",
            rule_id="HE-STREETS",
        )
    if state.phase is not Phase.DEALING or not state.due_board:
        raise IllegalActionError("no board card is due now", rule_id="HE-STREETS")
    wanted = _BOARD_STREETS.get(command.street)
    if wanted is not None and wanted != state.street_index:
        due = {v: k for k, v in _BOARD_STREETS.items()}.get(state.street_index, "board")
        raise IllegalActionError(
            f"the {due} is due, not the {command.street}", rule_id="HE-STREETS"
        )
    if len(command.cards) != state.due_board:
        raise IllegalActionError(
            f"{state.due_board} board card(s) due now, not {len(command.cards)}",
            rule_id="HE-STREETS",
        )
    return [engine_events.BoardDealt(cards=command.cards)]


def _why_nobody_acts(state: HandState) -> str:
    if state.phase is Phase.DEALING:
        if state.due_board:
            name = {1: "flop", 2: "turn", 3: "river"}.get(state.street_index, "board")
            cards = " ".join(["__"] * state.due_board)
            return f"nobody is to act: deal the {name} first ({name} {cards})"
        if state.due_draw and state.due_draw[0] in state.draw_owed:
            return (f"nobody is to act: player {state.due_draw[0]}'s fifth card is due "
                    "first (fifth)")
        if state.due_draw:  # "player N" is named as a seat by _in_seats
            return f"nobody is to act: player {state.due_draw[0]} draws first (draw N, or pat)"
        if state.due_hole and state.street.hole_up:
            seats = len(state.due_hole)
            return (f"nobody is to act: deal the up cards first ({seats} player(s): "
                    "up SEAT CARD ...)")
        return "nobody is to act: cards are due"
    if state.phase is Phase.SHOWDOWN:
        return "the betting is over: enter the hands (show SEAT CARDS) or muck SEAT"
    return "the hand is over: type 'hand' for the next one"
