"""The rulings of every ``IRR-*`` rule of the catalogue, in English and French.

Each `RulingText` gives the rule's severity, a one-sentence statement of the rule (what
the dealer must know) and the ruling as steps (what the dealer does next), both languages.
The wording follows rules-catalogue.md (sources [000] and [std]); the seeds are French,
so the French text stays close to them. Rules with a house option (IRR-OUT-OF-TURN,
IRR-UNDERRAISE, IRR-ST-HOLE-UP in tournaments) have their steps chosen by `ruling_text`.
"""

from __future__ import annotations

from dataclasses import dataclass

from dealerassist.irregular.flags import Flag, Severity
from dealerassist.rules.model import HouseRules, OutOfTurnRuling, UnderRaiseRuling

__all__ = ["RULINGS", "RulingText", "flag_for", "ruling_text"]


@dataclass(frozen=True, slots=True)
class RulingText:
    """What a rule says and what the dealer does, in English and French."""

    rule_id: str
    severity: Severity
    rule_en: str
    rule_fr: str
    steps_en: tuple[str, ...]
    steps_fr: tuple[str, ...]


_M = Severity.MISDEAL
_W = Severity.WARNING
_I = Severity.INFO

_MISDEAL_EN = ("Stop dealing: this is a misdeal.", "Gather every card, reshuffle, cut and redeal.",
               "Every chip put in this hand goes back to its owner; the button does not move.")
_MISDEAL_FR = ("Arrêtez la donne : c'est une fausse donne.",
               "Ramassez toutes les cartes, mélangez, faites couper et redistribuez.",
               "Chaque jeton misé dans ce coup revient à son propriétaire ; "
               "le bouton ne bouge pas.")


def _r(rule_id: str, severity: Severity, rule_en: str, rule_fr: str,
       steps_en: tuple[str, ...], steps_fr: tuple[str, ...]) -> RulingText:
    return RulingText(rule_id, severity, rule_en, rule_fr, steps_en, steps_fr)


