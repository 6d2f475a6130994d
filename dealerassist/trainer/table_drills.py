"""Table drills: who acts first, who shows first, where the button and blinds go.

- `first-to-act` (HE-FIRST, BET-HEADSUP): the first decision of a betting round of a
  real board hand; the answer is the engine's actor. Pre-flop the seat left of the big
  blind speaks first, heads-up the button (small blind); on later rounds the first seat
  left of the button still in with chips.
- `show-order` (G-SHOW-ORDER): a real hand that reached the showdown after betting on
  the last round; the answer is the engine's `show_order`: the last bettor or raiser of
  the final round shows first, without a bet the house's option (`showdown.
  order_when_no_bet`, by default the first player left of the button).
- `button` (G-BUTTON, BET-NEW-PLAYER, BET-HEADSUP): between two hands a player leaves or
  a new one sits down; the answer is the session's `plan_hand` (moving button: one seat
  on to the next player dealt in; the small blind next, the big blind after it, a new
  player who waits comes in when the big blind reaches him; heads-up the button posts
  the small blind).
"""

from __future__ import annotations

import random

from dealerassist.engine.events import BetPlaced, RaisedTo
from dealerassist.engine.showdown import show_order
from dealerassist.engine.state import Phase
from dealerassist.games.spec import Family
from dealerassist.rules.model import ButtonRule, HouseRules, ShowOrder
from dealerassist.session.table import Player, SeatState, TableState, plan_hand
from dealerassist.trainer.difficulty import Difficulty, profile
from dealerassist.trainer.drill import AnswerFormat, Drill, DrillKind
from dealerassist.trainer.hands import Step, play_hand, random_setup
from dealerassist.trainer.situation import action_lines, street_name, table_lines
from dealerassist.trainer.text import Text, seat_name

__all__ = ["button_drill", "first_to_act_drill", "first_to_act_from", "show_order_drill",
           "show_order_from"]

_BOARD = ("NT", "FT", "PO", "FO/8")


def _status_lines(step: Step) -> list[Text]:
    state = step.state
    lines = []
    for i in range(state.player_count):
        if state.folded[i]:
            lines.append(Text(f"{seat_name(i).en} has folded.", f"{seat_name(i).fr} s'est couché."))
        elif state.stacks[i] == 0:
            lines.append(Text(f"{seat_name(i).en} is all in.", f"{seat_name(i).fr} est à tapis."))
    return lines


def first_to_act_from(step: Step, *, seed: int = 0, difficulty: str = "") -> Drill:
    """Return who acts first on this betting round (the engine's actor, HE-FIRST)."""
    state = step.state
    n = state.player_count
    answer = state.actors[0]
    situation = table_lines(state.setup)[:1] + _status_lines(step)
    situation.append(street_name(state) + Text(": nobody has acted yet.",
                                               " : personne n'a encore parlé."))
    if state.street_index == 0 and n == 2:
        lines = [Text("Heads-up the button posts the small blind and acts first before the "
                      f"flop (BET-HEADSUP): {seat_name(n - 1).en}.",
                      "En tête-à-tête le bouton pose la petite blinde et parle le premier avant "
                      f"le flop (BET-HEADSUP) : {seat_name(n - 1).fr}.")]
        start = n - 1
    elif state.street_index == 0:
        lines = [Text("Before the flop the first seat left of the big blind acts first "
                      "(HE-FIRST); seat 1 posts the small blind, seat 2 the big blind.",
                      "Avant le flop le premier siège à gauche de la grosse blinde parle le "
                      "premier (HE-FIRST) ; le siège 1 pose la petite blinde, le siège 2 la "
                      "grosse.")]
        start = 2
    else:
        lines = [Text("After the flop the first seat left of the button still in with chips "
                      "acts first (HE-FIRST); heads-up that is the big blind (BET-HEADSUP).",
                      "Après le flop le premier siège à gauche du bouton encore en jeu avec des "
                      "jetons parle le premier (HE-FIRST) ; en tête-à-tête c'est la grosse "
                      "blinde (BET-HEADSUP).")]
        start = 0
    for k in range(n):
        player = (start + k) % n
        if state.folded[player] or state.stacks[player] == 0:
            lines.append(Text(f"{seat_name(player).en} is out of the betting: passed over.",
                              f"{seat_name(player).fr} ne parle plus : on passe."))
            continue
        lines.append(Text(f"{seat_name(player).en} acts first.",
                          f"{seat_name(player).fr} parle le premier."))
        break
    return Drill(
        kind=DrillKind.FIRST_TO_ACT, seed=seed, difficulty=difficulty,
        game=state.setup.game.code, situation=tuple(situation),
        question=Text("Which seat acts first on this round?",
                      "Quel siège parle le premier sur ce tour ?"),
        answer_format=AnswerFormat.SEAT, answer=answer + 1,
        answer_text=Text(f"Seat {answer + 1} acts first.", f"Le siège {answer + 1} parle."),
        explanation=tuple(lines), rule_ids=("HE-FIRST", "BET-HEADSUP"),
    )


