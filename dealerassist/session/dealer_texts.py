"""The dealer's texts of a table view: street names, the status line, the hand's lines.

The words the dealer reads come in English, the CLI's language, or in French
(``lang="fr"``, the console in French): `FRENCH` maps each English template to its French
one and `say` fills it in. Command words the dealer types (``hand``, ``flop``,
``show``, ``pay``) stay as they are: they are the language of the command line in both.
Used by `session.presenter` (the message, history and past hands of a `TableView`) and by
`session.seat_views` (the street named on the action bar).
"""

from __future__ import annotations

from typing import Any

from dealerassist.cards import Rank
from dealerassist.engine.events import (
    BetPlaced,
    BoardDealt,
    BringInPosted,
    Called,
    CardsDrawn,
    CardsShown,
    Checked,
    Folded,
    KeepOpenersAsked,
    Mucked,
    OpeningHandShown,
    PotAwarded,
    RaisedTo,
    RakeTaken,
)
from dealerassist.engine.keep import opening_holds_openers, opening_show_due
from dealerassist.engine.showdown import in_show_order, missing_cards
from dealerassist.engine.state import HandState, Phase
from dealerassist.engine.stud import pairs_to_announce
from dealerassist.games.spec import Family
from dealerassist.session import hand as hand_adapter
from dealerassist.session.draw_messages import DRAW_FRENCH, draw_line, draw_message
from dealerassist.session.state import FinishedHand, HandInPlay
from dealerassist.session.viewmodels import HandSummaryView

__all__ = [
    "FRENCH",
    "dealer_message",
    "hand_line",
    "hand_summary",
    "say",
    "street_name",
]

_BOARD_STREETS = ("Pre-flop", "Flop", "Turn", "River")
_DRAW_STREETS = ("Pre-draw", "First draw", "Second draw", "Third draw")
_ORDINAL_STREETS = {2: "2nd street", 3: "3rd street", 4: "4th street", 5: "5th street",
                    6: "6th street", 7: "7th street"}

FRENCH: dict[str, str] = {
    "Pre-flop": "Pré-flop",
    "Flop": "Flop",
    "Turn": "Turn",
    "River": "River",
    "Showdown": "Abattage",
    "Pre-draw": "Avant l'échange",
    "First draw": "Premier échange",
    "Second draw": "Deuxième échange",
    "Third draw": "Troisième échange",
    "2nd street": "2e rue",
    "3rd street": "3e rue",
    "4th street": "4e rue",
    "5th street": "5e rue",
    "6th street": "6e rue",
    "7th street": "7e rue",
    "Street {n}": "Tour {n}",
    "type 'hand' to deal hand {n}": "tapez 'hand' pour donner la main {n}",
    "choose a game (--game)": "choisissez un jeu (--game)",
    "Table → Set up table…: seat the players and choose the game (F1: the keys)":
        "Table → Installer la table… : placez les joueurs et choisissez le jeu "
        "(F1 : les touches)",
    "press N to deal hand {n}": "appuyez sur N pour donner la main {n}",
    "seat {seat} {name} to act": "siège {seat} {name} parle",
    "announce {pairs}; ": "annoncez {pairs} ; ",
    "seat {seat} pair of {rank}s": "siège {seat} paire de {rank}",
    "deal the {street}: {command}": "donnez le {street} : {command}",
    "deal the up cards: up {seats}": "donnez les cartes visibles : up {seats}",
    "{who} draws {count}": "{who} échange {count}",
    "{who} stands pat": "{who} est servi",
    "{who} brings in {amount}": "{who} ouvre de force {amount}",
    "flop": "flop",
    "turn": "turn",
    "river": "river",
    "board": "tableau",
    "showdown: check the payouts, then pay (Confirm payouts)":
        "abattage : vérifiez les paiements, puis pay (Confirmer les paiements)",
    "showdown: enter the cards of seat(s) {seats} (show SEAT CARDS) or muck SEAT":
        "abattage : saisissez les cartes du ou des sièges {seats} (show SIÈGE CARTES) "
        "ou muck SIÈGE",
    "showdown: enter the board cards still unknown":
        "abattage : saisissez les cartes du tableau encore inconnues",
    "showdown: seat {seat} {name} must show openers to win (show SEAT CARDS)":
        "abattage : le siège {seat} {name} doit montrer l'ouverture pour gagner "
        "(show SIÈGE CARTES)",
    "{amount} carried to the next deal": "{amount} reportés à la donne suivante",
    "seat {seat} {name}": "siège {seat} {name}",
    "{who} folds": "{who} se couche",
    "{who} checks": "{who} parle",
    "{who} calls {amount}": "{who} suit {amount}",
    "{who} bets {amount}": "{who} mise {amount}",
    "{who} raises to {amount}": "{who} relance à {amount}",
    "board {cards}": "tableau {cards}",
    "{who} shows {cards}": "{who} montre {cards}",
    "{who} mucks": "{who} jette sans montrer",
    "{who} wins {amount}": "{who} gagne {amount}",
    "rake {amount}": "commission {amount}",
    "{name} wins {amount}": "{name} gagne {amount}",
    # JB-KEEP: the opener keeps the opening hand and shows it after the pot.
    "{who} asks that the opener keep the opening hand (JB-KEEP)":
        "{who} demande que l'ouvreur garde sa main d'ouverture (JB-KEEP)",
    "{who} shows the opening hand {cards} (JB-KEEP)":
        "{who} montre sa main d'ouverture {cards} (JB-KEEP)",
    "{who} throws the opening hand away unshown (JB-KEEP)":
        "{who} jette sa main d'ouverture sans la montrer (JB-KEEP)",
    "pot awarded: seat {seat} {name} shows the opening hand kept (show {seat} and the five "
    "cards held when opening) [JB-KEEP]":
        "pot attribué : siège {seat} {name} montre la main d'ouverture gardée (show {seat} "
        "et les cinq cartes tenues à l'ouverture) [JB-KEEP]",
    "the opening hand shown holds no openers: confirm the flag or overrule it":
        "la main d'ouverture montrée n'a pas l'ouverture : confirmez le signalement ou "
        "faites-le infirmer",
    **DRAW_FRENCH,  # the draw's texts (session/draw_messages.py, DR-CHANGE, DR-DRAW-MAX)
}


