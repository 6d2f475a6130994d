"""Irregularity drills: a situation at the table and four rulings to choose from.

Each scenario is keyed by its IRR-* rule ID; the right answer is the catalogue's ruling
(docs/floor.md lists them; the floor's rulings browser shows the same text), adjusted to the
house's option where the catalogue leaves the choice to the house (IRR-UNDERRAISE,
IRR-OUT-OF-TURN). Wrong choices are the rulings of other irregularities, each citing its
own rule, so a trainee learns which ruling goes with which situation.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from dealerassist.rules.model import HouseRules, OutOfTurnRuling, UnderRaiseRuling
from dealerassist.trainer.difficulty import Difficulty
from dealerassist.trainer.drill import AnswerFormat, Choice, Drill, DrillKind
from dealerassist.trainer.text import Text

__all__ = ["SCENARIOS", "Scenario", "ruling_drill", "ruling_for", "ruling_from"]


@dataclass(frozen=True, slots=True)
class Scenario:
    """An irregularity: what happened (several wordings) and its rule ID."""

    rule_id: str
    situations: tuple[Text, ...]


_T = Text

#: The catalogue's rulings, by rule ID (house options resolved in `ruling_for`).
RULINGS: dict[str, Text] = {
    "IRR-HE-EXPOSE-FIRST2": _T("Misdeal: gather, reshuffle, recut, redeal.",
                               "Fausse donne : ramasser, remélanger, recouper, redonner."),
    "IRR-HE-EXPOSE-OTHER": _T("Dealing continues; after the deal that card is replaced by the "
                              "top card of the deck and becomes the burn card.",
                              "La donne continue ; ensuite cette carte est remplacée par la "
                              "carte du dessus et devient la carte brûlée."),
    "IRR-HE-EXPOSE-2": _T("Misdeal (more than one hole card exposed).",
                          "Fausse donne (plus d'une carte fermée exposée)."),
    "IRR-HE-EXTRA-1": _T("The extra card returns to the deck and is used as the burn card.",
                         "La carte en trop retourne au paquet et sert de carte brûlée."),
    "IRR-FLOP-COUNT": _T("Redeal the flop, even if the extra card is known.",
                         "Redonner le flop, même si la carte en trop est connue."),
    "IRR-FLOP-EARLY": _T("Board cards go back into the stub, burn stays; shuffle, cut, new flop "
                         "without a burn.",
                         "Les cartes du tableau retournent au talon, la brûlée reste ; "
                         "mélanger, couper, nouveau flop sans brûler."),
    "IRR-TURN-EARLY": _T("That card is out of play this round; finish betting, burn and turn "
                         "what would have been the river as the turn; after that round "
                         "reshuffle the stub with the removed card, cut, turn the river without "
                         "a burn.",
                         "Cette carte est hors jeu ; finir les enchères, brûler et retourner "
                         "comme turn la future river ; après ce tour remélanger le talon avec la "
                         "carte retirée, couper, retourner la river sans brûler."),
    "IRR-ST-HOLE-UP": _T("The third card is dealt down; if both down cards were dealt face up "
                         "the hand is dead and its ante returned.",
                         "La troisième carte est donnée fermée ; si les deux cartes fermées "
                         "ont été retournées la main est morte et l'ante rendue."),
    "IRR-ST-ABSENT": _T("Ante and any forced bet are lost; the hand is killed when the betting "
                        "reaches the seat.",
                        "L'ante et la mise forcée sont perdues ; la main est tuée quand les "
                        "enchères atteignent le siège."),
    "IRR-ST-WRONG-LOW": _T("Corrected if the next player has not acted (wager returned, true low "
                           "brings in); otherwise the wager stands and the true low owes "
                           "nothing.",
                           "Corrigé si le joueur suivant n'a pas agi (mise rendue, la vraie "
                           "petite carte paie) ; sinon la mise reste et la vraie petite carte "
                           "ne doit rien."),
    "IRR-DR-EXPOSED": _T("The player must keep the exposed card.",
                         "Le joueur doit garder la carte exposée."),
    "IRR-DR-DRAW-EXPOSED": _T("It cannot be taken; complete the draw for everyone, then replace "
                              "it.",
                              "Elle ne peut pas être prise ; finir l'écart pour tous, puis la "
                              "remplacer."),
    "IRR-DR-FOUL": _T("The hand is fouled (dead).", "La main est morte (irrégulière)."),
    "IRR-CAPPED": _T("Flag it; the raise is treated as a call.",
                     "Signaler ; la relance est traitée comme un suivi."),
    "IRR-OVERBET-PL": _T("Flag it; the bet is reduced to the pot maximum.",
                         "Signaler ; la mise est ramenée au maximum du pot."),
    "IRR-DECK": _T("Flag it: the deck or the reading is wrong; the dealer confirms.",
                   "Signaler : le paquet ou la lecture est faux ; le donneur confirme."),
}

_UNDERRAISE = {
    UnderRaiseRuling.CALL: _T("Flag it; the under-raise is played as a call.",
                              "Signaler ; la relance insuffisante vaut un suivi."),
    UnderRaiseRuling.MINIMUM_RAISE: _T("Flag it; the player must make the minimum raise.",
                                       "Signaler ; le joueur doit faire la relance minimale."),
    UnderRaiseRuling.HALF_RULE: _T("Flag it; half a raise or more is made up to the minimum "
                                   "raise, less is a call.",
                                   "Signaler ; la moitié d'une relance ou plus est complétée au "
                                   "minimum, moins vaut un suivi."),
}
_OUT_OF_TURN = {
    OutOfTurnRuling.BINDING_UNLESS_ACTION_CHANGES: _T(
        "Flag it; the action is binding unless the action to that player changes.",
        "Signaler ; l'action engage le joueur sauf si l'action qui lui revient change."),
    OutOfTurnRuling.NOT_BINDING: _T("Flag it; the action is not binding.",
                                    "Signaler ; l'action n'engage pas le joueur."),
}

SCENARIOS: tuple[Scenario, ...] = (
    Scenario("IRR-HE-EXPOSE-FIRST2", (
        _T("Hold'em: the dealer flips the first card of the deal face up.",
           "Hold'em : le donneur retourne face visible la première carte de la donne."),
        _T("Omaha: the second card dealt, to seat 2, lands face up.",
           "Omaha : la deuxième carte donnée, au siège 2, tombe face visible."))),
    Scenario("IRR-HE-EXPOSE-OTHER", (
        _T("Hold'em: the dealer exposes seat 5's second hole card (the eleventh card dealt).",
           "Hold'em : le donneur expose la deuxième carte du siège 5 (onzième carte donnée)."),)),
    Scenario("IRR-HE-EXPOSE-2", (
        _T("Hold'em: the dealer exposes two hole cards during the deal.",
           "Hold'em : le donneur expose deux cartes fermées pendant la donne."),)),
    Scenario("IRR-HE-EXTRA-1", (
        _T("Hold'em: after everyone has two cards, the dealer gives seat 1 a third card.",
           "Hold'em : une fois chacun servi de deux cartes, le donneur en donne une troisième "
           "au siège 1."),)),
    Scenario("IRR-FLOP-COUNT", (
        _T("The dealer spreads a flop of four cards.",
           "Le donneur étale un flop de quatre cartes."),)),
    Scenario("IRR-FLOP-EARLY", (
        _T("The flop is turned while seat 6 has not yet acted on a pre-flop raise.",
           "Le flop est retourné alors que le siège 6 n'a pas encore parlé sur une relance "
           "avant le flop."),)),
    Scenario("IRR-TURN-EARLY", (
        _T("The turn card is shown before the flop betting is finished.",
           "La carte du turn est montrée avant la fin des enchères du flop."),)),
    Scenario("IRR-ST-HOLE-UP", (
        _T("Seven-card stud, cash game: seat 3's first down card is dealt face up.",
           "Stud à sept cartes, cash game : la première carte fermée du siège 3 est donnée "
           "face visible."),)),
    Scenario("IRR-ST-ABSENT", (
        _T("Stud: seat 7 has anted but is away from the table when it is their turn.",
           "Stud : le siège 7 a payé l'ante mais n'est pas à la table quand vient son tour."),)),
    Scenario("IRR-ST-WRONG-LOW", (
        _T("Stud: seat 2 brought in, but seat 5 shows the lower card; seat 3 has not acted.",
           "Stud : le siège 2 a payé le bring-in mais le siège 5 montre la carte plus basse ; "
           "le siège 3 n'a pas agi."),)),
    Scenario("IRR-DR-EXPOSED", (
        _T("Five-card draw: before the draw the dealer exposes one of seat 4's cards.",
           "Poker fermé : avant l'écart le donneur expose une carte du siège 4."),)),
    Scenario("IRR-DR-DRAW-EXPOSED", (
        _T("Draw: a card dealt to seat 2 during the draw is exposed.",
           "Poker fermé : une carte donnée au siège 2 pendant l'écart est exposée."),)),
    Scenario("IRR-DR-FOUL", (
        _T("Draw: after the draw seat 3 is found holding six cards.",
           "Poker fermé : après l'écart le siège 3 a six cartes en main."),)),
    Scenario("IRR-CAPPED", (
        _T("Fixed-limit hold'em, four bets already made this round (capped), three players "
           "in: seat 4 puts in another raise.",
           "Hold'em limite fixe, quatre mises déjà faites sur ce tour (plafond atteint), trois "
           "joueurs : le siège 4 relance encore."),)),
    Scenario("IRR-OVERBET-PL", (
        _T("Pot limit: the pot allows a raise to 300; seat 1 puts out 450.",
           "Pot-limit : le pot permet de relancer à 300 ; le siège 1 pousse 450."),)),
    Scenario("IRR-DECK", (
        _T("The camera reads the ace of spades on the turn; it is already on the flop.",
           "La caméra lit l'as de pique au turn ; il est déjà au flop."),)),
    Scenario("IRR-UNDERRAISE", (
        _T("No limit 10/20: seat 3 raises to 100; seat 4 puts out 150, below the minimum 180.",
           "No-limit 10/20 : le siège 3 relance à 100 ; le siège 4 pousse 150, moins que le "
           "minimum 180."),)),
    Scenario("IRR-OUT-OF-TURN", (
        _T("Seat 5 folds before seat 4, who was to act, has acted.",
           "Le siège 5 se couche avant que le siège 4, à qui c'était de parler, ait agi."),)),
)


def ruling_for(rule_id: str, rules: HouseRules) -> Text:
    """Return the ruling of an irregularity, with the house's option applied."""
    if rule_id == "IRR-UNDERRAISE":
        return _UNDERRAISE[rules.irregularities.underraise]
    if rule_id == "IRR-OUT-OF-TURN":
        return _OUT_OF_TURN[rules.irregularities.out_of_turn]
    return RULINGS[rule_id]


