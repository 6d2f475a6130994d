"""Betting drills: amount to call, no-limit minimum raise, pot-limit maximum raise.

The answer is the engine's `legal_actions` at a decision of a real hand; the explanation
works the figure out again the way a dealer does it at the table (BET-PL-MAX: "pot after
the call, then raise by that"; BET-NL-MIN: "the last full raise again, at least the big
blind"; G-ALLIN: never more than the stack).
"""

from __future__ import annotations

import random

from dealerassist.engine.betting import legal_actions
from dealerassist.engine.events import BetPlaced, RaisedTo
from dealerassist.games.spec import BettingStructure, Family
from dealerassist.rules.model import HouseRules
from dealerassist.trainer.difficulty import Difficulty, profile
from dealerassist.trainer.drill import AnswerFormat, Drill, DrillKind
from dealerassist.trainer.hands import (
    DRAW_GAMES,
    STUD_GAMES,
    Step,
    choose_game,
    play_hand,
    random_setup,
)
from dealerassist.trainer.situation import action_lines, street_name, table_lines, up_card_lines
from dealerassist.trainer.text import Text, seat_name

__all__ = [
    "min_raise_steps",
    "nl_min_drill",
    "nl_min_from",
    "pl_max_drill",
    "pl_max_from",
    "pl_max_steps",
    "to_call_drill",
    "to_call_from",
    "to_call_steps",
]

_PL_GAMES = ("PO", "PT", "PO/8")
_NL_GAMES = ("NT", "NO/8", "N2L1D")
_ALL_GAMES = ("NT", "PO", "FT", "FO/8", "PT", "NO/8") + STUD_GAMES + DRAW_GAMES


def _situation(step: Step) -> tuple[Text, ...]:
    state = step.state
    actor = state.actors[0]
    lines = table_lines(state.setup)
    lines.append(street_name(state) + Text(".", "."))
    if state.setup.game.family is Family.STUD:
        lines.extend(up_card_lines(state, step.street_events))
    in_pot = sum(state.committed) + state.dead_antes
    if state.street_index > 0:
        lines.append(Text(f"In the pot from the earlier rounds: {in_pot}.",
                          f"Dans le pot des tours précédents : {in_pot}."))
    lines.extend(action_lines(state, step.street_events))
    name = seat_name(actor)
    lines.append(Text(
        f"{name.en} is to act, with {state.bets[actor]} in front and {state.stacks[actor]} "
        "behind.",
        f"{name.fr} doit parler, avec {state.bets[actor]} devant lui et {state.stacks[actor]} "
        "derrière."))
    return tuple(lines)


def to_call_steps(step: Step) -> tuple[list[Text], int]:
    """Worked steps for the amount to call, and the figure they reach (G-ACT, G-ALLIN)."""
    state = step.state
    actor = state.actors[0]
    top = max(state.bets)
    own = state.bets[actor]
    stack = state.stacks[actor]
    lines = [
        Text(f"The highest bet in front of a player this round is {top}.",
             f"La plus forte mise devant un joueur sur ce tour est {top}."),
    ]
    floor = state.call_floor
    if floor > top:
        # DR-ANTE-ONLY: an all-in opener short of the opening bet; callers still put in the
        # full opening bet, the excess over the opener's chips makes a side pot.
        lines.append(Text(
            f"The opener is all in for less than the opening bet {floor}: a caller still puts "
            f"in the full {floor}, the excess going to a side pot (DR-ANTE-ONLY).",
            f"L'ouvreur est à tapis pour moins que la mise d'ouverture {floor} : qui suit met "
            f"quand même {floor}, l'excédent va dans un pot annexe (DR-ANTE-ONLY)."))
        top = floor
    owed = top - own
    lines += [
        Text(f"{seat_name(actor).en} already has {own} in front: {top} - {own} = {owed} to call.",
             f"{seat_name(actor).fr} a déjà {own} devant lui : {top} - {own} = {owed} "
             "pour suivre."),
    ]
    if stack < owed:
        lines.append(Text(
            f"Only {stack} behind: the call is all in for {stack} (G-ALLIN).",
            f"Il ne reste que {stack} : il suit à tapis pour {stack} (G-ALLIN)."))
        return lines, stack
    return lines, owed


