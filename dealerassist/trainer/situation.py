"""The table as a trainee sees it: game, stakes, button, board, pot and the street's actions.

Players are named by seat as printed on the felt: seat k is the engine's player k-1, so
seat 1 is first left of the button and the highest seat holds the button (heads-up, the
button is seat 2 and posts the small blind, BET-HEADSUP).
"""

from __future__ import annotations

from dealerassist.cards import format_cards
from dealerassist.engine.events import (
    BetPlaced,
    BringInPosted,
    Called,
    CardsDrawn,
    Checked,
    Event,
    Folded,
    RaisedTo,
)
from dealerassist.engine.setup import HandSetup
from dealerassist.engine.state import HandState
from dealerassist.engine.stud import up_cards
from dealerassist.games.spec import BettingStructure, Family, GameSpec
from dealerassist.session.dealer_texts import game_name as screen_name
from dealerassist.trainer.text import Text, seat_name

__all__ = ["action_lines", "game_name", "street_name", "table_lines", "up_card_lines"]


def game_name(game: GameSpec) -> Text:
    """Return the game's name in both languages, as the console names it (`dealer_texts`)."""
    return Text(screen_name(game.code, game.name, "en"), screen_name(game.code, game.name, "fr"))


_STREETS_EN = ("Pre-flop", "On the flop", "On the turn", "On the river")
_STREETS_FR = ("Avant le flop", "Au flop", "Au turn", "À la river")


_DRAWS_EN = ("Before the draw", "After the first draw", "After the second draw",
             "After the third draw")
_DRAWS_FR = ("Avant l'échange", "Après le premier échange", "Après le deuxième échange",
             "Après le troisième échange")


def street_name(state: HandState) -> Text:
    """Return the betting round, with the board when there is one."""
    family = state.setup.game.family
    if family is Family.STUD:
        first = 2 if len(state.setup.game.streets) == 4 else 3  # ST5-DEAL: second street first
        number = first + state.street_index
        return Text(f"On street {number}", f"En {number}e rue")
    if family is Family.DRAW:
        index = min(state.street_index, len(_DRAWS_EN) - 1)
        return Text(_DRAWS_EN[index], _DRAWS_FR[index])
    index = min(state.street_index, len(_STREETS_EN) - 1)
    text = Text(_STREETS_EN[index], _STREETS_FR[index])
    if state.board:
        board = format_cards(state.board)
        text = text + Text(f" (board: {board})", f" (tableau : {board})")
    return text


def table_lines(setup: HandSetup) -> list[Text]:
    """Game, stakes, the button and every starting stack."""
    n = setup.player_count
    big = setup.big_blind or setup.min_bet
    small = setup.blinds[1] if n == 2 else setup.blinds[0]  # BET-HEADSUP: button posts it
    game = setup.game
    stakes_en = f"blinds {small}/{big}"
    stakes_fr = f"blindes {small}/{big}"
    ante = max(setup.antes) if setup.antes else 0
    if not any(setup.blinds):
        stakes_en = f"antes {ante}"
        stakes_fr = f"antes {ante}"
        if not ante and setup.carried:  # JB-NO-OPEN: the house's re-ante limit was reached
            stakes_en = "no new antes (re-ante limit reached)"
            stakes_fr = "pas de nouvelles antes (limite de réantes atteinte)"
        if setup.bring_in:
            stakes_en += f", bring-in {setup.bring_in}"
            stakes_fr += f", bring-in {setup.bring_in}"
    elif ante:
        stakes_en += f", antes {ante}"
        stakes_fr += f", antes {ante}"
    if game.structure is BettingStructure.FIXED_LIMIT:
        stakes_en += f", limits {setup.small_bet}/{setup.big_bet}"
        stakes_fr += f", limites {setup.small_bet}/{setup.big_bet}"
    name = game_name(game)
    if game.family is Family.STUD:  # no button: the cards name who acts (ST-BRINGIN, ST-FIRST)
        seats = Text(f"{n} players, dealt from seat 1.",
                     f"{n} joueurs, servis à partir du siège 1.")
    else:
        button = seat_name(n - 1)
        seats = Text(f"{button.en} has the button.",
                     f"Le bouton est au {button.fr.lower()}.")
    first = Text(f"{name.en}, {stakes_en}. ", f"{name.fr}, {stakes_fr}. ") + seats
    if setup.carried:  # JB-NO-OPEN: the pot of the passed-out deals is in the main pot
        first = first + Text(
            f" {setup.carried} carried in from passed-out deals (JB-NO-OPEN).",
            f" {setup.carried} reportés des donnes passées (JB-NO-OPEN).")
    lines = [first]
    stacks = ", ".join(f"{seat_name(i).en} {setup.starting_stacks[i]}" for i in range(n))
    stacks_fr = ", ".join(f"{seat_name(i).fr} {setup.starting_stacks[i]}" for i in range(n))
    lines.append(Text(f"Starting stacks: {stacks}.", f"Tapis de départ : {stacks_fr}."))
    return lines