def ruling_from(scenario: Scenario, situation: Text, *, rng: random.Random,
                rules: HouseRules, seed: int = 0, difficulty: str = "") -> Drill:
    """Return a four-choice drill on one scenario, the wrong choices drawn from other scenarios."""
    others = [s.rule_id for s in SCENARIOS if s.rule_id != scenario.rule_id]
    picked = rng.sample(others, 3) + [scenario.rule_id]
    rng.shuffle(picked)
    choices = tuple(
        Choice(letter="ABCD"[k], text=ruling_for(rule_id, rules), rule_id=rule_id)
        for k, rule_id in enumerate(picked)
    )
    right = next(c for c in choices if c.rule_id == scenario.rule_id)
    ruling = right.text
    return Drill(
        kind=DrillKind.RULING, seed=seed, difficulty=difficulty, game="",
        situation=(situation,),
        question=Text("What is the ruling?", "Quelle est la décision ?"),
        answer_format=AnswerFormat.CHOICE, answer=right.letter,
        answer_text=Text(f"{right.letter}: {ruling.en} [{right.rule_id}]",
                         f"{right.letter} : {ruling.fr} [{right.rule_id}]"),
        explanation=(Text(f"This is {scenario.rule_id}: {ruling.en}",
                          f"C'est {scenario.rule_id} : {ruling.fr}"),),
        rule_ids=(scenario.rule_id,), choices=choices,
    )


def ruling_drill(seed: int, *, difficulty: Difficulty, rules: HouseRules) -> Drill:
    """Return a random irregularity drill."""
    rng = random.Random(f"ruling:{seed}")
    scenario = rng.choice(SCENARIOS)
    situation = rng.choice(scenario.situations)
    return ruling_from(scenario, situation, rng=rng, rules=rules, seed=seed,
                       difficulty=difficulty.value)