# The games' names on screen, by PHH code: French, and English without PHH's
# "(extension)" note (the catalogue keeps it: it tells which variants PHH lacks).
_GAME_NAMES_FR = {
    "NT": "Texas hold'em no limit",
    "PT": "Texas hold'em pot limit",
    "FT": "Texas hold'em limit",
    "NS": "Hold'em short deck no limit",
    "NO": "Omaha no limit",
    "PO": "Omaha pot limit",
    "FO": "Omaha limit",
    "NO/8": "Omaha hi-lo no limit",
    "PO/8": "Omaha hi-lo pot limit",
    "FO/8": "Omaha hi-lo 8 ou mieux, limit",
    "F7S": "Stud à sept cartes, limit",
    "F7S/8": "Stud à sept cartes hi-lo 8 ou mieux, limit",
    "FR": "Razz, limit",
    "F5S": "Stud à cinq cartes, limit",
    "N2L1D": "Lowball 2-7 à un échange, no limit",
    "F2L3D": "Lowball 2-7 à trois échanges, limit",
    "FA5L3D": "Lowball A-5 à trois échanges, limit",
    "FA5L1D": "Lowball A-5 à un échange, limit",
    "FB": "Badugi, limit",
    "F5D": "Poker fermé à cinq cartes, limit",
    "FJB": "Jacks or better (ouverture aux valets), limit",
}


# Every other structure of a game (HE-LIMITS): the game's French name, then the structure.
_GAMES_FR = {"T": "Texas hold'em", "S": "Hold'em short deck", "O": "Omaha",
             "O/8": "Omaha hi-lo 8 ou mieux", "7S": "Stud à sept cartes",
             "7S/8": "Stud à sept cartes hi-lo 8 ou mieux", "R": "Razz",
             "5S": "Stud à cinq cartes", "2L1D": "Lowball 2-7 à un échange",
             "2L3D": "Lowball 2-7 à trois échanges", "A5L3D": "Lowball A-5 à trois échanges",
             "A5L1D": "Lowball A-5 à un échange", "B": "Badugi",
             "5D": "Poker fermé à cinq cartes",
             "JB": "Jacks or better (ouverture aux valets)"}
_STRUCTURES_FR = {"F": "limit", "P": "pot limit", "N": "no limit"}