def up_card_lines(state: HandState, street_events: tuple[Event, ...] = ()) -> list[Text]:
    """Stud: every seat in at the start of the street and its up cards (ST7-DEAL), seat 1 first.

    A seat that folds on this street is still shown (its fold is in the action lines, and
    the order of action is read from every seat's cards, ST-FIRST); a seat all in from an
    earlier street is marked, it is passed over (ST-FIRST).
    """
    acted = {getattr(event, "player", None) for event in street_events}
    folded_now = {event.player for event in street_events if isinstance(event, Folded)}
    lines = []
    for i in range(state.player_count):
        if state.folded[i] and i not in folded_now:
            continue
        shown = format_cards(up_cards(state.setup.game, state.hole[i]))
        all_in = state.stacks[i] == 0 and i not in acted and not state.folded[i]
        tail = Text(" (all in)", " (tapis)") if all_in else Text("", "")
        lines.append(Text(f"{seat_name(i).en} shows {shown}", f"{seat_name(i).fr} montre {shown}")
                     + tail + Text(".", "."))
    return lines


def action_lines(state: HandState, street_events: tuple[Event, ...]) -> list[Text]:
    """Return the street's forced bets and actions in order (``state``: the state after)."""
    setup = state.setup
    n = setup.player_count
    lines: list[Text] = []
    if state.street_index == 0:
        for i in range(n):
            posted = setup.blinds[i]
            if not posted:
                continue
            is_small = (i == 0) if n > 2 else (i == 1)
            name = seat_name(i)
            if is_small:
                lines.append(Text(f"{name.en} posts the small blind {posted}.",
                                  f"{name.fr} pose la petite blinde {posted}."))
            else:
                lines.append(Text(f"{name.en} posts the big blind {posted}.",
                                  f"{name.fr} pose la grosse blinde {posted}."))
    bets = list(setup.blinds) if state.street_index == 0 else [0] * n
    last_index = {}
    for k, event in enumerate(street_events):
        player = getattr(event, "player", None)
        if player is not None:
            last_index[player] = k
    for k, event in enumerate(street_events):
        player = getattr(event, "player", None)
        if player is None:
            continue
        name = seat_name(player)
        top = max(bets)
        # ST-COMPLETE: the first full bet over a bring-in completes it
        completes = state.street_index == 0 and setup.bring_in > 0 and top < setup.small_bet
        all_in = (last_index[player] == k and state.stacks[player] == 0
                  and not state.folded[player])
        tail = Text(" (all in)", " (tapis)") if all_in else Text("", "")
        if isinstance(event, BringInPosted):
            bets[player] += event.amount
            line = Text(f"{name.en} brings in {event.amount}",
                        f"{name.fr} paie le bring-in de {event.amount}")
        elif isinstance(event, CardsDrawn):
            count = len(event.discarded)
            line = Text(f"{name.en} draws {count}" if count else f"{name.en} stands pat",
                        f"{name.fr} tire {count}" if count else f"{name.fr} reste servi")
        elif isinstance(event, Folded):
            line = Text(f"{name.en} folds", f"{name.fr} se couche")
        elif isinstance(event, Checked):
            line = Text(f"{name.en} checks", f"{name.fr} checke")
        elif isinstance(event, Called):
            bets[player] += event.amount
            line = Text(f"{name.en} calls {event.amount} ({bets[player]} in front)",
                        f"{name.fr} suit {event.amount} ({bets[player]} devant lui)")
        elif completes and isinstance(event, (BetPlaced, RaisedTo)):
            bets[player] = event.to
            line = Text(f"{name.en} completes to {event.to}",
                        f"{name.fr} complète à {event.to}")
        elif isinstance(event, BetPlaced):
            bets[player] = event.to
            line = Text(f"{name.en} bets {event.to}", f"{name.fr} mise {event.to}")
        elif isinstance(event, RaisedTo):
            bets[player] = event.to
            line = Text(f"{name.en} raises to {event.to}", f"{name.fr} relance à {event.to}")
        else:
            continue
        lines.append(line + tail + Text(".", "."))
    return lines