def pl_max_steps(step: Step) -> tuple[list[Text], int]:
    """Worked steps for the pot-limit maximum raise-to (BET-PL-MAX), and its figure."""
    state = step.state
    actor = state.actors[0]
    top = max(state.bets)
    own = state.bets[actor]
    stack = state.stacks[actor]
    middle = sum(state.committed) + state.dead_antes
    in_front = [b for b in state.bets if b]
    bets_total = sum(in_front)
    owed = top - own
    after_call = middle + bets_total + owed
    pot_max = top + after_call
    shown = " + ".join(str(b) for b in in_front) or "0"
    if top == 0:
        # an opening bet: the pot in the middle, at least the minimum bet (BET-PL-MAX)
        pot_max = max(middle, state.setup.min_bet)
        lines = [Text(f"Pot in the middle: {middle}.", f"Pot au milieu : {middle}."),
                 Text(f"No bet yet: he may bet the whole pot, {pot_max} (BET-PL-MAX).",
                      f"Pas encore de mise : il peut miser tout le pot, {pot_max} "
                      "(BET-PL-MAX).")]
        if stack < pot_max:
            lines.append(Text(f"He has only {stack}: all in for {stack} (BET-PL-MAX, G-ALLIN).",
                              f"Il n'a que {stack} : tapis pour {stack} (BET-PL-MAX, "
                              "G-ALLIN)."))
            return lines, stack
        return lines, pot_max
    lines = [
        Text(f"Pot in the middle: {middle}.", f"Pot au milieu : {middle}."),
        Text(f"Bets on the table: {shown} = {bets_total}.",
             f"Mises sur la table : {shown} = {bets_total}."),
        Text(f"The raiser first calls {top} - {own} = {owed}.",
             f"Le relanceur suit d'abord {top} - {own} = {owed}."),
        Text(f"Pot after the call: {middle} + {bets_total} + {owed} = {after_call}.",
             f"Pot après avoir suivi : {middle} + {bets_total} + {owed} = {after_call}."),
        Text(f"He may raise by the whole pot, {after_call}: to {top} + {after_call} = {pot_max}"
             " (BET-PL-MAX).",
             f"Il peut relancer du pot entier, {after_call} : à {top} + {after_call} = "
             f"{pot_max} (BET-PL-MAX)."),
    ]
    all_in = stack + own
    if all_in < pot_max:
        lines.append(Text(f"He has only {stack} behind: all in to {all_in} (BET-PL-MAX, "
                          "G-ALLIN).",
                          f"Il n'a que {stack} derrière : tapis à {all_in} (BET-PL-MAX, "
                          "G-ALLIN)."))
        return lines, all_in
    return lines, pot_max