def game_name(code: str, name: str, lang: str = "en") -> str:
    """Return a game's name for the screen: French by PHH code, else ``name`` plainly."""
    if lang == "fr" and code in _GAME_NAMES_FR:
        return _GAME_NAMES_FR[code]
    if lang == "fr" and code[1:] in _GAMES_FR and code[:1] in _STRUCTURES_FR:
        return f"{_GAMES_FR[code[1:]]}, {_STRUCTURES_FR[code[:1]]}"
    return name.removesuffix(" (extension)")


def say(lang: str, text: str, **fields: Any) -> str:
    """Return ``text`` in ``lang`` ("en" or "fr"), its ``{fields}`` filled in."""
    if lang == "fr":
        text = FRENCH.get(text, text)
    return text.format(**fields) if fields else text


def street_name(engine: HandState, lang: str = "en") -> str:
    """Return the name of the hand's street ("Flop", "3rd street", "First draw", "Showdown")."""
    if engine.phase is Phase.SHOWDOWN:
        return say(lang, "Showdown")
    if engine.phase is Phase.COMPLETE:
        return ""
    game = engine.setup.game
    index = engine.street_index
    if game.family is Family.STUD:
        # Stud streets are named by the cards each player holds (3rd street ... 7th street).
        cards = sum(s.hole_down + s.hole_up for s in game.streets[: index + 1])
        return say(lang, _ORDINAL_STREETS.get(cards, f"{cards}th street"))
    names = _DRAW_STREETS if game.family is Family.DRAW else _BOARD_STREETS
    if index < len(names):
        return say(lang, names[index])
    return say(lang, "Street {n}", n=index + 1)


def _announcements(hand: HandInPlay, lang: str) -> str:
    """Razz (RZ-ANNOUNCE): the pairs the dealer announces the first time they show on board."""
    engine = hand.engine_state
    if engine.setup.game.code[1:] != "R":  # razz at any structure
        return ""
    live = tuple(p in engine.in_hand for p in range(len(engine.hole)))
    pairs = pairs_to_announce(engine.setup.game, engine.hole, live)
    if not pairs:
        return ""
    text = ", ".join(
        say(lang, "seat {seat} pair of {rank}s", seat=hand.started.seats[player],
            rank=Rank(rank).symbol)
        for player, rank in pairs
    )
    return say(lang, "announce {pairs}; ", pairs=text)


def dealer_message(hand: HandInPlay, lang: str = "en") -> str:
    """Return the status line: who acts, what to deal, or what the showdown waits for."""
    engine = hand.engine_state
    if engine.phase is Phase.BETTING and engine.actor is not None:
        i = engine.actor
        return _announcements(hand, lang) + say(
            lang, "seat {seat} {name} to act", seat=hand.started.seats[i],
            name=hand.started.names[i])
    if engine.phase is Phase.DEALING and engine.due_draw:
        # DR-DRAW, DR-CHANGE, DR-DRAW-MAX: whose draw, the number announced, the fifth card.
        return draw_message(engine, hand.started.seats, hand.started.names, lang)
    if engine.phase is Phase.DEALING and engine.due_hole and engine.street.hole_up:
        # "__": a card to fill in ("C" read as call, or clubs).
        seats = " ".join(f"{hand.started.seats[i]} __" for i in engine.due_hole)
        return say(lang, "deal the up cards: up {seats}", seats=seats)
    if engine.phase is Phase.DEALING and engine.due_board:
        name = {1: "flop", 2: "turn", 3: "river"}.get(engine.street_index, "board")
        command = f"{name} " + " ".join(["__"] * engine.due_board)
        return say(lang, "deal the {street}: {command}", street=say(lang, name), command=command)
    if opening_show_due(engine):
        # JB-KEEP: the pot is awarded; the hand waits for the opening hand kept.
        i = engine.opened_by
        return say(lang, "pot awarded: seat {seat} {name} shows the opening hand kept (show "
                   "{seat} and the five cards held when opening) [JB-KEEP]",
                   seat=hand.started.seats[i], name=hand.started.names[i])
    if engine.phase is Phase.COMPLETE and opening_holds_openers(engine) is False:
        return say(lang, "the opening hand shown holds no openers: confirm the flag or "
                   "overrule it")
    if hand_adapter.payout_due(engine):
        return say(lang, "showdown: check the payouts, then pay (Confirm payouts)")
    if engine.phase is Phase.SHOWDOWN:
        waiting = in_show_order(engine, missing_cards(engine))  # G-SHOW-ORDER
        if waiting and not engine.won_by_fold:
            seats = ", ".join(str(hand.started.seats[i]) for i in waiting)
            return say(lang, "showdown: enter the cards of seat(s) {seats} (show SEAT CARDS) or "
                       "muck SEAT", seats=seats)
        if engine.won_by_fold and engine.opened_by >= 0:
            # JB-PROVE: an opener everyone folded to must still show openers to win.
            i = engine.opened_by
            return say(lang, "showdown: seat {seat} {name} must show openers to win "
                       "(show SEAT CARDS)", seat=hand.started.seats[i],
                       name=hand.started.names[i])
        return say(lang, "showdown: enter the board cards still unknown")
    return ""


