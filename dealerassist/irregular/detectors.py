"""Detectors: a hand's event stream in, flags out (every ``IRR-*`` rule of the catalogue).

`detect(setup, events)` folds the hand's events (engine events, the dealer's reports and
rulings' consequences) and raises a `Flag` wherever something irregular happened:

- from the dealer's reports (`dealerassist.engine.ruling_events`): a card exposed, an extra
  card, board cards turned early or too many, a player absent, the button out of place, a
  dealing error, a wrong hand size, false openers, a wrong bring-in, a fold with no bet;
  which rule applies is decided from the hand's state (the game's family, the street,
  whether betting is open, how many players have acted, earlier exposures);
- without a report, where the events already show it: a board card while betting is open
  (IRR-FLOP/TURN/RIVER-EARLY), too many board cards (IRR-FLOP-COUNT), the same card twice
  (IRR-DECK), an action out of turn, an under-raise, a pot-limit overbet, a raise after the
  cap, a stud bring-in short of the amount (IRR-ST-ALLIN-LOW), a draw that leaves a hand
  with the wrong number of cards (IRR-DR-FOUL).

An engine event that cannot be applied (out of turn, a card twice, a board card while
betting is open) is flagged and left out of the fold: the state stays as it was. With
``as_recorded`` (the default, as in ``replay``) an action that breaks a betting rule but can
be applied is applied as recorded; otherwise it is left out too (the live table, where the
ruling's corrected action is applied instead: `dealerassist.irregular.consequences`).

`RulingApplied` and `FloorOverruled` events set the status of the flag they name.
Stud and draw hands are followed from the events alone until the engine deals them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from dealerassist.cards import format_cards
from dealerassist.engine.actions import verify_event
from dealerassist.engine.betting import legal_actions
from dealerassist.engine.events import (
    BetPlaced,
    BoardDealt,
    BringInPosted,
    Called,
    CardsDrawn,
    Checked,
    Event,
    Folded,
    HoleCardsDealt,
    OpeningHandShown,
    RaisedTo,
)
from dealerassist.engine.keep import opening_holds_openers
from dealerassist.engine.ruling_events import (
    ActionAttempted,
    ActionKind,
    DealError,
    FloorOverruled,
    RulingApplied,
)
from dealerassist.engine.rulings import evolve
from dealerassist.engine.setup import HandSetup
from dealerassist.engine.state import HandState, Phase, new_hand
from dealerassist.errors import IllegalActionError
from dealerassist.games.spec import BettingStructure, Family
from dealerassist.irregular.flags import Flag, FlagStatus, Severity
from dealerassist.irregular.report_rules import (
    EARLY_RULE,
    REPORT_HANDLERS,
    STREET_EN,
    STREET_FR,
    ReportRules,
)
from dealerassist.irregular.texts import flag_for
from dealerassist.rules.model import HouseRules

__all__ = ["Detection", "ENGINE_RULE_TO_IRR", "attempted_event", "detect", "flag_for"]

_ACTIONS = (Folded, Checked, Called, BetPlaced, RaisedTo)

#: Engine refusals that are irregularities of the catalogue.
ENGINE_RULE_TO_IRR: dict[str, str] = {
    "IRR-OUT-OF-TURN": "IRR-OUT-OF-TURN",
    "BET-NL-MIN": "IRR-UNDERRAISE",
    "BET-PL-MIN": "IRR-UNDERRAISE",
    "BET-PL-MAX": "IRR-OVERBET-PL",
    "BET-FL-CAP": "IRR-CAPPED",
    "IRR-DECK": "IRR-DECK",
}

@dataclass
class Detection:
    """The result of `detect`: the flags, and the state after the events that applied."""

    flags: list[Flag] = field(default_factory=list)
    state: HandState | None = None
    skipped: list[int] = field(default_factory=list)  # indices of events left out

    def open_flags(self) -> list[Flag]:
        """Return the flags neither confirmed nor overruled."""
        return [f for f in self.flags if f.status is FlagStatus.OPEN]


class _Detector(ReportRules):
    """One pass over one hand's events."""

    def __init__(self, setup: HandSetup, *, rules: HouseRules | None, tournament: bool,
                 as_recorded: bool) -> None:
        self.setup = setup
        self.family = setup.game.family
        self.rules = rules if rules is not None else setup.rules
        self.tournament = tournament
        self.as_recorded = as_recorded
        self.result = Detection()
        try:
            self.state: HandState | None = new_hand(setup)
        except IllegalActionError:
            self.state = None  # stud/draw: followed from the events alone for now
        self.result.state = self.state
        self.acted = 0  # voluntary actions so far (IRR-LB-MISDEAL: "before two have acted")
        self.exposed: list[int] = []  # players whose card the dealer exposed, in order
        self.index = -1
        self.opener = -1  # jacks or better: the player who bet first
        self.raises_after_open = 0
        self.callers_after_open = 0
        self.bring_in_player = -1
        self.acted_after_bring_in = False

    # -- helpers ----------------------------------------------------------------------------

    def flag(self, rule_id: str, en: str, fr: str, *, player: int | None = None,
             severity: Severity | None = None) -> None:
        flag = flag_for(rule_id, en, fr, event_index=self.index, player=player,
                        rules=self.rules, tournament=self.tournament)
        if severity is not None:
            flag = replace(flag, severity=severity)
        self.result.flags.append(flag)

    def flag_as(self, flag: Flag) -> None:
        self.result.flags.append(flag)

    def seat(self, player: int) -> str:
        return f"p{player + 1}"

    def apply(self, event: object) -> bool:
        if self.state is None:
            return True
        try:
            self.state = evolve(self.state, event)
        except IllegalActionError as error:
            if error.rule_id == "IRR-DECK":
                self.flag("IRR-DECK", f"{_describe(event)}: {error.reason}",
                          f"{_describe(event)} : carte déjà vue dans ce coup")
            self.result.skipped.append(self.index)
            return False
        return True

    # -- the pass ---------------------------------------------------------------------------

    def run(self, events: Sequence[object]) -> Detection:
        for index, event in enumerate(events):
            self.index = index
            self.one(event)
        self.result.state = self.state
        return self.result

    def one(self, event: object) -> None:
        player = getattr(event, "player", None)
        if isinstance(player, int) and not (0 <= player < self.setup.player_count) and not (
                isinstance(event, DealError) and player == -1):
            # No such player: the event names a seat not dealt in; it cannot apply.
            self.result.skipped.append(self.index)
            return
        if isinstance(event, RulingApplied):
            self.set_status(event.flag_id, FlagStatus.CONFIRMED, "")
            self.apply(event)
            return
        if isinstance(event, FloorOverruled):
            self.set_status(event.flag_id, FlagStatus.OVERRULED, event.reason)
            self.apply(event)
            return
        handler = (REPORT_HANDLERS.get(type(event))
                   or (_Detector.on_attempted if isinstance(event, ActionAttempted) else None))
        if handler is not None:
            handler(self, event)
            self.apply(event)
            return
        if isinstance(event, _ACTIONS):
            self.action(event)
            return
        if isinstance(event, BoardDealt):
            self.board(event)
            return
        if isinstance(event, OpeningHandShown):
            if self.apply(event):
                self.opening_hand(event)
            return
        if isinstance(event, BringInPosted):
            self.bring_in(event)
        elif isinstance(event, CardsDrawn):
            self.drawn(event)
        self.apply(event)

    def set_status(self, flag_id: str, status: FlagStatus, reason: str) -> None:
        for k, flag in enumerate(self.result.flags):
            if flag.flag_id == flag_id:
                self.result.flags[k] = replace(flag, status=status, overrule_reason=reason)

    # -- engine events ----------------------------------------------------------------------

    def action(self, event: object) -> None:
        player: int = event.player  # type: ignore[attr-defined]
        self.acted += 1
        self.count_draw_action(event)
        state = self.state
        if state is None:
            return
        try:
            verify_event(state, event)  # type: ignore[arg-type]
        except IllegalActionError as error:
            rule = self.classify(state, event, error)
            if rule is not None:
                self.flag(rule, f"{_describe(event)}: {_players(error.reason, player)}",
                          f"{_describe_fr(event)} : {_FR_REASON.get(rule, error.reason)}",
                          player=player)
            if rule == "IRR-OUT-OF-TURN" or not self.as_recorded:
                self.result.skipped.append(self.index)
                return
        self.apply(event)

    def on_attempted(self, report: ActionAttempted) -> None:
        """Flag a reported action against the rules like the action itself; never apply it."""
        state = self.state
        if state is None:
            return
        event = attempted_event(state, report)
        try:
            verify_event(state, event)
        except IllegalActionError as error:
            rule = self.classify(state, event, error)
            if rule is not None:
                self.flag(rule, f"{_describe(event)}: {_players(error.reason, report.player)}",
                          f"{_describe_fr(event)} : {_FR_REASON.get(rule, error.reason)}",
                          player=report.player)

    def classify(self, state: HandState, event: object, error: IllegalActionError) -> str | None:
        rule = ENGINE_RULE_TO_IRR.get(error.rule_id)
        if rule is None and error.rule_id == "BET-FL-SIZES":
            legal = legal_actions(state)
            to = getattr(event, "to", 0)
            if legal is not None and legal.min_raise_to is not None and to < legal.min_raise_to:
                rule = "IRR-UNDERRAISE"
        structure = state.setup.game.structure
        if rule == "IRR-OVERBET-PL" and structure is not BettingStructure.POT_LIMIT:
            rule = None
        return rule

    def board(self, event: BoardDealt) -> None:
        state = self.state
        cards = event.cards
        if state is not None and self.already_seen(cards):
            self.flag("IRR-DECK", f"board {format_cards(cards)}: a card already in this hand",
                      f"tableau {format_cards(cards)} : une carte déjà dans ce coup")
            self.result.skipped.append(self.index)
            return
        if state is not None and self.family is Family.BOARD:
            street = state.street_index
            if state.phase is Phase.BETTING and street in EARLY_RULE:
                name = STREET_EN[street]
                self.flag(EARLY_RULE[street],
                          f"{name} {format_cards(cards)} turned while the betting is open",
                          f"{STREET_FR[street]} {format_cards(cards)} retourné(e) pendant "
                          "les enchères")
                self.result.skipped.append(self.index)
                return
            if (state.phase is Phase.DEALING and state.due_board
                    and len(cards) > state.due_board and state.street.board == 3):
                self.flag("IRR-FLOP-COUNT",
                          f"{len(cards)} cards flopped ({format_cards(cards)})",
                          f"{len(cards)} cartes au flop ({format_cards(cards)})")
                self.result.skipped.append(self.index)
                return
        self.apply(event)

    def bring_in(self, event: BringInPosted) -> None:
        self.bring_in_player = event.player
        self.acted_after_bring_in = False
        if 0 < self.setup.bring_in and event.amount < self.setup.bring_in:
            self.flag("IRR-ST-ALLIN-LOW",
                      f"{self.seat(event.player)} brings in {event.amount}, all-in for less "
                      f"than {self.setup.bring_in}",
                      f"{self.seat(event.player)} ouvre de {event.amount}, à tapis pour moins "
                      f"que {self.setup.bring_in}", player=event.player)

    def drawn(self, event: CardsDrawn) -> None:
        # DR-DRAW-MAX: a draw of five is four now and the fifth after everyone: two events
        # whose counts differ on their own but not together.
        if len(event.discarded) > 4 and len(event.received) == 4:
            return
        if not event.discarded and self.state is not None and event.player in \
                self.state.draw_owed:
            return
        if len(event.received) != len(event.discarded):
            count = 5 - len(event.discarded) + len(event.received)
            self.flag("IRR-DR-FOUL",
                      f"{self.seat(event.player)} discarded {len(event.discarded)} and received "
                      f"{len(event.received)}: {count} cards",
                      f"{self.seat(event.player)} a jeté {len(event.discarded)} cartes et en a "
                      f"reçu {len(event.received)} : {count} cartes", player=event.player)

    def opening_hand(self, event: OpeningHandShown) -> None:
        """JB-KEEP: the opening hand shown after the pot holds no openers, or is not shown.

        An opener who won a pot could not win it without openers (JB-PROVE, JB-SPLIT); one
        who lost it made a false opening (IRR-JB-FALSE) and the pot stands. Either way the
        floor decides: the pot is already awarded.
        """
        state = self.state
        if state is None or opening_holds_openers(state):
            return
        opener, asker = event.player, state.keep_asked_by
        who, by = self.seat(opener), self.seat(asker)
        if not event.cards:
            rule = "JB-KEEP"
            en = (f"{who} threw the opening hand away unshown after the pot, though {by} "
                  "asked that it be kept and shown")
            fr = (f"{who} a jeté sa main d'ouverture sans la montrer après le pot, alors que "
                  f"{by} avait demandé qu'elle soit gardée et montrée")
        else:
            rule = "JB-PROVE"
            cards = format_cards(event.cards)
            en = (f"{who}'s opening hand {cards}, shown after the pot as {by} asked "
                  "(JB-KEEP), holds no openers")
            fr = (f"la main d'ouverture de {who}, {cards}, montrée après le pot à la demande "
                  f"de {by} (JB-KEEP), n'a pas l'ouverture")
        if state.won[opener]:
            steps_en = ("A player who opened must show openers to win the pot (JB-PROVE, "
                        "JB-SPLIT): the opener could not win it.",
                        "Call the floor: the pot was awarded to the opener.")
            steps_fr = ("Un joueur qui a ouvert doit montrer l'ouverture pour gagner le pot "
                        "(JB-PROVE, JB-SPLIT) : l'ouvreur ne pouvait pas le gagner.",
                        "Appelez la direction : le pot a été attribué à l'ouvreur.")
        else:
            steps_en = ("The opener did not prove openers: a false opening (IRR-JB-FALSE).",
                        "The pot stands as awarded; call the floor for any penalty.")
            steps_fr = ("L'ouvreur n'a pas prouvé l'ouverture : fausse ouverture "
                        "(IRR-JB-FALSE).",
                        "Le pot reste attribué ; appelez la direction pour une éventuelle "
                        "pénalité.")
        self.flag_as(Flag(rule_id=rule, severity=Severity.WARNING, message=en + ".",
                          message_fr=fr + ".", steps=steps_en, steps_fr=steps_fr,
                          event_index=self.index, player=opener))

    def count_draw_action(self, event: object) -> None:
        player = event.player  # type: ignore[attr-defined]
        if self.bring_in_player != -1 and player != self.bring_in_player:
            self.acted_after_bring_in = True
        if isinstance(event, BetPlaced) and self.opener == -1:
            self.opener = player
        elif isinstance(event, RaisedTo) and self.opener != -1:
            self.raises_after_open += 1
        elif isinstance(event, Called) and self.opener != -1:
            self.callers_after_open += 1

    # -- reports ----------------------------------------------------------------------------