def first_to_act_drill(seed: int, *, difficulty: Difficulty, rules: HouseRules) -> Drill:
    """Return a first-to-act drill; a third heads-up, harder levels a passed-over seat."""
    rng = random.Random(f"first-to-act:{seed}")
    prof = profile(difficulty)
    heads_up = rng.randrange(3) == 0
    later = rng.randrange(3) != 0
    fallback = None
    for _ in range(300):
        setup = random_setup(rng, game=rng.choice(_BOARD), prof=prof, rules=rules,
                             players=2 if heads_up else None)
        hand = play_hand(rng, setup, prof=prof)
        steps = [s for s in hand.decisions if not s.street_events
                 and (s.state.street_index > 0) == later]
        if not steps:
            continue
        step = rng.choice(steps)
        fallback = fallback or step
        state = step.state
        passed = later and (state.folded[0] or state.stacks[0] == 0)
        if difficulty is Difficulty.BEGINNER or passed or heads_up or not later:
            return first_to_act_from(step, seed=seed, difficulty=difficulty.value)
    assert fallback is not None
    return first_to_act_from(fallback, seed=seed, difficulty=difficulty.value)


def show_order_from(hand_steps: tuple[Step, Step], *, seed: int = 0,
                    difficulty: str = "") -> Drill:
    """Return who shows first at the showdown (the engine's `show_order`, G-SHOW-ORDER).

    ``hand_steps`` is the last decision of the hand and the final step: the situation
    shows the final round's actions up to the showdown.
    """
    last, final = hand_steps
    state = final.state
    rules = state.setup.rules
    answer = show_order(state)[0]
    events = last.street_events + final.events[len(last.events):len(last.events) + 1]
    situation = table_lines(state.setup)[:1]
    in_hand = ", ".join(str(i + 1) for i in state.in_hand)
    situation.append(Text(f"Still in at the showdown: seats {in_hand}.",
                          f"Encore en jeu à l'abattage : sièges {in_hand}."))
    by_option = rules.showdown.order_when_no_bet
    if by_option is ShowOrder.FIRST_TO_ACT:
        house = Text("House: without a bet on the last round, the first to act on it shows "
                     "first.",
                     "Maison : sans mise au dernier tour, le premier à y avoir parlé montre en "
                     "premier.")
    else:
        house = Text("House: without a bet on the last round, the first player left of the "
                     "button still in shows first.",
                     "Maison : sans mise au dernier tour, le premier joueur encore en jeu à "
                     "gauche du bouton montre en premier.")
    situation.append(house)
    situation.append(street_name(last.state) + Text(".", "."))
    situation += action_lines(state, events)
    bettors = [e.player for e in events if isinstance(e, (BetPlaced, RaisedTo))]
    if bettors:
        lines = [Text(f"The last bettor or raiser of the final round shows first (G-SHOW-ORDER): "
                      f"{seat_name(bettors[-1]).en}.",
                      f"Le dernier à avoir misé ou relancé au dernier tour montre en premier "
                      f"(G-SHOW-ORDER) : {seat_name(bettors[-1]).fr}.")]
    else:
        lines = [Text("Nobody bet on the final round: the house's option decides "
                      "(G-SHOW-ORDER).",
                      "Personne n'a misé au dernier tour : l'option de la maison décide "
                      "(G-SHOW-ORDER)."), house]
    lines.append(Text(f"{seat_name(answer).en} shows first, then the others clockwise.",
                      f"{seat_name(answer).fr} montre en premier, puis les autres dans le sens "
                      "des aiguilles d'une montre."))
    return Drill(
        kind=DrillKind.SHOW_ORDER, seed=seed, difficulty=difficulty,
        game=state.setup.game.code, situation=tuple(situation),
        question=Text("Which seat shows its cards first?",
                      "Quel siège montre ses cartes en premier ?"),
        answer_format=AnswerFormat.SEAT, answer=answer + 1,
        answer_text=Text(f"Seat {answer + 1} shows first.",
                         f"Le siège {answer + 1} montre en premier."),
        explanation=tuple(lines), rule_ids=("G-SHOW-ORDER",),
    )