def min_raise_steps(step: Step) -> tuple[list[Text], int]:
    """Worked steps for the no/pot-limit minimum raise-to (BET-NL-MIN), and its figure."""
    state = step.state
    setup = state.setup
    actor = state.actors[0]
    big = setup.min_bet
    preflop = state.street_index == 0
    top = max(setup.blinds) if preflop else 0
    last_full = top if preflop else 0
    lines: list[Text] = []
    if preflop:
        if setup.game.family is Family.BOARD:
            lines.append(Text(f"Pre-flop the big blind {top} is the opening bet.",
                              f"Avant le flop la grosse blinde {top} est la mise d'ouverture."))
        else:
            lines.append(Text(f"Before the draw the big blind {top} is the opening bet.",
                              f"Avant l'échange la grosse blinde {top} est la mise "
                              "d'ouverture."))
    for event in step.street_events:
        if not isinstance(event, (BetPlaced, RaisedTo)):
            continue
        name = seat_name(event.player)
        increase = event.to - top
        if increase >= max(last_full, big) or (top == 0 and increase >= big):
            last_full = increase
            lines.append(Text(
                f"{name.en} to {event.to}: a full raise of {increase}.",
                f"{name.fr} à {event.to} : une relance complète de {increase}."))
        else:
            lines.append(Text(
                f"{name.en} all in to {event.to}: only {increase} more, less than a full raise "
                f"of {max(last_full, big)}, so it does not change the raise size "
                "(BET-SHORT-ALLIN).",
                f"{name.fr} à tapis à {event.to} : seulement {increase} de plus, moins qu'une "
                f"relance complète de {max(last_full, big)}, la taille de relance ne change pas "
                "(BET-SHORT-ALLIN)."))
        top = max(top, event.to)
    size = max(last_full, big)
    minimum = top + size
    if last_full < big:
        lines.append(Text(f"Nothing bigger than the big blind yet: the raise is at least {big}.",
                          f"Rien de plus gros que la grosse blinde : au moins {big}."))
    lines.append(Text(
        f"Minimum: the highest bet {top} + the last full raise {size} = {minimum} (BET-NL-MIN).",
        f"Minimum : la plus forte mise {top} + la dernière relance complète {size} = {minimum} "
        "(BET-NL-MIN)."))
    all_in = state.stacks[actor] + state.bets[actor]
    if all_in < minimum:
        lines.append(Text(f"Only {all_in} in all: he may still go all in for less (G-ALLIN).",
                          f"Seulement {all_in} en tout : il peut encore partir à tapis (G-ALLIN)."))
        return lines, all_in
    return lines, minimum


def _pick(rng: random.Random, *, games: tuple[str, ...], difficulty: Difficulty,
          rules: HouseRules, accept) -> Step:  # type: ignore[no-untyped-def]
    prof = profile(difficulty)
    for _ in range(200):
        setup = random_setup(rng, game=choose_game(rng, games), prof=prof, rules=rules)
        hand = play_hand(rng, setup, prof=prof)
        candidates = [step for step in hand.decisions if accept(step)]
        if candidates:
            return rng.choice(candidates)
    raise RuntimeError("no suitable decision found in 200 hands")  # pragma: no cover


def pl_max_from(step: Step, *, seed: int = 0, difficulty: str = "") -> Drill:
    """Return the pot-limit maximum raise drill at a decision (the engine's ``max_raise_to``)."""
    choices = legal_actions(step.state)
    assert choices is not None and choices.max_raise_to is not None
    lines, _ = pl_max_steps(step)
    name = seat_name(choices.actor)
    answer = choices.max_raise_to
    if choices.is_bet:  # nobody has bet this round: an opening bet, not a raise
        question = Text(f"What is the most {name.en} may bet?",
                        f"Quelle est la mise maximale du {name.fr.lower()} ?")
        said = Text(f"A bet of {answer} at most.", f"Une mise de {answer} au maximum.")
    else:
        question = Text(f"What is the most {name.en} may raise to (the total bet)?",
                        f"Jusqu'à combien le {name.fr.lower()} peut-il relancer au maximum "
                        "(mise totale) ?")
        said = Text(f"Raise to {answer} at most.", f"Relance à {answer} au maximum.")
    return Drill(
        kind=DrillKind.PL_MAX, seed=seed, difficulty=difficulty,
        game=step.state.setup.game.code, situation=_situation(step),
        question=question, answer_format=AnswerFormat.AMOUNT, answer=answer,
        answer_text=said, explanation=tuple(lines), rule_ids=("BET-PL-MAX", "G-ALLIN"),
    )


