"""Draw drills: who acts first after the draw (DR-AFTER), and who wins a lowball showdown.

The drill stops at the first decision after a draw of a hand played through the engine
(`trainer/hands.py`: 2-7 single and triple draw, A-5 lowball, badugi, five card draw
high); the answer is the engine's own actor. The explanation works it out the dealer's
way: in a game with blinds the first seat left of the button still in with chips speaks
first on every round after the draw (LB-DEAL); in an antes-only game the player who
opened the betting before the draw acts first, or the next seat clockwise still in with
chips if the opener folded or is all in (DR-AFTER).

`draw-winner` stops at the showdown of a lowball or badugi hand; the answer is the engine's
winner of the main pot (`settlement`), read again the dealer's way: at 2-7 the worst poker
hand wins, aces high, straights and flushes count against (LB-27); at A-5 aces are low,
straights and flushes do not count, pairs do (LB-A5); at badugi the most cards of
different suits and ranks win, then the lowest from the top.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from dealerassist.cards import Card, format_cards
from dealerassist.engine.events import CardsDrawn
from dealerassist.engine.settlement import settlement
from dealerassist.engine.state import HandState, Phase
from dealerassist.evaluation import (
    describe,
    evaluate_badugi,
    evaluate_low_27,
    evaluate_low_a5,
)
from dealerassist.games.spec import Evaluator, ForcedBets
from dealerassist.rules.model import HouseRules
from dealerassist.trainer.difficulty import Difficulty, profile
from dealerassist.trainer.drill import AnswerFormat, Drill, DrillKind
from dealerassist.trainer.hands import DRAW_GAMES, Step, play_hand, random_setup
from dealerassist.trainer.situation import action_lines, street_name, table_lines
from dealerassist.trainer.text import Text, seat_name

__all__ = ["LOWBALL_GAMES", "draw_first_drill", "draw_first_from", "draw_first_steps",
           "draw_winner_drill", "draw_winner_from", "draw_winner_steps", "low_reading"]

LOWBALL_GAMES = ("N2L1D", "F2L3D", "FA5L3D", "FA5L1D", "FB")


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
        # a third antes-only (DR-AFTER: the opener first), five card draw or jacks or better
        game = rng.choice(("F5D", "FJB")) if rng.randrange(3) == 0 else rng.choice(DRAW_GAMES)
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


def _ace_low(card: Card) -> int:
    return card.rank.low_value


def _deuce_seven(cards: Sequence[Card]) -> tuple[int, ...]:
    """2-7 reading (LB-27): the poker category first, then the ranks from the top, aces high.

    A-5-4-3-2 is no straight at 2-7 (the ace only plays high): it reads ace high.
    """
    counts = Counter(int(c.rank) for c in cards)
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    shape = tuple(n for _, n in groups)
    ranks = tuple(v for v, _ in groups)
    flush = len({c.suit for c in cards}) == 1 and len(cards) == 5
    straight = len(counts) == 5 and ranks[0] - ranks[-1] == 4
    category = {(4, 1): 7, (3, 2): 6, (3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1}.get(shape, 0)
    if straight and flush:
        category = 8
    elif flush:
        category = 5
    elif straight:
        category = 4
    return (category, *ranks)


def low_reading(evaluator: Evaluator, cards: Sequence[Card]) -> tuple[int, ...]:
    """Return the dealer's reading of a low hand: the smaller tuple is the better low.

    2-7 (LB-27): the worst poker hand wins (category, then ranks, aces high). A-5
    (LB-A5): pairs count against (fewest repeats first), then the ranks from the top, aces
    low. Badugi: the most cards of different suits and ranks first, then from the top.
    """
    if evaluator is Evaluator.LOW_27:
        return _deuce_seven(cards)
    if evaluator is Evaluator.LOW_A5:
        counts = Counter(_ace_low(c) for c in cards)
        groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
        return tuple(n for _, n in groups) + tuple(v for v, _ in groups)
    best: tuple[int, ...] | None = None
    for size in range(len(cards), 0, -1):
        for subset in combinations(cards, size):
            if len({c.rank for c in subset}) < size or len({c.suit for c in subset}) < size:
                continue
            key = (-size, *sorted((_ace_low(c) for c in subset), reverse=True))
            best = key if best is None or key < best else best
        if best is not None:
            return best
    return (0,)  # pragma: no cover - one card is always a one-card badugi


def _words(evaluator: Evaluator, cards: Sequence[Card]) -> Text:
    evaluate = {Evaluator.LOW_27: evaluate_low_27, Evaluator.LOW_A5: evaluate_low_a5}.get(
        evaluator, evaluate_badugi)
    value = evaluate(tuple(cards))
    return Text(describe(value, "en"), describe(value, "fr"))


_RULE_LINES = {
    Evaluator.LOW_27: Text("2-7: the worst poker hand wins; aces are high (A-5-4-3-2 is ace "
                           "high, not a straight), straights and flushes count against the hand "
                           "(LB-27).",
                           "2-7 : la plus mauvaise main de poker gagne ; l'as est haut "
                           "(A-5-4-3-2 est hauteur as, pas une quinte), quintes et couleurs "
                           "comptent contre la main (LB-27)."),
    Evaluator.LOW_A5: Text("A-5: the lowest hand wins; aces are low, straights and flushes do "
                           "not count, pairs do (LB-A5).",
                           "A-5 : la main la plus basse gagne ; l'as est bas, quintes et "
                           "couleurs ne comptent pas, les paires si (LB-A5)."),
    Evaluator.BADUGI: Text("Badugi: the most cards of four different suits and ranks win, then "
                           "the lowest from the top, aces low.",
                           "Badugi : le plus de cartes de couleurs et de rangs différents gagne, "
                           "puis la plus basse en lisant du haut, l'as est bas."),
}


def draw_winner_steps(state: HandState) -> tuple[list[Text], tuple[int, ...]]:
    """Worked reading of every hand in the main pot; the best low (ties: several players)."""
    evaluator = state.setup.game.low
    assert evaluator in _RULE_LINES
    eligible = settlement(state).pots[0].eligible
    lines = [_RULE_LINES[evaluator]]
    readings = {}
    for player in eligible:
        cards = state.hole[player]
        readings[player] = low_reading(evaluator, cards)
        words = _words(evaluator, cards)
        lines.append(Text(f"{seat_name(player).en}: {format_cards(cards)}, {words.en}.",
                          f"{seat_name(player).fr} : {format_cards(cards)}, {words.fr}."))
    best = min(readings.values())
    winners = tuple(p for p in eligible if readings[p] == best)
    names = ", ".join(seat_name(p).en for p in winners)
    names_fr = ", ".join(seat_name(p).fr for p in winners)
    lines.append(Text(f"Best low: {names}.", f"Meilleur low : {names_fr}."))
    return lines, winners


def draw_winner_from(state: HandState, *, seed: int = 0, difficulty: str = "") -> Drill:
    """Return the draw-winner drill at a lowball showdown (the engine's main-pot winner)."""
    main = settlement(state).pots[0]
    winners = main.high_winners or main.low_winners
    assert len(winners) == 1
    answer = winners[0]
    lines, _ = draw_winner_steps(state)
    situation = table_lines(state.setup)[:1]
    for player in main.eligible:
        cards = format_cards(state.hole[player])
        situation.append(Text(f"{seat_name(player).en} shows {cards}.",
                              f"{seat_name(player).fr} montre {cards}."))
    rule = {Evaluator.LOW_27: ("LB-27",), Evaluator.LOW_A5: ("LB-A5",)}.get(
        state.setup.game.low, ())
    return Drill(
        kind=DrillKind.DRAW_WINNER, seed=seed, difficulty=difficulty,
        game=state.setup.game.code, situation=tuple(situation),
        question=Text("Which seat wins the main pot?", "Quel siège gagne le pot principal ?"),
        answer_format=AnswerFormat.SEAT, answer=answer + 1,
        answer_text=Text(f"Seat {answer + 1} wins.", f"Le siège {answer + 1} gagne."),
        explanation=tuple(lines), rule_ids=(*rule, "POT-AWARD"),
    )


def draw_winner_drill(seed: int, *, difficulty: Difficulty, rules: HouseRules) -> Drill:
    """Return a random lowball showdown; harder levels want more hands at the showdown."""
    rng = random.Random(f"draw-winner:{seed}")
    prof = profile(difficulty)
    wanted = {Difficulty.BEGINNER: 2, Difficulty.INTERMEDIATE: 3, Difficulty.ADVANCED: 3}
    fallback = None
    for _ in range(400):
        setup = random_setup(rng, game=rng.choice(LOWBALL_GAMES), prof=prof, rules=rules)
        state = play_hand(rng, setup, prof=prof).final.state
        if state.phase is not Phase.SHOWDOWN or state.won_by_fold:
            continue
        main = settlement(state).pots[0]
        if len(main.high_winners or main.low_winners) != 1:
            continue
        fallback = fallback or state
        if len(main.eligible) >= wanted[difficulty]:
            return draw_winner_from(state, seed=seed, difficulty=difficulty.value)
    assert fallback is not None
    return draw_winner_from(fallback, seed=seed, difficulty=difficulty.value)
