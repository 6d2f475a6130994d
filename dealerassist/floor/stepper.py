"""Step through a hand event by event, with the whole state at each step (floor review).

The hand is rebuilt as the session rebuilds it: `HandStarted` gives the engine's setup,
then each of the hand's effective events (undo applied) is folded in with the engine. Each
step shows what happened, then the pots with who can win each, the betting limits of the
player to act, the board, and every seat's stack, bet and cards, so a floor person can see
exactly what the table looked like before a dispute. Works on a finished hand or on the
hand still running, from the live session or from a journal file. Money carried in from an
earlier deal (`HandSetup.carried`, JB-NO-OPEN) is named at step 0, and a pot carried to the
next deal (`PotCarried`, JB-PROVE) is named where it happens.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from dealerassist.cards import format_cards
from dealerassist.engine.betting import legal_actions
from dealerassist.engine.events import (
    BetPlaced,
    BoardCardIdentified,
    BoardDealt,
    Called,
    CardsShown,
    Checked,
    Folded,
    HoleCardsDealt,
    Mucked,
    PotAwarded,
    PotCarried,
    RaisedTo,
    RakeTaken,
)
from dealerassist.engine.pots import pots
from dealerassist.engine.state import HandState
from dealerassist.errors import DealerAssistError
from dealerassist.journal.records import Journal
from dealerassist.rules.model import HouseRules
from dealerassist.session import hand as hand_adapter
from dealerassist.session.controller import TableSession
from dealerassist.session.dealer_texts import game_name
from dealerassist.session.events import HandStarted
from dealerassist.session.state import SessionState

__all__ = ["HandStep", "PotLine", "SeatLine", "hand_steps", "steps_from_journal",
           "steps_of_session"]


@dataclass(frozen=True, slots=True)
class PotLine:
    """A pot at one step: its chips and the table seats who can win it."""

    amount: int
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SeatLine:
    """One seat at one step."""

    seat: int
    name: str
    stack: int
    bet: int
    in_pots: int
    folded: bool
    all_in: bool
    cards: str


@dataclass(frozen=True, slots=True)
class HandStep:
    """The hand after ``index`` events (0: the forced bets posted).

    Attributes:
        index: events applied so far.
        label_en: what the last event was, in English (the hand's start for step 0).
        label_fr: the same in French.
        phase: dealing, betting, showdown or complete.
        street: the street number (0: the first betting round).
        board: the community cards.
        actor_seat: the seat to act, None when no decision is pending.
        to_call: chips the actor must add to call.
        min_raise_to: the actor's smallest bet or raise, None when none is allowed.
        max_raise_to: the actor's largest bet or raise.
        raise_rule: the rule that forbids a raise, if any.
        pots: the pots, main first (bets in front not yet in).
        seats: every seat dealt in, clockwise from the first left of the button.
        rake: chips taken by the house so far.

    """

    index: int
    label_en: str
    label_fr: str
    phase: str
    street: int
    board: str
    actor_seat: int | None
    to_call: int
    min_raise_to: int | None
    max_raise_to: int | None
    raise_rule: str
    pots: tuple[PotLine, ...]
    seats: tuple[SeatLine, ...]
    rake: int


def _who(started: HandStarted, player: int) -> tuple[str, str]:
    seat = started.seats[player]
    name = started.names[player]
    return f"Seat {seat} ({name})", f"Siège {seat} ({name})"


def _label(started: HandStarted, event: Any) -> tuple[str, str]:
    player = getattr(event, "player", None)
    en, fr = _who(started, player) if player is not None else ("", "")
    if isinstance(event, HoleCardsDealt):
        cards = format_cards(event.cards)
        return f"{en} is dealt {cards}", f"{fr} reçoit {cards}"
    if isinstance(event, BoardDealt):
        cards = format_cards(event.cards)
        return f"Board: {cards}", f"Tableau : {cards}"
    if isinstance(event, BoardCardIdentified):
        return (f"Board card {event.position + 1} is {event.card}",
                f"La carte {event.position + 1} du tableau est {event.card}")
    if isinstance(event, Folded):
        return f"{en} folds", f"{fr} se couche"
    if isinstance(event, Checked):
        return f"{en} checks", f"{fr} checke"
    if isinstance(event, Called):
        return f"{en} calls {event.amount}", f"{fr} suit {event.amount}"
    if isinstance(event, BetPlaced):
        return f"{en} bets {event.to}", f"{fr} mise {event.to}"
    if isinstance(event, RaisedTo):
        return f"{en} raises to {event.to}", f"{fr} relance à {event.to}"
    if isinstance(event, CardsShown):
        cards = format_cards(event.cards)
        return f"{en} shows {cards}", f"{fr} montre {cards}"
    if isinstance(event, Mucked):
        return f"{en} mucks", f"{fr} jette ses cartes"
    if isinstance(event, RakeTaken):
        return (f"Rake {event.amount} from pot {event.pot_index + 1}",
                f"Commission {event.amount} sur le pot {event.pot_index + 1}")
    if isinstance(event, PotAwarded):
        half = "" if event.half.value == "whole" else f" ({event.half.value})"
        return (f"{en} wins {event.amount} from pot {event.pot_index + 1}{half}",
                f"{fr} gagne {event.amount} du pot {event.pot_index + 1}{half}")
    if isinstance(event, PotCarried):
        # JB-PROVE / IRR-JB-FALSE: the only contender showed no openers, nobody wins it
        return (f"Pot {event.pot_index + 1} ({event.amount}) is carried to the next deal: "
                f"no openers shown (JB-PROVE)",
                f"Le pot {event.pot_index + 1} ({event.amount}) est reporté à la donne "
                f"suivante : ouverture non prouvée (JB-PROVE)")
    name = type(event).__name__
    return name, name


def _start_label(started: HandStarted, state: HandState) -> tuple[str, str]:
    # The game by its name, not its PHH code ("NT" is jargon on screen).
    name = state.setup.game.name
    blinds = "/".join(str(b) for b in started.blinds if b) or "-"
    en = (f"Hand {started.hand_id}: {game_name(started.game, name)}, button seat "
          f"{started.plan.button}, forced bets {blinds}")
    fr = (f"Main {started.hand_id} : {game_name(started.game, name, 'fr')}, bouton siège "
          f"{started.plan.button}, mises forcées {blinds}")
    carried = state.setup.carried
    if carried:
        # JB-NO-OPEN / IRR-JB-FALSE: dead money from an earlier deal, in the main pot
        en += f", {carried} carried in from the last deal (JB-NO-OPEN)"
        fr += f", {carried} reportés de la donne précédente (JB-NO-OPEN)"
    return en, fr


def _step(index: int, label: tuple[str, str], state: HandState,
          started: HandStarted) -> HandStep:
    choices = legal_actions(state)
    seats = []
    for i, seat in enumerate(started.seats):
        seats.append(SeatLine(
            seat=seat, name=started.names[i], stack=state.stacks[i], bet=state.bets[i],
            in_pots=state.committed[i], folded=state.folded[i],
            all_in=state.stacks[i] == 0 and not state.folded[i],
            cards=format_cards(state.hole[i]) if state.hole[i] else "",
        ))
    return HandStep(
        index=index, label_en=label[0], label_fr=label[1], phase=state.phase.value,
        street=state.street_index, board=format_cards(state.board),
        actor_seat=started.seats[choices.actor] if choices else None,
        to_call=choices.to_call if choices else 0,
        min_raise_to=choices.min_raise_to if choices else None,
        max_raise_to=choices.max_raise_to if choices else None,
        raise_rule=choices.raise_rule if choices else "",
        pots=tuple(PotLine(p.amount, tuple(started.seats[i] for i in p.eligible))
                   for p in pots(state)),
        seats=tuple(seats), rake=state.rake,
    )


def hand_steps(started: HandStarted, events: Sequence[Any], *,
               rules: HouseRules) -> tuple[HandStep, ...]:
    """Return the hand's state before any action (step 0) and after each event."""
    state = hand_adapter.start(started, rules=rules)
    steps = [_step(0, _start_label(started, state), state, started)]
    for k, event in enumerate(events, start=1):
        state = hand_adapter.apply(state, event)
        steps.append(_step(k, _label(started, event), state, started))
    return tuple(steps)


def steps_of_session(state: SessionState, hand_id: int, *,
                     rules: HouseRules) -> tuple[HandStep, ...]:
    """Return the steps of hand ``hand_id`` of a session: finished, or the one running.

    Raises:
        DealerAssistError: no such hand (the message lists the hands there are).

    """
    for done in state.finished:
        if done.started.hand_id == hand_id:
            return hand_steps(done.started, done.events, rules=rules)
    if state.hand is not None and state.hand.started.hand_id == hand_id:
        return hand_steps(state.hand.started, state.hand.events, rules=rules)
    known = [done.started.hand_id for done in state.finished]
    if state.hand is not None:
        known.append(state.hand.started.hand_id)
    shown = ", ".join(str(h) for h in known) or "none"
    raise DealerAssistError(f"no hand {hand_id} in this journal (hands: {shown})")


def steps_from_journal(journal: Journal, hand_id: int, *,
                       rules: HouseRules) -> tuple[HandStep, ...]:
    """Return the steps of a hand read from a journal (nothing is written to it)."""
    session = TableSession(journal, rules=rules, recent_hands=None)
    return steps_of_session(session.state, hand_id, rules=rules)
