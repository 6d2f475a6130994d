"""Irregularity drills: a situation at the table and four rulings to choose from.

Every IRR-* rule of the catalogue has a scenario that writes its situation with varied
seats, cards and amounts (`Scenario.write`). The right answer is the catalogue's ruling
(docs/floor.md lists them), adjusted to the house's option where the catalogue leaves the
choice to the house (IRR-UNDERRAISE, IRR-OUT-OF-TURN). Wrong choices are the rulings of
other irregularities with a different outcome (`Scenario.outcome`): two choices of one
drill never describe the same ruling (two misdeals, two "treated as a call"), so exactly
one choice is right. Beginners get wrong choices from anywhere in the catalogue; harder
levels from the same part of the game (board, stud, draw, betting), which look alike.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from dealerassist.cards import Card, format_cards, standard_deck
from dealerassist.rules.model import HouseRules, OutOfTurnRuling, UnderRaiseRuling
from dealerassist.trainer.difficulty import Difficulty
from dealerassist.trainer.drill import AnswerFormat, Choice, Drill, DrillKind
from dealerassist.trainer.text import Text

__all__ = ["RULINGS", "SCENARIOS", "Scenario", "ruling_drill", "ruling_for", "ruling_from"]

_T = Text
Writer = Callable[[random.Random], Text]


@dataclass(frozen=True, slots=True)
class Scenario:
    """An irregularity: its rule ID, what its ruling does, where it happens, its situation.

    Attributes:
        rule_id: the catalogue's IRR-* rule.
        outcome: what the ruling does (misdeal, dead hand, a call...); the choices of one
            drill all have different outcomes.
        area: board, stud, draw or betting (harder levels draw wrong choices from it).
        write: writes one situation, seats, cards and amounts drawn from the generator.

    """

    rule_id: str
    outcome: str
    area: str
    write: Writer

    @property
    def situations(self) -> tuple[Text, ...]:
        """Three sample situations (seeds 0 to 2), for documentation and tests."""
        return tuple(self.write(random.Random(f"{self.rule_id}:{k}")) for k in range(3))


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
    "IRR-HE-EXTRA-2": _T("Misdeal (more than one extra card dealt).",
                         "Fausse donne (plus d'une carte en trop distribuée)."),
    "IRR-RIVER-EARLY": _T("Reshuffle the stub with that card, cut, and deal the river the same "
                          "way, without a burn.",
                          "Remélanger le talon avec cette carte, couper, et donner la river de "
                          "la même façon, sans brûler."),
    "IRR-ST-FOLD-NOBET": _T("The seat keeps receiving cards until a bet kills the hand.",
                            "Le siège continue de recevoir des cartes jusqu'à ce qu'une mise "
                            "tue la main."),
    "IRR-ST-ALLIN-LOW": _T("The player to its left acts first: fold, bring in or complete.",
                           "Le joueur à sa gauche parle en premier : se coucher, payer le "
                           "bring-in ou compléter."),
    "IRR-LB-MISDEAL": _T("Misdeal (lowball and draw): gather, reshuffle, redeal.",
                         "Fausse donne (lowball et tirage) : ramasser, remélanger, redonner."),
    "IRR-DR-SHORT": _T("Before any action a misdeal (the button may take the fifth card); after "
                       "action the player draws to five.",
                       "Avant toute action fausse donne (le bouton peut prendre la cinquième "
                       "carte) ; après une action le joueur complète à cinq."),
    "IRR-JB-FALSE": _T("His hand is dead and his opening bet stays; the others may declare the "
                       "pot open, otherwise all but the opening bet is refunded and everyone "
                       "antes again.",
                       "Sa main est morte et sa mise d'ouverture reste ; les autres peuvent "
                       "déclarer le pot ouvert, sinon tout sauf la mise d'ouverture est rendu et "
                       "chacun remet une ante."),
    "IRR-JB-PLAYED": _T("The pot is played out: there was a raise, two or more callers, or all "
                        "the action before the draw was complete.",
                        "Le pot se joue : il y a eu une relance, au moins deux suiveurs, ou "
                        "toute l'action avant l'échange était terminée."),
    "IRR-JB-ALLIN-FALSE": _T("He loses the ante money and sits out until someone else wins a "
                             "legally opened pot, even after a rebuy.",
                             "Il perd l'argent des antes et ne joue plus jusqu'à ce qu'un autre "
                             "gagne un pot ouvert régulièrement, même après une recave."),
    "IRR-BUTTON": _T("Flag it and put the button right; a misdeal if caught before two players "
                     "have acted.",
                     "Signaler et remettre le bouton en place ; fausse donne si c'est vu avant "
                     "que deux joueurs aient agi."),
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

_ORD = (("first", "première"), ("second", "deuxième"), ("third", "troisième"),
        ("fourth", "quatrième"), ("fifth", "cinquième"))
_BOARD = (_T("Hold'em", "Hold'em"), _T("Omaha", "Omaha"))
_DRAW = (_T("2-7 triple draw", "2-7 triple tirage"), _T("A-5 triple draw", "A-5 triple tirage"),
         _T("Five-card draw", "Poker fermé à cinq cartes"))
_STREETS = (("fourth", "4e"), ("fifth", "5e"), ("sixth", "6e"))


def _nth(k: int) -> Text:
    """Write an ordinal in both languages: 3rd, 3e; 1st, 1re."""
    suffix = "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
    return _T(f"{k}{suffix}", f"{k}re" if k == 1 else f"{k}e")


def _cards(rng: random.Random, count: int) -> tuple[Card, ...]:
    return tuple(rng.sample(standard_deck(), count))


def _one(rng: random.Random) -> str:
    return str(_cards(rng, 1)[0])


def _deal_position(k: int, players: int) -> tuple[int, int]:
    """Return the seat and card number of the k-th card dealt (seat 1 first, one a round)."""
    return (k - 1) % players + 1, (k - 1) // players + 1


def _expose_first2(rng: random.Random) -> Text:
    card = _one(rng)
    game, n, k = rng.choice(_BOARD), rng.randint(3, 9), rng.randint(1, 2)
    en, fr = _ORD[k - 1]
    return _T(f"{game.en}, {n} players: the dealer exposes the {en} card of the deal "
              f"({card}, to seat {k}).",
              f"{game.fr}, {n} joueurs : le donneur expose la {fr} carte de la donne "
              f"({card}, au siège {k}).")


def _expose_other(rng: random.Random) -> Text:
    game_index = rng.randrange(2)
    game, hole = _BOARD[game_index], (2, 4)[game_index]
    n = rng.randint(3, 9)
    k = rng.randint(3, hole * n)
    seat, number = _deal_position(k, n)
    card = _one(rng)
    return _T(f"{game.en}, {n} players: during the deal the dealer exposes seat {seat}'s "
              f"{_ORD[number - 1][0]} hole card ({card}), the {_nth(k).en} card dealt.",
              f"{game.fr}, {n} joueurs : pendant la donne le donneur expose la "
              f"{_ORD[number - 1][1]} carte fermée du siège {seat} ({card}), la "
              f"{_nth(k).fr} carte donnée.")


def _expose_two(rng: random.Random) -> Text:
    game, n = rng.choice(_BOARD), rng.randint(3, 9)
    first, second = sorted(rng.sample(range(3, 2 * n + 1), 2))
    one, two = _cards(rng, 2)
    a, b = _deal_position(first, n)[0], _deal_position(second, n)[0]
    return _T(f"{game.en}, {n} players: during the deal the dealer exposes two hole cards, "
              f"{one} to seat {a} and {two} to seat {b}.",
              f"{game.fr}, {n} joueurs : pendant la donne le donneur expose deux cartes "
              f"fermées, {one} au siège {a} et {two} au siège {b}.")


def _extra_one(rng: random.Random) -> Text:
    n = rng.randint(3, 9)
    return _T(f"Hold'em, {n} players: after everyone has two cards, the dealer gives seat 1 a "
              "third card.",
              f"Hold'em, {n} joueurs : une fois chacun servi de deux cartes, le donneur donne "
              "une troisième carte au siège 1.")


def _extra_two(rng: random.Random) -> Text:
    n = rng.randint(3, 9)
    if rng.randrange(2):
        return _T(f"Hold'em, {n} players: after everyone has two cards, the dealer deals two "
                  "more cards, to seats 1 and 2.",
                  f"Hold'em, {n} joueurs : une fois chacun servi de deux cartes, le donneur "
                  "donne encore deux cartes, aux sièges 1 et 2.")
    return _T(f"Hold'em, {n} players: after everyone has two cards, the dealer gives seat 1 two "
              "more cards.",
              f"Hold'em, {n} joueurs : une fois chacun servi de deux cartes, le donneur donne "
              "encore deux cartes au siège 1.")


def _flop_count(rng: random.Random) -> Text:
    game, flop = rng.choice(_BOARD), format_cards(_cards(rng, 4))
    return _T(f"{game.en}: the dealer spreads a flop of four cards, {flop}.",
              f"{game.fr} : le donneur étale un flop de quatre cartes, {flop}.")


def _blinds(rng: random.Random) -> tuple[int, int]:
    small = rng.choice((5, 10, 25, 50, 100))
    return small, 2 * small


def _flop_early(rng: random.Random) -> Text:
    game, (small, big) = rng.choice(_BOARD), _blinds(rng)
    n = rng.randint(4, 9)
    raiser = rng.randint(3, n - 1)
    waiting = rng.randint(raiser + 1, n)
    to = big * rng.randint(3, 5)
    flop = format_cards(_cards(rng, 3))
    return _T(f"{game.en}, blinds {small}/{big}: seat {raiser} raises to {to} before the flop; "
              f"the flop ({flop}) is turned before seat {waiting} has acted.",
              f"{game.fr}, blindes {small}/{big} : le siège {raiser} relance à {to} avant le "
              f"flop ; le flop ({flop}) est retourné avant que le siège {waiting} ait parlé.")


def _early_card(street: str, card: str) -> Writer:
    def write(rng: random.Random) -> Text:
        game, (small, big) = rng.choice(_BOARD), _blinds(rng)
        bettor = rng.randint(1, 5)
        waiting = bettor + rng.randint(1, 3)
        amount = big * rng.randint(2, 8)
        shown = _one(rng)
        street_fr = {"flop": "flop", "turn": "turn"}[street]
        card_fr = {"turn": "du turn", "river": "de la river"}[card]
        return _T(f"{game.en}, blinds {small}/{big}: on the {street} seat {bettor} bets "
                  f"{amount}; the {card} card ({shown}) is shown before seat {waiting} has "
                  "acted.",
                  f"{game.fr}, blindes {small}/{big} : au {street_fr} le siège {bettor} mise "
                  f"{amount} ; la carte {card_fr} ({shown}) est montrée avant que le siège "
                  f"{waiting} ait parlé.")
    return write


def _stud_hole_up(rng: random.Random) -> Text:
    card = _one(rng)
    n, seat, k = rng.randint(3, 8), 0, rng.randint(1, 2)
    seat = rng.randint(1, n)
    en, fr = _ORD[k - 1]
    return _T(f"Seven-card stud, cash game, {n} players: seat {seat}'s {en} down card "
              f"({card}) is dealt face up; the other is dealt face down.",
              f"Stud à sept cartes, cash game, {n} joueurs : la {fr} carte fermée du siège "
              f"{seat} ({card}) est donnée face visible ; l'autre est donnée fermée.")


def _stud_absent(rng: random.Random) -> Text:
    seat, ante = rng.randint(1, 8), rng.choice((1, 2, 5, 10, 25))
    en, fr = rng.choice(_STREETS)
    return _T(f"Seven-card stud, antes {ante}: seat {seat} has anted but is away from the table "
              f"when the action reaches the seat on {en} street.",
              f"Stud à sept cartes, antes {ante} : le siège {seat} a payé l'ante mais n'est pas "
              f"à la table quand l'action arrive au siège en {fr} rue.")


def _stud_fold_no_bet(rng: random.Random) -> Text:
    seat = rng.randint(2, 8)
    en, fr = rng.choice(_STREETS)
    return _T(f"Seven-card stud, {en} street: everyone checks to seat {seat}, who folds his "
              "hand although nobody has bet.",
              f"Stud à sept cartes, {fr} rue : tout le monde checke jusqu'au siège {seat}, qui "
              "jette sa main alors que personne n'a misé.")


def _low_and_higher(rng: random.Random) -> tuple[Card, Card]:
    deck = standard_deck()
    while True:
        low, high = rng.sample(deck, 2)
        if int(low.rank) < int(high.rank) and int(high.rank) < 14:
            return low, high


def _stud_all_in_low(rng: random.Random) -> Text:
    n = rng.randint(3, 8)
    seat, ante = rng.randint(1, n), rng.choice((5, 10, 25))
    low, _ = _low_and_higher(rng)
    return _T(f"Seven-card stud, antes {ante}, {n} players: on third street seat {seat} shows "
              f"the lowest card, {low}, but went all in with the ante.",
              f"Stud à sept cartes, antes {ante}, {n} joueurs : en 3e rue le siège {seat} "
              f"montre la plus basse carte, {low}, mais est à tapis avec l'ante.")


def _stud_wrong_low(rng: random.Random) -> Text:
    n = rng.randint(4, 8)
    wrong, true = rng.sample(range(1, n + 1), 2)
    low, high = _low_and_higher(rng)
    following = wrong % n + 1
    acted = rng.randrange(2)
    amount = rng.choice((5, 10, 25))
    tail = (f"seat {following} has already called", f"le siège {following} a déjà suivi") \
        if acted else (f"seat {following} has not acted", f"le siège {following} n'a pas agi")
    return _T(f"Seven-card stud: seat {wrong}, showing {high}, brought in {amount}, but seat "
              f"{true} shows the lower card {low}; {tail[0]}.",
              f"Stud à sept cartes : le siège {wrong}, qui montre {high}, a payé le bring-in de "
              f"{amount}, mais le siège {true} montre la carte plus basse {low} ; {tail[1]}.")


def _lowball_misdeal(rng: random.Random) -> Text:
    game, n = rng.choice(_DRAW), rng.randint(3, 6)
    case = rng.randrange(4)
    if case == 0:
        k = rng.randint(1, 2)
        en, fr = _ORD[k - 1]
        card = _one(rng)
        what = (f"the dealer exposes the {en} card of the deal ({card})",
                f"le donneur expose la {fr} carte de la donne ({card})")
    elif case == 1:
        one, two = _cards(rng, 2)
        what = (f"the dealer exposes two cards of the deal, {one} and {two}",
                f"le donneur expose deux cartes de la donne, {one} et {two}")
    elif case == 2:
        seat = rng.randint(2, n)
        what = (f"the first card of the deal went to seat {seat} instead of seat 1",
                f"la première carte de la donne est allée au siège {seat} au lieu du siège 1")
    else:
        what = ("a card was dealt to an empty seat", "une carte a été donnée à un siège vide")
    return _T(f"{game.en}, {n} players: {what[0]}; no player has acted yet.",
              f"{game.fr}, {n} joueurs : {what[1]} ; aucun joueur n'a encore agi.")


def _draw_exposed(rng: random.Random) -> Text:
    n = rng.randint(3, 6)
    k = rng.randint(3, 5 * n)
    seat, number = _deal_position(k, n)
    card = _one(rng)
    return _T(f"Five-card draw, {n} players: before the draw the dealer exposes seat {seat}'s "
              f"{_ORD[number - 1][0]} card ({card}), the {_nth(k).en} card dealt, not one of "
              "the first two; the deal is over.",
              f"Poker fermé, {n} joueurs : avant l'échange le donneur expose la "
              f"{_ORD[number - 1][1]} carte du siège {seat} ({card}), la {_nth(k).fr} carte "
              "donnée, pas l'une des deux premières ; la donne est finie.")


def _draw_draw_exposed(rng: random.Random) -> Text:
    card = _one(rng)
    game, seat = rng.choice(_DRAW), rng.randint(1, 6)
    return _T(f"{game.en}: during the draw a card dealt to seat {seat} ({card}) is "
              "exposed.",
              f"{game.fr} : pendant l'échange une carte donnée au siège {seat} ({card}) "
              "est exposée.")


def _draw_short(rng: random.Random) -> Text:
    game, seat = rng.choice(_DRAW), rng.randint(1, 5)
    acted = rng.randrange(2)
    tail = ("seat 1 has already bet", "le siège 1 a déjà misé") if acted else \
        ("no player has acted", "aucun joueur n'a agi")
    return _T(f"{game.en}: before the first draw seat {seat} finds only four cards; "
              f"{tail[0]}.",
              f"{game.fr} : avant le premier échange le siège {seat} n'a que quatre cartes ; "
              f"{tail[1]}.")


def _draw_foul(rng: random.Random) -> Text:
    game, seat = rng.choice(_DRAW), rng.randint(1, 6)
    count = rng.choice((("six", "six"), ("four", "quatre")))
    return _T(f"{game.en}: after the draw seat {seat} is found holding {count[0]} cards.",
              f"{game.fr} : après l'échange le siège {seat} a {count[1]} cartes en main.")


def _no_openers(rng: random.Random) -> str:
    """Five cards without jacks or better: a pair of deuces to tens and three odd cards."""
    pair = rng.randint(2, 10)
    others = rng.sample([r for r in range(2, 15) if r != pair], 3)
    suits = rng.sample("cdhs", 2)
    cards = [f"{_RANK[pair]}{suits[0]}", f"{_RANK[pair]}{suits[1]}"]
    cards += [f"{_RANK[r]}{rng.choice('cdhs')}" for r in others]
    rng.shuffle(cards)
    return " ".join(cards)


_RANK = {r: "23456789TJQKA"[r - 2] for r in range(2, 15)}


def _jacks_false(rng: random.Random) -> Text:
    hand = _no_openers(rng)
    seat, bet = rng.randint(1, 6), rng.choice((10, 20, 50))
    return _T(f"Jacks or better: seat {seat} opened for {bet}; before the draw he shows "
              f"{hand} and has no openers.",
              f"Jacks or better : le siège {seat} a ouvert pour {bet} ; avant l'échange il "
              f"montre {hand} et n'a pas l'ouverture.")


def _jacks_played(rng: random.Random) -> Text:
    seat, bet = rng.randint(1, 4), rng.choice((10, 20, 50))
    other = seat + 1
    why = rng.choice(((f"seat {other} raised to {2 * bet}", f"le siège {other} a relancé à "
                       f"{2 * bet}"),
                      (f"seats {other} and {other + 1} called", f"les sièges {other} et "
                       f"{other + 1} ont suivi")))
    return _T(f"Jacks or better: seat {seat} opened for {bet} and {why[0]}; after the draw the "
              "opener's hand is found foul.",
              f"Jacks or better : le siège {seat} a ouvert pour {bet} et {why[1]} ; après "
              "l'échange la main de l'ouvreur s'avère irrégulière.")


def _jacks_all_in_false(rng: random.Random) -> Text:
    hand = _no_openers(rng)
    seat, chips = rng.randint(1, 6), rng.choice((15, 30, 45))
    return _T(f"Jacks or better: seat {seat} opened all in for {chips}, declaring openers; he "
              f"shows {hand}.",
              f"Jacks or better : le siège {seat} a ouvert à tapis pour {chips} en annonçant "
              f"l'ouverture ; il montre {hand}.")


def _capped(rng: random.Random) -> Text:
    small, big = _blinds(rng)
    players, seat = rng.randint(3, 6), rng.randint(1, 6)
    street = rng.choice((("flop", "flop"), ("turn", "turn"), ("river", "river")))
    return _T(f"Fixed-limit hold'em {small}/{big}, a bet and three raises already made on the "
              f"{street[0]} (the house's cap of 4 bets), {players} players in: seat {seat} "
              "puts in another raise.",
              f"Hold'em limite fixe {small}/{big}, une mise et trois relances déjà faites au "
              f"{street[1]} (le plafond de 4 mises de la maison), {players} joueurs : le siège "
              f"{seat} relance encore.")


def _overbet(rng: random.Random) -> Text:
    small, big = _blinds(rng)
    most = big * rng.randint(6, 40)
    seat, put = rng.randint(1, 6), 0
    put = most + big * rng.randint(1, 10)
    return _T(f"Pot-limit Omaha {small}/{big}: the pot allows a raise to {most}; seat {seat} "
              f"puts out {put}.",
              f"Omaha pot-limit {small}/{big} : le pot permet de relancer à {most} ; le siège "
              f"{seat} pousse {put}.")


def _underraise(rng: random.Random) -> Text:
    small, big = _blinds(rng)
    raiser = rng.randint(3, 5)
    to = big * rng.randint(3, 6)
    minimum = to + (to - big)
    put = rng.randrange(to + small, minimum, small)
    return _T(f"No-limit hold'em {small}/{big}: seat {raiser} raises to {to}; seat {raiser + 1}, "
              f"with chips behind, puts out {put}, below the minimum {minimum}.",
              f"Hold'em no-limit {small}/{big} : le siège {raiser} relance à {to} ; le siège "
              f"{raiser + 1}, qui a encore des jetons, pousse {put}, moins que le minimum "
              f"{minimum}.")


def _out_of_turn(rng: random.Random) -> Text:
    due = rng.randint(2, 6)
    early = due + rng.randint(1, 2)
    act = rng.choice((("folds", "se couche"), ("checks", "checke"),
                      (f"calls {rng.choice((20, 40, 100))}", "suit")))
    return _T(f"Hold'em: seat {early} {act[0]} before seat {due}, whose turn it was, has acted.",
              f"Hold'em : le siège {early} {act[1]} avant que le siège {due}, à qui c'était de "
              "parler, ait agi.")


def _deck(rng: random.Random) -> Text:
    card = _one(rng)
    street = rng.choice((("turn", "turn"), ("river", "river")))
    return _T(f"The camera reads {card} on the {street[0]}; {card} is already on the flop.",
              f"La caméra lit {card} au {street[1]} ; {card} est déjà au flop.")


def _button(rng: random.Random) -> Text:
    n = rng.randint(4, 9)
    right = rng.randint(1, n)
    wrong = right % n + 1
    return _T(f"Hold'em, {n} players: after the deal the dealer sees the button at seat {wrong}; "
              f"it should be at seat {right}. No player has acted yet.",
              f"Hold'em, {n} joueurs : après la donne le donneur voit le bouton au siège "
              f"{wrong} ; il devrait être au siège {right}. Aucun joueur n'a encore agi.")


SCENARIOS: tuple[Scenario, ...] = (
    Scenario("IRR-HE-EXPOSE-FIRST2", "misdeal", "board", _expose_first2),
    Scenario("IRR-HE-EXPOSE-OTHER", "burn card", "board", _expose_other),
    Scenario("IRR-HE-EXPOSE-2", "misdeal", "board", _expose_two),
    Scenario("IRR-HE-EXTRA-1", "burn card", "board", _extra_one),
    Scenario("IRR-HE-EXTRA-2", "misdeal", "board", _extra_two),
    Scenario("IRR-FLOP-COUNT", "board redealt", "board", _flop_count),
    Scenario("IRR-FLOP-EARLY", "board redealt", "board", _flop_early),
    Scenario("IRR-TURN-EARLY", "board redealt", "board", _early_card("flop", "turn")),
    Scenario("IRR-RIVER-EARLY", "board redealt", "board", _early_card("turn", "river")),
    Scenario("IRR-ST-HOLE-UP", "stud low card", "stud", _stud_hole_up),
    Scenario("IRR-ST-ABSENT", "dead hand", "stud", _stud_absent),
    Scenario("IRR-ST-FOLD-NOBET", "keeps receiving cards", "stud", _stud_fold_no_bet),
    Scenario("IRR-ST-ALLIN-LOW", "stud low card", "stud", _stud_all_in_low),
    Scenario("IRR-ST-WRONG-LOW", "stud low card", "stud", _stud_wrong_low),
    Scenario("IRR-LB-MISDEAL", "misdeal", "draw", _lowball_misdeal),
    Scenario("IRR-DR-EXPOSED", "card kept", "draw", _draw_exposed),
    Scenario("IRR-DR-DRAW-EXPOSED", "card replaced after the draw", "draw", _draw_draw_exposed),
    Scenario("IRR-DR-SHORT", "misdeal", "draw", _draw_short),
    Scenario("IRR-DR-FOUL", "dead hand", "draw", _draw_foul),
    Scenario("IRR-JB-FALSE", "dead hand", "draw", _jacks_false),
    Scenario("IRR-JB-PLAYED", "pot played", "draw", _jacks_played),
    Scenario("IRR-JB-ALLIN-FALSE", "sits out", "draw", _jacks_all_in_false),
    Scenario("IRR-CAPPED", "a call", "betting", _capped),
    Scenario("IRR-OVERBET-PL", "bet reduced", "betting", _overbet),
    Scenario("IRR-UNDERRAISE", "a call", "betting", _underraise),
    Scenario("IRR-OUT-OF-TURN", "out of turn", "betting", _out_of_turn),
    Scenario("IRR-DECK", "deck checked", "betting", _deck),
    Scenario("IRR-BUTTON", "misdeal", "board", _button),
)

#: How many wrong choices come from the scenario's own area, by level.
_SAME_AREA = {Difficulty.BEGINNER: 0, Difficulty.INTERMEDIATE: 1, Difficulty.ADVANCED: 3}


def ruling_for(rule_id: str, rules: HouseRules) -> Text:
    """Return the ruling of an irregularity, with the house's option applied."""
    if rule_id == "IRR-UNDERRAISE":
        return _UNDERRAISE[rules.irregularities.underraise]
    if rule_id == "IRR-OUT-OF-TURN":
        return _OUT_OF_TURN[rules.irregularities.out_of_turn]
    return RULINGS[rule_id]