RULINGS: dict[str, RulingText] = {r.rule_id: r for r in (
    _r("IRR-HE-EXPOSE-FIRST2", _M,
       "The first or second hole card dealt was exposed by the dealer: misdeal.",
       "La première ou la deuxième carte distribuée a été exposée par le donneur : fausse donne.",
       _MISDEAL_EN, _MISDEAL_FR),
    _r("IRR-HE-EXPOSE-OTHER", _W,
       "A hole card exposed by the dealer is replaced after the deal and becomes the burn card.",
       "Une carte fermée exposée par le donneur est remplacée après la donne et devient la "
       "carte brûlée.",
       ("Finish dealing the hole cards.",
        "Give that player the top card of the deck in place of the exposed card.",
        "Put the exposed card face down as the burn card of the flop (no other burn)."),
       ("Terminez la distribution des cartes fermées.",
        "Donnez à ce joueur la carte du dessus du paquet à la place de la carte exposée.",
        "Placez la carte exposée face cachée comme carte brûlée du flop (pas d'autre brûlée).")),
    _r("IRR-HE-EXPOSE-2", _M,
       "More than one hole card was exposed by the dealer: misdeal.",
       "Plus d'une carte fermée a été exposée par le donneur : fausse donne.",
       _MISDEAL_EN, _MISDEAL_FR),
    _r("IRR-HE-EXTRA-1", _W,
       "One extra card dealt after everyone has a hand goes back to the deck as the burn card.",
       "Une carte de trop distribuée après que chacun a son jeu retourne au paquet comme carte "
       "brûlée.",
       ("Take the extra card back without showing it.",
        "Put it on top of the deck: it is the burn card of the flop."),
       ("Reprenez la carte en trop sans la montrer.",
        "Posez-la sur le paquet : c'est la carte brûlée du flop.")),
    _r("IRR-HE-EXTRA-2", _M,
       "More than one extra card was dealt: misdeal.",
       "Plus d'une carte en trop a été distribuée : fausse donne.",
       _MISDEAL_EN, _MISDEAL_FR),
    _r("IRR-FLOP-COUNT", _W,
       "The flop holds too many cards: the flop is redealt, even if the extra card is known.",
       "Le flop contient trop de cartes : on refait le flop, même si la carte en trop est connue.",
       ("Leave the burn card where it is.",
        "Put every flop card back into the stub, shuffle it and have it cut.",
        "Turn a new flop of three cards without burning."),
       ("Laissez la carte brûlée à sa place.",
        "Remettez toutes les cartes du flop dans le talon, mélangez-le et faites couper.",
        "Retournez un nouveau flop de trois cartes sans brûler.")),
    _r("IRR-FLOP-EARLY", _W,
       "A flop dealt before the betting finished goes back into the stub; the burn stays.",
       "Un flop retourné avant la fin des enchères retourne dans le talon ; la brûlée reste.",
       ("Leave the burn card where it is.",
        "Put the flop cards back into the stub.",
        "Finish the betting round.",
        "Shuffle the stub, have it cut, and turn a new flop without burning."),
       ("Laissez la carte brûlée à sa place.",
        "Remettez les cartes du flop dans le talon.",
        "Terminez le tour d'enchères.",
        "Mélangez le talon, faites couper, et retournez un nouveau flop sans brûler.")),
    _r("IRR-TURN-EARLY", _W,
       "A turn card shown before the round finished is out of play until the river is dealt.",
       "Une turn montrée avant la fin du tour est hors jeu jusqu'à la river.",
       ("Set the early turn card aside, face up: it is out of play this round, even if the "
        "other players fold.",
        "Finish the betting round.",
        "Burn and turn the card that would have been the river: it is the turn.",
        "After the turn's betting, shuffle the stub with the card set aside (not the burns "
        "or discards), have it cut, and turn the river without burning."),
       ("Mettez la turn prématurée de côté : elle est hors jeu pour ce tour, même si les "
        "autres joueurs se couchent.",
        "Terminez le tour d'enchères.",
        "Brûlez et retournez la carte qui aurait été la river : c'est la turn.",
        "Après les enchères de la turn, mélangez le talon avec la carte mise de côté (pas "
        "les brûlées ni les cartes jetées), faites couper, et retournez la river sans brûler.")),
    _r("IRR-RIVER-EARLY", _W,
       "A river shown before the round finished goes back into the stub and is redealt.",
       "Une river montrée avant la fin du tour retourne dans le talon et est redistribuée.",
       ("Put the early river card back into the stub; the burn stays.",
        "Finish the betting round.",
        "Shuffle the stub, have it cut, and turn the river without burning."),
       ("Remettez la river prématurée dans le talon ; la brûlée reste.",
        "Terminez le tour d'enchères.",
        "Mélangez le talon, faites couper, et retournez la river sans brûler.")),
    _r("IRR-ST-HOLE-UP", _W,
       "Stud: a down card dealt face up is played, and the third card is dealt down.",
       "Stud : une carte fermée donnée face visible est jouée, et la troisième est donnée fermée.",
       ("Deal that player's third card face down.",
        "If both down cards were dealt face up, the hand is dead and its ante is returned.",
        "If the exposed card is the low card, action starts on the player's left, who may "
        "fold, bring in or complete."),
       ("Donnez la troisième carte de ce joueur face cachée.",
        "Si les deux cartes fermées ont été données visibles, la main est morte et son ante "
        "est rendue.",
        "Si la carte exposée est la plus basse, la parole commence à sa gauche : ce joueur "
        "peut se coucher, ouvrir (bring-in) ou compléter.")),
    _r("IRR-ST-ABSENT", _I,
       "Stud: an absent player's ante and forced bet are lost; the hand is killed when the "
       "betting reaches the seat.",
       "Stud : l'ante et la mise forcée d'un joueur absent sont perdues ; la main est tuée "
       "quand la parole arrive à sa place.",
       ("Keep dealing to the seat.",
        "When the betting reaches the seat, kill the hand; its chips stay in the pot."),
       ("Continuez à donner des cartes à cette place.",
        "Quand la parole arrive à cette place, tuez la main ; ses jetons restent au pot.")),
    _r("IRR-ST-FOLD-NOBET", _I,
       "Stud: a hand folded with no bet pending keeps receiving cards until a bet kills it.",
       "Stud : une main couchée sans mise à suivre continue de recevoir des cartes jusqu'à "
       "ce qu'une mise la tue.",
       ("Keep dealing to the seat.",
        "The hand is dead at the first bet it does not call."),
       ("Continuez à donner des cartes à cette place.",
        "La main est morte à la première mise qu'elle ne suit pas.")),
    _r("IRR-ST-ALLIN-LOW", _I,
       "Stud: the low card is all-in, so the player on its left acts first.",
       "Stud : la carte la plus basse est à tapis, donc le joueur à sa gauche parle en premier.",
       ("Start the action on the left of the all-in low card.",
        "That player may fold, bring in or complete."),
       ("Faites commencer la parole à gauche de la carte basse à tapis.",
        "Ce joueur peut se coucher, ouvrir (bring-in) ou compléter.")),
    _r("IRR-ST-WRONG-LOW", _W,
       "Stud: the wrong player brought in; corrected only if the next player has not acted.",
       "Stud : le mauvais joueur a ouvert ; on corrige seulement si le joueur suivant n'a pas "
       "encore parlé.",
       ("If the next player has not acted: return the wrong bring-in; the true low card "
        "brings in.",
        "Otherwise the wager stands, play continues, and the true low card owes nothing."),
       ("Si le joueur suivant n'a pas parlé : rendez la mise du mauvais joueur ; la vraie "
        "carte basse ouvre.",
        "Sinon la mise reste, le jeu continue, et la vraie carte basse ne doit rien.")),
    _r("IRR-LB-MISDEAL", _M,
       "Lowball/draw: this dealing error before two players have acted is a misdeal.",
       "Lowball/draw : cette erreur de donne avant que deux joueurs aient parlé est une "
       "fausse donne.",
       _MISDEAL_EN, _MISDEAL_FR),
    _r("IRR-DR-EXPOSED", _I,
       "Draw: a card exposed by the dealer before the draw must be kept by the player.",
       "Draw : une carte exposée par le donneur avant l'échange doit être gardée par le joueur.",
       ("Leave the exposed card face up in front of the player: it stays in the hand.",
        "Continue the deal."),
       ("Laissez la carte exposée visible devant le joueur : elle reste dans sa main.",
        "Continuez la donne.")),
    _r("IRR-DR-DRAW-EXPOSED", _W,
       "Draw: a card exposed during the draw cannot be taken; it is replaced after the draw.",
       "Draw : une carte exposée pendant l'échange ne peut pas être prise ; elle est remplacée "
       "après l'échange.",
       ("Put the exposed card aside with the discards.",
        "Complete the draw for every player.",
        "Then give that player a replacement card from the deck."),
       ("Mettez la carte exposée de côté avec les cartes jetées.",
        "Terminez l'échange pour tous les joueurs.",
        "Puis donnez à ce joueur une carte de remplacement du paquet.")),
    _r("IRR-DR-SHORT", _W,
       "Draw: a hand of fewer than five cards is a misdeal before any action (except the "
       "button); after action the player draws to five.",
       "Draw : une main de moins de cinq cartes est une fausse donne avant toute action (sauf "
       "le bouton) ; après, le joueur tire jusqu'à cinq.",
       ("Before any action: misdeal, unless it is the button, who takes the fifth card.",
        "After action: the player draws enough cards to have five."),
       ("Avant toute action : fausse donne, sauf pour le bouton qui reçoit la cinquième carte.",
        "Après une action : le joueur tire assez de cartes pour en avoir cinq.")),
    _r("IRR-DR-FOUL", _W,
       "Draw: a hand of more or fewer than five cards after the draw is fouled (dead).",
       "Draw : une main de plus ou de moins de cinq cartes après l'échange est morte.",
       ("Declare the hand dead; its chips stay in the pot.",
        "Play continues without it."),
       ("Déclarez la main morte ; ses jetons restent au pot.",
        "Le jeu continue sans elle.")),
    _r("IRR-JB-FALSE", _W,
       "Jacks or better: the opener showed false openers; the hand is dead and the opening "
       "bet stays.",
       "Jacks or better : l'ouvreur n'avait pas l'ouverture ; sa main est morte et sa mise "
       "d'ouverture reste.",
       ("The opener's hand is dead; the opening bet stays in the pot.",
        "Players who did not pass openers may declare the pot open and play on.",
        "While the pre-draw action is unfinished the opener may take back their other bets.",
        "If nobody declares the pot open: refund every bet except the opener's first one, "
        "which stays with the antes, and everyone antes again."),
       ("La main de l'ouvreur est morte ; la mise d'ouverture reste au pot.",
        "Les joueurs qui n'ont pas passé avec l'ouverture peuvent déclarer le pot ouvert.",
        "Tant que les enchères avant l'échange ne sont pas finies, l'ouvreur peut reprendre "
        "ses autres mises.",
        "Si personne ne déclare le pot ouvert : rendez toutes les mises sauf la première "
        "de l'ouvreur, qui reste avec les antes, et chacun remet une ante.")),
    _r("IRR-JB-PLAYED", _I,
       "Jacks or better: the pot plays on with a fouled opener after a raise, two callers, "
       "or complete pre-draw action.",
       "Jacks or better : le pot se joue malgré un ouvreur fautif après une relance, deux "
       "suiveurs ou des enchères avant l'échange finies.",
       ("The opener's hand is dead.",
        "The pot plays among the other players."),
       ("La main de l'ouvreur est morte.",
        "Le pot se joue entre les autres joueurs.")),
    _r("IRR-JB-ALLIN-FALSE", _W,
       "Jacks or better: an all-in player who falsely declared openers loses the ante money "
       "and sits out.",
       "Jacks or better : un joueur à tapis qui a annoncé l'ouverture à tort perd l'argent "
       "des antes et ne joue plus.",
       ("The player loses the ante money.",
        "The player sits out until a legally opened pot is won by someone else, even after "
        "a rebuy."),
       ("Le joueur perd l'argent des antes.",
        "Il ne joue plus jusqu'à ce qu'un pot ouvert légalement soit gagné par un autre, "
        "même après une recave.")),
    _r("IRR-OUT-OF-TURN", _W,
       "An action out of turn.",
       "Une action hors tour.",
       ("Bring the action back to the player whose turn it is.",),
       ("Ramenez la parole au joueur dont c'est le tour.",)),
    _r("IRR-UNDERRAISE", _W,
       "A raise below the legal minimum.",
       "Une relance inférieure au minimum légal.",
       ("Tell the player the minimum raise.",),
       ("Annoncez au joueur la relance minimum.",)),
    _r("IRR-OVERBET-PL", _W,
       "Pot limit: a bet over the pot is reduced to the pot.",
       "Pot limit : une mise supérieure au pot est ramenée au pot.",
       ("Announce the pot size.",
        "Return the chips over the pot to the player: the bet stands at the pot."),
       ("Annoncez la taille du pot.",
        "Rendez au joueur les jetons au-delà du pot : la mise est celle du pot.")),
    _r("IRR-CAPPED", _W,
       "Fixed limit: a raise after the cap is treated as a call.",
       "Limite fixe : une relance après le plafond compte comme un suivi.",
       ("Announce that the betting is capped.",
        "Return the raise chips: the player calls."),
       ("Annoncez que les enchères sont plafonnées.",
        "Rendez les jetons de la relance : le joueur suit.")),
    _r("IRR-BUTTON", _W,
       "The button is out of position or the wrong blinds were posted.",
       "Le bouton n'est pas à sa place ou les mauvaises blindes ont été posées.",
       ("Before the deal: move the button and the blinds to their right places.",
        "Lowball/draw, caught before two players acted: misdeal."),
       ("Avant la donne : remettez le bouton et les blindes à leur place.",
        "Lowball/draw, vu avant que deux joueurs aient parlé : fausse donne.")),
    _r("IRR-DECK", _W,
       "The same card was seen twice, or a card seen is already dead: the deck or the "
       "reading is wrong.",
       "La même carte a été vue deux fois, ou une carte vue est déjà morte : le paquet ou la "
       "lecture est faux.",
       ("Check the card: was it misread or typed wrong?",
        "If the deck really holds it twice, call the floor."),
       ("Vérifiez la carte : mal lue ou mal saisie ?",
        "Si le paquet la contient vraiment deux fois, appelez le responsable de salle.")),
)}


