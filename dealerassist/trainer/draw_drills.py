"""Draw drills: who acts first after the draw (DR-AFTER), in real draw hands.

The drill stops at the first decision after a draw of a hand played through the engine
(`trainer/hands.py`: 2-7 single and triple draw, A-5 lowball, badugi, five card draw
high); the answer is the engine's own actor. The explanation works it out the dealer's
way: in a game with blinds the first seat left of the button still in with chips speaks
first on every round after the draw (LB-DEAL); in an antes-only game the player who
opened the betting before the draw acts first, or the next seat clockwise still in with
chips if the opener folded or is all in (DR-AFTER).
"""

from __future__ import annotations

import random

from dealerassist.engine.events import CardsDrawn
from dealerassist.games.spec import ForcedBets
from dealerassist.rules.model import HouseRules
from dealerassist.trainer.difficulty import Difficulty, profile
from dealerassist.trainer.drill import AnswerFormat, Drill, DrillKind
from dealerassist.trainer.hands import DRAW_GAMES, Step, play_hand, random_setup
from dealerassist.trainer.situation import action_lines, street_name, table_lines
from dealerassist.trainer.text import Text, seat_name

__all__ = ["draw_first_drill", "draw_first_from", "draw_first_steps"]


def draw_first_steps(step: Step) -> tuple[list[Text], int]:
    """Worked steps for the first player to act after a draw, and the player (index) reached."""
    state = step.state
    n = state.player_count
    antes_only = state.setup.game.forced is ForcedBets.ANTES_ONLY
    lines: list[Text] = []
    if antes_only and state.opened_by >= 0:
        start = state.opened_by
        lines.append(Text(
            f"Antes only: {seat_name(start).en} opened the betting before the draw and speaks "
            "first after it (DR-AFTER).",
            f"Antes seulement : le {seat_name(start).fr.lower()} a ouvert avant l'échange et "
            "parle le premier après (DR-AFTER)."))
    else:
        start = 0
        lines.append(Text(
            "After the draw the first seat left of the button still in speaks first (LB-DEAL).",
            "Après l'échange, le premier siège encore en jeu à gauche du bouton parle le "
            "premier (LB-DEAL)."))
    for k in range(n):
        player = (start + k) % n
        if state.folded[player]:
            lines.append(Text(f"{seat_name(player).en} has folded: passed over.",
                              f"{seat_name(player).fr} s'est couché : on passe."))
            continue
        if state.stacks[player] == 0:
            lines.append(Text(f"{seat_name(player).en} is all in: passed over.",
                              f"{seat_name(player).fr} est à tapis : on passe."))
            continue
        lines.append(Text(f"{seat_name(player).en} acts first.",
                          f"{seat_name(player).fr} parle le premier."))
        return lines, player
    return lines, start  # pragma: no cover - a decision always has a player with chips


def _draw_lines(step: Step) -> list[Text]:
    lines: list[Text] = []
    draws: list[CardsDrawn] = []
    for event in reversed(step.events):  # the draw just made: the events since the betting
        if not isinstance(event, CardsDrawn):
            break
        draws.insert(0, event)
    for event in draws:
        count = len(event.discarded)
        name = seat_name(event.player)
        lines.append(Text(f"{name.en} draws {count}." if count else f"{name.en} stands pat.",
                          f"{name.fr} tire {count}." if count else f"{name.fr} reste servi."))
    return lines


def draw_first_from(step: Step, *, seed: int = 0, difficulty: str = "") -> Drill:
    """Return the draw-first drill at a round's first decision after a draw (engine's actor)."""
    state = step.state
    answer = state.actors[0]
    lines, _ = draw_first_steps(step)
    situation = table_lines(state.setup)
    antes_only = state.setup.game.forced is ForcedBets.ANTES_ONLY
    if antes_only and state.opened_by >= 0:
        situation.append(Text(f"{seat_name(state.opened_by).en} opened the betting.",
                              f"Le {seat_name(state.opened_by).fr.lower()} a ouvert."))
    for i in range(state.player_count):
        if state.folded[i]:
            situation.append(Text(f"{seat_name(i).en} has folded.", f"{seat_name(i).fr} s'est "
                                  "couché."))
        elif state.stacks[i] == 0:
            situation.append(Text(f"{seat_name(i).en} is all in.",
                                  f"{seat_name(i).fr} est à tapis."))
    situation += _draw_lines(step)
    situation.append(street_name(state) + Text(".", "."))
    situation += action_lines(state, step.street_events)
    rules = ("DR-AFTER",) if antes_only else ("DR-AFTER", "LB-DEAL")
    return Drill(
        kind=DrillKind.DRAW_FIRST, seed=seed, difficulty=difficulty, game=state.setup.game.code,
        situation=tuple(situation),
        question=Text("Which seat acts first after the draw?",
                      "Quel siège parle en premier après l'échange ?"),
        answer_format=AnswerFormat.SEAT, answer=answer + 1,
        answer_text=Text(f"Seat {answer + 1} acts first.", f"Le siège {answer + 1} parle."),
        explanation=tuple(lines), rule_ids=rules,
    )


def draw_first_drill(seed: int, *, difficulty: Difficulty, rules: HouseRules) -> Drill:
    """Return a random draw-first drill; harder levels look for a folded or all-in first seat."""
    rng = random.Random(f"draw-first:{seed}")
    prof = profile(difficulty)
    fallback = None
    for _ in range(300):
        game = "F5D" if rng.randrange(3) == 0 else rng.choice(DRAW_GAMES)
        hand = play_hand(rng, random_setup(rng, game=game, prof=prof, rules=rules), prof=prof)
        steps = [s for s in hand.decisions if s.state.street_index > 0 and not s.street_events]
        if not steps:
            continue
        step = rng.choice(steps)
        fallback = fallback or step
        passed = len(draw_first_steps(step)[0]) > 2  # somebody passed over first
        if difficulty is Difficulty.BEGINNER or passed:
            return draw_first_from(step, seed=seed, difficulty=difficulty.value)
    assert fallback is not None
    return draw_first_from(fallback, seed=seed, difficulty=difficulty.value)