def nl_min_from(step: Step, *, seed: int = 0, difficulty: str = "") -> Drill:
    """Return the minimum raise drill at a decision (the engine's ``min_raise_to``)."""
    choices = legal_actions(step.state)
    assert choices is not None and choices.min_raise_to is not None
    lines, _ = min_raise_steps(step)
    name = seat_name(choices.actor)
    answer = choices.min_raise_to
    verb = Text("bet", "miser") if choices.is_bet else Text("raise to", "relancer")
    return Drill(
        kind=DrillKind.NL_MIN, seed=seed, difficulty=difficulty,
        game=step.state.setup.game.code, situation=_situation(step),
        question=Text(f"What is the least {name.en} may {verb.en} (the total bet)?",
                      f"Quel est le minimum de {name.fr} pour {verb.fr} (mise totale) ?"),
        answer_format=AnswerFormat.AMOUNT, answer=answer,
        answer_text=Text(f"At least {answer}.", f"Au moins {answer}."),
        explanation=tuple(lines), rule_ids=("BET-NL-MIN", "BET-SHORT-ALLIN"),
    )


def to_call_from(step: Step, *, seed: int = 0, difficulty: str = "") -> Drill:
    """Return the amount-to-call drill at a decision (the engine's ``to_call``)."""
    choices = legal_actions(step.state)
    assert choices is not None
    lines, _ = to_call_steps(step)
    name = seat_name(choices.actor)
    answer = choices.to_call
    return Drill(
        kind=DrillKind.TO_CALL, seed=seed, difficulty=difficulty,
        game=step.state.setup.game.code, situation=_situation(step),
        question=Text(f"How many more chips must {name.en} put in to call?",
                      f"Combien de jetons {name.fr} doit-il ajouter pour suivre ?"),
        answer_format=AnswerFormat.AMOUNT, answer=answer,
        answer_text=Text(f"{answer} to call.", f"{answer} pour suivre."),
        explanation=tuple(lines), rule_ids=("G-ACT", "G-ALLIN"),
    )


def pl_max_drill(seed: int, *, difficulty: Difficulty, rules: HouseRules) -> Drill:
    """Return a random pot-limit maximum raise drill (facing a bet, or opening at higher levels)."""
    rng = random.Random(f"pl-max:{seed}")

    def accept(step: Step) -> bool:
        choices = legal_actions(step.state)
        return (choices is not None and choices.max_raise_to is not None
                and (max(step.state.bets) > 0 or difficulty is not Difficulty.BEGINNER))

    step = _pick(rng, games=_PL_GAMES, difficulty=difficulty, rules=rules, accept=accept)
    return pl_max_from(step, seed=seed, difficulty=difficulty.value)


def nl_min_drill(seed: int, *, difficulty: Difficulty, rules: HouseRules) -> Drill:
    """Return a random no-limit minimum raise drill, after a bet or raise when possible."""
    rng = random.Random(f"nl-min:{seed}")

    def accept(step: Step) -> bool:
        choices = legal_actions(step.state)
        raised = any(isinstance(e, (BetPlaced, RaisedTo)) for e in step.street_events)
        return (choices is not None and choices.min_raise_to is not None
                and step.state.setup.game.structure is not BettingStructure.FIXED_LIMIT
                and (raised or difficulty is Difficulty.BEGINNER))

    # pot limit has the same minimum (BET-NL-MIN): a third of the harder drills are pot limit
    games = _PL_GAMES if difficulty is not Difficulty.BEGINNER and rng.randrange(3) == 0 \
        else _NL_GAMES
    step = _pick(rng, games=games, difficulty=difficulty, rules=rules, accept=accept)
    return nl_min_from(step, seed=seed, difficulty=difficulty.value)


def to_call_drill(seed: int, *, difficulty: Difficulty, rules: HouseRules) -> Drill:
    """Return a random amount-to-call drill facing a bet, in any board, stud or draw game."""
    rng = random.Random(f"to-call:{seed}")

    def accept(step: Step) -> bool:
        choices = legal_actions(step.state)
        return choices is not None and choices.to_call > 0

    step = _pick(rng, games=_ALL_GAMES, difficulty=difficulty, rules=rules, accept=accept)
    return to_call_from(step, seed=seed, difficulty=difficulty.value)