_FR_REASON = {
    "IRR-OUT-OF-TURN": "ce n'est pas son tour",
    "IRR-UNDERRAISE": "relance inférieure au minimum",
    "IRR-OVERBET-PL": "mise supérieure au pot",
    "IRR-CAPPED": "les enchères sont plafonnées",
}


_ENGINE_PLAYER = re.compile(r"\bplayer (\d+)")


def _players(reason: str, player: int) -> str:
    """Return an engine reason with its 0-based ``player N`` written p1.., minus the actor."""
    text = _ENGINE_PLAYER.sub(lambda m: f"p{int(m.group(1)) + 1}", reason)
    prefix = f"p{player + 1}: "
    return text[len(prefix):] if text.startswith(prefix) else text


def attempted_event(state: HandState, report: ActionAttempted) -> Event:
    """Return the engine event of a reported action (a call of what is owed now)."""
    player = report.player
    if report.action is ActionKind.FOLD:
        return Folded(player)
    if report.action is ActionKind.CHECK:
        return Checked(player)
    if report.action is ActionKind.CALL:
        owed = max(state.bets) - state.bets[player]
        return Called(player, min(owed, state.stacks[player]))
    if report.action is ActionKind.BET:
        return BetPlaced(player, report.amount)
    return RaisedTo(player, report.amount)