_OUT_OF_TURN_STEPS = {
    OutOfTurnRuling.BINDING_UNLESS_ACTION_CHANGES: (
        ("Bring the action back to the player whose turn it is.",
         "The out-of-turn action is binding if the action to that player does not change; "
         "if it changes (a bet or raise in between), they may act again."),
        ("Ramenez la parole au joueur dont c'est le tour.",
         "L'action hors tour est engagée si l'action jusqu'à ce joueur ne change pas ; si "
         "elle change (mise ou relance entre-temps), il peut reparler.")),
    OutOfTurnRuling.NOT_BINDING: (
        ("Bring the action back to the player whose turn it is.",
         "The out-of-turn action is not binding: the player acts again in turn."),
        ("Ramenez la parole au joueur dont c'est le tour.",
         "L'action hors tour n'engage pas : le joueur reparle à son tour.")),
}

_UNDERRAISE_STEPS = {
    UnderRaiseRuling.CALL: (
        ("Tell the player the minimum raise.", "The under-raise is a call; return the extra."),
        ("Annoncez la relance minimum.", "La relance trop petite est un suivi ; rendez le "
         "surplus.")),
    UnderRaiseRuling.MINIMUM_RAISE: (
        ("Tell the player the minimum raise.", "The player must make it the minimum raise."),
        ("Annoncez la relance minimum.", "Le joueur doit compléter à la relance minimum.")),
    UnderRaiseRuling.HALF_RULE: (
        ("Tell the player the minimum raise.",
         "Half a full raise or more: made up to the minimum raise; less: a call."),
        ("Annoncez la relance minimum.",
         "La moitié d'une relance ou plus : complétée au minimum ; moins : un suivi.")),
}