def show_order_drill(seed: int, *, difficulty: Difficulty, rules: HouseRules) -> Drill:
    """Return a show-order drill; harder levels want three or more hands and a checked river."""
    rng = random.Random(f"show-order:{seed}")
    prof = profile(difficulty)
    checked = rng.randrange(3) == 0
    wanted = {Difficulty.BEGINNER: 2, Difficulty.INTERMEDIATE: 3, Difficulty.ADVANCED: 3}
    fallback = None
    for _ in range(400):
        setup = random_setup(rng, game=rng.choice(_BOARD), prof=prof, rules=rules)
        hand = play_hand(rng, setup, prof=prof)
        state = hand.final.state
        if state.phase is not Phase.SHOWDOWN or state.won_by_fold or not hand.decisions:
            continue
        last = hand.decisions[-1]
        if last.state.street_index != len(state.setup.game.streets) - 1:
            continue  # the final round was bet, not run out after all-ins
        if state.setup.game.family is not Family.BOARD:
            continue
        fallback = fallback or (last, hand.final)
        events = last.street_events + hand.final.events[len(last.events):]
        bet = any(isinstance(e, (BetPlaced, RaisedTo)) for e in events)
        if len(state.in_hand) >= wanted[difficulty] and bet != checked:
            return show_order_from((last, hand.final), seed=seed, difficulty=difficulty.value)
    assert fallback is not None
    return show_order_from(fallback, seed=seed, difficulty=difficulty.value)


# -- the button and the blinds between hands --------------------------------------------------