def _describe(event: object) -> str:
    name = type(event).__name__
    player = getattr(event, "player", None)
    who = f"p{player + 1} " if isinstance(player, int) else ""
    if isinstance(event, BetPlaced | RaisedTo):
        return f"{who}{'bets' if isinstance(event, BetPlaced) else 'raises'} to {event.to}"
    if isinstance(event, Called):
        return f"{who}calls {event.amount}"
    if isinstance(event, Checked):
        return f"{who}checks"
    if isinstance(event, Folded):
        return f"{who}folds"
    if isinstance(event, BoardDealt):
        return f"board {format_cards(event.cards)}"
    if isinstance(event, HoleCardsDealt):
        return f"{who}dealt {format_cards(event.cards)}"
    return f"{who}{name}"


def _describe_fr(event: object) -> str:
    player = getattr(event, "player", None)
    who = f"p{player + 1} " if isinstance(player, int) else ""
    if isinstance(event, BetPlaced | RaisedTo):
        return f"{who}{'mise' if isinstance(event, BetPlaced) else 'relance'} à {event.to}"
    if isinstance(event, Called):
        return f"{who}suit {event.amount}"
    if isinstance(event, Checked):
        return f"{who}parole"
    if isinstance(event, Folded):
        return f"{who}se couche"
    return _describe(event)


def detect(setup: HandSetup, events: Sequence[object], *, rules: HouseRules | None = None,
           tournament: bool = False, as_recorded: bool = True) -> Detection:
    """Return the flags of one hand, and the state after the events that applied.

    Args:
        setup: the hand's setup (`new_hand(setup)` is the state before the first event).
        events: the hand's events in order: engine events, reports, consequences.
        rules: house rules for the rulings' options (default: the setup's).
        tournament: the table is a tournament (IRR-ST-HOLE-UP becomes a misdeal).
        as_recorded: apply rule-breaking actions as recorded (replay); False leaves them
            out, as the live table does.

    """
    return _Detector(setup, rules=rules, tournament=tournament, as_recorded=as_recorded).run(
        events)