def ruling_text(rule_id: str, *, rules: HouseRules | None = None,
                tournament: bool = False) -> RulingText:
    """Return the ruling of ``rule_id``, with the house's option applied where the rule has one.

    Raises:
        KeyError: ``rule_id`` is not an IRR rule of the catalogue.

    """
    text = RULINGS[rule_id]
    if rules is None:
        rules = HouseRules()
    options = rules.irregularities
    if rule_id == "IRR-OUT-OF-TURN":
        en, fr = _OUT_OF_TURN_STEPS[options.out_of_turn]
        return RulingText(rule_id, text.severity, text.rule_en, text.rule_fr, en, fr)
    if rule_id == "IRR-UNDERRAISE":
        en, fr = _UNDERRAISE_STEPS[options.underraise]
        return RulingText(rule_id, text.severity, text.rule_en, text.rule_fr, en, fr)
    if rule_id == "IRR-ST-HOLE-UP" and tournament and options.tournament_exposed_low_misdeal:
        return RulingText(rule_id, Severity.MISDEAL,
                          "Stud tournament: a down card dealt face up is a misdeal.",
                          "Stud en tournoi : une carte fermée donnée visible est une fausse "
                          "donne.", _MISDEAL_EN, _MISDEAL_FR)
    return text


def flag_for(rule_id: str, what_en: str, what_fr: str, *, event_index: int = -1,
             player: int | None = None, rules: HouseRules | None = None,
             tournament: bool = False) -> Flag:
    """Return a flag of ``rule_id``: what happened, then the rule (one sentence), and its steps."""
    text = ruling_text(rule_id, rules=rules, tournament=tournament)
    return Flag(
        rule_id=rule_id,
        severity=text.severity,
        message=f"{what_en}. {text.rule_en}",
        message_fr=f"{what_fr}. {text.rule_fr}",
        steps=text.steps_en,
        steps_fr=text.steps_fr,
        event_index=event_index,
        player=player,
    )