def hand_line(hand: HandInPlay, event: Any, lang: str = "en") -> str:
    """Return the history line of one hand event ("seat 3 Alice raises to 60"), or ""."""
    seats = hand.started.seats
    names = hand.started.names
    player = getattr(event, "player", None)
    who = (say(lang, "seat {seat} {name}", seat=seats[player], name=names[player])
           if player is not None else "")
    cards = " ".join(str(card) for card in getattr(event, "cards", ()))
    if isinstance(event, Folded):
        return say(lang, "{who} folds", who=who)
    if isinstance(event, Checked):
        return say(lang, "{who} checks", who=who)
    if isinstance(event, Called):
        return say(lang, "{who} calls {amount}", who=who, amount=event.amount)
    if isinstance(event, BetPlaced):
        return say(lang, "{who} bets {amount}", who=who, amount=event.to)
    if isinstance(event, RaisedTo):
        return say(lang, "{who} raises to {amount}", who=who, amount=event.to)
    if isinstance(event, BringInPosted):
        return say(lang, "{who} brings in {amount}", who=who, amount=event.amount)
    drawn = draw_line(event, who, lang)
    if drawn is not None:
        return drawn
    if isinstance(event, CardsDrawn):
        if not event.received:
            return say(lang, "{who} stands pat", who=who)
        return say(lang, "{who} draws {count}", who=who, count=len(event.received))
    if isinstance(event, BoardDealt):
        return say(lang, "board {cards}", cards=cards)
    if isinstance(event, CardsShown):
        return say(lang, "{who} shows {cards}", who=who, cards=cards)
    if isinstance(event, Mucked):
        return say(lang, "{who} mucks", who=who)
    if isinstance(event, KeepOpenersAsked):
        return say(lang, "{who} asks that the opener keep the opening hand (JB-KEEP)", who=who)
    if isinstance(event, OpeningHandShown):
        if not event.cards:
            return say(lang, "{who} throws the opening hand away unshown (JB-KEEP)", who=who)
        return say(lang, "{who} shows the opening hand {cards} (JB-KEEP)", who=who,
                   cards=cards)
    if isinstance(event, PotAwarded):
        return say(lang, "{who} wins {amount}", who=who, amount=event.amount)
    if isinstance(event, RakeTaken):
        return say(lang, "rake {amount}", amount=event.amount)
    return ""


def hand_summary(done: FinishedHand, lang: str = "en") -> HandSummaryView:
    """Return a finished hand's line in the past hands: the pot, rake and who won what."""
    started = done.started
    total = sum(e.amount for e in done.events if isinstance(e, PotAwarded)) + done.finished.rake
    winners: dict[int, int] = {}
    for event in done.events:
        if isinstance(event, PotAwarded):
            winners[event.player] = winners.get(event.player, 0) + event.amount
    parts = [say(lang, "{name} wins {amount}", name=started.names[i], amount=amount)
             for i, amount in sorted(winners.items())]
    if done.carried:
        # JB-NO-OPEN / JB-PROVE / IRR-JB-FALSE: the pot nobody won waits for the next deal.
        parts.append(say(lang, "{amount} carried to the next deal", amount=done.carried))
    result = ", ".join(parts)
    return HandSummaryView(
        hand_id=started.hand_id,
        game=started.game,
        total_pot=total + done.carried,
        rake=done.finished.rake,
        result=result,
    )