def button_drill(seed: int, *, difficulty: Difficulty, rules: HouseRules) -> Drill:
    """Return where the button, small blind or big blind goes next hand (G-BUTTON)."""
    rng = random.Random(f"button:{seed}")
    level = Difficulty(difficulty)
    max_seats = 9
    count = {Difficulty.BEGINNER: (3, 5), Difficulty.INTERMEDIATE: (3, 7),
             Difficulty.ADVANCED: (2, 8)}[level]
    seats = sorted(rng.sample(range(1, max_seats + 1), rng.randint(*count)))
    players = [Player(seat, f"P{seat}", 1000) for seat in seats]
    first = TableState(max_seats=max_seats, players=tuple(players), button=rng.choice(seats))
    small, big = rng.choice(profile(level).stakes)
    last = plan_hand(first, small_blind=small, big_blind=big)
    table = TableState(max_seats=max_seats, players=tuple(players), button=last.button,
                       last_small_blind=last.small_blind_seat,
                       last_big_blind=last.big_blind_seat, hands_played=1)
    events: list[Text] = []
    change = rng.randrange(3) if level is not Difficulty.BEGINNER else rng.randrange(2)
    empty = [s for s in range(1, max_seats + 1) if s not in seats]
    if change == 0 and len(seats) > 2:  # a player busts or leaves
        gone = rng.choice(seats)
        table = TableState(max_seats=max_seats,
                           players=tuple(p for p in players if p.seat != gone),
                           button=table.button, last_small_blind=table.last_small_blind,
                           last_big_blind=table.last_big_blind, hands_played=1)
        events.append(Text(f"Seat {gone} busts and leaves the table.",
                           f"Le siège {gone} est éliminé et quitte la table."))
    elif empty:  # a new player sits down and waits for the big blind, or posts
        seat = rng.choice(empty)
        posts = change == 2
        new = Player(seat, f"P{seat}", 1000, state=SeatState.WAITING, will_post=posts)
        table = TableState(max_seats=max_seats, players=tuple(sorted(
            (*table.players, new), key=lambda p: p.seat)), button=table.button,
            last_small_blind=table.last_small_blind, last_big_blind=table.last_big_blind,
            hands_played=1)
        events.append(Text(f"A new player sits down in seat {seat} and "
                           + ("posts a big blind to be dealt in at once."
                              if posts else "waits for the big blind."),
                           f"Un nouveau joueur s'assoit au siège {seat} et "
                           + ("pose une grosse blinde pour jouer tout de suite."
                              if posts else "attend la grosse blinde.")))
    plan = plan_hand(table, small_blind=small, big_blind=big,
                     button_rule=rules.table.button)
    asked = rng.choice(("button", "small", "big"))
    if asked == "small" and plan.small_blind_seat is None:
        asked = "big"
    answer = {"button": plan.button, "small": plan.small_blind_seat,
              "big": plan.big_blind_seat}[asked]
    assert answer is not None
    words = {"button": Text("has the button", "a le bouton"),
             "small": Text("posts the small blind", "pose la petite blinde"),
             "big": Text("posts the big blind", "pose la grosse blinde")}[asked]
    seated = ", ".join(str(seat) for seat in sorted(plan.seats))
    small_seat = last.small_blind_seat
    situation = [
        Text(f"Hold'em, blinds {small}/{big}, a table of {max_seats} seats; "
             f"{'a moving' if rules.table.button is ButtonRule.MOVING else 'a dead'} button "
             "(G-BUTTON).",
             f"Hold'em, blindes {small}/{big}, une table de {max_seats} sièges ; bouton "
             f"{'qui avance toujours' if rules.table.button is ButtonRule.MOVING else 'mort'}"
             " (G-BUTTON)."),
        Text(f"Last hand: players in seats {', '.join(map(str, seats))}; button seat "
             f"{last.button}, small blind seat {small_seat}, big blind seat "
             f"{last.big_blind_seat}.",
             f"Main précédente : joueurs aux sièges {', '.join(map(str, seats))} ; bouton au "
             f"siège {last.button}, petite blinde siège {small_seat}, grosse blinde siège "
             f"{last.big_blind_seat}."),
        *events,
        Text("House: a new player posts a big blind to be dealt in at once or waits for the big "
             "blind to reach him (BET-NEW-PLAYER); with fewer than three players, he is dealt "
             "in at once.",
             "Maison : un nouveau joueur pose une grosse blinde pour jouer tout de suite ou "
             "attend que la grosse blinde arrive à lui (BET-NEW-PLAYER) ; à moins de trois "
             "joueurs, il est servi tout de suite."),
    ]
    lines = [
        Text(f"Players dealt in next hand: seats {seated}.",
             f"Joueurs servis à la main suivante : sièges {seated}."),
        Text(f"The button moves on to seat {plan.button}" + (
            " and, heads-up, posts the small blind (BET-HEADSUP)."
            if plan.small_blind_seat == plan.button else "."),
             f"Le bouton avance au siège {plan.button}" + (
            " et, en tête-à-tête, pose la petite blinde (BET-HEADSUP)."
            if plan.small_blind_seat == plan.button else ".")),
        Text(f"Small blind seat {plan.small_blind_seat}, big blind seat {plan.big_blind_seat}"
             " (a new player waiting comes in when the big blind reaches him, "
             "BET-NEW-PLAYER).",
             f"Petite blinde siège {plan.small_blind_seat}, grosse blinde siège "
             f"{plan.big_blind_seat} (un nouveau joueur qui attend entre quand la grosse "
             "blinde arrive à lui, BET-NEW-PLAYER)."),
    ]
    return Drill(
        kind=DrillKind.BUTTON, seed=seed, difficulty=level.value, game="NT",
        situation=tuple(situation),
        question=Text(f"Next hand, which seat {words.en}?",
                      f"À la main suivante, quel siège {words.fr} ?"),
        answer_format=AnswerFormat.SEAT, answer=answer,
        answer_text=Text(f"Seat {answer} {words.en}.", f"Le siège {answer} {words.fr}."),
        explanation=tuple(lines), rule_ids=("G-BUTTON", "BET-NEW-PLAYER", "BET-HEADSUP"),
    )