def _wrong_choices(scenario: Scenario, rng: random.Random, level: Difficulty,
                   ) -> list[Scenario]:
    """Three scenarios whose rulings differ from each other's and from the right one's.

    Harder levels take the first ones from the scenario's own area (`_SAME_AREA`).
    """
    pool = [s for s in SCENARIOS if s.outcome != scenario.outcome]
    rng.shuffle(pool)
    chosen: list[Scenario] = []
    outcomes = {scenario.outcome}

    def take(candidates: list[Scenario], limit: int) -> None:
        for candidate in candidates:
            if len(chosen) >= limit:
                return
            if candidate.outcome not in outcomes:
                chosen.append(candidate)
                outcomes.add(candidate.outcome)

    take([s for s in pool if s.area == scenario.area], _SAME_AREA[level])
    take(pool, 3)
    return chosen


def ruling_from(scenario: Scenario, situation: Text, *, rng: random.Random,
                rules: HouseRules, seed: int = 0, difficulty: str = "") -> Drill:
    """Return a four-choice drill on one scenario; the wrong choices have other outcomes."""
    level = Difficulty(difficulty or Difficulty.BEGINNER)
    picked = [s.rule_id for s in _wrong_choices(scenario, rng, level)] + [scenario.rule_id]
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
    """Return a random irregularity drill: any of the catalogue's IRR-* rules, varied."""
    rng = random.Random(f"ruling:{difficulty.value}:{seed}")
    scenario = rng.choice(SCENARIOS)
    situation = scenario.write(rng)
    return ruling_from(scenario, situation, rng=rng, rules=rules, seed=seed,
                       difficulty=difficulty.value)
