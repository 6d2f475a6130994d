"""Which IRR rule a dealer's report raises, decided from the hand's state (the detectors' half).

`ReportRules` is mixed into the detector of `dealerassist.irregular.detectors`: for each
report event (`dealerassist.engine.ruling_events`) one method decides the rule from the
game's family (board, stud, draw), the street, whether betting is open, how many players
have acted and the earlier reports of the hand, and raises the flag with what happened.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from dealerassist.cards import Card, format_cards
from dealerassist.engine.ruling_events import (
    BoardCardsExposed,
    ButtonMisplaced,
    CardExposed,
    DealError,
    DealErrorKind,
    ExtraCardDealt,
    FalseOpeners,
    FoldedWithoutBet,
    HandSizeWrong,
    PlayerAbsent,
    WrongBringIn,
)
from dealerassist.engine.setup import HandSetup
from dealerassist.engine.state import HandState, Phase
from dealerassist.games.spec import Family
from dealerassist.irregular.flags import Flag, Severity
from dealerassist.irregular.texts import flag_for

__all__ = ["EARLY_RULE", "REPORT_HANDLERS", "STREET_EN", "STREET_FR", "ReportRules"]

STREET_EN = {0: "flop", 1: "turn", 2: "river"}
STREET_FR = {0: "flop", 1: "turn", 2: "river"}
EARLY_RULE = {0: "IRR-FLOP-EARLY", 1: "IRR-TURN-EARLY", 2: "IRR-RIVER-EARLY"}


class ReportRules(ABC):
    """Report handlers; the detector supplies the state and the helpers declared here.

    The three helpers (`flag`, `seat`, `flag_as`) are abstract: a detector that does not
    provide all of them cannot be created.
    """

    setup: HandSetup
    family: Family
    state: HandState | None
    acted: int
    exposed: list[int]
    raises_after_open: int
    callers_after_open: int
    acted_after_bring_in: bool
    index: int
    rules: Any
    tournament: bool

    @abstractmethod
    def flag(self, rule_id: str, en: str, fr: str, *, player: int | None = None,
             severity: Severity | None = None) -> None:
        """Raise a flag of ``rule_id`` saying what happened (en, fr)."""

    @abstractmethod
    def seat(self, player: int) -> str:
        """Return how a player is named in flags."""

    @abstractmethod
    def flag_as(self, flag: Flag) -> None:
        """Raise a ready-made flag."""

    def already_seen(self, cards: tuple[Card, ...]) -> bool:
        """Tell whether one of ``cards`` is already in the hand (IRR-DECK)."""
        state = self.state
        if state is None:
            return False
        codes = [c.code for c in cards if c.code < 52]
        return len(set(codes)) < len(codes) or any(state.seen >> code & 1 for code in codes)

    def on_exposed(self, event: CardExposed) -> None:
        """Flag a report: IRR-HE-EXPOSE-*, IRR-ST-HOLE-UP, IRR-LB-MISDEAL, IRR-DR-(DRAW-)EXPOSED."""
        who = self.seat(event.player)
        card = "a card" if event.card.is_unknown else str(event.card)
        carte = "une carte" if event.card.is_unknown else str(event.card)
        en = f"{who}'s {card} exposed by the dealer"
        fr = f"{carte} de {who} exposée par le donneur"
        if not event.by_dealer:
            return  # a player's own exposure is their problem, not a dealing error
        state = self.state
        if state is not None:
            if state.folded[event.player] or state.mucked[event.player]:
                return  # a dead hand's card: nothing to rule
            hole = state.hole[event.player]
            if (not event.card.is_unknown and hole and event.card not in hole
                    and not any(c.is_unknown for c in hole)):
                self.flag("IRR-DECK", f"{who} does not hold {card}, reported exposed",
                          f"{who} n'a pas {carte}, signalée exposée", player=event.player)
                return
        if (self.family is Family.BOARD and state is not None
                and (state.street_index > 0 or state.board)):
            # After the flop the deal is long over: no misdeal, no replacement; the card
            # stays live, face up.
            flag = flag_for("IRR-HE-EXPOSE-OTHER", en, fr, event_index=self.index,
                            player=event.player, rules=self.rules, tournament=self.tournament)
            self.flag_as(replace(
                flag, severity=Severity.INFO,
                message=f"{en} after the deal: the card stays live, face up.",
                message_fr=f"{fr} après la donne : la carte reste en jeu, visible.",
                steps=("Leave the card face up in front of the player; it plays.",),
                steps_fr=("Laissez la carte visible devant le joueur ; elle est jouée.",)))
            return
        self.exposed.append(event.player)
        first2 = event.nth in (1, 2)
        if self.family is Family.STUD:
            both = self.exposed.count(event.player) >= 2
            self.flag("IRR-ST-HOLE-UP",
                      en + (" (both down cards face up: the hand is dead, its ante returned)"
                            if both else ""),
                      fr + (" (les deux cartes fermées visibles : main morte, ante rendue)"
                            if both else ""), player=event.player)
            return
        if self.family is Family.DRAW:
            if event.during_draw:
                self.flag("IRR-DR-DRAW-EXPOSED", en + " during the draw",
                          fr + " pendant l'échange", player=event.player)
            elif self.acted < 2 and (first2 or len(self.exposed) >= 2):
                self.flag("IRR-LB-MISDEAL", en + (" (first or second card)" if first2 else
                                                  " (two or more cards exposed)"),
                          fr + (" (première ou deuxième carte)" if first2 else
                                " (deux cartes ou plus exposées)"), player=event.player)
            else:
                self.flag("IRR-DR-EXPOSED", en, fr, player=event.player)
            return
        if len(self.exposed) >= 2:
            self.flag("IRR-HE-EXPOSE-2", en + f" ({len(self.exposed)} cards exposed)",
                      fr + f" ({len(self.exposed)} cartes exposées)", player=event.player)
        elif first2:
            self.flag("IRR-HE-EXPOSE-FIRST2", en + f" (card {event.nth} of the deal)",
                      fr + f" ({event.nth}e carte de la donne)", player=event.player)
        else:
            self.flag("IRR-HE-EXPOSE-OTHER", en, fr, player=event.player)

    def on_extra(self, event: ExtraCardDealt) -> None:
        """Flag a report: IRR-HE-EXTRA-1/-2; draw: IRR-LB-MISDEAL, or IRR-DR-FOUL after action."""
        who = self.seat(event.player)
        en = f"{event.count} extra card(s) dealt, starting with {who}"
        fr = f"{event.count} carte(s) en trop distribuée(s), à partir de {who}"
        if self.family is Family.DRAW:
            if self.acted < 2:
                self.flag("IRR-LB-MISDEAL", en, fr, player=event.player)
            else:
                self.flag("IRR-DR-FOUL", en + " after the action began",
                          fr + " après le début des enchères", player=event.player)
            return
        rule = "IRR-HE-EXTRA-1" if event.count == 1 else "IRR-HE-EXTRA-2"
        self.flag(rule, en, fr, player=event.player)

    def on_board_exposed(self, event: BoardCardsExposed) -> None:
        """Flag a report: IRR-FLOP-COUNT, IRR-FLOP/TURN/RIVER-EARLY."""
        state = self.state
        cards = format_cards(event.cards)
        if state is None or self.family is not Family.BOARD:
            return
        if self.already_seen(event.cards):
            self.flag("IRR-DECK", f"board cards {cards} reported, one is already in this hand",
                      f"cartes {cards} signalées, l'une est déjà dans ce coup")
            return
        street = state.street_index
        if state.phase is Phase.BETTING and street in EARLY_RULE:
            self.flag(EARLY_RULE[street],
                      f"{STREET_EN[street]} {cards} turned while the betting is open",
                      f"{STREET_FR[street]} {cards} retourné(e) pendant les enchères")
        elif state.phase is Phase.DEALING and len(event.cards) > max(state.due_board, 0) \
                and state.street.board == 3:
            self.flag("IRR-FLOP-COUNT", f"{len(event.cards)} cards flopped ({cards})",
                      f"{len(event.cards)} cartes au flop ({cards})")
        elif state.phase is Phase.DEALING and state.due_hole:
            self.flag("IRR-FLOP-EARLY", f"board cards {cards} turned before the deal ended",
                      f"cartes {cards} retournées avant la fin de la donne")

    def on_absent(self, event: PlayerAbsent) -> None:
        """Flag a report: IRR-ST-ABSENT."""
        if self.family is Family.STUD:
            who = self.seat(event.player)
            self.flag("IRR-ST-ABSENT", f"{who} is absent", f"{who} est absent",
                      player=event.player)

    def on_button(self, event: ButtonMisplaced) -> None:
        """Flag a report: IRR-BUTTON; draw games before two players acted: IRR-LB-MISDEAL."""
        detail = f" ({event.detail})" if event.detail else ""
        self.flag("IRR-BUTTON", "button out of position or wrong blinds" + detail,
                  "bouton mal placé ou mauvaises blindes" + detail)
        if self.family is Family.DRAW and self.acted < 2:
            self.flag("IRR-LB-MISDEAL", "button out of position before two players acted",
                      "bouton mal placé avant que deux joueurs aient parlé")

    def on_deal_error(self, event: DealError) -> None:
        """Flag a report: IRR-LB-MISDEAL (draw games), or no misdeal after two players acted."""
        if self.family is not Family.DRAW:
            return  # the lowball/draw misdeal list (IRR-LB-MISDEAL) is for draw games only
        en, fr = _DEAL_ERRORS[event.kind]
        player = event.player if event.player >= 0 else None
        if player is not None:
            en, fr = f"{en} ({self.seat(player)})", f"{fr} ({self.seat(player)})"
        if self.acted < 2:
            self.flag("IRR-LB-MISDEAL", en, fr, player=player)
        else:
            flag = flag_for("IRR-LB-MISDEAL", en, fr, event_index=self.index, player=player,
                            rules=self.rules, tournament=self.tournament)
            self.flag_as(replace(
                flag, severity=Severity.INFO,
                message=f"{en}: found after two players acted, so no misdeal; play continues.",
                message_fr=f"{fr} : vu après que deux joueurs ont parlé, donc pas de fausse "
                           "donne ; le jeu continue.",
                steps=("Play continues.",), steps_fr=("Le jeu continue.",)))

    def on_hand_size(self, event: HandSizeWrong) -> None:
        """Flag a report: IRR-DR-SHORT, IRR-DR-FOUL, IRR-LB-MISDEAL."""
        who = self.seat(event.player)
        en = f"{who} holds {event.count} cards"
        fr = f"{who} a {event.count} cartes"
        button = event.player == self.setup.player_count - 1
        if event.after_draw:
            self.flag("IRR-DR-FOUL", en + " after the draw", fr + " après l'échange",
                      player=event.player)
        elif event.count < 5:
            if self.acted == 0 and not button:
                self.flag("IRR-DR-SHORT", en + " before any action: misdeal",
                          fr + " avant toute action : fausse donne", player=event.player,
                          severity=Severity.MISDEAL)
            else:
                self.flag("IRR-DR-SHORT", en + ": the player draws to five",
                          fr + " : le joueur tire jusqu'à cinq", player=event.player)
        elif self.acted < 2:
            self.flag("IRR-LB-MISDEAL", en, fr, player=event.player)
        else:
            self.flag("IRR-DR-FOUL", en, fr, player=event.player)

    def on_false_openers(self, event: FalseOpeners) -> None:
        """Flag a report: IRR-JB-FALSE (and IRR-JB-PLAYED if the pot plays), IRR-JB-ALLIN-FALSE."""
        who = self.seat(event.player)
        if event.all_in:
            self.flag("IRR-JB-ALLIN-FALSE", f"{who}, all-in, declared false openers",
                      f"{who}, à tapis, a annoncé l'ouverture à tort", player=event.player)
            return
        self.flag("IRR-JB-FALSE", f"{who} shows false openers", f"{who} n'a pas l'ouverture",
                  player=event.player)
        if self.raises_after_open or self.callers_after_open >= 2:
            why = ("there was a raise" if self.raises_after_open else
                   f"{self.callers_after_open} players called")
            pourquoi = ("il y a eu une relance" if self.raises_after_open else
                        f"{self.callers_after_open} joueurs ont suivi")
            self.flag("IRR-JB-PLAYED", f"the pot plays: {why}", f"le pot se joue : {pourquoi}",
                      player=event.player)

    def on_wrong_bring_in(self, event: WrongBringIn) -> None:
        """Flag a report: IRR-ST-WRONG-LOW: corrected, or kept once the next player acted."""
        wrong, true = self.seat(event.player), self.seat(event.true_player)
        if self.acted_after_bring_in:
            self.flag("IRR-ST-WRONG-LOW",
                      f"{wrong} brought in instead of {true}; the next player has acted, so "
                      "the wager stands",
                      f"{wrong} a ouvert à la place de {true} ; le joueur suivant a parlé, la "
                      "mise reste", player=event.player)
        else:
            self.flag("IRR-ST-WRONG-LOW",
                      f"{wrong} brought in instead of {true}; nobody has acted since, so it "
                      "is corrected",
                      f"{wrong} a ouvert à la place de {true} ; personne n'a parlé depuis, "
                      "on corrige", player=event.player)

    def on_fold_no_bet(self, event: FoldedWithoutBet) -> None:
        """Flag a report: IRR-ST-FOLD-NOBET."""
        who = self.seat(event.player)
        self.flag("IRR-ST-FOLD-NOBET", f"{who} folded with no bet to call",
                  f"{who} s'est couché sans mise à suivre", player=event.player)


REPORT_HANDLERS: dict[type, Callable[[Any, Any], None]] = {
    CardExposed: ReportRules.on_exposed,
    ExtraCardDealt: ReportRules.on_extra,
    BoardCardsExposed: ReportRules.on_board_exposed,
    PlayerAbsent: ReportRules.on_absent,
    ButtonMisplaced: ReportRules.on_button,
    DealError: ReportRules.on_deal_error,
    HandSizeWrong: ReportRules.on_hand_size,
    FalseOpeners: ReportRules.on_false_openers,
    WrongBringIn: ReportRules.on_wrong_bring_in,
    FoldedWithoutBet: ReportRules.on_fold_no_bet,
}

_DEAL_ERRORS = {
    DealErrorKind.WRONG_COUNT: ("a wrong number of cards dealt", "mauvais nombre de cartes"),
    DealErrorKind.FIRST_CARD_WRONG_SEAT: ("the first card went to the wrong seat",
                                          "la première carte est allée à la mauvaise place"),
    DealErrorKind.OUT_OF_SEQUENCE: ("cards dealt out of sequence", "cartes données dans le "
                                    "désordre"),
    DealErrorKind.CARD_TO_EMPTY_SEAT: ("a card dealt to an empty seat or a player not entitled",
                                       "une carte donnée à une place vide ou à un joueur non "
                                       "admis"),
    DealErrorKind.PLAYER_DEALT_OUT: ("an entitled player was dealt out",
                                     "un joueur admis n'a pas reçu de cartes"),
}
